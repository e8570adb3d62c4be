"""The OMG table shows what the match says (issue 27): rested marks come from the view, a
Being dragged over a rested enemy draws without a crash, and a seat handed to a bot keeps the
other person's cards hidden until a curtain hands the screen to them."""

from __future__ import annotations

import os
from collections import Counter

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.match import Match, Seat  # noqa: E402
from game.core.registry import find_game  # noqa: E402
from game.core.runner import SyncBotRunner  # noqa: E402
from game.omg.actions import Attack, Mulligan  # noqa: E402
from game.omg.board import Stack  # noqa: E402
from game.omg.state import OmgState  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.omg.table import OmgTable  # noqa: E402
from scenes.table.backdrop import Backdrop  # noqa: E402

SIZE = (1280, 720)


def start(app: App, seats: list[Seat], seed: int = 3) -> tuple[OmgTable, OmgState]:
    match = Match(find_game("omg"), seats, seed, {"turn_limit": 30}, runner=SyncBotRunner())
    table = OmgTable(app, match)
    app.push(table)
    state = match.state
    assert isinstance(state, OmgState)
    return table, state


def key(app: App, code: int) -> None:
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")])
    app.feed([pygame.event.Event(pygame.KEYUP, key=code, mod=0)])


def mouse(app: App, kind: int, pos: tuple[int, int]) -> None:
    """One mouse event through the App, then a frame (as a person's hand moves)."""
    if kind == pygame.MOUSEMOTION:
        event = pygame.event.Event(kind, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
    else:
        event = pygame.event.Event(kind, button=1, pos=pos)
    app.feed([event])
    app.tick(16)


def frames_until(app: App, done: object, most: int = 3000) -> None:
    for _ in range(most):
        app.tick(16)  # at least one frame: what is checked has been drawn
        if callable(done) and done():
            return
    raise AssertionError("the table never got there")


def my_turn(app: App, table: OmgTable, state: OmgState) -> None:
    """You keep your hand and the table waits for your Advancement step, nothing moving."""
    frames_until(app, lambda: table.picker.mode == "mulligan")
    key(app, pygame.K_SPACE)
    frames_until(
        app,
        lambda: state.turn_seat == 0 and table.picker.mode == "main" and not table.presenter.busy,
    )


def human_vs_bot(app: App, animation: str = "instant") -> tuple[OmgTable, OmgState]:
    app.settings.animation = animation
    table, state = start(app, [Seat("human", "You"), Seat("bot", "Nimal", "normal")])
    my_turn(app, table, state)
    return table, state


def drag(app: App, table: OmgTable, zone: str, path: list[tuple[int, int]]) -> None:
    """Press on the top card of ``zone``, move along ``path``, release at its end."""
    sprite = table.presenter.zone(zone)[-1]
    here = (round(sprite.x), round(sprite.y))
    mouse(app, pygame.MOUSEBUTTONDOWN, here)
    for pos in path:
        mouse(app, pygame.MOUSEMOTION, pos)
    mouse(app, pygame.MOUSEBUTTONUP, path[-1])


def rested_lanes(table: OmgTable) -> dict[str, frozenset[str]]:
    return table.card_marks(table.match.view(table.viewer))


# --- 1. rested marks ----------------------------------------------------------------------------
def test_a_being_played_where_a_rested_stack_died_is_drawn_active(app: App) -> None:
    table, state = human_vs_bot(app, "fast")
    me, them = state.sides
    me.locations[0] = Stack(["Thor:1"], entered_turn=0)  # Storm 3
    them.locations[0] = Stack(["Geb:3"], rested=True, entered_turn=0)  # Earth 6, rested
    me.hand.append("Poseidon:1")
    me.gems_active = max(me.gems_active, 2)
    state.turn_number = max(2, state.turn_number)
    table.snap_to_view()
    frames_until(app, lambda: not table.presenter.busy)
    # Thor attacks the rested Geb and loses: Thor rests, then dies in the Left lane.
    table.submit(Attack(0, 0, 0))
    frames_until(app, lambda: not table.presenter.busy and table.hud.clash is None)
    assert me.locations[0] is None
    # A new Being is played into the Left lane: it has not attacked, it is active.
    card = next(s for s in table.presenter.zone("hand:0") if s.card == "Poseidon:1")
    end = table.board.lane_rect(0, 0).center
    mouse(app, pygame.MOUSEBUTTONDOWN, (round(card.x), round(card.y - card.lift)))
    mouse(app, pygame.MOUSEMOTION, ((round(card.x) + end[0]) // 2, (round(card.y) + end[1]) // 2))
    mouse(app, pygame.MOUSEMOTION, end)
    mouse(app, pygame.MOUSEBUTTONUP, end)
    frames_until(app, lambda: not table.presenter.busy)
    stack = me.locations[0]
    assert stack is not None and stack.cards == ["Poseidon:1"] and not stack.rested
    poseidon = table.presenter.zone("loc:0:0")[-1]
    assert poseidon.angle % 360 == 0  # upright, not turned as the dead Thor was
    # The view says the Left lane is active, Geb across it rested: so the table draws it.
    assert rested_lanes(table) == {"loc:1:0": frozenset({"rested"})}
    assert table.drawn_marks() == rested_lanes(table)


def test_rested_marks_come_from_the_view_alone(app: App) -> None:
    table, state = human_vs_bot(app)
    me, them = state.sides
    me.locations[2] = Stack(["Zeus:1"], rested=True, entered_turn=0)
    them.locations[1] = Stack(["Geb:1", "Geb:2"], rested=True, entered_turn=0)
    them.locations[2] = Stack(["Surtr:1"], entered_turn=0)
    table.snap_to_view()
    frames_until(app, lambda: not table.presenter.busy)
    assert rested_lanes(table) == {
        "loc:0:2": frozenset({"rested"}),
        "loc:1:1": frozenset({"rested"}),
    }
    assert table.drawn_marks() == rested_lanes(table)
    # The rules ready Zeus with no event the table saw: once settled, the table follows.
    me.locations[2] = Stack(["Zeus:1"], entered_turn=0)
    frames_until(app, lambda: not table.presenter.busy)
    assert table.drawn_marks() == rested_lanes(table) == {"loc:1:1": frozenset({"rested"})}


# --- 2. dragging an attacker over a rested enemy -----------------------------------------------
def test_a_being_dragged_over_a_rested_enemy_it_destroys_draws_and_attacks(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, state = human_vs_bot(app, "normal")
    me, them = state.sides
    me.locations[0] = Stack(["Thor:1", "Thor:2"], entered_turn=0)  # Storm 3 + 4
    # Fire 3 + 3, rested: Thor's stack wins, 7 against 6.
    them.locations[1] = Stack(["Surtr:1", "Surtr:2"], rested=True, entered_turn=0)
    state.turn_number = max(2, state.turn_number)
    table.snap_to_view()
    frames_until(app, lambda: not table.presenter.busy)
    repeats: list[int] = []
    show = Backdrop.show

    def counting(self: Backdrop, target: pygame.Surface, marks: object, blits: list) -> None:
        seen = Counter((id(image), pos) for image, pos in blits)
        repeats.append(max(seen.values(), default=0))
        show(self, target, marks, blits)

    monkeypatch.setattr(Backdrop, "show", counting)
    # The person carries Thor over Surtr, its hand wobbling a few pixels, and lets go there:
    # on the way Thor's level tag ("L1+2") lies exactly on Surtr's for a frame.
    thor, surtr = table.presenter.zone("loc:0:0")[-1], table.presenter.zone("loc:1:1")[-1]
    over = (surtr.x - thor.x, surtr.y - thor.y)  # the labels lie on one line, turned or not
    x0, y0 = round(thor.x + over[0]), round(thor.y + over[1])
    wobble = [(x0 + dx, y0 + dy) for dx in range(-2, 3) for dy in range(-2, 3)]
    drag(app, table, "loc:0:0", [*wobble, (round(surtr.x), round(surtr.y))])
    assert max(repeats) >= 2  # the same image at the same spot twice (else this shows nothing)
    frames_until(app, lambda: not table.presenter.busy and table.hud.clash is None)
    assert any(isinstance(a, Attack) and a.target == 1 for _, a in table.match.log)
    assert them.locations[1] is None  # Thor destroyed Surtr
    # The backdrop's picture is still the plain drawing's.
    plain = app.screen.copy()
    table.backdrop.enabled = False
    table.draw(plain)
    table.backdrop.enabled = True
    table.draw(app.screen)
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(plain, "RGB")


# --- 3. a seat handed to a bot mid-turn, two people at the screen ------------------------------
def hand_faces(table: OmgTable) -> set[str]:
    """The faces drawn in the hands (the last frame's)."""
    return {d.card for d in table.layer.drawn if d.zone.startswith("hand:") and d.card}


def test_a_person_who_hands_their_seat_to_a_bot_still_sees_no_other_hand(app: App) -> None:
    from scenes.pause import PauseScene, SeatChangeScene
    from tests.scenes.conftest import focus_label, press

    app.settings.animation = "fast"
    table, state = start(app, [Seat("human", "Amal"), Seat("human", "Dev")])
    for _ in range(2):  # each keeps their hand behind their curtain
        frames_until(app, lambda: table.curtain.active)
        key(app, pygame.K_SPACE)
        frames_until(app, lambda: table.picker.mode == "mulligan" or state.turn_number > 0)
        key(app, pygame.K_SPACE)
    frames_until(app, lambda: table.curtain.active and state.turn_number > 0)
    amal = table.curtain.seat
    assert amal is not None
    dev = 1 - amal
    key(app, pygame.K_SPACE)
    frames_until(app, lambda: table.picker.mode == "main" and not table.presenter.busy)
    assert table.private == amal and hand_faces(table)  # Amal's turn: her hand face up
    # From the pause menu, Amal hands her seat to a bot in the middle of her turn.
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    focus_label(app, "Seats")
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, SeatChangeScene)
    focus_label(app, table.seat_name(amal))
    press(app, pygame.K_RIGHT)
    assert table.match.seats[amal].is_bot
    assert not table.picker.ring.picks  # her buttons and choices went with her seat
    # Amal still looks at the screen: neither hand shows behind the dialog, only public cards.
    public = set(state.sides[dev].known_hand) | set(state.sides[amal].known_hand)
    assert hand_faces(table) <= public
    press(app, pygame.K_ESCAPE, pygame.K_ESCAPE)
    assert app.stack.top is table
    # Her bot plays on; Dev's hand shows only after a curtain handed the screen to Dev.
    curtain_for_dev = False
    for _ in range(4000):
        app.tick(16)
        if table.curtain.active and table.curtain.seat == dev:
            # Nothing of Amal's half-made choice stands under it ("Gaia L1: choose where").
            assert not table.picker.ring.picks and table.message.asking is None
            curtain_for_dev = True
            key(app, pygame.K_SPACE)
        shown = hand_faces(table) - public
        if shown:
            assert curtain_for_dev, f"Dev's cards {shown} shown before Dev's curtain"
            assert shown <= set(state.sides[dev].hand) | set(state.sides[dev].abyss)
            break
    assert curtain_for_dev


# --- 4. the ways a person plays -------------------------------------------------------------
def test_a_card_clicked_then_its_being_clicked_evolves_it(app: App) -> None:
    table, state = human_vs_bot(app)
    me = state.sides[0]
    me.locations[1] = Stack(["Zeus:1"], entered_turn=0)
    me.hand.append("Zeus:2")
    me.gems_active = max(me.gems_active, 4)
    table.snap_to_view()
    frames_until(app, lambda: not table.presenter.busy)
    card = next(s for s in table.presenter.zone("hand:0") if s.card == "Zeus:2")
    at = (round(card.x), round(card.y - card.lift))
    mouse(app, pygame.MOUSEBUTTONDOWN, at)
    mouse(app, pygame.MOUSEBUTTONUP, at)
    assert table.picker.mode == "place"
    zeus = table.presenter.zone("loc:0:1")[-1]
    at = (round(zeus.x), round(zeus.y))  # on the card itself, not beside it in its lane
    mouse(app, pygame.MOUSEBUTTONDOWN, at)
    mouse(app, pygame.MOUSEBUTTONUP, at)
    stack = me.locations[1]
    assert stack is not None and stack.cards == ["Zeus:1", "Zeus:2"]


def test_forfeit_for_a_seat_handed_to_a_bot_meanwhile_forfeits_nothing(app: App) -> None:
    from scenes.pause import PauseScene
    from tests.scenes.conftest import focus_label, press

    table, state = human_vs_bot(app)
    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    focus_label(app, "Seats")
    press(app, pygame.K_RETURN)
    focus_label(app, "You")
    press(app, pygame.K_RIGHT)  # You hand your seat to a bot...
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is pause
    focus_label(app, "Forfeit")  # ...and the pause menu still offers your Forfeit
    press(app, pygame.K_RETURN)
    focus_label(app, "Give up")
    press(app, pygame.K_RETURN)
    assert not table.match.is_over()  # a bot plays that seat now: nobody gives up for it
    assert "bot" in table.message.text


def test_a_question_goes_the_moment_it_is_answered(app: App) -> None:
    app.settings.animation = "normal"
    table, state = start(app, [Seat("human", "You"), Seat("bot", "Nimal", "normal")])
    frames_until(app, lambda: table.picker.mode == "mulligan")
    assert table.message.asking == (0, (Mulligan,))
    key(app, pygame.K_SPACE)  # keep: the cards still move, the match asks nothing of you
    assert table.presenter.busy or state.to_act() != {0}
    assert table.message.asking is None
