"""Om Nom Nom's lesson played as a person would, under a real X display, driven by xdotool:
``python main.py tutorial omnomnom`` → the notes read with Enter → the rabbit picked with Enter
(a click on the frog first: refused with what the frog would eat) → the reveal, board by board,
and the note on eating alone → the mouse by its key, shared with Ana → the wolf (the cat's key
first, refused with why) → three free picks (one skipped with J) → the round's score → the
ending → a real match's seats. Screenshots go to ``--out`` (docs/ for the README).

    Xvfb :93 -screen 0 1280x720x24 &
    DISPLAY=:93 .venv/bin/python tests/ui/test_omnomnom_lesson.py --out /tmp/onn-lesson
    (pytest runs the first steps when a display, xdotool and ImageMagick are there)
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.ui.lesson_drive import click, first_steps_case, key, lesson_main, shot  # noqa: E402

REVEAL = 2.0  # a wait of a second or more waits until the screen stands still

# Where your cards lie at 1280x720: one slot per animal, keys 1-6 (a picked card leaves a gap).
CARD_X = {"wolf": 433, "rabbit": 526, "cat": 619, "mouse": 712, "hedgehog": 805, "frog": 898}
HAND_Y = 650


def first_steps(out: Path) -> None:
    shot(out, "onn-lesson-welcome")
    key("Return", 1.0)  # Next: the dice
    shot(out, "onn-lesson-dice")
    key("Return", 1.0)  # Next: the first pick
    click(CARD_X["frog"], HAND_Y)  # not the step's animal: refused with what it would eat
    shot(out, "onn-lesson-pick-wrong")
    key("Return", 1.5)  # the rabbit, lit and focused
    shot(out, "onn-lesson-pick-why")


def whole_lesson(out: Path) -> None:
    first_steps(out)
    key("Return", REVEAL)  # Next: Ana and Ben pick, the cards turn, the boards resolve
    shot(out, "onn-lesson-solo")
    key("Return", 1.0)  # Next: pick the mouse
    key("4", 1.5)  # the mouse by its key
    key("Return", REVEAL)  # Next: the reveal
    shot(out, "onn-lesson-sharing")
    key("Return", 1.0)  # Next: pick the wolf
    key("3", 0.6)  # the cat: refused with why
    shot(out, "onn-lesson-wolf-wrong")
    key("1", 1.5)  # the wolf
    key("Return", REVEAL)  # Next: the reveal
    shot(out, "onn-lesson-catch")
    key("Return", 1.0)  # Next: a free pick
    key("j", REVEAL)  # Skip step: the lesson picks for you; the reveal, explained
    shot(out, "onn-lesson-reveal-4")
    for turn in (5, 6):
        key("Return", 1.0)  # Next: the free pick
        key("Return", REVEAL)  # the card in focus; the reveal, explained
        shot(out, f"onn-lesson-reveal-{turn}")
    key("Return", 1.5)  # Next: the round's score
    shot(out, "onn-lesson-score")
    key("Return", 1.5)  # Next: the ending
    shot(out, "onn-lesson-ending")
    key("Return", 2.0)  # Play a real match
    shot(out, "onn-lesson-real-match")


def main() -> int:
    return lesson_main("omnomnom", __doc__, whole_lesson)


if __name__ == "__main__":
    sys.exit(main())


def test_a_person_starts_om_nom_noms_lesson_and_picks(tmp_path: Path) -> None:
    first_steps_case("omnomnom", tmp_path, first_steps, "onn-lesson-pick-wrong.png")
