"""OMYN's lesson played as a person would, under a real X display, driven by xdotool:
``python main.py tutorial omyn`` → the notes read with Enter → the peek by keys (two other slots
first, explained) → Draw → a Swap by drag (a Drop first, explained) → Spy (Plain and your own
slot first, explained) → a chain, a wrong chain and a Void by the claim key → Insight, a Pair Up,
Hex → Nimal's Good Omen → the OMYN call → the count → the ending → a real match's seats.
Screenshots go to ``--out`` (docs/screenshots/ for the README).

    Xvfb :94 -screen 0 1280x720x24 &
    DISPLAY=:94 .venv/bin/python tests/ui/test_omyn_lesson.py --out /tmp/omyn-lesson
    (pytest runs the first steps when a display, xdotool and ImageMagick are there)
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.ui.lesson_drive import click, first_steps_case, key, lesson_main, shot  # noqa: E402

WINDOW = 2.0  # a wait of a second or more waits until the screen stands still
CLAIM = "Shift_L"  # seat 1's claim key (the default reflex keys)
YOUR_ROW_Y, NIMAL_ROW_Y = 630, 68  # the rows at 1280x720, two seats
NIMAL_SLOT_3 = (640, NIMAL_ROW_Y)  # his row is centred: slot 3 is in the middle
YOUR_SLOT_1 = (444, YOUR_ROW_Y)  # five slots
YOUR_SLOT_5 = (836, YOUR_ROW_Y)
DRAWN = (640, 356)  # the card you drew, between the draw pile and the play pile


def drag(start: tuple[int, int], goal: tuple[int, int]) -> None:
    x, y = start
    gx, gy = goal
    for step in (
        ["mousemove", str(x), str(y)],
        ["mousedown", "1"],
        ["mousemove", str((x + gx) // 2), str((y + gy) // 2)],
        ["mousemove", str(gx), str(gy)],
        ["mouseup", "1"],
        ["mousemove", "1", "1"],
    ):
        subprocess.run(["xdotool", *step], check=True)
        time.sleep(0.15)
    time.sleep(1.5)


def first_steps(out: Path) -> None:
    shot(out, "omyn-lesson-welcome")
    key("Return", 3.0)  # Next: the deal
    key("1", 0.3)
    key("3", 1.0)  # two slots the step does not want: refused with why
    shot(out, "omyn-lesson-peek-wrong")
    key("2", 0.3)
    key("5", 1.5)  # the 0 and the 8
    subprocess.run(["xdotool", "keydown", "Tab"], check=True)
    time.sleep(1.0)
    shot(out, "omyn-lesson-peek")
    subprocess.run(["xdotool", "keyup", "Tab"], check=True)
    key("Return", 1.5)  # Next (and done looking)
    key("d", 1.5)  # Draw: a 2
    shot(out, "omyn-lesson-draw")
    key("Return", 1.0)  # Next


def whole_lesson(out: Path) -> None:
    first_steps(out)
    key("d", 1.0)  # Drop: not this step's move
    shot(out, "omyn-lesson-swap-wrong")
    drag(DRAWN, YOUR_SLOT_5)  # Swap the 2 for the 8
    shot(out, "omyn-lesson-swap")
    key("Return", 1.0)  # Next: Spy
    key("n", 1.0)  # Plain: refused with why
    key("y", 1.0)  # Use
    click(*YOUR_SLOT_1)  # your own slot: refused with why
    shot(out, "omyn-lesson-spy-wrong")
    click(*NIMAL_SLOT_3, wait=1.0)
    key("Return", WINDOW)  # (a stray Enter is harmless) the Void window runs, then the look
    shot(out, "omyn-lesson-spied")
    key("Return", WINDOW)  # Next (done looking): Nimal draws and drops a 2
    shot(out, "omyn-lesson-chain")
    key(CLAIM, 1.5)  # the claim key claims the lit slot: your 2
    shot(out, "omyn-lesson-chain-why")
    key("Return", 1.5)  # Next
    key("d", 1.5)  # Draw: a 5
    key("Return", 1.0)
    key("d", 1.5)  # Drop it
    shot(out, "omyn-lesson-drop")
    key("Return", WINDOW)  # Next: Nimal drops a 1
    shot(out, "omyn-lesson-wrong-chain")
    key(CLAIM, 2.5)  # a guess on slot 4: a 10, and a penalty card
    shot(out, "omyn-lesson-wrong-chain-why")
    key("Return", 1.5)  # Next
    key("d", 1.5)  # Draw: a 7
    key("Return", 1.0)
    key("d", 1.5)  # Drop it: Insight
    key("y", 1.0)
    key("1", WINDOW)  # on slot 1; the Void window, then the look
    shot(out, "omyn-lesson-insight")
    key("Return", WINDOW)  # Next (done looking); Nimal chains his 7
    shot(out, "omyn-lesson-his-chain")
    key("Return", WINDOW)
    key("d", 1.5)  # Draw: a 2
    key("Return", 1.0)
    key("3", 0.3)
    key("s", 1.5)  # Swap it into slot 3
    key("Return", WINDOW)  # Next: Nimal plays an 8 and spies on you
    shot(out, "omyn-lesson-void")
    key(CLAIM, 2.0)  # your 0
    shot(out, "omyn-lesson-void-why")
    key("Return", WINDOW)
    key("d", 1.5)  # Draw: a 10
    key("Return", 1.0)
    key("3", 0.3)
    key("p", 1.5)  # Pair it with slot 3
    shot(out, "omyn-lesson-pair")
    key("Return", 1.0)
    key("n", WINDOW)  # Plain; Nimal chains his 10
    key("d", 1.5)  # Draw: a 4
    key("Return", 1.0)
    key("3", 0.3)
    key("s", 1.5)  # Swap it for the penalty card: a 6, Hex
    key("Return", 1.0)
    key("y", 1.0)  # Use Hex
    click(*NIMAL_SLOT_3, wait=1.0)  # on Nimal
    shot(out, "omyn-lesson-hex")
    key("Return", WINDOW + 2.0)  # Next: Nimal draws a Good Omen
    shot(out, "omyn-lesson-omen")
    key("Return", WINDOW)  # Next: the call
    shot(out, "omyn-lesson-call")
    key("o", 1.0)
    key("y", 1.5)  # Call
    key("Return", WINDOW + 2.0)  # Next: the Void window runs out, the rows are counted
    shot(out, "omyn-lesson-count")
    key("Return", 1.5)  # Next: the ending
    shot(out, "omyn-lesson-ending")
    key("Return", 2.0)  # Play a real match
    shot(out, "omyn-lesson-real-match")


def main() -> int:
    return lesson_main("omyn", __doc__, whole_lesson)


if __name__ == "__main__":
    sys.exit(main())


def test_a_person_starts_omyns_lesson_and_peeks(tmp_path: Path) -> None:
    first_steps_case("omyn", tmp_path, first_steps, "omyn-lesson-peek-wrong.png")
