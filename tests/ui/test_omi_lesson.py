"""Omi's lesson played as a person would, under a real X display, driven by xdotool:
``python main.py tutorial omi`` → the notes read with Enter → trumps by their key (a wrong suit
first, explained) → cards by Enter and clicks (a card that does not follow suit, refused by the
rules; a legal card the step does not want, refused with why) → Skip → the tokens → the ending
→ a real match's seats. Screenshots go to ``--out`` (docs/ for the README).

    Xvfb :96 -screen 0 1280x720x24 &
    DISPLAY=:96 .venv/bin/python tests/ui/test_omi_lesson.py --out /tmp/lesson
    (pytest runs the first steps when a display, xdotool and ImageMagick are there)
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.ui.lesson_drive import click, first_steps_case, key, lesson_main, shot  # noqa: E402

BOTS = 2.0  # a wait of a second or more waits until the screen stands still (still())

# Where the cards of your hand lie at 1280x720 when six are left (the lesson's deal is fixed).
SIX_CARDS_X = {"TH": 440, "8H": 520, "AD": 600, "JD": 680, "TD": 760, "9D": 840}
HAND_Y = 650


def first_steps(out: Path) -> None:
    shot(out, "lesson-welcome")
    key("Return", 4.0)  # Next: the first four cards are dealt
    shot(out, "lesson-trumps")
    key("s", 0.6)  # Spades: a suit you hold none of
    shot(out, "lesson-trumps-wrong")
    key("d", 3.0)  # Diamonds; the other four cards are dealt


def whole_lesson(out: Path) -> None:
    first_steps(out)
    key("Return")  # Next past the why
    key("Return", 1.5)  # lead the Ace of Clubs (the only card lit)
    shot(out, "lesson-lead-why")
    key("Return", BOTS)  # Next: the three follow with Clubs
    shot(out, "lesson-first-trick")
    key("Return", 1.0)  # Next
    key("j", 1.5)  # Skip step: the lesson leads the Jack of Clubs for you
    key("Return", BOTS)  # Next: Nimal trumps it
    shot(out, "lesson-trumped")
    key("Return", BOTS)  # Next: Nimal leads Hearts, Kamala and Saman follow
    shot(out, "lesson-follow")
    click(SIX_CARDS_X["AD"], HAND_Y)  # not a Heart: the rules refuse it
    shot(out, "lesson-follow-refused")
    click(SIX_CARDS_X["TH"], HAND_Y)  # a Heart, but not the one the step wants
    shot(out, "lesson-follow-wrong")
    key("Return", 1.5)  # the 8 of Hearts
    key("Return", BOTS)  # Next: Saman leads the Ace of Spades
    shot(out, "lesson-trump-it")
    key("Return", 1.5)  # a Diamond (the first one lit)
    shot(out, "lesson-trump-why")
    key("Return", BOTS)  # Next: the others follow with Spades
    shot(out, "lesson-won-with-trump")
    key("Return", 1.5)  # Next
    for trick in range(4):  # the last four tricks: the card lit first each time
        key("Return", BOTS + 2.0)  # played, the trick finished: why it was won
        shot(out, f"lesson-trick-{trick + 5}")
        key("Return", 1.5)  # Next
    shot(out, "lesson-tokens")
    key("Return", 1.5)  # Next: the ending
    shot(out, "lesson-ending")
    key("Return", 2.0)  # Play a real match
    shot(out, "lesson-real-match")


def main() -> int:
    return lesson_main("omi", __doc__, whole_lesson)


if __name__ == "__main__":
    sys.exit(main())


def test_a_person_starts_omis_lesson_and_names_trumps(tmp_path: Path) -> None:
    first_steps_case("omi", tmp_path, first_steps, "lesson-trumps-wrong.png")
