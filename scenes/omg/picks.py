"""The choices on the OMG table, mode by mode: each a ``Pick`` (a card, a lane, a target or a
button) with what picking it does, or why it cannot be picked; a combat's words (the preview,
the defence's running total) are in ``words.py``."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial
from typing import Any, cast

import pygame

from game.core.actions import Action
from game.core.errors import Refusal
from game.core.narration import counted
from game.omg import moves
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
    Target,
)
from game.omg.board import LOCATION_NAMES
from game.omg.cards import CARDS
from scenes.omg.hud import card_name
from scenes.omg.port import OmgPort, Pick
from scenes.omg.words import attack_preview, block_words, defense_summary, discard_words
from scenes.table.hud import ChoiceBar, Option
from scenes.table.reflex import key_label
from scenes.table.sprites import CardSprite

SUB_MODES = ("place", "attack", "ability", "equip")


# What each mode asks the acting seat for (its prompt and its buttons).
MODE_KINDS: dict[str, tuple[type[Action], ...]] = {
    "mulligan": (Mulligan,),
    "main": (PlayBeing, Evolve, Attack, GemDraw, EquipGem, EndTurn),
    "place": (PlayBeing, Evolve),
    "ability": (PlayBeing, Evolve),
    "attack": (Attack,),
    "equip": (EquipGem,),
    "defense": (Block, AddDefense, FinishDefense),
    "discard": (Discard,),
}


class OmgPicks:
    """The picks of each mode (mixed into ``OmgTable`` through ``OmgPlay``). Its methods read
    the table through ``OmgPort``."""

    # The interaction's state, set by ``OmgPlay.setup_play`` (declared once, for both mixins).
    mode: str
    picks: list[Pick]
    focus: int
    chosen: str | None  # the hand card being placed
    attacker: int | None  # the location attacking
    pending: PlayBeing | Evolve | None  # a play waiting for its target
    mull: set[str]
    choice: ChoiceBar | None
    browse: int | None  # the seat whose Abyss is open
    hover: tuple[int, int]
    show_help: bool  # the controls panel (the help key, H unless rebound)
    _play_key: tuple[Any, ...] | None

    def _ask(self: OmgPort, seat: int, text: str) -> None:
        """The mode's question on the message line, naming what it asks ``seat`` for."""
        self.message.ask(seat, text, *MODE_KINDS[self.mode])

    def panels_asking(self: OmgPort) -> list[tuple[int, tuple[type, ...]]]:
        """The mode's buttons and picks, and a confirmation bar, with what they ask for."""
        seat = self.acting()
        panels: list[tuple[int, tuple[type, ...]]] = []
        if seat is not None and self.picks and self.mode in MODE_KINDS:
            panels.append((seat, MODE_KINDS[self.mode]))
        if self.choice is not None:
            actions = [o.payload for o in self.choice.options if isinstance(o.payload, Action)]
            if actions:
                panels.append((actions[0].seat, tuple({type(a) for a in actions})))
        return panels

    # --- picks per mode -----------------------------------------------------------------------
    def _hand(self: OmgPort) -> list[CardSprite]:
        return [s for s in self.presenter.zone(f"hand:{self.bottom}") if s.card is not None]

    def _card_rect(self: OmgPort, sprite: CardSprite) -> pygame.Rect:
        return sprite.rect(self.layer.card_size)

    def _button(
        self: OmgPort,
        index: int,
        count: int,
        label: str,
        action: Callable[[], object],
        good: bool = True,
    ) -> Pick:
        rect = self.board.buttons(count, self.layout.scale)[index]
        return Pick(rect, label, action, None, good, "button")

    def _picks_mulligan(self: OmgPort, seat: int) -> list[Pick]:
        picks = [
            Pick(
                self._card_rect(s),
                f"{card_name(s.card or '')}: mark to shuffle back",
                partial(self._toggle_mull, s.card),
                s,
                True,
                "hand",
            )
            for s in self._hand()
        ]
        count = len(self.mull)
        label = f"Shuffle back {count}, draw {count}" if count else "Keep this hand"
        picks.append(
            self._button(0, 1, f"{label} ({key_label(self._key('ready'))})", self._send_mulligan)
        )
        self._ask(
            seat, "Mulligan: click cards to shuffle back (or Left/Right and Enter), then confirm."
        )
        return picks

    def _toggle_mull(self: OmgPort, card: str | None) -> None:
        if card is None:
            return
        self.mull ^= {card}
        self._build()

    def _send_mulligan(self: OmgPort) -> None:
        seat = self.acting()
        if seat is None:
            return
        cards = tuple(sorted(c for c in self.mull if c in self.state.sides[seat].hand))
        self.mull = set()
        self.submit(Mulligan(seat, cards))

    def _picks_main(self: OmgPort, seat: int) -> list[Pick]:
        state = self.state
        legal = state.legal_actions(seat)
        picks: list[Pick] = []
        for sprite in self._hand():
            card = sprite.card or ""
            ok = any(isinstance(a, PlayBeing | Evolve) and a.card == card for a in legal)
            label = (
                f"{card_name(card)}: choose where (cost {CARDS[card].cost})"
                if ok
                else self._why_not_card(seat, card)
            )
            picks.append(
                Pick(
                    self._card_rect(sprite),
                    label,
                    partial(self._choose_card, card) if ok else partial(self.refuse, label),
                    sprite,
                    ok,
                    "hand",
                )
            )
        for loc in range(3):
            zone = self.presenter.zone(f"loc:{seat}:{loc}")
            if not zone:
                continue
            ok = any(isinstance(a, Attack) and a.location == loc for a in legal)
            refusal = None if ok else state.check(Attack(seat, loc, None))
            label = (
                f"Attack with {card_name(zone[-1].card or '')}"
                if ok
                else (refusal.message if refusal else "")
            )
            picks.append(
                Pick(
                    self._lane_rect(seat, loc),
                    label,
                    partial(self._choose_attacker, loc) if ok else partial(self.refuse, label),
                    zone[-1],
                    ok,
                    "lane",
                    loc,
                )
            )
        picks += self._main_buttons(seat, legal)
        self._ask(seat, self._main_prompt(legal))
        return picks

    def _main_buttons(self: OmgPort, seat: int, legal: tuple[Action, ...]) -> list[Pick]:
        side = self.state.sides[seat]
        entries: list[tuple[str, Callable[[], object], bool]] = []
        if side.deck:
            ok = any(isinstance(a, GemDraw) for a in legal)
            entries.append(("Rest a Gem: draw 1 (G)", self.gem_draw, ok))
        else:
            ok = any(isinstance(a, EquipGem) for a in legal)
            entries.append(("Equip a Gem: +1 (Q)", self.equip, ok))
        entries.append(("Browse the Abyss (A)", lambda: self.open_abyss(1 - self.bottom), True))
        entries.append(("End turn (E)", self.end_turn, True))
        return [
            self._button(i, len(entries), label, action, good)
            for i, (label, action, good) in enumerate(entries)
        ]

    def _main_prompt(self: OmgPort, legal: tuple[Action, ...]) -> str:
        if self.things_left(legal):
            return "Your turn: drag a card to a lane, or a Being to a target (or arrows and Enter)."
        return "Nothing more to play or attack with: End turn (E)."

    def things_left(self: OmgPort, legal: tuple[Action, ...] | None = None) -> list[str]:
        """What the acting person could still do this turn, in words (empty: nothing)."""
        seat = self.acting()
        if seat is None:
            return []
        legal = legal if legal is not None else self.state.legal_actions(seat)
        cards = {a.card for a in legal if isinstance(a, PlayBeing | Evolve)}
        attackers = {a.location for a in legal if isinstance(a, Attack)}
        left = []
        if cards:
            left.append(f"play or evolve {len(cards)} card{'s' if len(cards) != 1 else ''}")
        if attackers:
            left.append(f"attack with {len(attackers)} Being{'s' if len(attackers) != 1 else ''}")
        return left

    def _why_not_card(self: OmgPort, seat: int, card: str) -> str:
        side = self.state.sides[seat]
        cost = CARDS[card].cost
        same = [s for s in side.locations if s is not None and s.top.being == CARDS[card].being]
        if same:
            refusal = self.state.check(Evolve(seat, card, side.locations.index(same[0])))
            if refusal is not None and refusal.code != "bad_target":
                return f"{card_name(card)}: {refusal.message}"
        if cost > side.gems_active:
            return f"{card_name(card)} needs {counted(cost, 'Gem')}, you have {side.gems_active} active"
        return f"{card_name(card)}: no lane takes it now"

    def _lane_rect(self: OmgPort, seat: int, loc: int) -> pygame.Rect:
        return self.board.lane_rect(seat, loc)

    def _choose_card(self: OmgPort, card: str) -> None:
        self.mode, self.chosen, self.focus = "place", card, -1
        self._build()

    def _picks_place(self: OmgPort, seat: int) -> list[Pick]:
        card = self.chosen or ""
        picks = []
        for loc in range(3):
            action, label = self._placing(seat, card, loc)
            refusal = self._check_ignoring_target(action)
            good = refusal is None
            text = label if good else f"{LOCATION_NAMES[loc]}: {refusal.message}"  # type: ignore[union-attr]
            picks.append(
                Pick(
                    self._lane_rect(seat, loc),
                    text,
                    partial(self._place, action) if good else partial(self.refuse, text),
                    None,
                    good,
                    "lane",
                    loc,
                    risky=text.startswith("Displace"),
                )
            )
        picks.append(self._button(0, 1, "Cancel (Backspace)", self.cancel))
        self._ask(seat, f"{card_name(card)}: choose a lane (lit), or Backspace.")
        return picks

    def _placing(self: OmgPort, seat: int, card: str, loc: int) -> tuple[PlayBeing | Evolve, str]:
        """The action a card dropped on a lane means, and what it costs, in words."""
        side = self.state.sides[seat]
        stack = side.locations[loc]
        where = LOCATION_NAMES[loc]
        if stack is not None and stack.top.being == CARDS[card].being:
            cost = moves.evolve_cost(stack, card)
            return (
                Evolve(seat, card, loc),
                f"Evolve {stack.top.being} to L{CARDS[card].level} at {where} ({counted(cost, 'Gem')})",
            )
        cost = CARDS[card].cost
        if stack is not None:
            return (
                PlayBeing(seat, card, loc),
                f"Displace {card_name(stack.cards[-1])} at {where}: play {card_name(card)} ({counted(cost, 'Gem')})",
            )
        return PlayBeing(
            seat, card, loc
        ), f"Play {card_name(card)} at {where} ({counted(cost, 'Gem')})"

    def _targets(self: OmgPort, action: PlayBeing | Evolve) -> list[Target]:
        return moves.play_targets(
            self.state, action.seat, action.card, action.location, isinstance(action, Evolve)
        )

    def _check_ignoring_target(self: OmgPort, action: PlayBeing | Evolve) -> Refusal | None:
        targets = self._targets(action)
        return self.state.check(dataclasses.replace(action, target=targets[0] if targets else None))

    def held_cards(self: OmgPort) -> list[CardSprite]:
        """The dragged card, and a card dropped on a lane while its play waits for an answer
        ("Displace …?", its ability's target): it stays over the lane until then."""
        held = super().held_cards()  # type: ignore[misc]
        if self.chosen is not None and self.mode != "main":
            hand = self.presenter.zones.get(f"hand:{self.bottom}", [])
            held += [s for s in hand if s.card is not None and s.card == self.chosen]
        return held

    def _place(self: OmgPort, action: PlayBeing | Evolve) -> None:
        stack = self.state.sides[action.seat].locations[action.location]
        if isinstance(action, PlayBeing) and stack is not None:
            text = f"Displace {card_name(stack.cards[-1])}? Its stack of {len(stack.cards)} goes to the Abyss."
            choice = self.choice = ChoiceBar(
                text,
                [Option("Displace", action, hotkey="y"), Option("Keep it", None, hotkey="n")],
                self._confirmed_place,
            )
            choice.focus = 1  # Enter keeps the Being: displacing it is the risky answer
            choice.layout(self._centre(), self.layout.scale)
            return
        self._confirmed_place(action)

    def _confirmed_place(self: OmgPort, action: PlayBeing | Evolve | None) -> None:
        self.choice = None
        if action is None:
            return
        targets = self._targets(action)
        if targets:
            self.pending, self.mode, self.focus = action, "ability", -1
            self._build()
            return
        self.submit(action)

    def _picks_ability(self: OmgPort, seat: int) -> list[Pick]:
        action = self.pending
        assert action is not None
        picks = []
        being = CARDS[action.card].being
        for target in self._targets(action):
            chosen = dataclasses.replace(action, target=target)
            if isinstance(target, int):
                zone = self.presenter.zone(f"loc:{1 - seat}:{target}")
                name = card_name(zone[-1].card or "") if zone else LOCATION_NAMES[target]
                picks.append(
                    Pick(
                        self._lane_rect(1 - seat, target),
                        f"{being}: aim at {name}",
                        partial(self.submit, chosen),
                        None,
                        True,
                        "enemy",
                        target,
                    )
                )
            else:
                picks.append(
                    Pick(
                        pygame.Rect(0, 0, 0, 0),
                        f"{being}: take {card_name(cast(str, target))} back",
                        partial(self.submit, chosen),
                        None,
                        True,
                        "abyss",
                        target,
                    )
                )
        self._lay_abyss_picks(picks)
        picks.append(self._button(0, 1, "Cancel (Backspace)", self.cancel))
        self._ask(seat, f"{being}'s ability: choose its target (lit).")
        return picks

    def _lay_abyss_picks(self: OmgPort, picks: list[Pick]) -> None:
        """Gaia's choices: the Abyss cards in a row over the middle of the table."""
        row = [p for p in picks if p.kind == "abyss"]
        if not row:
            return
        w, h = round(self.board.card_w * 0.9), round(self.board.card_h * 0.9)
        step = min(w + 8, (self.board.size[0] * 0.6) / max(1, len(row)))
        x0 = self.board.cx - step * (len(row) - 1) / 2
        for i, pick in enumerate(row):
            pick.rect = pygame.Rect(0, 0, w, h)
            pick.rect.center = (round(x0 + i * step), round(sum(self.board.row_y) / 2))

    def _choose_attacker(self: OmgPort, loc: int) -> None:
        self.mode, self.attacker, self.focus = "attack", loc, -1
        self._build()

    def _picks_attack(self: OmgPort, seat: int) -> list[Pick]:
        loc = self.attacker
        assert loc is not None
        enemy = 1 - seat
        # Life first: the keys start on the usual target, not on the first rested Being.
        picks = [
            Pick(
                self.board.life_rect(enemy),
                attack_preview(self.state, seat, loc, None),
                lambda: self.submit(Attack(seat, loc, None)),
                None,
                True,
                "life",
            )
        ]
        for target in range(3):
            zone = self.presenter.zone(f"loc:{enemy}:{target}")
            if not zone:
                continue
            action = Attack(seat, loc, target)
            refusal = self.state.check(action)
            label = (
                attack_preview(self.state, seat, loc, target)
                if refusal is None
                else f"{card_name(zone[-1].card or '')}: {refusal.message}"
            )
            picks.append(
                Pick(
                    self._lane_rect(enemy, target),
                    label,
                    (
                        partial(self.submit, action)
                        if refusal is None
                        else partial(self.refuse_rule, refusal.message)
                    ),
                    None,
                    refusal is None,
                    "enemy",
                    target,
                )
            )
        picks.append(self._button(0, 1, "Cancel (Backspace)", self.cancel))
        self._ask(seat, "Choose a target: a rested enemy Being in range, or their Life.")
        return picks

    def _picks_equip(self: OmgPort, seat: int) -> list[Pick]:
        picks = []
        for loc in range(3):
            if self.state.sides[seat].locations[loc] is None:
                continue
            action = EquipGem(seat, loc)
            picks.append(
                Pick(
                    self._lane_rect(seat, loc),
                    f"Equip a Gem at {LOCATION_NAMES[loc]} (+1 until your next Refresh)",
                    partial(self.submit, action),
                    None,
                    True,
                    "lane",
                    loc,
                )
            )
        picks.append(self._button(0, 1, "Cancel (Backspace)", self.cancel))
        self._ask(seat, "Equip a Gem: choose the Being.")
        return picks

    def _picks_defense(self: OmgPort, seat: int) -> list[Pick]:
        state = self.state
        defense = state.defense
        assert defense is not None
        picks = []
        if defense.blocker is None:
            for loc in state.blockers(defense):
                stack = state.sides[seat].locations[loc]
                assert stack is not None
                picks.append(
                    Pick(
                        self._lane_rect(seat, loc),
                        f"Block with {card_name(stack.cards[-1])} ({block_words(state, seat, loc, [])})",
                        partial(self.submit, Block(seat, loc)),
                        None,
                        True,
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
                    partial(self.submit, AddDefense(seat, card)),
                    sprite,
                    True,
                    "hand",
                )
            )
        picks.append(
            self._button(
                0,
                1,
                f"Done: resolve ({key_label(self._key('ready'))})",
                lambda: self.submit(FinishDefense(seat)),
            )
        )
        self._ask(seat, defense_summary(self.state, seat))
        return picks

    def _picks_discard(self: OmgPort, seat: int) -> list[Pick]:
        picks = [
            Pick(
                self._card_rect(s),
                f"Discard {card_name(s.card or '')}",
                partial(self.submit, Discard(seat, s.card or "")),
                s,
                True,
                "hand",
            )
            for s in self._hand()
        ]
        self._ask(seat, "Apollo: discard 1 card (click it, or Left/Right and Enter).")
        return picks
