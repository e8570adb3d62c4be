# Every target creates and reuses .venv; nothing else needs installing by hand.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test lint bench dist clean

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
	$(PY) bench/strength.py

clean:
	rm -rf $(VENV) build dist
