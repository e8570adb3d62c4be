"""The Om Nom Nom table: secret picks, the reveal, three boards resolving top down, rounds.

Hands are public in Om Nom Nom (everyone knows which animals a colour has left); only the pick
is secret. So every seat's cards lie face up in slots (one per animal: keys 1–6), and a pick
never moves a card out of its slot in the zones: where a picked card is drawn depends on who
looks (``self.audience``). Its owner sees it on the pick spot; everyone else sees only a ✓ on
the plate. At the reveal all picks fly out of their slots face down, turn at once and fly to
their boards; each board then resolves top down, one step at a time, with arrows from the
eaters to what they eat and the split spelled out (``resolve_turn(...).steps``: the rules'
own arithmetic), and the catches fly to their owners.

Round 1's dice are rolled by ``new_state`` (no event): the table reads them from the first view
and, when no move has been made yet, rolls them onto the boards itself. The rules need no
deadline for it, and a resumed match simply shows the dice where they lie.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

import pygame

from game.core.actions import Action
from game.core.events import CardMoved, Event
from game.core.match import Match
from game.core.views import View
from game.core.windows import Window
from game.omnomnom.actions import Pick
from game.omnomnom.cards import ANIMALS, BOARDS, card_id, parse_card
from game.omnomnom.state import OmNomNomState
from game.omnomnom.view import OmNomNomView
from scenes.omnomnom.faces import OmNomNomFaces, die_card
from scenes.omnomnom.hud import OmNomNomHud, help_lines, summary_page
from scenes.omnomnom.inputs import OWN_KEY_NAMES, OWN_KEYS, person_inputs
from scenes.omnomnom.layout import BOARD_CARD, BOARD_DIE, FRONT_CARD, FRONT_DIE, Geometry
from scenes.omnomnom.reveal import BOARD_FAMILIES, SPACE_FAMILIES, OmNomNomAnimations
from scenes.table.base import ZoneCards
from scenes.table.drag import DragController
from scenes.table.faces import FaceRenderer
from scenes.table.hud import HudButton, goes_on, panel_input
from scenes.table.layout import Spot
from scenes.table.reflex import key_label
from scenes.table.sprites import CardSprite
from scenes.table.summary import SummaryPage
from scenes.table.zones import ZoneSpec, parse_zone

if TYPE_CHECKING:
    from scenes.scene import AppPort


class OmNomNomTable(OmNomNomAnimations):
    name = "table:omnomnom"
    drag: DragController  # the kit's typed drag, always set here
    ZONES = (
        ZoneSpec("hand", "cell", "everyone", owned=True, z=200),
        ZoneSpec("picked", "cell", "everyone", owned=True, z=700),
        ZoneSpec("stack", "cell", "nobody", owned=True, z=220),
        ZoneSpec("front", "cell", "everyone", owned=True, z=300),
        ZoneSpec("dice", "cell", "everyone", owned=True, z=320),
        ZoneSpec("discard", "cell", "everyone", z=150),
        ZoneSpec("pool", "cell", "everyone", z=600),
        *(ZoneSpec(family, "cell", "everyone", z=400) for family in BOARD_FAMILIES),
        *(ZoneSpec(family, "cell", "everyone", z=380) for family in SPACE_FAMILIES),
    )

    def __init__(self, app: AppPort, match: Match, **kwargs: Any) -> None:
        self.hud = OmNomNomHud()
        self.geo: Geometry | None = None
        self.pick_cards: dict[int, str] = {}
        self.selected = 0
        self._placed_for: object = ()
        self._offer_seen: object = None
        self._turn_result = None
        self.show_help = False
        self.revealing = False  # from the first card turned until the next turn begins
        self.scripting = False  # from the first card turned until every board is shown
        self._view: OmNomNomView | None = None
        self._view_key: tuple[object, ...] | None = None
        super().__init__(app, match, **kwargs)
        self.drag = DragController(self.presenter, self._can_pick, self._drop, self._click)
        self.buttons = [
            HudButton(f"Menu ({key_label('escape')})", lambda: self.app.open_pause(self))
        ]
        if not match.log and not self.replaying:
            self._roll(self.view.spaces, from_pool=False)

    def face_renderer(self) -> FaceRenderer:
        return OmNomNomFaces()

    # --- zones --------------------------------------------------------------------------------
    def zone_cards(self, view: View) -> ZoneCards:
        assert isinstance(view, OmNomNomView)
        zones: dict[str, list[str | None]] = {}
        for seat in range(view.players):
            if view.virtual[seat]:
                stack = view.stacks[seat - 1] if view.stacks else ()
                known: list[str | None] = [card_id(a, seat) for a in reversed(stack)]
                zones[f"stack:{seat}"] = known or [None] * len(view.hands[seat])
            else:
                for animal in view.hands[seat]:
                    zones[f"hand:{seat}:{ANIMALS.index(animal)}"] = [card_id(animal, seat)]
            zones[f"front:{seat}"] = list(view.front_cards[seat])
            zones[f"dice:{seat}"] = [
                die_card(f) for f, n in view.front_dice[seat] for _ in range(n)
            ]
        zones["discard"] = list(view.discard)
        for face, count in view.spaces:
            zones[f"space:{face}"] = [die_card(face)] * count
        return zones

    def known_faces(self, view: View) -> Counter[str]:
        """Besides the cards on the table, every pick the view's history says was revealed: a
        round's last reveal is cleared away in the same move (a solo colour's card, turned up,
        is never in a view's zones)."""
        assert isinstance(view, OmNomNomView)
        known = super().known_faces(view)
        for _, turns in view.rounds_log:
            for picks in turns:
                known |= Counter(card_id(animal, seat) for seat, animal in enumerate(picks))
        return known

    def scale_for(self, zone: str) -> float:
        name = parse_zone(zone)
        family = name.family
        if family in ("hand", "picked", "stack"):
            return self.g.hand_scale(name.seat or 0)
        if family == "front" or family == "discard":
            return FRONT_CARD
        if family == "dice":
            return FRONT_DIE
        if family.startswith("board:"):
            return BOARD_CARD
        return BOARD_DIE  # spaces and the pool

    def place_zone(self, zone: str, index: int, count: int) -> Spot:
        g = self.g
        name = parse_zone(zone)
        family, seat = name.family, name.seat or 0
        if family == "hand":
            slot = name.slot or 0
            if self.pick_cards.get(seat) == card_id(ANIMALS[slot], seat) and self._sees_pick(seat):
                return g.pick_spot(seat)
            return g.hand_spot(seat, slot)
        if family == "picked":
            return g.pick_spot(seat)
        if family == "stack":
            return g.stack_spot(seat, index)
        if family == "front":
            return g.front_card_spot(seat, index, count)
        if family == "dice":
            return g.front_die_spot(seat, index, count)
        if family == "discard":
            return g.discard_spot(index, count)
        if family == "pool":
            return g.pool_spot(index)
        if family.startswith("board:"):
            _, board, level = family.split(":")
            number = next(i for i, b in enumerate(BOARDS) if b.name == board)
            return g.board_card_spot(number, level, index, count)
        if family.startswith("space:"):
            return g.space_spot(family.split(":")[1], index, count)
        raise KeyError(zone)

    def _sees_pick(self, seat: int) -> bool:
        """May everyone looking now see ``seat``'s face-down card?"""
        audience = self.audience
        return audience is None or audience <= {seat}

    def plate_spot(self, seat: int) -> tuple[tuple[float, float], str]:
        return self.g.plate(seat)

    def caption_spot(self, seat: int) -> tuple[float, float]:
        return self.g.caption(seat)

    def message_pos(self) -> tuple[float, float]:
        return self.g.message_spot()  # between the boards and the hand: the layout keeps room

    def after_snap(self, view: View) -> None:
        assert isinstance(view, OmNomNomView)
        hud = self.hud
        hud.round, hud.turn = view.round, view.turn
        self.revealing = self.scripting = False
        hud.picked = {s for s, done in enumerate(view.picked) if done}
        hud.round_points, hud.totals = list(view.round_points), list(view.totals)
        hud.resolving = None
        self._turn_result = None  # a reveal's script was dropped with the rebuild
        self.pick_cards = {s: card_id(p, s) for s, p in enumerate(view.picks) if p is not None}
        self._placed_for = self.audience

    def _place_for_audience(self) -> None:
        """Who looks changed (a curtain rose or fell): a face-down pick goes back into its slot
        for anyone who may not know it, at once."""
        if self._placed_for == self.audience:
            return
        self._placed_for = self.audience
        for seat in self.pick_cards:
            slot = ANIMALS.index(parse_card(self.pick_cards[seat])[0])
            zone = f"hand:{seat}:{slot}"
            for sprite in self.presenter.zone(zone):
                spot = self.place_zone(zone, 0, 1)
                self.presenter.tweens.stop(sprite)
                sprite.x, sprite.y = spot.x, spot.y

    def windows_of(self, seat: int | None = None) -> list[Window]:
        return []  # Om Nom Nom has no windows (no reflexes, no deadlines): no view to build

    def shows_level(self, seat: int) -> bool:
        return not self.virtual[seat]  # a solo colour is no bot: its stack turns by itself

    def seat_chips(self, seat: int) -> list[str]:
        chips = []
        if self.hud.totals:
            points = self.hud.totals[seat] + (
                self.hud.round_points[seat] if self.hud.round_points else 0
            )
            chips.append(f"{points} pt{'s' if points != 1 else ''}")
        if seat in self.hud.picked and not (self.virtual[seat]):
            chips.append("✓")
        return chips

    def current_turn(self) -> int | None:
        return None  # everyone picks at once: the ✓ chips say who is still to pick

    @classmethod
    def results_lines(cls, match: Match) -> list[str]:
        return results_lines(match)

    @classmethod
    def result_of(cls, match: Match, team: int) -> tuple[int, str]:
        """The best single round breaks a tie on points; the row shows every round's score."""
        view = match.view(None)
        assert isinstance(view, OmNomNomView)
        rounds = [r[team] for r in view.round_scores]
        return max(rounds, default=0), "rounds " + " · ".join(str(r) for r in rounds)

    # --- interaction: several people, each with their own keys ---------------------------------
    def own_keys(self) -> bool:
        return bool(self.match.options.get("own_keys")) and len(self.watchers) > 1

    def needs_private(self, seat: int) -> bool:
        return not self.own_keys() and super().needs_private(seat)

    def own_key_pick(self, event: pygame.event.Event) -> bool:
        """A person's own key: their pick (or a change of it), with nothing shown but the ✓."""
        for seat in self.humans:
            keys = OWN_KEYS[seat % len(OWN_KEYS)]
            if event.key not in keys:
                continue
            animal, name = ANIMALS[keys.index(event.key)], self.seat_name(seat)
            view = self.match.view(seat)
            assert isinstance(view, OmNomNomView)
            if self.showing_reveal():
                self.refuse("Wait: the reveal is still being shown")
            elif self.virtual[seat] or self.match.is_over():
                pass
            elif animal not in view.hands[seat]:
                self.refuse(f"{name}: your {animal} is already played this round")
            elif view.picks[seat] is not None and not self.match.state.to_act():
                self.refuse("Everyone has picked: the reveal is on its way")
            elif view.picks[seat] != animal:  # the same key again changes nothing, silently
                self.submit(Pick(seat, animal))
            return True
        return False

    def wait_prompt(self) -> None:
        """Whom the table waits for; with own keys, it asks the people still to pick."""
        people = [s for s in self.humans if s in self.match.state.to_act()]
        if self.own_keys() and people:
            keys = ", ".join(
                f"{self.seat_name(s)} {OWN_KEY_NAMES[s % len(OWN_KEY_NAMES)]}" for s in people
            )
            text = f"Pick with your own keys: {keys}. Another of your keys changes your pick."
            self.message.ask(people[0], text, Pick)
        else:
            self.message.prompt = self.base_waiting_prompt()

    def person_inputs(self, action: Action, rng: random.Random) -> list[pygame.event.Event]:
        return person_inputs(self, action, rng)

    def my_turn(self) -> bool:
        seat = self.private
        return (
            seat is not None
            and not self.curtain.active
            and not self.match.seats[seat].is_bot
            and not self.match.is_over()
            and not self.virtual[seat]
            and not self.showing_reveal()
            and (seat in self.match.state.to_act() or self._may_change(seat))
        )

    def showing_reveal(self) -> bool:
        """Is a reveal (or the round's end) still being shown? The next turn's pick waits.
        A pick or a change of pick still queued is no reveal: a key pressed in the same instant
        as another seat's change counts (refused, it would tell the table someone changed)."""
        return (
            self.revealing
            or self.summary.open
            or any(not is_pick_move(event) for event in self.presenter.queue)
        )

    def _may_change(self, seat: int) -> bool:
        """A person who has picked may change their card until the last seat has picked."""
        return seat in self.pick_cards and bool(self.match.state.to_act())

    def my_cards(self) -> list[CardSprite]:
        if self.private is None:
            return []
        return [
            sprite
            for slot in range(len(ANIMALS))
            for sprite in self.presenter.zone(f"hand:{self.private}:{slot}")
        ]

    def refresh_interaction(self) -> None:
        self._place_for_audience()
        mine = self.my_cards()
        seat = self.private
        picked = self.pick_cards.get(seat) if seat is not None else None
        for sprite in mine:
            sprite.dim, sprite.selected, sprite.lift = False, False, 0.0
        if seat is None or not self.my_turn():
            if not self.hud.resolving and not self.summary.open:
                self.wait_prompt()
            return
        cards = [s for s in mine if s.card != picked]
        # A lesson lights its step's animals (the rest clickable, refused with why). Once picked
        offered = {card_id(a.animal, seat) for a in self.offered(seat) if isinstance(a, Pick)}
        for sprite in cards:  # nothing dims: a change of mind is no legal action in the rules
            sprite.dim = picked is None and sprite.card not in offered
        if self._offer_seen != self.offer_key():  # a new step: the focus starts on its card
            self._offer_seen = self.offer_key()
            self.selected = next((i for i, s in enumerate(cards) if s.card in offered), 0)
        if cards:
            self.selected %= len(cards)
            cards[self.selected].selected = True
            cards[self.selected].lift = self.layout.card_size[1] * 0.12
        keys = "1–6"
        if self.coach is not None and not offered:  # a lesson's note is read: it says what next
            self.message.prompt = self.base_waiting_prompt()
        elif picked is not None:
            # An offer, not a question: the rules list no move for a seat that has picked.
            self.message.prompt = f"Your pick: {parse_card(picked)[0]}. Pick another to change it ({keys}) until everyone has picked."
        else:
            self.message.ask(
                seat,
                f"Pick an animal: click it, drag it to the pick spot, or press {keys} (Left/Right and Enter).",
                Pick,
            )

    def base_waiting_prompt(self) -> str:
        to_act = self.match.state.to_act()
        if self.coach is not None and self.coach.holds:  # the kit's: read the note, then Next
            return self.waiting_prompt()
        if not to_act:
            return ""
        names = [self.seat_name(s) for s in sorted(to_act)]
        if len(names) == 1:
            return f"Waiting for {names[0]} to pick…"
        return f"Waiting for {', '.join(names[:-1])} and {names[-1]} to pick…"

    def submit(self, action: Action) -> bool:
        """A person's pick; the last pick of a turn hands the screen back to everyone at once:
        the reveal is public, and each person's next pick waits behind their own curtain."""
        turn = self._turn_key()
        done = super().submit(action)
        if done and self.private is not None and len(self.watchers) > 1:
            if self._turn_key() != turn or self.match.is_over():
                self.go_public()
        return done

    def _turn_key(self) -> tuple[int, int]:
        state = self.match.state
        assert isinstance(state, OmNomNomState)
        return state.round_index, state.turn_index

    def pick(self, animal: str) -> bool:
        seat = self.private
        if seat is None or not self.my_turn():
            who = sorted(self.match.state.to_act())
            if self.showing_reveal():
                self.refuse("Wait: the reveal is still being shown")
            elif seat is not None and seat in self.pick_cards:
                self.refuse("Everyone has picked: the reveal is on its way")
            else:
                self.refuse(f"Wait: {self.says(who[0], 'is')} picking" if who else "Wait")
            return False
        if self.pick_cards.get(seat) == card_id(animal, seat):
            self.refuse(f"The {animal} is already your pick")
            return False
        return self.submit(Pick(seat, animal))

    def _can_pick(self, sprite: CardSprite) -> bool:
        return (
            self.private is not None
            and sprite.zone.startswith(f"hand:{self.private}:")
            and not self.curtain.active
        )

    def _drop(self, sprite: CardSprite, pos: tuple[int, int]) -> bool:
        if not self.g.pick_area().inflate(40, 40).collidepoint(pos):
            return False
        assert sprite.card is not None
        return self.pick(parse_card(sprite.card)[0])

    def _click(self, sprite: CardSprite) -> None:
        assert sprite.card is not None
        self.pick(parse_card(sprite.card)[0])

    def interaction_handle(self, event: pygame.event.Event, intent: str | None) -> bool:
        panels = panel_input(
            self,
            event,
            intent,
            first=lambda: (
                event.type == pygame.KEYDOWN and self.own_keys() and self.own_key_pick(event)
            ),
        )
        if panels is not None:
            return panels
        if self.presenter.busy and goes_on(event, intent):
            self.skip()
            return True
        if self.drag.handle(event):
            return True
        if event.type != pygame.KEYDOWN:
            return False
        number = event.key - pygame.K_1 if pygame.K_1 <= event.key <= pygame.K_6 else None
        if number is None and pygame.K_KP1 <= event.key <= pygame.K_KP6:
            number = event.key - pygame.K_KP1
        if number is not None:
            animal = ANIMALS[number]
            if self.private is not None and animal not in self.view.hands[self.private]:
                self.refuse(f"Your {animal} is already played this round")
                return True
            self.pick(animal)
            return True
        if intent in ("left", "right") and self.my_turn():
            self.selected += 1 if intent == "right" else -1
            self._placed_for = ()  # re-lift
            return True
        if intent == "play" and self.my_turn():
            picked = self.pick_cards.get(self.private or 0)
            cards = [s for s in self.my_cards() if s.card != picked]
            if cards:
                sprite = cards[self.selected % len(cards)]
                assert sprite.card is not None
                self.pick(parse_card(sprite.card)[0])
            return True
        return False

    def draw_under_cards(self, surface: pygame.Surface) -> None:
        self._place_for_audience()
        from scenes.omnomnom.hud import draw_boards

        draw_boards(self, surface)

    def draw_hud(self, surface: pygame.Surface) -> None:
        from scenes.omnomnom.hud import draw_hud

        draw_hud(self, surface)

    def help_lines(self) -> list[str]:
        return help_lines()

    def coach_avoids(self) -> list[pygame.Rect]:
        """A lesson's coach keeps clear of the boards and, in a reveal, of the split's panel."""
        boards = [self.g.board_rect(number) for number in range(len(BOARDS))]
        if self.hud.resolving is None:
            return boards
        from scenes.omnomnom.hud import resolution_box

        box, _lines = resolution_box(self, pygame.Rect((0, 0), self.layout.size))
        return [*boards, box]

    def summary_page(self) -> SummaryPage:
        return summary_page(self)


def is_pick_move(event: Event) -> bool:
    """A seat's pick, or its change of mind: a card between its hand and its pick spot."""
    if not isinstance(event, CardMoved):
        return False
    return {parse_zone(event.src).family, parse_zone(event.dst).family} == {"hand", "picked"}


def results_lines(match: Match) -> list[str]:
    view = match.view(None)
    assert isinstance(view, OmNomNomView)
    from scenes.omnomnom.hud import results_text

    return results_text(match, view)
