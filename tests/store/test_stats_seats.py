"""Every figure counts the right person, and a bot level reads like a person.

- A bot level is counted per bot too: three normal bots at a match won by one are 3 played,
  1 won (33%), its figures summed over its bots and averaged per bot; one match's result says
  "3 bots, 1 won", never an average such as "Games won 0.3".
- A seat handed over mid-match (Pause → Seats) counts for every person who played it; a bot
  level only for seats it played throughout. A hint is the person's, never the bot's after them.
- A lesson is never counted, even played to the end.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from game.core.hint import note_hint
from game.core.lesson_run import NOTE as LESSON_NOTE
from game.core.match import Seat
from game.store.stats import Statistics
from game.store.store import Store
from scenes.stats_tables import result_detail, who_cells
from tests.store.test_stats import finished_omi
from tests.store.test_stats_people import counted, finished

OMI_LABELS = {"tokens": "Team's tokens", "hands": "Hands played"}


def bots_around_you() -> list[Seat]:
    return [Seat("human", "You"), *(Seat("bot", f"B{i}", "normal") for i in (1, 2, 3))]


def test_three_bots_of_a_level_count_as_three_of_which_two_won() -> None:
    omi = counted("omi", bots_around_you(), (1, 3)).game("omi")
    bots, you = omi.kinds["bot:normal"], omi.kinds["you"]
    assert (bots.played, bots.bots, bots.bots_won) == (1, 3, 2)
    assert who_cells("bot:normal", bots, False, False) == ["3", "2", "67%", "–", "–"]
    assert who_cells("you", you, False, False) == ["1", "0", "0%", "0", "0"]
    match = finished("omi")
    tokens = match.game.seat_stats(match.state)["tokens"]
    assert bots.sums["tokens"] == sum(tokens[1:]) and bots.counts["tokens"] == 3  # per bot


def test_one_match_of_three_bots_reads_as_each_bots_figures_with_the_count() -> None:
    omi = counted("omi", bots_around_you(), (1, 3)).game("omi")
    [result] = omi.results("bot:normal")
    detail = result_detail(result, ["tokens", "hands"], OMI_LABELS)
    assert detail.startswith("3 bots, 2 won")
    match = finished("omi")
    figures = match.game.seat_stats(match.state)
    hands, tokens = figures["hands"], figures["tokens"]
    assert f"Hands played {hands[1]:.0f} each" in detail  # the match's, the same at every seat
    if tokens[1] != tokens[2]:
        shown = ", ".join(f"{t:.0f}" for t in tokens[1:])
        assert f"Team's tokens {shown}" in detail  # each bot's own, not their average
    [mine] = omi.results("you")
    assert not result_detail(mine, ["tokens", "hands"], OMI_LABELS).startswith("1 bots")


def test_a_person_who_hands_their_seat_to_a_bot_still_played_the_match() -> None:
    match = finished_omi(3)
    match.seats[0] = Seat("human", "You")
    match.set_seat(0, Seat("bot", "You", "normal"))  # Pause → Seats: a bot finishes for you
    note_hint(match.notes, 0)  # the hint was shown to you before
    stats = Statistics()
    stats.record("m", match.game, match.state, match.seats, 1.0, earlier=earlier(match))
    omi = stats.game("omi")
    assert omi.kinds["you"].played == 1 and omi.kinds["you"].hinted == 0  # (no hints passed)
    assert omi.kinds["bot:normal"].bots == 2  # seats 1 and 3 only: seat 0 was yours
    again = Statistics()
    again.record("m", match.game, match.state, match.seats, 1.0, hinted={0}, earlier=earlier(match))
    assert again.game("omi").kinds["you"].hinted == 1


def test_a_person_who_takes_over_a_bots_seat_counts_and_that_level_does_not() -> None:
    match = finished_omi(3)
    match.set_seat(2, Seat("human", "Kamala"))  # seat 2 was a random bot
    stats = Statistics()
    stats.record("m", match.game, match.state, match.seats, 1.0, earlier=earlier(match))
    omi = stats.game("omi")
    assert omi.kinds["kamala"].played == 1
    assert "bot:random" not in omi.kinds  # it played only part of the match


def test_a_seat_played_by_two_bot_levels_in_turn_counts_for_neither() -> None:
    match = finished_omi(3)
    match.set_seat(2, Seat("bot", "Bot 2", "hard"))
    stats = Statistics()
    stats.record("m", match.game, match.state, match.seats, 1.0, earlier=earlier(match))
    assert {"bot:random", "bot:hard"}.isdisjoint(stats.game("omi").kinds)


def test_a_person_at_two_seats_counts_the_match_once_and_each_seat_reads_as_theirs() -> None:
    seats = [Seat("human", "You"), Seat("bot", "B1", "normal"), Seat("human", "you ")]
    seats.append(Seat("bot", "B3", "normal"))
    omi = counted("omi", seats, (0, 2)).game("omi")
    assert (omi.kinds["you"].played, omi.kinds["you"].won) == (1, 1)
    [result] = omi.results("you")
    detail = result_detail(result, ["tokens", "hands"], OMI_LABELS, "seats")
    assert detail.startswith("2 seats, 2 won") and "bots" not in detail


def test_the_store_files_the_seats_earlier_holders_and_never_a_lesson(tmp_path: Path) -> None:
    store = Store.open(tmp_path, logging_to_file=False)
    match = finished_omi(3)
    match.set_seat(2, Seat("human", "Kamala"))
    store.follow(match)
    assert store.sync()
    assert (
        "kamala" in store.stats.game("omi").kinds
        and "bot:random" not in store.stats.game("omi").kinds
    )
    lesson = finished_omi(4)
    lesson.notes[LESSON_NOTE] = {"id": "omi", "step": 3, "told": False}
    store.follow(lesson)
    store.sync()
    assert store.stats.game("omi").kinds["you"].played == 1  # the lesson is not counted


def earlier(match):  # type: ignore[no-untyped-def]
    from game.store.stats import earlier_seats

    return earlier_seats(match.notes)


def test_the_seat_note_survives_the_save() -> None:
    from game.core.match import Match

    match = finished_omi(3)
    match.set_seat(1, dataclasses.replace(match.seats[1], kind="human"))
    again = Match.from_json(match.to_json())
    assert earlier(again) == [(1, Seat("bot", match.seats[1].name, "normal"))]
