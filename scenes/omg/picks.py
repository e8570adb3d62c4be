"""The choices on the OMG table (``OmgPicks``, a part of the table): the mode the acting person
is in, its picks (a card, a lane, a target or a button, each with what picking it does or why it
cannot be picked, kept in a ``FocusRing``), a question waiting for an answer (``choice``) and
the open Abyss browser. What a move means in words (a play's cost, the attack preview, the
defence's running total) is in ``words.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from game.core.actions import Action
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
from scenes.omg.focus import FocusRing, Pick
from scenes.omg.hud import card_name
from scenes.omg.modes import ModePicks, PicksTable, same_place
from scenes.omg.words import (
    check_ignoring_target,
    placing,
    play_targets,
    things_left,
)
from scenes.table.hud import ChoiceBar, Option

if TYPE_CHECKING:
    from scenes.table.sprites import CardSprite

__all__ = ["MODE_KINDS", "SUB_MODES", "OmgPicks", "Pick", "PicksTable"]

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
    """Modes: ``mulligan``, ``main`` (Advancement), ``place`` (a card chosen: which lane),
    ``attack`` (an attacker chosen: which target), ``ability`` (a Play ability's target),
    ``equip`` (which Being gets the Gem), ``defense`` (block and/or discard), ``discard``
    (Apollo), ``idle`` (not this person's move)."""

    def __init__(self, table: PicksTable) -> None:
        self.table = table
        self.ring = FocusRing()
        self.modes = ModePicks(table, self)
        self.mode = "idle"
        self.chosen: str | None = None  # the hand card being placed
        self.attacker: int | None = None  # the location attacking
        self.pending: PlayBeing | Evolve | None = None  # a play waiting for its target
        self.mull: set[str] = set()
        self.choice: ChoiceBar | None = None  # a question waiting for its answer
        self.browse: int | None = None  # the seat whose Abyss is open
        self.built_for: tuple[object, ...] | None = None  # the moment the picks were built for

    # --- the mode -----------------------------------------------------------------------------
    def idle(self) -> None:
        """Nothing half-chosen (the next build takes the phase's mode)."""
        self.mode, self.chosen, self.attacker, self.pending = "idle", None, None, None

    def refresh(self) -> None:
        """The picks for this moment (a settled frame): built anew when a move was made, the
        seat or the phase changed (whatever was half-chosen goes), or the window's size."""
        t = self.table
        key = (len(t.match.log), t.viewer, t.acting(), t.state.phase, t.app.size, t.offer_key())
        if key == self.built_for:
            return
        if self.built_for is None or key[:4] != self.built_for[:4]:
            self.idle()
            self.choice = None
            self.ring.focus = -1  # a new moment: the keys start on its likeliest move
        self.built_for = key
        self.build()

    def reset(self) -> None:
        """Whatever was being chosen goes, at once (its words named a person's cards)."""
        self.built_for = None
        if self.ring.picks or self.choice is not None or self.table.message.asking is not None:
            self.idle()
            self.ring.clear()
            self.choice = None
            self.table.message.prompt = ""

    def submitted(self) -> None:
        """A move went to the match: its choice is over."""
        self.idle()
        self.ring.clear()
        if self.table.message.asking is not None:  # answered: it goes now, not after the animation
            self.table.message.prompt = ""

    def build(self) -> None:
        """Set the picks for the mode (the base mode follows the phase)."""
        t = self.table
        seat = t.acting()
        for sprite in t.presenter.zone(f"hand:{t.bottom}"):
            sprite.dim, sprite.selected, sprite.lift = False, False, 0.0
        if seat is None:
            self.mode, self.ring.picks = "idle", []
            t.message.prompt = t.waiting_prompt() or ("" if t.hud.game_over else "Watching.")
            return
        phase = t.state.phase
        if self.mode not in SUB_MODES:
            self.mode = {"mulligan": "mulligan", "defense": "defense", "discard": "discard"}.get(
                phase, "main"
            )
        picks, prompt = self.modes.offer(self.mode, seat)
        self.table.message.ask(seat, prompt, *MODE_KINDS[self.mode])  # naming what it asks for
        self.ring.show(picks)
        self.mark()

    def mark(self) -> None:
        """Lift the focused hand card; dim the ones that cannot be picked now."""
        t = self.table
        h = t.board.card_h
        focused = self.ring.focused()
        hand_picks = {id(p.sprite): p for p in self.ring.picks if p.kind == "hand"}
        for sprite in t.presenter.zone(f"hand:{t.bottom}"):
            pick = hand_picks.get(id(sprite))
            marked = self.mode == "mulligan" and sprite.card in self.mull
            sprite.dim = pick is None or not pick.good
            sprite.selected = (focused is not None and focused.sprite is sprite) or marked
            sprite.lift = h * (0.16 if sprite.selected else 0.06 if not sprite.dim else 0.0)

    def panels_asking(self) -> list[tuple[int, tuple[type, ...]]]:
        """The mode's buttons and picks, and a confirmation bar, with what they ask for."""
        seat = self.table.acting()
        panels: list[tuple[int, tuple[type, ...]]] = []
        if seat is not None and self.ring.picks and self.mode in MODE_KINDS:
            panels.append((seat, MODE_KINDS[self.mode]))
        if self.choice is not None:
            actions = [o.payload for o in self.choice.options if isinstance(o.payload, Action)]
            if actions:
                panels.append((actions[0].seat, tuple({type(a) for a in actions})))
        return panels

    def held(self) -> list[CardSprite]:
        """A card dropped on a lane while its play waits for an answer ("Displace …?", its
        ability's target): it stays over the lane until then."""
        if self.chosen is None or self.mode == "main":
            return []
        hand = self.table.presenter.zones.get(f"hand:{self.table.bottom}", [])
        return [s for s in hand if s.card is not None and s.card == self.chosen]

    def things_left(self, legal: tuple[Action, ...] | None = None) -> list[str]:
        """What the acting person could still do this turn, in words (empty: nothing)."""
        seat = self.table.acting()
        if seat is None:
            return []
        return things_left(legal if legal is not None else self.table.state.legal_actions(seat))

    def asked_only(self, seat: int, action: Action) -> bool:
        """Is ``action`` on offer while a lesson's step narrows the moves (a choice bar's focus
        starts on it)?"""
        offered = self.table.offered(seat)
        narrowed = len(offered) < len(self.table.state.legal_actions(seat))
        placed = isinstance(action, PlayBeing | Evolve)
        return narrowed and any(
            a == action or (placed and same_place(a, cast(PlayBeing, action))) for a in offered
        )

    # --- commands -----------------------------------------------------------------------------
    def cancel(self) -> None:
        # A card dropped on a lane and waiting there (its play not made) goes back to the hand.
        self.table.presenter.settle(f"hand:{self.table.bottom}", 320)
        self.idle()
        self.mode, self.choice = "main", None
        self.build()

    def gem_draw(self) -> None:
        seat = self.table.acting()
        if seat is not None:
            self.table.submit(GemDraw(seat))

    def equip(self) -> None:
        t = self.table
        seat = t.acting()
        if seat is None:
            return
        sides = t.state.sides[seat].locations
        refusal = t.state.check(EquipGem(seat, next((j for j, s in enumerate(sides) if s), 0)))
        if refusal is not None:
            t.refuse_rule(refusal.message)
            return
        self.mode, self.ring.focus = "equip", 0
        self.build()

    def end_turn(self) -> None:
        t = self.table
        seat = t.acting()
        if seat is None or t.state.phase != "main":
            t.refuse("It is not your Advancement step")
            return
        left = self.things_left()
        if not left:
            t.submit(EndTurn(seat))
            return
        self.choice = ChoiceBar(
            f"You could still {' and '.join(left)}. End the turn?",
            [
                Option("End turn", EndTurn(seat), hotkey="y"),
                Option("Keep playing", None, hotkey="n"),
            ],
            self._confirmed,
        )
        # Enter keeps playing (ending a turn early is the risky answer), unless a lesson's
        # step asks for the end.
        self.choice.focus = 0 if self.asked_only(seat, EndTurn(seat)) else 1
        self.choice.layout(t.board.centre(), t.layout.scale)

    def _confirmed(self, action: Action | None) -> None:
        self.choice = None
        if action is not None:
            self.table.submit(action)

    def open_abyss(self, seat: int) -> None:
        self.browse = seat

    def send_mulligan(self) -> None:
        t = self.table
        seat = t.acting()
        if seat is None:
            return
        cards = tuple(sorted(c for c in self.mull if c in t.state.sides[seat].hand))
        self.mull = set()
        t.submit(Mulligan(seat, cards))

    def drop_on_lane(self, seat: int, card: str, loc: int) -> bool:
        """A hand card dragged onto a lane: placed there, or refused (back to the hand)."""
        self.mode, self.chosen = "place", card
        action, _ = placing(self.table.state, seat, card, loc)
        refusal = check_ignoring_target(self.table.state, action)
        if refusal is not None:
            self.table.refuse_rule(refusal.message)
            self.cancel()
            return False
        self.place(action)
        return True

    def choose_attacker(self, loc: int) -> None:
        self.mode, self.attacker, self.ring.focus = "attack", loc, -1
        self.build()

    # --- choosing ----------------------------------------------------------------------------
    def toggle_mull(self, card: str | None) -> None:
        if card is None:
            return
        self.mull ^= {card}
        self.build()

    def choose_card(self, card: str) -> None:
        self.mode, self.chosen, self.ring.focus = "place", card, -1
        self.build()

    def place(self, action: PlayBeing | Evolve) -> None:
        t = self.table
        stack = t.state.sides[action.seat].locations[action.location]
        if isinstance(action, PlayBeing) and stack is not None:
            text = f"Displace {card_name(stack.cards[-1])}? Its stack of {len(stack.cards)} goes to the Abyss."
            choice = self.choice = ChoiceBar(
                text,
                [Option("Displace", action, hotkey="y"), Option("Keep it", None, hotkey="n")],
                self._confirmed_place,
            )
            # Enter keeps the Being (displacing it is the risky answer), unless a lesson asks it.
            choice.focus = 0 if self.asked_only(action.seat, action) else 1
            choice.layout(t.board.centre(), t.layout.scale)
            return
        self._confirmed_place(action)

    def _confirmed_place(self, action: PlayBeing | Evolve | None) -> None:
        self.choice = None
        if action is None:
            return
        if play_targets(self.table.state, action):
            self.pending, self.mode, self.ring.focus = action, "ability", -1
            self.build()
            return
        self.table.submit(action)
