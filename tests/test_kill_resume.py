"""Kill the program with SIGKILL in the middle of a match at several random (seeded) moments,
restart it, and check it resumes at the last completed action with no file corrupted.

The program is ``main.py autoplay`` (a bot-only match on the real clock, autosaving after every
action through the same ``Store`` the table uses). It prints ``saved N FINGERPRINT`` after each
save has been written, so the test knows the last completed action when it pulls the plug.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.core.match import Match, Seat
from game.core.runner import SyncBotRunner
from game.omi import GAME as OMI
from game.store.autosave import NullRunner
from game.store.store import Store

REPO = Path(__file__).resolve().parent.parent
SEED = 20261121
MATCH_SEED = 7
# OMNIBUS_KILLS=100 makes it the 100 kills: the bots then play slower and the kills
# come sooner, so the match is still on at the last one; every 5th kill lands during start and
# replay.
KILLS = int(os.environ.get("OMNIBUS_KILLS", "5"))
STARTUP_KILL = 2  # kill 2 (and every 5th after it) lands before the program is playing
KILL_WINDOW_S = (0.0, 1.2) if KILLS <= 5 else (0.08, 0.3)
PACE = ("15", "30") if KILLS <= 5 else ("50", "100")

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")


class Program:
    """``main.py`` as a subprocess, its output lines collected by a thread."""

    def __init__(self, data_dir: Path, *args: str) -> None:
        command = [
            sys.executable,
            str(REPO / "main.py"),
            "--data-dir",
            str(data_dir),
            "autoplay",
            *args,
        ]
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen(
            command, cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        self.started = time.monotonic()
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.strip())

    def wait_until_playing(self, timeout: float = 60.0) -> None:
        """Until it printed that the match is on (started, or resumed from the save)."""
        deadline = time.monotonic() + timeout
        while not any(line.startswith(("started ", "resumed ")) for line in self.lines):
            assert self.process.poll() is None, self.stderr()
            assert time.monotonic() < deadline, "the program did not start in time"
            time.sleep(0.005)
        self.started = time.monotonic()

    def kill_at(self, seconds: float) -> None:
        """SIGKILL ``seconds`` after it started playing (or after the spawn, if not waited)."""
        time.sleep(max(0.0, self.started + seconds - time.monotonic()))
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        self._reader.join(timeout=10)
        assert self.process.returncode == -signal.SIGKILL, self.stderr()

    def finish(self) -> int:
        code = self.process.wait(timeout=60)
        self._reader.join(timeout=10)
        return code

    def stderr(self) -> str:
        assert self.process.stderr is not None
        return self.process.stderr.read() if self.process.poll() is not None else ""

    def last_saved(self) -> tuple[int, str] | None:
        saves = [line.split() for line in self.lines if line.startswith("saved ")]
        return (int(saves[-1][1]), saves[-1][2]) if saves else None


def read_autosave(data_dir: Path) -> dict:
    return json.loads((data_dir / "autosave.json").read_text())


def reference_log() -> list[dict]:
    """The same match played to its end without interruption (the first run must follow it)."""
    seats = [Seat("bot", f"Bot {i + 1}", "random") for i in range(4)]
    match = Match(OMI, seats, MATCH_SEED, runner=SyncBotRunner())
    match.run_to_end()
    return [action.to_json() for _, action in match.log]


def check_every_file_reads(data_dir: Path) -> None:
    damaged = [p.name for p in data_dir.rglob("damaged/*")]
    assert damaged == [], damaged
    for path in data_dir.rglob("*.json"):
        json.loads(path.read_text())  # each file is whole: never half-written


def test_sigkill_at_random_moments_loses_at_most_the_action_in_flight(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    data = tmp_path / "omnibus"
    # Files that must survive untouched: a finished match (statistics, a replay) beforehand.
    assert Program(data, "omi", "--seed", "1", "--pace", "0", "0").finish() == 0
    stats_before = (data / "statistics.json").read_bytes()
    settings = Store.open(data, logging_to_file=False)
    settings.settings.volume = 35
    assert settings.save_settings()
    settings_before = (data / "settings.json").read_bytes()

    reference = reference_log()
    previous: list = []
    match_id = None
    previous_fingerprint = ""
    killed_playing = 0
    for kill in range(KILLS):
        args = ("--resume",) if kill else ("omi", "--seed", str(MATCH_SEED))
        program = Program(data, *args, "--pace", *PACE)
        if kill % 5 == STARTUP_KILL:  # while it starts and replays the save: nothing lost
            moment = rng.uniform(0.02, 0.3)
        else:
            program.wait_until_playing()
            moment = rng.uniform(*KILL_WINDOW_S)
        program.kill_at(moment)
        save = read_autosave(data)
        match_id = match_id or save["id"]
        assert save["id"] == match_id
        log = save["match"]["log"]
        assert log[: len(previous)] == previous, "a resumed match kept its past"
        if kill == 0:
            assert [action for _, action in log] == reference[: len(log)]
        resumed_line = [line for line in program.lines if line.startswith("resumed ")]
        if resumed_line:
            _, _, said_count, said_fingerprint = resumed_line[0].split()
            assert (int(said_count), said_fingerprint) == (len(previous), previous_fingerprint)
        last = program.last_saved()
        if last is not None:  # the save holds every completed action (and maybe the one in flight)
            count, fingerprint = last
            assert len(log) >= count, (moment, count, len(log))
            if len(log) == count:
                assert save["match"]["fingerprint"] == fingerprint
        match = Match.from_json(save["match"], runner=NullRunner())
        assert not match.is_over()
        previous, previous_fingerprint = log, match.state.fingerprint()
        check_every_file_reads(data)
        assert (data / "statistics.json").read_bytes() == stats_before  # untouched mid-match
        assert (data / "settings.json").read_bytes() == settings_before
        killed_playing += last is not None
        print(f"kill {kill} at {moment:.2f} s: {len(log)} actions saved")
    print(f"{KILLS} kills, {killed_playing} after a save of their run: nothing lost")

    # Kills that landed after a save of this run (a short moment may land before the first).
    playing_kills = KILLS - len(range(STARTUP_KILL, KILLS, 5))
    needed = playing_kills if KILLS <= 5 else playing_kills // 2
    assert killed_playing >= needed and len(previous) > 20, "kills land in the middle of play"
    final = Program(data, "--resume", "--pace", "0", "0")
    assert final.finish() == 0, final.stderr()
    assert final.lines[-1].startswith("finished ")
    assert not (data / "autosave.json").exists()
    [replay] = (data / "replays" / "omi").glob(f"*-{match_id}.json")
    kept = json.loads(replay.read_text())["match"]
    assert kept["log"][: len(previous)] == previous
    assert Match.from_json(kept, runner=NullRunner()).is_over()
    stats = json.loads((data / "statistics.json").read_text())
    assert stats["recorded"].count(match_id) == 1 and len(stats["recorded"]) == 2
    assert stats["games"]["omi"]["kinds"]["bot:random"]["played"] == 2  # once per match
    assert json.loads(stats_before)["recorded"][0] in stats["recorded"]
    check_every_file_reads(data)
    assert (data / "settings.json").read_bytes() == settings_before
