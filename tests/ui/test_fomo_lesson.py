"""FOMO's lesson played as a person would, under a real X display, driven by xdotool:
``python main.py tutorial fomo`` → the welcome read with Enter → a discard the step does not
want (D: explained) → Seen clicked, then your set → Canceled! by the reflex key on Mia's Plot
Twist → Raj's Swap watched → Throwback by the keys, the Canceled picked from the pile → Raj's
Ghosted → your 0 dragged onto slot 4 → FOMO! by its key, the question starting on the call →
the ending. Screenshots go to ``--out`` (docs/screenshots/ for the README).

    Xvfb :92 -screen 0 1280x720x24 &
    DISPLAY=:92 .venv/bin/python tests/ui/test_fomo_lesson.py --out /tmp/fomo-lesson
    (pytest runs the first steps when a display, xdotool and ImageMagick are there)
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.ui.lesson_drive import click, first_steps_case, key, lesson_main, shot, still  # noqa: E402

# Where things lie at 1280x720 on this fixed deal (three players, you at the bottom).
HAND = {0: (515, 630), 1: (600, 630), 2: (680, 630), 3: (760, 630)}  # your four cards
YOUR_SET = (640, 465)
SLOT_4 = (775, 470)


def drag(start: tuple[int, int], end: tuple[int, int]) -> None:
    subprocess.run(["xdotool", "mousemove", *map(str, start), "mousedown", "1"], check=True)
    time.sleep(0.2)
    for i in range(1, 9):  # a few steps, so the table sees a drag
        x = start[0] + (end[0] - start[0]) * i // 8
        y = start[1] + (end[1] - start[1]) * i // 8
        subprocess.run(["xdotool", "mousemove", str(x), str(y)], check=True)
        time.sleep(0.05)
    subprocess.run(["xdotool", "mouseup", "1"], check=True)
    time.sleep(0.3)
    subprocess.run(["xdotool", "mousemove", "1", "1"], check=True)
    still()


def first_steps(out: Path) -> None:
    shot(out, "fomo-welcome")
    key("Return")  # Next
    shot(out, "fomo-seen")
    key("d", 0.6)  # discard the selected card: allowed, but not this step's move
    shot(out, "fomo-seen-wrong")
    click(*HAND[1])  # a Seen, then your set
    click(*YOUR_SET, wait=2.0)
    still()
    shot(out, "fomo-seen-why")


def whole_lesson(out: Path) -> None:
    first_steps(out)
    key("Return", 3.0)  # Next: Mia plays Plot Twist on you
    shot(out, "fomo-canceled")
    key("shift")  # your reflex key: Canceled!
    shot(out, "fomo-canceled-why")
    key("Return", 3.0)  # Next: Raj plays Swap with Mia
    shot(out, "fomo-swap")
    key("Return", 3.0)  # Next: the window runs out, your turn
    shot(out, "fomo-throwback")
    key("Return")  # Throwback is selected first (the only card lit): play it
    shot(out, "fomo-throwback-pile")
    key("Return")  # the Canceled, where the pile's focus starts
    shot(out, "fomo-throwback-why")
    key("Return", 3.0)  # Next: Mia's Seen, Raj's Ghosted, your turn skipped
    shot(out, "fomo-ghosted")
    key("Return", 3.0)  # Next: Mia and Raj discard, your turn
    shot(out, "fomo-place")
    drag(HAND[0], SLOT_4)  # the 0 onto slot 4
    shot(out, "fomo-place-why")
    key("Return", 3.0)  # Next: Mia and Raj discard, your turn
    key("o")  # FOMO!: the question starts on the call
    shot(out, "fomo-call")
    key("Return", 3.0)
    shot(out, "fomo-win")
    key("Return")  # Next: the ending
    shot(out, "fomo-ending")


def main() -> int:
    return lesson_main("fomo", __doc__, whole_lesson)


if __name__ == "__main__":
    sys.exit(main())


def test_a_person_starts_fomos_lesson_and_looks_at_their_set(tmp_path: Path) -> None:
    first_steps_case("fomo", tmp_path, first_steps, "fomo-seen-why.png")
