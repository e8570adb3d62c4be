"""What each mode of the OMG table offers the acting person (``ModePicks``): its picks, each a
card, a lane, a target or a button with what picking it does (lit gold) or why it cannot be
picked (red), and the mode's question for the message line. The choice in hand and what
picking calls back are ``OmgPicks``'s (``picks.py``), read through ``Choosing``."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable
from functools import partial
from typing import TYPE_CHECKING, Protocol, cast

import pygame

from game.core.actions import Action
from game.core.narration import name_seats, sentence
from game.omg.actions import (
    AddDefense,
    Attack,
    Block,
    Discard,
    EndTurn,
    EquipGem,
    Evolve,
    FinishDefense,
    GemDraw,
    Mulligan,
    PlayBeing,
)
from game.omg.board import LOCATION_NAMES
from game.omg.cards import CARDS
from scenes.omg.focus import Pick
from scenes.omg.hud import card_name
from scenes.omg.words import (
    attack_preview,
    block_words,
    check_ignoring_target,
    defense_summary,
    discard_words,
    placing,
    play_targets,
    things_left,
    why_not_card,
)
from scenes.table.hooks import TablePort
from scenes.table.reflex import key_label

if TYPE_CHECKING:
    from game.omg.state import OmgState
    from scenes.omg.board import BoardLayout
    from scenes.omg.hud import OmgHud
    from scenes.table.hud import MessageLine
    from scenes.table.sprites import CardSprite


class PicksTable(TablePort, Protocol):
    """What the picks read of their table (``OmgTable`` is one)."""

    message: MessageLine
    board: BoardLayout
    bottom: int
    hud: OmgHud

    @property
    def viewer(self) -> int | None: ...

    @property
    def state(self) -> OmgState: ...

    def acting(self) -> int | None: ...

    def waiting_prompt(self) -> str: ...

    def submit(self, action: Action) -> bool: ...

    def refuse(self, reason: str) -> None: ...

    def refuse_rule(self, reason: str) -> None: ...

    def offered(self, seat: int) -> tuple[Action, ...]: ...

    def offer_key(self) -> Hashable: ...


class Choosing(Protocol):
    """The choice in hand, and what picking calls back (``OmgPicks`` is one)."""

    chosen: str | None
    attacker: int | None
    pending: PlayBeing | Evolve | None
    mull: set[str]

    def cancel(self) -> None: ...

    def gem_draw(self) -> None: ...

    def equip(self) -> None: ...

    def end_turn(self) -> None: ...

    def open_abyss(self, seat: int) -> None: ...

    def send_mulligan(self) -> None: ...

    def toggle_mull(self, card: str | None) -> None: ...

    def choose_card(self, card: str) -> None: ...

    def choose_attacker(self, loc: int) -> None: ...

    def place(self, action: PlayBeing | Evolve) -> None: ...


def same_place(offered: Action, action: PlayBeing | Evolve) -> bool:
    """Is ``offered`` the play ``action`` makes, whatever its ability's target?"""
    return (
        type(offered) is type(action)
        and isinstance(offered, PlayBeing | Evolve)
        and (offered.card, offered.location) == (action.card, action.location)
    )


class ModePicks:
    def __init__(self, table: PicksTable, choosing: Choosing) -> None:
        self.table = table
        self.choosing = choosing

    def offer(self, mode: str, seat: int) -> tuple[list[Pick], str]:
        """The picks of ``mode`` for ``seat``, and its question."""
        offers: dict[str, Callable[[int], tuple[list[Pick], str]]] = {
            "mulligan": self.mulligan,
            "main": self.main,
            "place": self.place,
            "ability": self.ability,
            "attack": self.attack,
            "equip": self.equip,
            "defense": self.defense,
            "discard": self.discard,
        }
        return offers[mode](seat)

    def _hand(self) -> list[CardSprite]:
        zone = self.table.presenter.zone(f"hand:{self.table.bottom}")
        return [s for s in zone if s.card is not None]

    def _card_rect(self, sprite: CardSprite) -> pygame.Rect:
        return sprite.rect(self.table.layer.card_size)

    def _button(
        self, index: int, count: int, label: str, action: Callable[[], object], good: bool = True
    ) -> Pick:
        rect = self.table.board.buttons(count, self.table.layout.scale)[index]
        return Pick(rect, label, action, None, good, "button")

    def _said(self, reason: str) -> str:
        """A rule's refusal as a pick's label says it: the seats by their names."""
        return name_seats(reason, [seat.name for seat in self.table.match.seats])

    def _key(self, intent: str) -> str:
        return key_label(self.table.app.settings.bindings.get(intent, intent))

    def mulligan(self, seat: int) -> tuple[list[Pick], str]:
        # Lit: a card whose marking leads to a mulligan on offer (a lesson's step narrows
        # them), and the button once the cards marked are one.
        marked = self.choosing.mull
        offered = [set(a.cards) for a in self.table.offered(seat) if isinstance(a, Mulligan)]
        picks = [
            Pick(
                self._card_rect(s),
                f"{card_name(s.card or '')}: mark to shuffle back",
                partial(self.choosing.toggle_mull, s.card),
                s,
                any((s.card in cards) != (s.card in marked) for cards in offered),
                "hand",
            )
            for s in self._hand()
        ]
        count = len(marked)
        label = f"Shuffle back {count}, draw {count}" if count else "Keep this hand"
        ready = f"{label} ({self._key('ready')})"
        picks.append(self._button(0, 1, ready, self.choosing.send_mulligan, marked in offered))
        return (
            picks,
            "Mulligan: click cards to shuffle back (or Left/Right and Enter), then confirm.",
        )

    def main(self, seat: int) -> tuple[list[Pick], str]:
        t = self.table
        state = t.state
        legal = state.legal_actions(seat)
        offered = t.offered(seat)  # lit; the rest of ``legal`` stays pickable (and is refused)
        picks: list[Pick] = []
        for sprite in self._hand():
            card = sprite.card or ""
            ok = any(isinstance(a, PlayBeing | Evolve) and a.card == card for a in legal)
            lit = any(isinstance(a, PlayBeing | Evolve) and a.card == card for a in offered)
            label = (
                f"{card_name(card)}: choose where (cost {CARDS[card].cost})"
                if ok
                else why_not_card(state, seat, card)
            )
            picks.append(
                Pick(
                    self._card_rect(sprite),
                    label,
                    partial(self.choosing.choose_card, card) if ok else partial(t.refuse, label),
                    sprite,
                    ok and lit,
                    "hand",
                )
            )
        for loc in range(3):
            zone = t.presenter.zone(f"loc:{seat}:{loc}")
            if not zone:
                continue
            ok = any(isinstance(a, Attack) and a.location == loc for a in legal)
            lit = any(isinstance(a, Attack) and a.location == loc for a in offered)
            refusal = None if ok else state.check(Attack(seat, loc, None))
            label = (
                f"Attack with {card_name(zone[-1].card or '')}"
                if ok
                else sentence(self._said(refusal.message) if refusal else "")
            )
            picks.append(
                Pick(
                    t.board.lane_rect(seat, loc),
                    label,
                    partial(self.choosing.choose_attacker, loc) if ok else partial(t.refuse, label),
                    zone[-1],
                    ok and lit,
                    "lane",
                    loc,
                )
            )
        picks += self._main_buttons(seat, offered, narrowed=len(offered) < len(legal))
        if things_left(legal):
            prompt = (
                "Your turn: drag a card to a lane, or a Being to a target (or arrows and Enter)."
            )
        else:
            prompt = "Nothing more to play or attack with: End turn (E)."
        return picks, prompt

    def _main_buttons(self, seat: int, legal: tuple[Action, ...], narrowed: bool) -> list[Pick]:
        """The Gem's button, the Abyss and End turn (``legal``: the moves on offer; ``narrowed``:
        a lesson's step leaves the others unlit)."""
        side = self.table.state.sides[seat]
        entries: list[tuple[str, Callable[[], object], bool]] = []  # label, action, lit
        if side.deck:
            ok = any(isinstance(a, GemDraw) for a in legal)
            entries.append(("Rest a Gem: draw 1 (G)", self.choosing.gem_draw, ok))
        else:
            ok = any(isinstance(a, EquipGem) for a in legal)
            entries.append(("Equip a Gem: +1 (Q)", self.choosing.equip, ok))
        abyss = lambda: self.choosing.open_abyss(1 - self.table.bottom)  # noqa: E731
        entries.append(("Browse the Abyss (A)", abyss, not narrowed))
        ends = not narrowed or any(isinstance(a, EndTurn) for a in legal)
        entries.append(("End turn (E)", self.choosing.end_turn, ends))
        buttons = [
            self._button(i, len(entries), label, action, good)
            for i, (label, action, good) in enumerate(entries)
        ]
        buttons[-2].look = True  # the Abyss: a look, never the move the keys start on
        # Nothing left to play or attack with: the prompt asks for End turn (it glows).
        buttons[-1].asked = ends and not things_left(self.table.state.legal_actions(seat))
        return buttons

    def place(self, seat: int) -> tuple[list[Pick], str]:
        t = self.table
        card = self.choosing.chosen or ""
        offered = t.offered(seat)
        picks = []
        for loc in range(3):
            action, label = placing(t.state, seat, card, loc)
            refusal = check_ignoring_target(t.state, action)
            lit = any(same_place(a, action) for a in offered)
            text = (
                label
                if refusal is None
                else f"{LOCATION_NAMES[loc]}: {self._said(refusal.message)}"
            )
            picks.append(
                Pick(
                    t.board.lane_rect(seat, loc),
                    text,
                    partial(self.choosing.place, action)
                    if refusal is None
                    else partial(t.refuse, text),
                    None,
                    refusal is None and lit,
                    "lane",
                    loc,
                    risky=text.startswith("Displace"),
                )
            )
        picks.append(self._button(0, 1, "Cancel (Backspace)", self.choosing.cancel))
        return picks, f"{card_name(card)}: choose a lane (lit), or Backspace."

    def ability(self, seat: int) -> tuple[list[Pick], str]:
        t = self.table
        action = self.choosing.pending
        assert action is not None
        picks = []
        being = CARDS[action.card].being
        offered = t.offered(seat)
        for target in play_targets(t.state, action):
            chosen = dataclasses.replace(action, target=target)
            lit = chosen in offered
            if isinstance(target, int):
                zone = t.presenter.zone(f"loc:{1 - seat}:{target}")
                name = card_name(zone[-1].card or "") if zone else LOCATION_NAMES[target]
                picks.append(
                    Pick(
                        t.board.lane_rect(1 - seat, target),
                        f"{being}: aim at {name}",
                        partial(t.submit, chosen),
                        None,
                        lit,
                        "enemy",
                        target,
                    )
                )
            else:
                picks.append(
                    Pick(
                        pygame.Rect(0, 0, 0, 0),
                        f"{being}: take {card_name(cast(str, target))} back",
                        partial(t.submit, chosen),
                        None,
                        lit,
                        "abyss",
                        target,
                    )
                )
        row = [p for p in picks if p.kind == "abyss"]  # Gaia's: a row over the table's middle
        for pick, rect in zip(row, t.board.abyss_row(len(row)), strict=True):
            pick.rect = rect
        picks.append(self._button(0, 1, "Cancel (Backspace)", self.choosing.cancel))
        return picks, f"{being}'s ability: choose its target (lit)."

    def attack(self, seat: int) -> tuple[list[Pick], str]:
        t = self.table
        loc = self.choosing.attacker
        assert loc is not None
        enemy = 1 - seat
        offered = t.offered(seat)
        # Life first: the keys start on the usual target, not on the first rested Being.
        picks = [
            Pick(
                t.board.life_rect(enemy),
                attack_preview(t.state, seat, loc, None),
                partial(t.submit, Attack(seat, loc, None)),
                None,
                Attack(seat, loc, None) in offered,
                "life",
            )
        ]
        for target in range(3):
            zone = t.presenter.zone(f"loc:{enemy}:{target}")
            if not zone:
                continue
            action = Attack(seat, loc, target)
            refusal = t.state.check(action)
            label = (
                attack_preview(t.state, seat, loc, target)
                if refusal is None
                else f"{card_name(zone[-1].card or '')}: {self._said(refusal.message)}"
            )
            picks.append(
                Pick(
                    t.board.lane_rect(enemy, target),
                    label,
                    (
                        partial(t.submit, action)
                        if refusal is None
                        else partial(t.refuse_rule, refusal.message)
                    ),
                    None,
                    refusal is None and action in offered,
                    "enemy",
                    target,
                )
            )
        picks.append(self._button(0, 1, "Cancel (Backspace)", self.choosing.cancel))
        return picks, "Choose a target: a rested enemy Being in range, or their Life."

    def equip(self, seat: int) -> tuple[list[Pick], str]:
        t = self.table
        offered = t.offered(seat)
        picks = []
        for loc in range(3):
            if t.state.sides[seat].locations[loc] is None:
                continue
            picks.append(
                Pick(
                    t.board.lane_rect(seat, loc),
                    f"Equip a Gem at {LOCATION_NAMES[loc]} (+1 until your next Refresh)",
                    partial(t.submit, EquipGem(seat, loc)),
                    None,
                    EquipGem(seat, loc) in offered,
                    "lane",
                    loc,
                )
            )
        picks.append(self._button(0, 1, "Cancel (Backspace)", self.choosing.cancel))
        return picks, "Equip a Gem: choose the Being."

    def defense(self, seat: int) -> tuple[list[Pick], str]:
        t = self.table
        state = t.state
        defense = state.defense
        assert defense is not None
        offered = t.offered(seat)
        picks = []
        if defense.blocker is None:
            for loc in state.blockers(defense):
                stack = state.sides[seat].locations[loc]
                assert stack is not None
                picks.append(
                    Pick(
                        t.board.lane_rect(seat, loc),
                        f"Block with {card_name(stack.cards[-1])} ({block_words(state, seat, loc, [])})",
                        partial(t.submit, Block(seat, loc)),
                        None,
                        Block(seat, loc) in offered,
                        "lane",
                        loc,
                    )
                )
        for sprite in self._hand():
            card = sprite.card or ""
            picks.append(
                Pick(
                    self._card_rect(sprite),
                    f"Discard {card_name(card)} for +{discard_words(state, seat, [card])} defence",
                    partial(t.submit, AddDefense(seat, card)),
                    sprite,
                    AddDefense(seat, card) in offered,
                    "hand",
                )
            )
        done = f"Done: resolve ({self._key('ready')})"
        finish = FinishDefense(seat)
        picks.append(self._button(0, 1, done, partial(t.submit, finish), finish in offered))
        return picks, defense_summary(state, seat)

    def discard(self, seat: int) -> tuple[list[Pick], str]:
        offered = self.table.offered(seat)
        picks = [
            Pick(
                self._card_rect(s),
                f"Discard {card_name(s.card or '')}",
                partial(self.table.submit, Discard(seat, s.card or "")),
                s,
                Discard(seat, s.card or "") in offered,
                "hand",
            )
            for s in self._hand()
        ]
        return picks, "Apollo: discard 1 card (click it, or Left/Right and Enter)."
