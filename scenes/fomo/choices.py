"""What the acting person may do on the FOMO table, whatever the input: the turn's modes and the
actions they lead to (scenes/fomo/turn.py reads the mouse and the keys into these).

Modes: ``choose`` (pick a card and what to do with it), ``take`` (the top discard is taken: pick
the card to throw away), ``target`` (an action card waits for its players or slots), ``confirm``
(the FOMO! call asks first), ``throwback`` (choose a card from the pile). Every refusal says why
on the message line; the legal targets of the card in hand are lit (scenes/fomo/hud.py)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import pygame

from game.core.actions import Action
from game.fomo.actions import (
    CallFomo,
    PlayGhosted,
    PlayPlotTwist,
    PlaySeen,
    PlaySwap,
    PlayThrowback,
    TakeDiscard,
    TakeThrowback,
)
from game.fomo.cards import (
    CANCELED,
    GHOSTED,
    PLOT_TWIST,
    SEEN,
    SET_SIZE,
    SWAP,
    THROWBACK,
    card_name,
    is_number,
)
from game.fomo.checks import CARD_OF, TURN_ACTIONS
from scenes.fomo.browser import PileBrowser
from scenes.fomo.ports import Target
from scenes.table.drag import DragController
from scenes.table.hud import ChoiceBar, Option
from scenes.table.reflex import key_label
from scenes.table.sprites import CardSprite

if TYPE_CHECKING:
    from scenes.fomo.ports import FomoTablePort

SLOT_KEYS = {f"{i + 1}": i for i in range(SET_SIZE)} | {f"[{i + 1}]": i for i in range(SET_SIZE)}
TARGET_PROMPTS = {
    SEEN: ["Seen: whose hidden set do you look at (yours too)?"],
    PLOT_TWIST: ["Plot Twist: pick the first player", "Plot Twist: pick the player to trade with"],
    SWAP: ["Swap: pick a hidden card", "Swap: pick a hidden card of another player"],
}
TARGET_ACTIONS: dict[str, type[Action]] = {
    SEEN: PlaySeen,
    PLOT_TWIST: PlayPlotTwist,
    SWAP: PlaySwap,
}
TURN_PROMPT = (
    "Your turn: discard, put a number in a hidden slot or play an action — {call}: FOMO!, "
    "{help}: help"
)


def card_of(action: Action) -> str | None:
    """The card from hand a turn's move is made with (None: a FOMO! call)."""
    return CARD_OF.get(type(action), getattr(action, "card", None))


def named_seats(action: Action) -> tuple[int, ...]:
    """The players an action card names (Seen: one; Plot Twist and Swap: two)."""
    if isinstance(action, PlaySeen):
        return (action.target,)
    if isinstance(action, PlayPlotTwist | PlaySwap):
        return (action.first, action.second)
    return ()


class TurnChoices:
    """The turn's state and its moves; ``TurnInput`` adds the mouse and the keys."""

    drag: DragController

    def __init__(self, table: FomoTablePort) -> None:
        self.table = table
        self.mode = "idle"
        self.selected = 0
        self.action_card: str | None = None
        self.picks: list[Target] = []
        self.focus = 0
        self.confirm: ChoiceBar | None = None
        self.browser: PileBrowser | None = None
        self.show_help = False
        self.show_log = False  # the log of the moves, scrolled back (scenes/table/log.py)
        self._key: tuple[object, ...] | None = None
        self._offered: tuple[object, tuple[Action, ...]] = (None, ())
        self._rest_geometry: tuple[object, ...] | None = None
        self._rest_rects: dict[tuple[int, int], pygame.Rect] = {}  # (seat, slot) → at rest

    def key(self, intent: str) -> str:
        """The key an intent is bound to, as a player reads it (labels follow rebinding)."""
        return key_label(self.table.app.settings.bindings.get(intent, "?"))

    # --- whose turn, what is held --------------------------------------------------------------
    @property
    def me(self) -> int | None:
        return self.table.private

    def my_turn(self) -> bool:
        t = self.table
        return (
            self.me is not None
            and not t.curtain.active
            and not t.replaying
            and not t.match.seats[self.me].is_bot
            and self.me in t.match.state.to_act()
            and t.state.phase in ("turn", "throwback")
        )

    def hand(self) -> list[CardSprite]:
        return self.table.presenter.zone(f"hand:{self.me}") if self.me is not None else []

    def held_card(self) -> str | None:
        """The card the person holds (dragged or selected), for lighting its targets."""
        if self.drag.sprite is not None and self.drag.dragging:
            return self.drag.sprite.card if self.drag.sprite.zone.startswith("hand:") else None
        hand = self.hand()
        if self.mode == "choose" and hand:
            return hand[self.selected % len(hand)].card
        return None

    def offered(self) -> tuple[Action, ...]:
        """The person's moves the table lights: the legal ones, in a lesson its step's."""
        key = self._state_key()  # asked every frame a card is held: kept until it changes
        if self._offered[0] != key:
            me = self.me
            self._offered = (
                key,
                self.table.offered(me) if me is not None and self.my_turn() else (),
            )
        return self._offered[1]

    def offers(self, card: str) -> bool:
        """Is a move with ``card`` from hand offered (a number placed, an action played...)?"""
        return any(card_of(action) == card for action in self.offered())

    def _state_key(self) -> tuple[object, ...]:
        t = self.table
        return (len(t.match.log), self.me, t.state.phase, self.my_turn(), t.offer_key())

    def refresh(self) -> None:
        key = self._state_key()
        if key != self._key:
            self._key = key
            self.reset()

    def reset(self) -> None:
        self._key = self._state_key()
        self.confirm, self.action_card, self.picks, self.focus = None, None, [], 0
        self.browser = None  # it showed what its audience knew then: closed at every change
        t = self.table
        if not self.my_turn():
            self.mode = "idle"
            self._mark()
            # A question to this seat is answered now: the line says what goes on instead.
            t.message.prompt = t.waiting_prompt() or ("" if t.message.asking else t.message.prompt)
            return
        assert self.me is not None
        t.message.warning = ""  # a refusal from before this turn ("Wait: ...") no longer holds
        if t.state.phase == "throwback":
            self.mode = "throwback"
            view = t.view_of(self.me)
            self.browser = PileBrowser(
                "Throwback: take one card from the discard pile",
                Counter(view.discard_below),
                view.discard_top,
                pick=True,
            )
            offered = [a.card for a in self.offered() if isinstance(a, TakeThrowback)]
            cards = self.browser.cards
            self.browser.focus = next((cards.index(c) for c in offered if c in cards), 0)
            t.message.ask(
                self.me, "Throwback: click a card, or Left/Right and Enter.", TakeThrowback
            )
        else:
            self.mode = "choose"
            text = TURN_PROMPT.format(call=self.key("call"), help=self.key("help"))
            t.message.ask(self.me, text, *TURN_ACTIONS)
        hand = [sprite.card or "" for sprite in self.hand()]
        self.selected = min(self.selected, max(0, len(hand) - 1))
        if self.mode == "choose" and hand and not self.offers(hand[self.selected]):
            # (a lesson's step: the keys start on a card it asks for)
            self.selected = next((i for i, c in enumerate(hand) if self.offers(c)), self.selected)
        self._mark()

    def _mark(self) -> None:
        """Lift the selected card (the keys point at it); the taken top card glows."""
        h = self.table.layout.card_size[1]
        hand = self.hand()
        for i, sprite in enumerate(hand):
            chosen = self.mode in ("choose", "take") and i == self.selected % max(1, len(hand))
            sprite.selected = chosen
            sprite.lift = h * (0.22 if chosen else 0.08 if self.mode in ("choose", "take") else 0)
            sprite.dim = self.mode == "choose" and not self.offers(sprite.card or "")
        pile = self.table.presenter.zone("discard")
        for sprite in pile:
            sprite.selected = self.mode == "take" and sprite is pile[-1]

    # --- acting ---------------------------------------------------------------------------------
    def submit(self, action: Action) -> bool:
        if not self.table.submit(action):
            return False
        self.mode, self.picks, self.action_card, self.confirm = "idle", [], None, None
        self.browser = None
        self._mark()
        return True

    def not_now(self) -> bool:
        """Refuse with who is being waited for, if it is not this person's turn."""
        if self.my_turn():
            return False
        t = self.table
        if t.match.is_over():
            t.refuse("The game is over")
        elif t.state.phase == "cancel":
            t.refuse("Wait: the targeted players may still play Canceled")
        else:
            t.refuse(self._wait_for(t.hud.turn))
        return True

    def _wait_for(self, turn: int | None) -> str:
        """Whose turn the table shows, as the one pressing reads it: a person's own turn shown
        while their move is still played out is over (not "it is your turn")."""
        t = self.table
        if turn is None:
            return "Wait"
        if turn in t.humans and turn not in t.state.to_act():
            return f"Wait: {t.possessive(turn)} turn is over"
        if turn in t.humans:  # the screen goes to them once the last move is shown
            return f"Wait: {t.possessive(turn)} turn starts in a moment"
        return f"Wait: it is {t.possessive(turn)} turn"

    def ask_fomo(self) -> None:
        if self.not_now() or self.me is None:
            return
        t = self.table
        refusal = t.match.state.check(CallFomo(self.me))
        if refusal is not None:
            t.refuse_rule(refusal.message)
            return
        self.mode = "confirm"
        self.confirm = ChoiceBar(
            "Call FOMO!?",
            [
                Option("Call FOMO!", CallFomo(self.me), hotkey="y"),
                Option("Not yet", None, hotkey="n"),
            ],
            self._confirmed,
        )
        # Enter alone never gambles the game away, but in a lesson the call is the step's.
        self.confirm.focus = 0 if t.coach is not None and CallFomo(self.me) in self.offered() else 1
        self.table.message.prompt = ""  # the question is the only thing to read now
        self.confirm.layout(*self._confirm_place())

    def _confirm_place(self) -> tuple[tuple[float, float], float]:
        layout = self.table.layout
        return (layout.centre[0], layout.centre[1] + 50 * layout.scale), layout.scale

    def confirm_rects(self) -> list[pygame.Rect]:
        """Where the FOMO! question's buttons ("Call FOMO!", "Not yet") stand once asked."""
        bar = ChoiceBar("", [Option("", None), Option("", None)], lambda _: None)
        bar.layout(*self._confirm_place())
        return bar.rects

    def _confirmed(self, action: object) -> None:
        if isinstance(action, CallFomo):
            self.submit(action)
        else:
            self.reset()

    def start_take(self) -> None:
        if self.not_now() or self.me is None:
            return
        hand = self.hand()
        probe = TakeDiscard(self.me, hand[0].card if hand and hand[0].card else "")
        refusal = self.table.match.state.check(probe)
        if refusal is not None and refusal.code != "not_in_hand":
            self.table.refuse_rule(refusal.message)
            return
        top = card_name(self.table.view_of(self.me).discard_top or "")
        self.mode = "take"
        self.table.message.ask(
            self.me,
            f"You take the {top}: now throw away one card you held — click it, drop it on the "
            "pile, or Left/Right and D (Backspace: back)",
            TakeDiscard,
        )
        self._mark()

    def toggle_pile(self) -> None:
        if self.browser is not None and not self.browser.pick:
            self.browser = None
            return
        if self.mode == "throwback":
            return
        t = self.table
        seats = sorted(t.audience) if t.audience is not None else [None]
        below: Counter[str] | None = None
        for seat in seats:
            mine = Counter(t.view_of(seat).discard_below)
            below = mine if below is None else below & mine  # what everyone looking may know
        view = t.view_of(seats[0])
        self.browser = PileBrowser(
            f"The discard pile: {view.discard_count} cards", below or Counter(), view.discard_top
        )

    def toggle_help(self) -> None:
        self.show_help = not self.show_help

    def toggle_log(self) -> None:
        self.show_log = not self.show_log
        self.table.log.scroll = 0

    def play_card(self, card: str, first: Target | None = None) -> bool:
        """Play action ``card`` from hand: at once if it names nobody, else pick its targets."""
        assert self.me is not None
        if is_number(card):
            self.table.refuse(f"A {card} is a number: D discards it, 1–4 put it into a hidden slot")
            return False
        if card == CANCELED:
            self.table.refuse("Canceled is played only when an action card names you")
            return False
        if card == GHOSTED:
            return self.submit(PlayGhosted(self.me))
        if card == THROWBACK:
            return self.submit(PlayThrowback(self.me))
        self.mode, self.action_card, self.picks, self.focus = "target", card, [], 0
        self._prompt_target()
        if first is not None:
            if card != SWAP:
                first = (first[0], None)
            elif first[1] is None:
                return True
            self.pick(first)
        return True

    def _prompt_target(self) -> None:
        assert self.action_card is not None
        assert self.me is not None
        prompts = TARGET_PROMPTS[self.action_card]
        targets, lit = self.targets(), self.lit_targets()
        self.focus = targets.index(lit[0]) if lit else 0  # on a target a move may name
        self.table.message.ask(
            self.me,
            prompts[min(len(self.picks), len(prompts) - 1)]
            + " — click it, or Left/Right and Enter (Backspace: back)",
            TARGET_ACTIONS[self.action_card],
        )

    def targets(self) -> list[Target]:
        """What the action in hand may name next, in seat order."""
        t = self.table
        alive = [s for s in range(t.match.state.players) if not t.is_out(s)]
        if self.action_card == SWAP:
            taken = {seat for seat, _ in self.picks}
            return [(s, i) for s in alive if s not in taken for i in range(SET_SIZE)]
        taken = {seat for seat, _ in self.picks}
        return [(s, None) for s in alive if s not in taken]

    def lit_targets(self) -> list[Target]:
        """Of ``targets``, those an offered move may name next (in a lesson, its step's)."""
        named = self.nameable(self.action_card or "", self.picks)
        return [target for target in self.targets() if target in named]

    def nameable(self, card: str, picks: list[Target]) -> set[Target]:
        """What an offered move with action ``card`` names, with ``picks`` named already."""
        picked, named = set(picks), set[Target]()
        for action in self.offered():
            if card == SEEN and isinstance(action, PlaySeen):
                named.add((action.target, None))
            elif card == PLOT_TWIST and isinstance(action, PlayPlotTwist):
                pair: list[Target] = [(action.first, None), (action.second, None)]
                named |= {t for t in pair if picked <= set(pair)}
            elif card == SWAP and isinstance(action, PlaySwap):
                pair = [(action.first, action.first_slot), (action.second, action.second_slot)]
                named |= {t for t in pair if picked <= set(pair)}
        return named - picked

    def target_rect(self, target: Target) -> pygame.Rect | None:
        """Where a hidden set (or one slot of it) rests. Its glow stays put while the cards
        slide or are lifted, and keeps one size: one cached layer, not a new one a frame."""
        seat, slot = target
        t = self.table
        wanted = range(SET_SIZE) if slot is None else [slot]
        slots = [i for i in wanted if t.presenter.zone(f"set:{seat}:{i}")]
        if not slots:
            return None
        geometry = (t.layout.size, t.layer.card_size, t.bottom)
        if geometry != self._rest_geometry:  # a resize or a new bottom seat moves the sets
            self._rest_geometry, self._rest_rects = geometry, {}
        rects = [self._rest_rect(seat, i) for i in slots]
        return rects[0].unionall(rects[1:]).inflate(8, 8)

    def _rest_rect(self, seat: int, slot: int) -> pygame.Rect:
        rect = self._rest_rects.get((seat, slot))
        if rect is None:
            zone, t = f"set:{seat}:{slot}", self.table
            spot, scale = t.spot_for(zone, 0, 1), t.scale_for(zone)
            w, h = round(t.layer.card_size[0] * scale), round(t.layer.card_size[1] * scale)
            if round(spot.angle) % 180 == 90:
                w, h = h, w
            rect = pygame.Rect(round(spot.x - w / 2), round(spot.y - h / 2), w, h)
            self._rest_rects[(seat, slot)] = rect
        return rect

    def pick(self, target: Target) -> None:
        if target not in self.targets():
            why = "two different players" if self.picks else "a player still in the game"
            self.table.refuse(f"{card_name(self.action_card or '')} needs {why}")
            return
        self.picks.append(target)
        self.focus = 0
        assert self.me is not None
        me, picks = self.me, self.picks
        if self.action_card == SEEN:
            self.submit(PlaySeen(me, picks[0][0]))
        elif len(picks) < 2:
            self._prompt_target()
        elif self.action_card == PLOT_TWIST:
            self.submit(PlayPlotTwist.between(me, picks[0][0], picks[1][0]))
        else:
            (a, i), (b, j) = picks
            self.submit(PlaySwap.between(me, a, i or 0, b, j or 0))

    def back(self) -> None:
        if self.mode == "target" and self.picks:
            self.picks.pop()
            self._prompt_target()
        elif self.mode in ("target", "take", "confirm"):
            self.reset()
