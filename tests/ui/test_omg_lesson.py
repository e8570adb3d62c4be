"""OMG's lesson played as a person would, under a real X display, driven by xdotool:
``python main.py tutorial omg`` → the notes read with Enter → the mulligan by keys (Enter marks
Njord L3, Space confirms) → Hephaestus dragged to a lane the step does not want (refused with
why), then played and evolved by keys → Njord's ability → a Gem draw (G) → End turn (Enter) → the
block and Done → the attack on Life → the ending → a real match's seats. Screenshots go to
``--out`` (one of them is docs/screenshots/lesson-omg.png for the README).

    Xvfb :91 -screen 0 1280x720x24 &
    DISPLAY=:91 .venv/bin/python tests/ui/test_omg_lesson.py --out /tmp/omg-lesson
    (pytest runs the first steps when a display, xdotool and ImageMagick are there)
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.ui.lesson_drive import first_steps_case, lesson_main, shot  # noqa: E402

# Where things lie at 1280x720 on the lesson's fixed deal (seven cards in hand at your turn).
HEPHAESTUS_L1 = (522, 660)
YOUR_LEFT_LANE = (486, 420)


def press(name: str, wait: float = 1.2) -> None:
    """A key, then a pause long enough for the table's animation (bots play at their pace)."""
    subprocess.run(["xdotool", "key", name], check=True)
    time.sleep(wait)


def drag(start: tuple[int, int], end: tuple[int, int]) -> None:
    x, y = start
    subprocess.run(["xdotool", "mousemove", str(x), str(y), "mousedown", "1"], check=True)
    for i in range(1, 9):  # a person's drag: several motions, not a jump
        mx, my = x + (end[0] - x) * i // 8, y + (end[1] - y) * i // 8
        subprocess.run(["xdotool", "mousemove", str(mx), str(my)], check=True)
        time.sleep(0.05)
    subprocess.run(["xdotool", "mouseup", "1"], check=True)
    time.sleep(1.0)
    subprocess.run(["xdotool", "mousemove", "1", "1"], check=True)


def first_steps(out: Path) -> None:
    shot(out, "omg-welcome")
    press("Return")  # Next
    shot(out, "omg-mulligan")
    press("Return", 0.8)  # mark the focused card: Njord L3, the only one lit
    shot(out, "omg-mulligan-marked")
    press("space", 2.0)  # confirm: shuffle back 1, draw 1
    shot(out, "omg-mulligan-why")


def whole_lesson(out: Path) -> None:
    first_steps(out)
    press("Return", 7.0)  # Next: Kamala keeps, plays Baldr and ends her turn
    shot(out, "omg-gems")
    press("Return", 1.5)  # Next
    shot(out, "omg-play")
    drag(HEPHAESTUS_L1, YOUR_LEFT_LANE)  # legal, but not the lane the step wants
    shot(out, "omg-play-wrong")
    press("Return", 0.8)  # choose Hephaestus L1 (focused)
    shot(out, "omg-play-lanes")
    press("Return", 2.0)  # the Center, the only lane lit
    shot(out, "omg-play-why")
    press("Return")  # Next
    press("Return", 0.8)  # Hephaestus L2
    press("Return", 2.0)  # onto the Center
    shot(out, "omg-evolve-why")
    press("Return")  # Next
    press("Return", 0.8)  # Njord L1
    press("Return", 2.0)  # the Left lane
    shot(out, "omg-ability-why")
    press("Return")  # Next
    press("g", 2.0)  # rest a Gem: draw 1
    shot(out, "omg-gem-why")
    press("Return")  # Next
    shot(out, "omg-end-turn")  # the keys start on End turn, the step's move
    press("Return", 1.5)  # Enter: End turn
    press("Return", 7.0)  # Next: Kamala's Baldr attacks your Life
    shot(out, "omg-block")
    press("Return", 1.5)  # block with Hephaestus (focused)
    press("Return")  # Next
    press("space", 3.0)  # Done: the block resolves
    shot(out, "omg-block-why")
    press("Return", 7.0)  # Next: Kamala ends her turn; yours begins
    shot(out, "omg-refresh")
    press("Return", 1.5)  # Next
    press("Return", 1.0)  # Hephaestus attacks...
    shot(out, "omg-attack-preview")
    press("Return", 1.5)  # ...Kamala's Life
    press("Return", 5.0)  # Next: she lets it through
    shot(out, "omg-life-lost")
    press("Return", 1.5)  # Next: the ending
    shot(out, "omg-ending")
    press("Return", 2.0)  # Play a real match
    shot(out, "omg-real-match")


def main() -> int:
    return lesson_main("omg", __doc__, whole_lesson)


if __name__ == "__main__":
    sys.exit(main())


def test_a_person_starts_omgs_lesson_and_takes_a_mulligan(tmp_path: Path) -> None:
    first_steps_case("omg", tmp_path, first_steps, "omg-mulligan-why.png")
