"""The one window mechanism (game/core/windows.py): opening, late input, claims ranked and locked
out, the claimant's pick deadline, passes, untimed windows, copies."""

from __future__ import annotations

from game.core.events import WindowClosed, WindowOpened
from game.core.windows import ReactionWindow, Window, shown


def test_a_timed_window_opens_with_its_event_and_refuses_input_stamped_at_its_close() -> None:
    window, opened = ReactionWindow.open("chain", 1000, 2500, [2, 0], "7", number=3, actor=1)
    assert opened == WindowOpened("chain", 1000, 3500, frozenset({0, 2}))
    assert window.next_deadline() == 3500 and not window.is_due(3499) and window.is_due(3500)
    assert window.late(3499) is None
    refusal = window.late(3600)
    assert refusal is not None and refusal.code == "too_late" and "100 ms" in refusal.message
    assert window.late(3500) is not None  # the close itself is too late
    assert shown(window) == (Window("chain", 1000, 3500, frozenset({0, 2}), "7"),)
    assert window.closed(3500) == WindowClosed("chain", 3500)


def test_the_first_claim_wins_and_locks_the_others_out_until_its_pick_runs_out() -> None:
    window, _ = ReactionWindow.open("void", 0, 3000, [0, 1, 2])
    assert window.waiting() == {0, 1, 2}
    assert window.claim(2, 400, pick_ms=3000)
    assert not window.claim(0, 400)  # same time, reached the match second: locked out
    assert window.claimant == 2 and window.claim_ms == 400 and window.waiting() == frozenset()
    assert window.next_deadline() == 3400  # the pick deadline outlives the window's close
    assert window.late(3200, picking=True) is None and window.late(3200) is not None
    assert window.late(3400, picking=True) is not None
    window.picked()
    assert window.next_deadline() == 3000


def test_passes_are_remembered_once_and_say_when_everyone_has_passed() -> None:
    window, _ = ReactionWindow.open("cancel", 0, 1000, [1, 2])
    assert not window.pass_(1) and not window.pass_(1)
    assert not window.may_answer(1) and window.may_answer(2) and not window.may_answer(0)
    assert window.pass_(2) and window.passed == [1, 2] and window.waiting() == frozenset()


def test_an_untimed_window_has_no_deadline_no_late_input_and_no_public_window() -> None:
    window, opened = ReactionWindow.open("block", 500, None, [1])
    assert opened is None and window.next_deadline() is None and not window.timed
    assert window.late(10**9) is None and shown(window) == () and shown(None) == ()
    assert window.to_json()["closes"] is None


def test_a_copy_is_independent_and_a_view_rebuilds_the_window() -> None:
    window, _ = ReactionWindow.open("chain", 0, 1000, [0, 1], "5", number=1, actor=0)
    twin = window.copy()
    twin.pass_(0)
    twin.claim(1, 10)
    assert window.passed == [] and window.claimant is None
    public = window.public()
    assert public is not None
    rebuilt = ReactionWindow.from_public(public, [1], number=1, actor=0)
    assert rebuilt.to_json() == {**window.to_json(), "passed": [1]}
