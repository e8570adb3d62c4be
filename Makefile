# Every target creates and reuses .venv; nothing else needs installing by hand.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

# `make dist` builds in its own venv holding only the runtime dependencies and PyInstaller, so no
# test or benchmark package can end up in the executables.
DIST_VENV := .venv-dist
DIST_PY := $(DIST_VENV)/bin/python
DIST_STAMP := $(DIST_VENV)/.installed
PYINSTALLER := $(DIST_PY) -m PyInstaller --noconfirm --log-level WARN --distpath dist

.PHONY: play test lint bench dist dist-onefolder dist-onefile clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) main.py

test: $(STAMP)
	$(PY) -m pytest -n 2

lint: $(STAMP)
	$(PY) -m ruff check game scenes tests bench main.py
	$(PY) -m ruff format --check game scenes tests bench main.py
	$(PY) -m mypy

bench: $(STAMP)
	$(PY) bench/engine.py
	$(PY) bench/strength.py --game omi normal random --pairs 300

# The project itself is not installed there: PyInstaller takes game/ and scenes/ from the tree.
$(DIST_STAMP): pyproject.toml
	$(PYTHON) -m venv $(DIST_VENV)
	$(DIST_PY) -m pip install --quiet --upgrade pip
	$(DIST_PY) -c 'import tomllib; p = tomllib.load(open("pyproject.toml", "rb"))["project"]; \
	print("\n".join(p["dependencies"] + p["optional-dependencies"]["dist"]))' > $(DIST_VENV)/requirements.txt
	$(DIST_PY) -m pip install --quiet -r $(DIST_VENV)/requirements.txt
	touch $(DIST_STAMP)

# One-folder: dist/omnibus-folder/omnibus; one-file: dist/omnibus. Separate work folders because
# both executables are named omnibus.
dist: dist-onefolder dist-onefile

dist-onefolder: $(DIST_STAMP)
	$(PYINSTALLER) --workpath build/onefolder omnibus.spec

dist-onefile: $(DIST_STAMP)
	$(PYINSTALLER) --workpath build/onefile omnibus.spec -- --onefile

clean:
	rm -rf $(VENV) $(DIST_VENV) build dist
