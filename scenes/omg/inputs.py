"""The ways a person at the OMG table makes each move, as the events they would make: a drag (a
hand card onto a lane, a Being onto its target, a card up into the defence), clicks (the card,
then where it goes; the buttons) or the keys (the arrows to a pick and Enter; G, Q, E, Y and
Space). The synthetic people of the tests play through these (``person_inputs``); the table
reads them like any other input.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.core.actions import Action
from game.omg import actions as act
from scenes.omg.focus import first_focus, walk
from scenes.omg.picks import SUB_MODES, Pick
from scenes.omg.words import placing, play_targets
from scenes.table.hud import ChoiceBar, Option
from scenes.table.sprites import CardSprite

if TYPE_CHECKING:
    from scenes.omg.play import OmgPlay

Events = list[pygame.event.Event]
Pos = tuple[int, int]
WAYS = ("drag", "click", "keys")
ARROWS = ("left", "right", "up", "down")


def person_inputs(play: OmgPlay, action: Action, rng: random.Random) -> Events:
    """The events that make ``action`` now, one way chosen by ``rng``; [] while the screen
    offers no way to it (not this person's move, cards still moving, a pause-menu Forfeit)."""
    seat = action.seat
    if play.table.acting() != seat or play.table.presenter.busy or play.drag.active:
        return []
    reset = _put_away(play)
    if reset:
        return reset  # a half-made choice first goes away; the move comes at the next try
    maker = MAKERS.get(type(action))
    if maker is None:
        return []
    return maker(play, action, rng.choice(WAYS)) or []


def _put_away(play: OmgPlay) -> Events:
    """Close the Abyss browser, say no to a confirmation, cancel a half-made move."""
    if play.picker.browse is not None:
        return _click(_centre(play), button=3)
    if play.picker.choice is not None:
        return _key(play, "n")
    if play.picker.mode in SUB_MODES:
        return _key(play, "backspace")
    return []


# --- the moves -------------------------------------------------------------------------------
def _mulligan(play: OmgPlay, action: act.Mulligan, way: str) -> Events | None:
    if play.picker.mode != "mulligan":
        return None
    events: Events = []
    focus = play.ring.focus
    for card in sorted(set(action.cards) ^ play.picker.mull):
        sprite = _hand_card(play, card)
        if sprite is None:
            return None
        if way == "keys":
            goal = next((i for i, p in enumerate(play.ring.picks) if p.sprite is sprite), -1)
            steps = _walk_to(play, play.ring.picks, focus, goal)
            if steps is None:
                return None
            events += steps
            focus = goal
        else:
            at = _grip(play, sprite)
            if at is None:
                return None
            events += _click(at)
    button = next(p for p in play.ring.picks if p.kind == "button")
    return events + (_click(button.rect.center) if way == "click" else _key(play, "ready"))


def _place(play: OmgPlay, action: act.PlayBeing | act.Evolve, way: str) -> Events | None:
    """A hand card to a lane: drag it there, or click it and the lane, or the keys; then the
    displacement's confirmation and the Play ability's target."""
    seat, card, loc = action.seat, action.card, action.location
    sprite = _hand_card(play, card)
    if play.picker.mode != "main" or sprite is None:
        return None
    meant, _ = placing(play.table.state, seat, card, loc)
    targets = play_targets(play.table.state, meant)
    if type(meant) is not type(action) or (
        action.target not in targets if targets else action.target
    ):
        return None  # this drop means another move (or the target cannot be chosen)
    lane = play.table.board.lane_rect(seat, loc).center
    if way == "keys":
        events = _choose(play, play.ring.picks, play.ring.focus, lambda p: p.sprite is sprite)
        place = _preview(play, "place", chosen=card)
        events = _then(events, _choose(play, place, None, lambda p: p.payload == loc))
    else:
        at = _grip(play, sprite)
        if at is None:
            return None
        events = _drag(at, lane) if way == "drag" else _click(at) + _click(lane)
    if events is None:
        return None
    if (
        isinstance(action, act.PlayBeing)
        and play.table.state.sides[seat].locations[loc] is not None
    ):
        events += _confirm(play, way)  # "Displace …?"
    if targets:
        aims = _preview(play, "ability", pending=meant)
        pick = _index(aims, lambda p: p.payload == action.target and p.kind in ("enemy", "abyss"))
        if way == "keys":
            return _then(events, _walk_to(play, aims, first_focus(aims, -1), pick))
        events += _click(aims[pick].rect.center)
    return events


def _attack(play: OmgPlay, action: act.Attack, way: str) -> Events | None:
    seat, loc, target = action.seat, action.location, action.target
    stack = play.table.presenter.zone(f"loc:{seat}:{loc}")
    if play.picker.mode != "main" or not stack:
        return None
    enemy = 1 - seat
    board = play.table.board
    aim = board.life_rect(enemy) if target is None else board.lane_rect(enemy, target)
    if way == "keys":
        events = _choose(
            play, play.ring.picks, play.ring.focus, lambda p: p.kind == "lane" and p.payload == loc
        )
        choices = _preview(play, "attack", attacker=loc)
        kind = "life" if target is None else "enemy"
        return _then(
            events,
            _choose(play, choices, None, lambda p: p.kind == kind and p.payload in (None, target)),
        )
    at = _grip(play, stack[-1])
    if at is None:
        return None
    return _drag(at, aim.center) if way == "drag" else _click(at) + _click(aim.center)


def _block(play: OmgPlay, action: act.Block, way: str) -> Events | None:
    return _pick(play, "defense", lambda p: p.kind == "lane" and p.payload == action.location, way)


def _add_defense(play: OmgPlay, action: act.AddDefense, way: str) -> Events | None:
    sprite = _hand_card(play, action.card)
    if play.picker.mode != "defense" or sprite is None:
        return None
    if way == "drag":  # up onto the table, between the two lines of lanes
        at = _grip(play, sprite)
        board = play.table.board
        return None if at is None else _drag(at, (round(board.cx), round(sum(board.row_y) / 2)))
    return _pick(play, "defense", lambda p: p.sprite is sprite, way)


def _finish_defense(play: OmgPlay, action: act.FinishDefense, way: str) -> Events | None:
    if play.picker.mode != "defense":
        return None
    if way == "keys":
        return _key(play, "ready")
    return _pick(play, "defense", lambda p: p.kind == "button", "click")


def _discard(play: OmgPlay, action: act.Discard, way: str) -> Events | None:
    sprite = _hand_card(play, action.card)
    if sprite is None:
        return None
    return _pick(play, "discard", lambda p: p.sprite is sprite, way)


def _gem_draw(play: OmgPlay, action: act.GemDraw, way: str) -> Events | None:
    if way == "keys":
        return _key(play, "g") if play.picker.mode == "main" else None
    return _pick(play, "main", lambda p: p.label.startswith("Rest a Gem"), "click")


def _equip(play: OmgPlay, action: act.EquipGem, way: str) -> Events | None:
    if play.picker.mode != "main":
        return None
    if way == "keys":
        lanes = _preview(play, "equip")
        wanted = lambda p: p.payload == action.location  # noqa: E731
        return _then(_key(play, "q"), _choose(play, lanes, None, wanted))
    button = _pick(play, "main", lambda p: p.label.startswith("Equip a Gem"), "click")
    lane = play.table.board.lane_rect(action.seat, action.location).center
    return None if button is None else button + _click(lane)


def _end_turn(play: OmgPlay, action: act.EndTurn, way: str) -> Events | None:
    if play.picker.mode != "main":
        return None
    if way == "keys":
        events = _key(play, "e")
    else:
        events = _pick(play, "main", lambda p: p.label.startswith("End turn"), "click") or []
    if events and play.picker.things_left():
        events += _confirm(play, way)  # "You could still … End the turn?"
    return events


MAKERS: dict[type, Callable[[OmgPlay, Any, str], Events | None]] = {
    act.Mulligan: _mulligan,
    act.PlayBeing: _place,
    act.Evolve: _place,
    act.Attack: _attack,
    act.Block: _block,
    act.AddDefense: _add_defense,
    act.FinishDefense: _finish_defense,
    act.Discard: _discard,
    act.GemDraw: _gem_draw,
    act.EquipGem: _equip,
    act.EndTurn: _end_turn,
}


# --- picks, by the keys or the mouse ---------------------------------------------------------
def _pick(play: OmgPlay, mode: str, wanted: Callable[[Pick], bool], way: str) -> Events | None:
    """Pick one of the picks on screen: the arrows to it and Enter, or a click on it."""
    if play.picker.mode != mode:
        return None
    if way == "keys":
        return _choose(play, play.ring.picks, play.ring.focus, wanted)
    index = _index(play.ring.picks, wanted)
    if index < 0:
        return None
    pick = play.ring.picks[index]
    at = _grip(play, pick.sprite) if pick.sprite is not None else pick.rect.center
    return None if at is None else _click(at)


def _choose(
    play: OmgPlay, picks: list[Pick], focus: int | None, wanted: Callable[[Pick], bool]
) -> Events | None:
    """The keys to the wanted pick and Enter; ``focus`` None: picks of a mode about to open
    (its focus starts where ``first_focus`` puts it)."""
    start = first_focus(picks, -1) if focus is None else focus
    return _walk_to(play, picks, start, _index(picks, wanted))


def _walk_to(play: OmgPlay, picks: list[Pick], focus: int, goal: int) -> Events | None:
    """The arrow keys that bring the focus from ``focus`` to ``goal`` (as the table walks),
    then Enter; None if the arrows cannot reach it."""
    if not 0 <= goal < len(picks):
        return None
    rects = [p.rect for p in picks]
    start = focus if 0 <= focus < len(picks) else 0
    paths: dict[int, list[str]] = {start: []}
    queue = deque([start])
    while queue and goal not in paths:
        here = queue.popleft()
        for intent in ARROWS:
            there = walk(rects, here, intent)
            if there not in paths:
                paths[there] = [*paths[here], intent]
                queue.append(there)
    if goal not in paths:
        return None
    return [e for intent in [*paths[goal], "play"] for e in _key(play, intent)]


def _preview(play: OmgPlay, mode: str, **choice: object) -> list[Pick]:
    """The picks a sub-mode will offer once entered (built now, the choice left as it was)."""
    seat = play.table.acting()
    assert seat is not None
    picker = play.picker
    saved = {name: getattr(picker, name) for name in choice}
    try:
        for name, value in choice.items():
            setattr(picker, name, value)
        picks, _ = picker.modes.offer(mode, seat)
    finally:
        for name, value in saved.items():
            setattr(picker, name, value)
    return picks


def _confirm(play: OmgPlay, way: str) -> Events:
    """Yes to a confirmation bar (its first option): Y, or a click on it."""
    if way == "keys":
        return _key(play, "y")
    bar = ChoiceBar("", [Option("yes", None), Option("no", None)], lambda _: None)
    bar.layout(play.table.board.centre(), play.table.layout.scale)
    return _click(bar.rects[0].center)


def _index(picks: list[Pick], wanted: Callable[[Pick], bool]) -> int:
    return next((i for i, p in enumerate(picks) if wanted(p)), -1)


def _then(first: Events | None, second: Events | None) -> Events | None:
    return None if first is None or second is None else first + second


# --- cards and events ------------------------------------------------------------------------
def _hand_card(play: OmgPlay, card: str) -> CardSprite | None:
    return next(
        (s for s in play.table.presenter.zone(f"hand:{play.table.bottom}") if s.card == card), None
    )


def _grip(play: OmgPlay, sprite: CardSprite) -> Pos | None:
    """A point where a press takes this card (not the one lying over it in a fan)."""
    rect = sprite.rect(play.table.layer.card_size)
    for fx in (0.5, 0.2, 0.1, 0.35, 0.65, 0.8, 0.9):
        for fy in (0.5, 0.3, 0.7):
            at = (rect.x + round(rect.width * fx), rect.y + round(rect.height * fy))
            if play.table.layer.hit(at) is sprite:
                return at
    return None


def _centre(play: OmgPlay) -> Pos:
    x, y = play.table.board.centre()
    return round(x), round(y)


def _key(play: OmgPlay, name: str) -> Events:
    """A key press: a bound intent ("play", "ready", the arrows) or a key by its name."""
    key_name = str(play.table.app.settings.bindings.get(name, name))
    code = pygame.key.key_code(key_name)
    text = key_name if len(key_name) == 1 else ""
    return [
        pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=text, scancode=0),
        pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode=text, scancode=0),
    ]


def _click(at: Pos, button: int = 1) -> Events:
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=button),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=button),
    ]


def _drag(start: Pos, end: Pos) -> Events:
    middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
        *(
            pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
            for p in (middle, end)
        ),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
    ]
