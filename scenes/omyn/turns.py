"""What a person at the OMYN table may do, by mouse and by keys: peek at two cards, call OMYN
(with a confirmation), draw, Drop / Swap / Pair Up (drag, click or keys), use a power on lit
targets, put foreseen cards back in order, claim in chain and Void windows (claim, then name the
slot), and hold to look at the cards they know."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.actions import Action
from game.omyn.actions import (
    Arrange,
    CallOmyn,
    DeclinePower,
    Draw,
    Drop,
    PairDrawn,
    PairSlots,
    Peek,
    PickSlot,
    Swap,
    UsePower,
)
from game.omyn.cards import is_omen
from game.omyn.narrate import POWER_NAMES
from game.omyn.view import OmynView
from scenes.omyn.offers import option_offered, slots_offered
from scenes.omyn.places import SELECTED_LIFT, OmynPlaces
from scenes.table.hud import ChoiceBar, HudButton, Option
from scenes.table.reflex import key_label
from scenes.table.sprites import CardSprite
from scenes.table.zones import parse_zone

if TYPE_CHECKING:
    from game.core.match import Match
    from scenes.scene import AppPort

# What each power asks for, one step after another: "mine" (your slot), "theirs" (a slot of
# another player), "any" (any slot), "player" (a player).
POWER_STEPS = {
    "insight": ("mine",),
    "spy": ("any",),
    "switch": ("mine", "theirs"),
    "hex": ("player",),
    "skip": ("player",),
    "draw": ("player",),
    "foresee": (),
}
POWER_HELP = {
    "hex": "that player's next turn has no powers.",
    "skip": "that player loses their next turn.",
    "draw": "that player takes the top card, unseen, at the end of their row.",
    "insight": "look at one of your own slots.",
    "spy": "look at one slot of any player.",
    "foresee": "look at the top three cards and put them back in any order.",
    "switch": "exchange one of your slots with another player's, unseen.",
}
# The actions each stage asks for (what the message line and the choice bar ask of the seat).
STAGE_KINDS: dict[str, tuple[type, ...]] = {
    "peek": (Peek,),
    "start": (Draw, CallOmyn),
    "confirm": (CallOmyn,),
    "play": (Drop, Swap, PairDrawn, PairSlots),
    "power": (UsePower, DeclinePower),
    "mine": (UsePower,),
    "theirs": (UsePower,),
    "any": (UsePower,),
    "player": (UsePower,),
    "arrange": (Arrange,),
}
STEP_PROMPTS = {
    "mine": "pick one of your slots",
    "theirs": "pick a slot of another player",
    "any": "pick any slot (yours too)",
    "player": "pick a player",
}


def slot_key(event: pygame.event.Event) -> int | None:
    """Keys 1–9 (top row or keypad) name slots 1–9: the 0-based slot, or None."""
    if event.type != pygame.KEYDOWN:
        return None
    name = pygame.key.name(event.key).strip("[]")
    return int(name) - 1 if name.isdigit() and name != "0" else None


class OmynChoices(OmynPlaces):
    view: Any  # OmynView of the seat the screen shows (the table's property)
    hud: Any  # OmynHud (the table's)

    def __init__(self, app: AppPort, match: Match, **kwargs: Any) -> None:
        self.choice: ChoiceBar | None = None
        self.choice_asks: tuple[int, tuple[type, ...]] | None = None  # whom the bar asks what
        self.selected: list[int] = []  # own slots chosen (peek, Swap, Pair Up)
        self.uses: dict[str, Any] = {}  # the targets chosen so far for a power
        self.using = False  # the player said "use it": now the targets
        self.confirm_call = False
        self.focus: tuple[int, int] = (0, 0)  # (seat, slot) the keys point at
        self.order: list[int] = []  # Foresee: the seen positions, new top first
        self.order_focus = 0
        self.looking_after_peek = False
        self.hover_reason = ""
        self.show_help = False
        self._interaction_key: tuple[Any, ...] | None = None
        super().__init__(app, match, **kwargs)
        self.buttons = [
            HudButton(f"Help ({key_label(self.binding('help'))})", self.toggle_help),
            HudButton(f"Menu ({key_label('escape')})", lambda: self.app.open_pause(self)),
        ]

    def omyn_view(self, seat: int | None) -> OmynView:
        """``seat``'s view through the kit's ``view_of`` (built once while the match stands
        still: the HUD and the input ask for it many times a frame)."""
        return self.view_as(OmynView, seat)

    def binding(self, intent: str, fallback: str = "") -> str:
        return str(self.app.settings.bindings.get(intent, fallback))

    def toggle_help(self) -> None:
        self.show_help = not self.show_help

    def reset_interaction(self) -> None:
        """The table was rebuilt (a seat changed hands, the screen turned to another person):
        nothing asked before stands until the settled table asks again (a pause menu may keep
        the table from settling a while)."""
        self._interaction_key = None
        self.choice, self.choice_asks = None, None
        if self.message.asking is not None:
            self.message.prompt = ""

    # --- who acts ----------------------------------------------------------------------------
    def acting_seat(self) -> int | None:
        seat = self.private
        if seat is None or self.curtain.active or self.match.seats[seat].is_bot:
            return None
        return seat if seat in self.match.state.to_act() else None

    def picking_seat(self) -> int | None:
        """A person at this screen who claimed with the key and must now name the slot."""
        window = self.omyn_view(None).window
        if window is None or window.claimant is None or window.pick_by_ms is None:
            return None
        seat = int(window.claimant)
        return seat if seat in self.humans else None

    def stage(self) -> str:
        """What the acting person is choosing now (a word the HUD and the input share)."""
        view = self.omyn_view(self.private)
        if self.picking_seat() is not None:
            return "pick"
        if self.acting_seat() is None or view.window is not None:
            return ""
        if view.phase == "peek":
            return "peek"
        if view.step == "start":
            return "confirm" if self.confirm_call else "start"
        if view.step == "play":
            return "play"
        if view.step == "power":
            steps = POWER_STEPS.get(view.power or "", ())
            return steps[len(self.uses_steps())] if self.using else "power"
        if view.step == "arrange":
            return "arrange"
        return ""

    def uses_steps(self) -> list[str]:
        return [s for s in ("mine", "theirs", "any", "player") if s in self.uses]

    # --- setting up the choices --------------------------------------------------------------
    def refresh_interaction(self) -> None:
        if self.looking_after_peek:
            return
        stage = self.stage()
        key = (
            len(self.match.log),
            self.private,
            stage,
            tuple(self.selected),
            len(self.uses),
            self.offer_key(),
        )
        if key == self._interaction_key:
            return
        self._interaction_key = key
        self.choice = None
        view = self.omyn_view(self.private)
        seat = self.acting_seat()
        self._light(stage, view)
        self.choice_asks = None
        if stage == "pick":
            picker = self.picking_seat()
            assert picker is not None
            self.message.ask(
                picker,
                f"{self.seat_name(picker)}: name your slot — keys 1–{len(view.rows[picker])}, "
                "or click the card",
                PickSlot,
            )
            return
        if seat is None or stage not in STAGE_KINDS:
            self.message.prompt = self.waiting_prompt()  # nothing of the turn stands stale
            return
        bar: tuple[str, list[Option]] | None = None
        text = ""
        if stage == "peek":
            text = "Peek at two of your cards: click them or press their numbers."
        elif stage == "start":
            options = [Option("Draw (D)", Draw(seat), hotkey="d")]
            if not view.called:
                call = key_label(self.binding("call", "o"))
                options.append(Option(f"OMYN ({call})", "call", hotkey=self.binding("call", "o")))
            bar = ("Your turn", options)
            text = "Your turn: click the draw pile or press D to draw."
        elif stage == "confirm":
            bar = (
                "Call OMYN?",
                [
                    Option("Call (Y)", CallOmyn(seat), hotkey="y"),
                    Option("Not yet (N)", "cancel_call", hotkey="n"),
                ],
            )
            text = "OMYN: every row is turned up unless someone Voids the call."
        elif stage == "play":
            drawn = view.drawn.face if view.drawn is not None else None
            options = [Option("Drop (D)", Drop(seat), hotkey="d")]
            if drawn is not None and not is_omen(drawn):
                options += [
                    Option("Swap (S)", "swap", hotkey="s"),
                    Option("Pair (P)", "pair", hotkey="p"),
                ]
            bar = ("Play the card", options)
            text = (
                "Drag it to the pile or onto a slot; or keys 1–9, then D, S or P."
                if drawn is None or not is_omen(drawn)
                else "An Omen must be dropped at once: drag it to the pile or press D."
            )
        elif stage == "power":
            name = POWER_NAMES.get(view.power or "", str(view.power))
            bar = (
                f"Use {name}?",
                [
                    Option("Use (Y)", "use", hotkey="y"),
                    Option("Plain (N)", DeclinePower(seat), hotkey="n"),
                ],
            )
            text = f"{name}: {POWER_HELP.get(view.power or '', '')}"
        elif stage in STEP_PROMPTS:
            name = POWER_NAMES.get(view.power or "", str(view.power))
            text = f"{name}: {STEP_PROMPTS[stage]} — click it, or arrows and Enter."
            if stage == "player":
                bar = (
                    f"{name} whom?",
                    [Option(self.seat_name(t), ("player", t)) for t in self._player_targets(view)],
                )
        elif stage == "arrange":
            if len(self.order) != view.arranging:
                self.order = list(range(view.arranging))
                self.order_focus = 0
            bar = ("Foresee", [Option("Done (Enter)", "arrange", hotkey="return")])
            text = "Drag a card onto another to swap them; or Left/Right, Up moves it."
        self.message.ask(seat, text, *STAGE_KINDS[stage])
        if bar is not None:
            self.choice = ChoiceBar(bar[0], bar[1], self._choose)
            self.choice.focus = option_offered(self.offered(seat), bar[1])  # a lesson's step
            self.choice_asks = (seat, STAGE_KINDS[stage])
            self.place_choice()

    def panels_asking(self) -> list[tuple[int, tuple[type, ...]]]:
        """The choice bar, while it is drawn (not over the final reveal, not under the
        curtain)."""
        if self.choice is None or self.choice_asks is None or self.curtain.active:
            return []
        return [] if self.hud.won is not None else [self.choice_asks]

    def _player_targets(self, view: OmynView) -> list[int]:
        seat = self.acting_seat()
        targets = {a.target for a in self._uses(seat, legal=True) if a.target is not None}
        return sorted(t for t in targets if t is not None)

    def _uses(self, seat: int | None, legal: bool = False) -> list[UsePower]:
        """The power's uses the table lights (``legal``: every one the rules allow)."""
        if seat is None:
            return []
        moves = self.match.legal_actions(seat) if legal else self.offered(seat)
        return [a for a in moves if isinstance(a, UsePower)]

    def _target_slots(self, stage: str, legal: bool = False) -> set[tuple[int, int]]:
        """The (seat, slot)s the current power step may name: lit ones, or (``legal``) any
        the rules allow (a lesson refuses those itself, saying why)."""
        seat = self.acting_seat()
        uses = self._uses(seat, legal)
        chosen = self.uses.get("mine")
        lit: set[tuple[int, int]] = set()
        for use in uses:
            if stage == "mine" and use.slot is not None and seat is not None:
                lit.add((seat, use.slot))
            elif stage == "theirs" and use.slot == chosen and use.target is not None:
                lit.add((use.target, use.other_slot or 0))
            elif stage == "any" and use.target is not None and use.slot is not None:
                lit.add((use.target, use.slot))
            elif stage == "player" and use.target is not None:
                for slot in range(self.row_length_of(use.target)):
                    lit.add((use.target, slot))
        return lit

    def row_length_of(self, seat: int) -> int:
        return len(self.omyn_view(None).rows[seat])

    def _light(self, stage: str, view: OmynView) -> None:
        """Legal targets lit, the rest dimmed; selected slots lifted."""
        lit: set[tuple[int, int]] | None = None
        if stage in STEP_PROMPTS:
            lit = self._target_slots(stage)
            if lit and self.focus not in lit:
                self.focus = min(lit)  # the keys start on a card that may be named
        seat = self.acting_seat() if stage != "pick" else self.picking_seat()
        if stage in ("peek", "play", "pick") and seat is not None:
            lit = {(seat, i) for i in range(len(view.rows[seat]))}
        if seat is None and view.window is not None:
            seat = self.private  # a chain or Void window: the slots a lesson's claim names
        narrowed = self.own_slots_offered(seat)
        h = self.layout.card_size[1]
        for zone, sprites in self.presenter.zones.items():
            name = parse_zone(zone)
            for sprite in sprites:
                if name.family != "row":
                    sprite.dim = False
                    continue
                here = (name.seat or 0, name.slot or 0)
                sprite.dim = lit is not None and here not in lit and stage in STEP_PROMPTS
                if narrowed and here[0] == seat:
                    sprite.dim = here[1] not in narrowed  # a lesson's step: its slots only
                chosen = here[0] == seat and here[1] in self.selected
                sprite.selected = chosen or (
                    lit is not None and here == self.focus and stage in STEP_PROMPTS
                )
                sprite.lift = h * SELECTED_LIFT if chosen else 0.0

    def own_slots_offered(self, seat: int | None) -> set[int]:
        if seat is None:
            return set()
        return slots_offered(self.offered(seat), len(self.omyn_view(seat).rows[seat]))

    def dim_reason(self, sprite: CardSprite) -> str:
        stage = self.stage()
        name = parse_zone(sprite.zone)
        seat = self.acting_seat()
        if stage not in STEP_PROMPTS or name.family != "row" or not sprite.dim:
            return ""
        if stage == "mine":
            return "pick one of your own slots"
        if stage == "theirs":
            return "that is your own row: pick another player's slot" if name.seat == seat else ""
        if stage == "player" and name.seat == seat:
            return "you cannot pick yourself"
        return "not a target for this power"

    # --- choosing ----------------------------------------------------------------------------
    def _choose(self, payload: Any) -> None:
        seat = self.acting_seat()
        if seat is None:
            return
        if payload == "call":
            self.confirm_call = True
        elif payload == "cancel_call":
            self.confirm_call = False
        elif payload == "swap":
            if len(self.selected) != 1:
                self.refuse("Choose one slot to swap into: click it or press its number")
            else:
                self.submit(Swap(seat, self.selected[0]))
        elif payload == "pair":
            self._pair(seat)
        elif payload == "use":
            self.using = True
            if not POWER_STEPS.get(self.omyn_view(seat).power or "", ()):
                self.submit(UsePower(seat))
        elif payload == "arrange":
            self.submit(Arrange(seat, tuple(self.order)))
        elif isinstance(payload, tuple) and payload[0] == "player":
            self.submit(UsePower(seat, target=payload[1]))
        elif isinstance(payload, Action):
            self.submit(payload)
        self._interaction_key = None

    def _pair(self, seat: int) -> None:
        if len(self.selected) == 1:
            self.submit(PairDrawn(seat, self.selected[0]))
        elif len(self.selected) == 2:
            first, second = self.selected
            self.submit(PairSlots(seat, min(first, second), max(first, second), first))
        else:
            self.refuse("Choose one slot (with the drawn card) or two slots to Pair Up")

    def submit(self, action: Any) -> bool:
        if not super().submit(action):
            return False
        self.selected, self.uses, self.using, self.confirm_call = [], {}, False, False
        self.order = []
        if isinstance(action, Peek) and len(self.humans) >= 1:
            self.start_looking()
        self._interaction_key = None
        return True

    def start_looking(self) -> None:
        """Cards were just shown to the person at the screen: the table waits while they hold
        the look key (hold to view), until they say they are done."""
        self.looking_after_peek = True
        self.blocked = True
        self.choice = None
        self.message.prompt = self.look_prompt()
        for zone, sprites in self.presenter.zones.items():
            if zone.startswith("row:"):
                for sprite in sprites:
                    sprite.dim = False  # what the move lit is over; every card may be looked at

    def look_prompt(self) -> str:
        return (
            f"Hold {key_label(self.binding('look', 'tab'))} (or the mouse on a card) to look; "
            f"{key_label(self.binding('play', 'return'))} when you are done."
        )

    def _name_slot(self, seat: int, slot: int) -> None:
        """A slot was named (key or click) by the acting person, for the stage they are in."""
        stage = self.stage()
        view = self.omyn_view(seat)
        if stage == "pick":
            picker = self.picking_seat()
            if picker is not None and seat == picker:
                self.submit(PickSlot(picker, slot))
            return
        actor = self.acting_seat()
        if actor is None:
            return
        if stage in ("peek", "play") and seat == actor:
            if slot >= len(view.rows[actor]):
                self.refuse(f"You have {len(view.rows[actor])} slots")
                return
            if slot in self.selected:
                self.selected.remove(slot)
            else:
                self.selected = (self.selected + [slot])[-2:]
            if stage == "peek" and len(self.selected) == 2:
                if not self.submit(Peek(actor, self.selected[0], self.selected[1])):
                    self.selected = []  # refused (a lesson's other slots): choose afresh
            self._interaction_key = None
            return
        if stage in STEP_PROMPTS:
            if (seat, slot) not in self._target_slots(stage, legal=True):
                sprite = self.presenter.zone(f"row:{seat}:{slot}")
                reason = self.dim_reason(sprite[0]) if sprite else ""
                self.refuse(reason or "That is not a target for this power")
                return
            self._target_chosen(actor, stage, seat, slot)

    def _target_chosen(self, actor: int, stage: str, seat: int, slot: int) -> None:
        if stage == "mine":
            self.uses["mine"] = slot
        elif stage == "player":
            self.submit(UsePower(actor, target=seat))
            return
        else:
            self.uses[stage] = (seat, slot)
        power = self.omyn_view(actor).power
        if len(self.uses_steps()) < len(POWER_STEPS.get(power or "", ())):
            self._interaction_key = None
            return
        use: UsePower | None = None
        if power == "insight":
            use = UsePower(actor, slot=self.uses["mine"])
        elif power == "spy":
            target, chosen = self.uses["any"]
            use = UsePower(actor, target=target, slot=chosen)
        elif power == "switch":
            target, other = self.uses["theirs"]
            use = UsePower(actor, target=target, slot=self.uses["mine"], other_slot=other)
        if use is not None and not self.submit(use):
            self.uses.pop(stage, None)  # refused (a lesson's other target): choose again
            self._interaction_key = None
