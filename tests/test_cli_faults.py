"""A hostile user at the command line: Ctrl-C, a full disk, a closed pipe, a path that cannot be
written, a number far out of range. Each ends with one line saying what happened and an exit
code that says it, never a traceback; what was finished before a Ctrl-C is kept and summarised."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import REPO

posix_only = pytest.mark.skipif(os.name != "posix", reason="signals, /dev/full and pipes")
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def start(*args: str, stdout: int = subprocess.PIPE) -> subprocess.Popen[str]:
    """``main.py args`` in its own process group, so Ctrl-C can reach all of it as from a
    terminal (its bot worker too); Ctrl-C's default action restored, as a terminal's foreground
    job has it even when the tests run in the background of a shell (which ignores SIGINT)."""
    return subprocess.Popen(
        [sys.executable, str(REPO / "main.py"), *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        cwd=REPO,
        env=ENV,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def ctrl_c(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    os.killpg(process.pid, signal.SIGINT)
    try:
        out, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)  # a failed test leaves no program running on
        process.communicate()
        raise
    return process.returncode, out or "", err


def wait_for(condition: object, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return
        time.sleep(0.05)
    raise AssertionError("timed out")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(REPO / "main.py"), *args],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=ENV,
        timeout=120,
    )


def one_line_error(stderr: str) -> str:
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr
    [line] = [line for line in stderr.splitlines() if line and not line.startswith("pygame-ce")]
    return line


# --- Ctrl-C ------------------------------------------------------------------------------------
@posix_only
def test_ctrl_c_in_simulate_summarises_the_matches_played_and_keeps_their_records(
    tmp_path: Path,
) -> None:
    record = tmp_path / "matches.jsonl"
    args = ("simulate", "omi", "--games", "1000000", "--bots", "random", "--quiet")
    process = start(*args, "--record", str(record))
    wait_for(lambda: record.exists() and record.read_text().count("\n") >= 3)
    code, out, err = ctrl_c(process)
    assert code == 130
    line = one_line_error(err)
    played = int(re.fullmatch(r"interrupted after (\d+) matches", line).group(1))  # type: ignore[union-attr]
    lines = record.read_text().splitlines()
    assert record.read_text().endswith("\n") and len(lines) == played >= 3
    assert [json.loads(text)["seed"] for text in lines] == list(range(1, played + 1))
    assert out.startswith(f"omi: {played} matches from seed 1")
    won = sum(float(n) for n in re.findall(r"won (\S+) \(", out))
    assert won == played  # the summary counts exactly the recorded matches


@posix_only
def test_ctrl_c_in_autoplay_keeps_the_saved_match(tmp_path: Path) -> None:
    process = start("--data-dir", str(tmp_path), "autoplay", "omi", "--pace", "20", "40")
    assert process.stdout is not None
    saves = 0
    while saves < 3:
        line = process.stdout.readline()
        assert line, "autoplay ended before it saved three times"
        saves += line.startswith("saved ")
    code, _, err = ctrl_c(process)
    assert code == 130
    line = one_line_error(err)
    actions = int(re.match(r"autoplay: interrupted after (\d+) actions", line).group(1))  # type: ignore[union-attr]
    saved = json.loads((tmp_path / "autosave.json").read_text())
    assert len(saved["match"]["log"]) == actions >= 3


@posix_only
def test_ctrl_c_in_demo_ends_it_and_its_bot_worker(tmp_path: Path) -> None:
    process = start("--data-dir", str(tmp_path), "demo", "omi", "--animation", "instant")
    time.sleep(4)
    code, _, err = ctrl_c(process)
    assert code == 130
    assert "interrupted" in one_line_error(err)
    wait_for(lambda: not _group_alive(process.pid), timeout=20)


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


# --- write errors ------------------------------------------------------------------------------
@posix_only
def test_a_full_disk_under_the_record_file_is_one_line_and_exit_1() -> None:
    done = run(
        "simulate", "omi", "--games", "3", "--bots", "random", "--quiet", "--record", "/dev/full"
    )
    assert done.returncode == 1
    assert one_line_error(done.stderr) == (
        "omnibus simulate: error: cannot write /dev/full: No space left on device"
    )


@posix_only
@pytest.mark.parametrize("record", [False, True], ids=["summary", "records"])
def test_a_reader_that_stops_early_is_one_line_not_a_traceback(record: bool) -> None:
    """``simulate ... | head -3``: the summary, or the records sent to the pipe, meet a closed
    pipe part way."""
    args = ["simulate", "omi", "--bots", "random", "--quiet"]
    args += ["--games", "300", "--record", "/dev/stdout"] if record else ["--games", "5"]
    process = start(*args)
    assert process.stdout is not None and process.stderr is not None
    for _ in range(3 if record else 0):
        process.stdout.readline()
    process.stdout.close()  # as `head -3` does once it has its lines
    err = process.stderr.read()
    process.wait(timeout=60)
    assert process.returncode == 1
    line = one_line_error(err)
    assert "Broken pipe" in line or "output was closed" in line


@pytest.mark.parametrize(
    ("out", "reason"),
    [
        ("{tmp}/no/such/folder/x.png", "No such file or directory"),
        ("{tmp}/a-folder.png", "Is a directory"),
        ("{tmp}/a-file/x.png", "Not a directory"),
        ("{tmp}/full.png", "No space left on device"),
    ],
    ids=["missing-folder", "a-folder", "under-a-file", "full-disk"],
)
def test_a_screenshot_that_cannot_be_written_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], out: str, reason: str
) -> None:
    from main import main

    (tmp_path / "a-folder.png").mkdir()
    (tmp_path / "a-file").write_text("")
    if "full" in out:
        if not Path("/dev/full").exists():
            pytest.skip("no /dev/full here")
        (tmp_path / "full.png").symlink_to("/dev/full")
    path = out.format(tmp=tmp_path)
    assert main(["screenshot", "--game", "omi", "--steps", "2", "--out", path]) == 1
    assert one_line_error(capsys.readouterr().err) == f"omnibus: cannot write {path}: {reason}"


def test_a_screenshot_of_an_unknown_picture_type_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from main import main

    assert main(["screenshot", "--game", "omi", "--out", str(tmp_path / "shot.xyz")]) == 2
    assert ".png, .jpg, .bmp or .tga" in one_line_error(capsys.readouterr().err)
    assert not (tmp_path / "shot.xyz").exists()


# --- numbers out of range ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            "simulate omi --budget-ms 999999999 --bots hard",
            "--budget-ms: must be at most 60,000 ms",
        ),
        ("simulate omi --budget-ms 0", "--budget-ms: must be at least 1 ms"),
        ("simulate omi --games 100000000", "--games: must be at most 10,000,000 matches"),
        ("simulate omi --games 0", "--games: must be at least 1 matches"),
        ("simulate omi --seed -1", "--seed: must be at least 0"),
        ("simulate omi --seed 99999999999999999999", "--seed: must be at most"),
        ("simulate omi --players 1000", "--players: must be at most 64 seats"),
        ("simulate omi --games " + "9" * 5000, "--games: invalid int value"),
        ("demo omi --seconds nan", "--seconds: must be a finite number"),
        ("demo omi --seconds 1e12", "--seconds: must be at most 86400 seconds"),
        ("demo omi --seconds -1", "--seconds: must be at least 0 seconds"),
        ("demo omi --seed 99999999999999999999", "--seed: must be at most"),
        ("demo omi --players 1000", "--players: must be at most 64 seats"),
        ("demo omnomnom --solo 1000", "--solo: must be at most 64 seats"),
        ("screenshot --game omi --out x.png --steps 1000000000", "--steps: must be at most"),
        ("screenshot --game omi --out x.png --steps -1", "--steps: must be at least 0"),
        ("autoplay omi --pace 0 999999999", "--pace: must be at most 60,000 ms"),
        ("autoplay omi --seed -5", "--seed: must be at least 0"),
    ],
)
def test_every_numeric_option_has_bounds(
    argv: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from main import main

    with pytest.raises(SystemExit) as exited:
        main(argv.split())
    assert exited.value.code == 2
    assert message in capsys.readouterr().err


def test_a_window_smaller_than_the_screens_are_laid_out_for_is_refused() -> None:
    from scenes.cli import parse_size

    with pytest.raises(SystemExit, match="800x480 to 7680x4320"):
        parse_size("640x360")
    assert parse_size("800x480") == (800, 480)


def run_closed(
    args: list[str], close: tuple[int, ...], data_dir: Path
) -> subprocess.CompletedProcess[str]:
    """``main.py args`` with the given file descriptors closed, as the windowed Windows build
    (no console) or ``>&-`` starts it: Python then sets ``sys.stdout``/``sys.stderr`` to None."""

    def close_fds() -> None:
        for fd in close:
            os.close(fd)

    return subprocess.run(
        [sys.executable, str(REPO / "main.py"), "--data-dir", str(data_dir), *args],
        stdout=subprocess.PIPE if 1 not in close else None,
        stderr=subprocess.PIPE if 2 not in close else None,
        stdin=subprocess.DEVNULL,
        text=True,
        cwd=REPO,
        env=ENV,
        timeout=120,
        preexec_fn=close_fds,
    )


@posix_only
def test_without_stdout_and_stderr_the_table_plays_and_quits_with_exit_0(tmp_path: Path) -> None:
    done = run_closed(
        ["demo", "omi", "--seconds", "2", "--pace", "instant", "--bots", "random"],
        (1, 2),
        tmp_path,
    )
    assert done.returncode == 0


@posix_only
def test_simulate_with_stderr_closed_still_prints_its_summary(tmp_path: Path) -> None:
    done = run_closed(["simulate", "omi", "--games", "2"], (2,), tmp_path)
    assert done.returncode == 0
    assert "omi: 2 matches" in done.stdout


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "omi", "--record", ""],
        ["simulate", "omi", "--bots", ""],
        ["--data-dir", "", "simulate", "omi"],
        ["demo", "omi", "--size", "12"],
        ["demo", "omi", "--size", "640x360"],
        ["screenshot", "--game", "omi", "--out", "x.png", "--size", "huge"],
    ],
    ids=["record", "bots", "data-dir", "size-12", "size-small", "size-huge"],
)
def test_an_empty_or_malformed_argument_is_refused_with_usage(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from main import main

    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_ctrl_c_while_a_class_is_made_is_an_interrupt_not_a_runtime_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C in the first 0.3 s can land inside a class body's ``__set_name__``; Python 3.11
    wraps it in ``RuntimeError: Error calling __set_name__``."""
    import main as entry
    from game.cli_args import INTERRUPTED_EXIT

    class Interrupting:
        def __set_name__(self, owner: type, name: str) -> None:
            raise KeyboardInterrupt

    def start(argv: list[str] | None) -> int:
        type("Made", (), {"field": Interrupting()})
        return 0

    monkeypatch.setattr(entry, "run", start)
    assert entry.main([]) == INTERRUPTED_EXIT
    assert "interrupted" in capsys.readouterr().err
