"""Table conformance: every registered table, at the seat counts its game allows, behaves like a
table (as the rules conformance test runs over every game).

- a whole bot match on the table, headless at instant pace, ends with the results;
- at every frame each face drawn is one the bottom seat has known (from its own views), and with
  several people at the screen only faces every one of them knows are drawn, except for the
  person whose private turn it is;
- after a resize in the middle of an animation every sprite settles where the layout says;
- a replay of the match steps to the end and back;
- two reflex presses read in one frame are ranked in the order of the event queue (a table
  whose bots never open a window to two seats says how a person would: ``window_openers``);
- a press before a window opens locks that seat out for a moment.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections import Counter  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.match import Match, Seat  # noqa: E402
from game.core.registry import find_game  # noqa: E402
from game.core.runner import SyncBotRunner  # noqa: E402
from game.core.windows import Window  # noqa: E402
from game.store.replays import ReplayInfo  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.table.base import TableScene  # noqa: E402
from scenes.table.reflex import LOCKOUT_MS, Press  # noqa: E402
from scenes.tables import TABLES, table_class  # noqa: E402
from tests.tables.seatings import table_cases  # noqa: E402

SIZE = (960, 600)
MAX_FRAMES = 60_000
IDLE_FRAME_MS = 64  # a frame's game time while nothing is shown moving (see play_out)
SEED = 7


CASES = table_cases(TABLES)


def bot_match(game_id: str, players: int, solo: int, seed: int = SEED) -> Match:
    game = find_game(game_id)
    options = {"solo": solo} if solo else {}
    quick = (("max_hands", 2), ("target", 2), ("first_to", 1), ("turn_limit", 16))
    # Bot-only windows may close once every bot has passed (a rule option for such tables).
    early = (("close_windows_early", True), ("close_when_all_passed", True))
    for name, value in (*quick, *early):
        if any(spec.name == name for spec in game.info.options) and name not in options:
            options[name] = value
    level = "normal" if "normal" in game.info.bot_levels else game.info.bot_levels[-1]
    seats = [Seat("bot", f"Bot {i}", level) for i in range(players)]
    return Match(game, seats, seed, options, runner=SyncBotRunner())


def finished_replay(game_id: str, players: int, solo: int) -> tuple[Match, ReplayInfo]:
    """A bot match played to its end, and its record as the Replays list would open it."""
    match = bot_match(game_id, players, solo)
    match.run_to_end()
    outcome = match.state.outcome()
    assert outcome is not None
    info = ReplayInfo(
        Path("test.json"),
        "m1",
        game_id,
        0.0,
        1.0,
        tuple(seat.name for seat in match.seats),
        outcome.winners,
        outcome.summary,
        len(match.log),
        match.to_json(),
    )
    return match, info


def known_faces(table: TableScene, seat: int) -> Counter[str]:
    cards = table.zone_cards(table.match.view(seat))
    return Counter(card for zone in cards.values() for card in zone if card is not None)


def shared_faces(table: TableScene, seats: tuple[int, ...]) -> Counter[str]:
    """Faces every one of ``seats`` knows, at the same place."""
    layouts = [table.zone_cards(table.match.view(seat)) for seat in seats]
    shared: Counter[str] = Counter()
    for zone, cards in layouts[0].items():
        for index, card in enumerate(cards):
            if card is not None and all(
                other.get(zone, [])[index : index + 1] == [card] for other in layouts[1:]
            ):
                shared[card] += 1
    return shared


def drawn_faces(app: App, table: TableScene) -> Counter[str]:
    table.draw(app.screen)
    return Counter(d.card for d in table.layer.drawn if d.card is not None)


def grow(known: Counter[str], now: Counter[str]) -> None:
    """What a seat has known so far: it keeps knowing a face it once saw (as many as at once)."""
    for face, count in now.items():
        known[face] = max(known[face], count)


def play_out(app: App, table: TableScene, on_frame) -> int:  # type: ignore[no-untyped-def]
    """Tick until the table hands over to the results; presses ready at every curtain.

    While nothing is shown moving, frames are 64 ms of game time: the table still draws every
    change of the match (it holds the clock after each action until it has been shown), only
    the frames drawn while the clock runs towards a bot's reflex or a window's end are fewer.
    (OMYN's normal bots pass each chain and Void window after their 0.5-1 s reaction time, ~30
    windows a game: at 16 ms that was ~1,900 identical frames, drawn twice each.)"""
    for frame in range(MAX_FRAMES):
        if table not in app.stack.scenes:
            return frame
        on_frame()
        if table.curtain.active:
            app.feed([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")])
            app.feed([pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0)])
        app.tick(16 if table.presenter.busy or table.curtain.active else IDLE_FRAME_MS)
    raise AssertionError(f"no results after {MAX_FRAMES} frames ({len(table.match.log)} actions)")


@pytest.mark.parametrize(("game_id", "players", "solo"), CASES)
def test_a_bot_match_ends_with_the_results_and_draws_only_what_the_bottom_seat_knows(
    app: App, game_id: str, players: int, solo: int
) -> None:
    match = bot_match(game_id, players, solo)
    table = table_class(game_id)(app, match, watchers=(0,))
    app.push(table)
    known: Counter[str] = Counter()

    def check() -> None:
        grow(known, known_faces(table, 0))
        drawn = drawn_faces(app, table)
        assert not drawn - known, f"drawn but never known to seat 0: {drawn - known}"

    play_out(app, table, check)
    assert match.is_over()
    assert type(app.stack.top).__name__ == "ResultsScene"
    assert sum(known.values()) > 0  # the check had something to check


@pytest.mark.parametrize(("game_id", "players", "solo"), CASES[:1] + CASES[-1:])
def test_with_two_people_at_the_screen_only_public_faces_show_between_private_turns(
    app: App, game_id: str, players: int, solo: int
) -> None:
    match = bot_match(game_id, players, solo)
    people = (0, 1)
    table = table_class(game_id)(app, match, watchers=people)
    app.push(table)
    public: Counter[str] = Counter()
    private: dict[int, Counter[str]] = {seat: Counter() for seat in people}
    curtains = 0

    def check() -> None:
        nonlocal curtains
        grow(public, shared_faces(table, people))
        for seat in people:
            grow(private[seat], known_faces(table, seat))
        drawn = drawn_faces(app, table)
        if table.curtain.active or table.private is None:
            curtains += table.curtain.active
            assert not drawn - public, f"not public, drawn to everyone: {drawn - public}"
        else:
            mine = private[table.private]
            assert not drawn - mine, f"drawn but not known to {table.private}: {drawn - mine}"

    play_out(app, table, check)
    assert match.is_over() and curtains > 0


@pytest.mark.parametrize(("game_id", "players", "solo"), CASES)
def test_after_a_resize_mid_animation_every_sprite_settles_where_the_layout_says(
    app: App, game_id: str, players: int, solo: int
) -> None:
    app.settings.animation = "normal"
    match = bot_match(game_id, players, solo)
    table = table_class(game_id)(app, match, watchers=(0,))
    app.push(table)
    for _ in range(5000):
        app.tick(16)
        if table.presenter.tweens.busy():
            break
    assert table.presenter.tweens.busy(), "nothing ever moved"
    app.tick(30)  # mid-flight
    app.screen = pygame.display.set_mode((1200, 760))
    table.resize(app.size)
    for _ in range(2000):
        if not table.presenter.busy:
            break
        table.presenter.update(16)  # animations only: the match stays where it is
    for zone, sprites in table.presenter.zones.items():
        for index, sprite in enumerate(sprites):
            spot = table.spot_for(zone, index, len(sprites))
            assert (round(sprite.x), round(sprite.y)) == (round(spot.x), round(spot.y)), zone


@pytest.mark.parametrize(("game_id", "players", "solo"), CASES)
def test_a_replay_steps_to_the_end_and_back(
    app: App, game_id: str, players: int, solo: int
) -> None:
    from scenes.replay import ReplayScene

    match, info = finished_replay(game_id, players, solo)
    for viewer in (None, 0):
        replay = ReplayScene(app, info, viewer)
        app.push(replay)
        for _ in range(len(match.log)):
            assert replay.step_forward()
            app.tick(16)
        assert not replay.step_forward()
        assert replay.cursor.state.fingerprint() == match.state.fingerprint()
        for _ in range(len(match.log)):
            replay.back()
            app.tick(16)
        assert replay.cursor.position == 0
        app.pop()


def key_code(table: TableScene, seat: int) -> int:
    name = table.reflex.key_of(seat)
    assert name is not None, f"seat {seat} has no reflex key"
    return pygame.key.key_code(name)


def reflex_window(
    app: App, game_id: str, players: int, solo: int, seats: int = 2
) -> tuple[TableScene, Window]:
    """A bot match on the table, played until a reflex window is open to ``seats`` seats or
    more. Where the table says how a person would open one its bots never do
    (``window_openers``: FOMO's bots never name two other players), the seat to act is handed to
    a person who plays the first opener that opens the window that wide."""
    cls = table_class(game_id)
    if not cls.REFLEX_WINDOWS:
        pytest.skip(f"{game_id} has no reflex windows")
    match = bot_match(game_id, players, solo)
    table = cls(app, match, watchers=(0,))
    app.push(table)

    def open_window() -> Window | None:
        return next(
            (
                w
                for w in table.open_windows()
                if w.kind in cls.REFLEX_WINDOWS and len(w.eligible) >= seats
            ),
            None,
        )

    for _ in range(MAX_FRAMES):
        if open_window() is not None or match.is_over():
            break
        open_by_hand(table, seats)
        app.tick(16)
    window = open_window()
    if window is None:
        pytest.skip(f"no reflex window opens to {seats} seats in this match of {players}")
    return table, window


def open_by_hand(table: TableScene, seats: int) -> bool:
    """Play the table's first ``window_openers`` move that opens a reflex window to ``seats``
    seats or more (tried on a copy of the state), for a person given the seat to act."""
    match = table.match
    for action in type(table).window_openers(match.state):
        twin = match.state.clone()
        twin.apply(action, match.now_ms)
        if any(
            w.kind in table.REFLEX_WINDOWS and len(w.eligible) >= seats
            for w in twin.view(action.seat).windows
        ):
            table.change_seat(action.seat, Seat("human", f"Person {action.seat}"))
            assert table.submit(action), action
            return True
    return False


@pytest.mark.parametrize(("game_id", "players", "solo"), CASES)
def test_two_reflex_presses_in_one_frame_are_ranked_in_queue_order(
    app: App, game_id: str, players: int, solo: int
) -> None:
    table, window = reflex_window(app, game_id, players, solo)
    first, second = sorted(window.eligible)[1], sorted(window.eligible)[0]
    for seat in (first, second):
        table.change_seat(seat, Seat("human", f"Person {seat}"))
    presses: list[Press] = []
    table.on_reflex = lambda press, window: presses.append(press)  # type: ignore[method-assign]
    app.feed(
        [
            pygame.event.Event(pygame.KEYDOWN, key=key_code(table, first), mod=0),
            pygame.event.Event(pygame.KEYDOWN, key=key_code(table, second), mod=0),
        ]
    )
    assert [p.seat for p in presses] == [first, second]
    assert presses[0].at_ms == presses[1].at_ms and presses[0].order < presses[1].order


@pytest.mark.parametrize(("game_id", "players", "solo"), CASES)
def test_a_gamepad_acts_for_its_seat_and_a_click_on_your_own_cards_is_your_claim(
    app: App, game_id: str, players: int, solo: int
) -> None:
    table, window = reflex_window(app, game_id, players, solo)
    pad_seat, mouse_seat = sorted(window.eligible)[:2]
    for seat in (pad_seat, mouse_seat):
        table.change_seat(seat, Seat("human", f"Person {seat}"))
    app.gamepad_seats = {7: pad_seat}  # Settings gave pad 7 away
    table.resume()  # back from Settings: the table reads the assignment
    presses: list[Press] = []
    table.on_reflex = lambda press, window: presses.append(press)  # type: ignore[method-assign]
    app.feed([pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=7, button=0, joy=0)])
    assert [(p.seat, p.source) for p in presses] == [(pad_seat, "pad")]
    app.feed([pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=8, button=0, joy=1)])
    assert len(presses) == 1  # a pad given to nobody claims for nobody
    own = [
        s.rect(table.layer.card_size).center
        for s in table.layer.sprites
        if s.visible and table.zones.owner(s.zone) == mouse_seat
    ]
    own = [
        pos
        for pos in own
        if (hit := table.layer.hit(pos)) is not None and table.zones.owner(hit.zone) == mouse_seat
    ]
    if not own:
        return  # this seat has no cards of its own on the table now
    app.feed([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=own[0], button=1)])
    assert [(p.seat, p.source) for p in presses][1:] == [(mouse_seat, "mouse")]


@pytest.mark.parametrize(("game_id", "players", "solo"), CASES)
def test_waiting_for_a_person_the_table_asks_for_no_frames(
    app: App, game_id: str, players: int, solo: int
) -> None:
    """Idle CPU: once everything is shown and only a person can move the game on, the table
    says nothing moves, and the app stops drawing (bench/RESULTS.md has the CPU figure)."""
    match = bot_match(game_id, players, solo)
    match.set_seat(0, Seat("human", "Person"))
    table = table_class(game_id)(app, match)
    app.push(table)
    settled = 0
    for _ in range(MAX_FRAMES):
        waiting = not match.is_over() and match.state.to_act() == {0} and not match.held
        settled = settled + 1 if waiting and not table.presenter.busy else 0
        if settled > 30 or table not in app.stack.scenes:
            break
        app.tick(16)
    if settled <= 30:
        pytest.skip("the person was never the only one to act")
    if match.next_due_ms() is not None:
        pytest.skip("the person's turn has a deadline: its countdown moves")
    for _ in range(400):  # captions and banners fade within a few seconds
        if not table.needs_frame():
            break
        app.tick(16)
    assert not table.needs_frame(), "still moving after 6 s of waiting for the person"
    assert match.state.to_act() == {0}
    drawn = app.drawn_frames
    assert app.tick(16, lively=False) is False
    assert app.drawn_frames == drawn


@pytest.mark.parametrize(("game_id", "players", "solo"), CASES)
def test_a_press_before_the_window_opens_locks_that_seat_out_for_a_moment(
    app: App, game_id: str, players: int, solo: int
) -> None:
    """No mashing: a seat that presses while no window is open to it is locked out, so its
    press as the window opens does not count; once the lockout has passed, a press does."""
    table, window = reflex_window(app, game_id, players, solo, seats=1)
    seat = min(window.eligible)
    table.change_seat(seat, Seat("human", f"Person {seat}"))
    table.match.hold()  # game time stands still: the window stays open while the lockout runs
    presses: list[Press] = []
    table.on_reflex = lambda press, window: presses.append(press)  # type: ignore[method-assign]
    code = key_code(table, seat)
    key = [  # down and up: a key held down does not press again
        pygame.event.Event(pygame.KEYDOWN, key=code, mod=0),
        pygame.event.Event(pygame.KEYUP, key=code, mod=0),
    ]
    table.open_windows = lambda seat=None: []  # type: ignore[method-assign]  # not open yet
    app.feed(key)
    del table.open_windows  # now it is
    assert presses == [] and table.reflex.is_locked(seat)
    app.feed(key)
    assert presses == [], "a press during the lockout counted"
    for _ in range(LOCKOUT_MS // 16 + 2):
        app.tick(16)
    assert not table.reflex.is_locked(seat)
    app.feed(key)
    assert [p.seat for p in presses] == [seat]
