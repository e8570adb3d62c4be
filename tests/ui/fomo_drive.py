"""Drive FOMO from the title to the results on a real X display with xdotool, as people would:
the mouse for the menus, the keys at the table (Enter plays the selected action and picks its
targets, D discards, the seat's own reflex key answers a Canceled window, Space lifts the
curtain, O then Y calls FOMO!). Screenshots go to ``--shots``.

    Xvfb :13 -screen 0 1280x720x24 &
    DISPLAY=:13 .venv/bin/python tests/ui/fomo_drive.py --mode bot --shots /tmp/fomo-shots
    DISPLAY=:13 .venv/bin/python tests/ui/fomo_drive.py --mode three --shots /tmp/fomo-shots

``bot``: you against three normal bots; ``three``: three people share the screen with one bot
(the curtain between their turns; Canceled windows answered on the open table with Left Shift,
Z and V). After ``--call-after`` seconds the people call FOMO! on their turns (a wrong call puts
them out), so every run ends. It exits 0 only if the finished match was filed as a replay and
the results screen was captured.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SIZE = (1280, 720)
REFLEX = ("Shift_L", "z", "v")  # the kit's default reflex keys of seats 0, 1 and 2


def xdo(*args: str) -> None:
    subprocess.run(["xdotool", *args], check=True)


def key(name: str, pause: float = 0.25) -> None:
    xdo("key", name)
    time.sleep(pause)


def click(x: int, y: int, pause: float = 0.9) -> None:
    xdo("mousemove", str(x), str(y))
    time.sleep(0.15)
    xdo("click", "1")
    time.sleep(pause)


def shot(folder: Path, name: str) -> Path:
    time.sleep(0.3)  # the app draws only when something changed: let it catch up
    path = folder / f"{name}.png"
    subprocess.run(["import", "-window", "root", str(path)], check=True)
    return path


def settings_file(data: Path, seats: list[dict[str, object]]) -> None:
    """Quick bots and fast animations, and the FOMO set-up the seats screen offers first."""
    setup = {"game": "fomo", "seats": seats, "options": {}}
    data.mkdir(parents=True, exist_ok=True)
    (data / "settings.json").write_text(
        json.dumps(
            {
                "kind": "settings",
                "version": 1,
                "window": list(SIZE),
                "animation": "fast",
                "bot_pace": "quick",
                "last_setup": {"fomo": setup},
            }
        )
    )


def game_row() -> int:
    """FOMO's row in the game chooser (games are listed in the registry's order)."""
    sys.path.insert(0, str(ROOT))
    from scenes.tables import games_with_tables

    return [g.info.id for g in games_with_tables()].index("fomo")


def finished(data: Path) -> bool:
    return any((data / "replays").rglob("*.json"))


def play(data: Path, shots: Path, limit_s: float, people: int, call_after: float) -> bool:
    """Press the keys people would until the match is filed; pictures on the way."""
    start = time.monotonic()
    taken = 0
    calls = 0
    while time.monotonic() - start < limit_s:
        elapsed = time.monotonic() - start
        if elapsed > call_after:
            key("o", 0.3)  # FOMO!? (refused with the reason when it is not our turn)
            key("y", 1.6)
            if calls < 3:
                shot(shots, f"call-{calls}")
                calls += 1
        for name in ("Return", "Return", "Return", "d"):
            key(name, 0.3)
        for seat in range(people):
            key(REFLEX[seat], 0.15)  # Canceled (or a pass) when an action names this seat
        if people > 1:
            key("space", 0.4)  # the curtain: the next person is ready
        if taken < 6 and elapsed > 15 * (taken + 1):
            shot(shots, f"table-{taken}")
            taken += 1
        if finished(data):
            time.sleep(3)
            return True
    return False


def run(mode: str, shots: Path, limit_s: float, call_after: float) -> bool:
    shots.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp(prefix="fomo-ui-"))
    names = (
        ("You", "Nimal", "Kamala", "Saman") if mode == "bot" else ("Amal", "Dev", "Rani", "Saman")
    )
    people = 1 if mode == "bot" else 3
    seats = [
        {"kind": "human" if i < people else "bot", "name": name, "level": "normal"}
        for i, name in enumerate(names)
    ]
    settings_file(data, seats)
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", SDL_FRAMEBUFFER_ACCELERATION="0")
    app = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--data-dir", str(data)], cwd=ROOT, env=env
    )
    try:
        time.sleep(4)
        shot(shots, f"{mode}-title")
        click(640, 206)  # Play
        click(640, 206 + 48 * game_row(), 1.5)  # FOMO
        shot(shots, f"{mode}-seats")
        click(413, 546, 2.0)  # Start
        shot(shots, f"{mode}-start")
        ok = play(data, shots, limit_s, people, call_after)
        shot(shots, f"{mode}-results")
        return ok
    finally:
        app.terminate()
        app.wait(10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mode", choices=("bot", "three"), default="bot")
    parser.add_argument("--shots", type=Path, default=Path(tempfile.gettempdir()) / "fomo-shots")
    parser.add_argument("--limit", type=float, default=900.0, help="seconds before giving up")
    parser.add_argument("--call-after", type=float, default=240.0, help="seconds before FOMO!")
    args = parser.parse_args()
    ok = run(args.mode, args.shots, args.limit, args.call_after)
    print("results reached" if ok else "no results in time")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
