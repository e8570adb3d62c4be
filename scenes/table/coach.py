"""The coach: a lesson's notes at the table (issue 30; /work/notes/TUTORIAL.md).

One panel, placed where the player looks but clear of the cards, the seat plates and the
table's buttons: the step's note, then after the move why it was right, with Next (Enter or
Space, or a click), Skip step (J) and Leave (Esc). The kit does the rest through its usual
doors: ``TableInput.submit`` refuses a legal move the step does not want with the step's
``wrong`` (the kit's refusal, where the player looks), ``TableInput.offered`` narrows the
moves a table lights to the step's, and the frame holds the match while a step waits.

A table needs nothing of its own for this but to light ``self.offered(seat)`` instead of the
match's legal actions, and to ask again when ``self.offer_key()`` changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from game.core.actions import Action
from game.core.lesson_run import Tutor
from scenes import theme
from scenes.table.clear import ClearTable, place, shown
from scenes.table.hud import HudButton
from scenes.table.reflex import key_label

if TYPE_CHECKING:
    from scenes.scene import AppPort

SKIP_KEY = "j"  # the ``skip`` intent's key when the settings bind none
BUTTON_SCALE = 0.9  # the panel's buttons, of the table's scale


class CoachedTable(ClearTable, Protocol):
    """What the coach reads of the table (the kit's ``TableScene`` is one): what its panel keeps
    clear of (``ClearTable``), and these."""

    app: AppPort

    def submit(self, action: Action) -> bool: ...

    def coach_leave(self) -> None: ...


class Coach:
    """The panel and its input, over a ``Tutor`` (game/core/lesson_run.py)."""

    def __init__(self, tutor: Tutor, on_end: Callable[[bool], None] | None = None) -> None:
        self.tutor = tutor
        # At the ending: True for "Play a real match", False for "Back" (the lesson's screen).
        self.on_end = on_end
        self.box = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[HudButton] = []
        self._placed_for: tuple[object, ...] | None = None
        self.drawn_key: tuple[object, ...] | None = None
        self.shown: tuple[tuple[object, ...], str, str] = ((), "", "")  # (key, head, note)

    # --- what the lesson allows -------------------------------------------------------------
    @property
    def holds(self) -> bool:
        return self.tutor.holds

    def key(self) -> tuple[object, ...]:
        """Changes whenever the panel or the moves it allows change."""
        tutor = self.tutor
        return (tutor.index, tutor.told, tutor.asking, tutor.ended)

    def settle(self) -> None:
        """The table is at rest: the panel shows where the lesson is now (while cards still
        move it keeps its last note, so a note never speaks of a card not yet shown)."""
        tutor = self.tutor
        lesson = tutor.lesson
        if tutor.done:
            head = f"{lesson.title} · done"
        else:
            # While the next step is not due yet, the last note stays: numbered as its own.
            number = tutor.index + (1 if tutor.asking or tutor.told else 0)
            head = f"{lesson.title} · step {max(1, number)} of {len(lesson.steps)}"
        self.shown = (self.key(), head, tutor.text())

    @property
    def dirty(self) -> bool:
        """The panel changed since it was last drawn (the app must draw a frame)."""
        return self.drawn_key != self.shown[0]

    # --- input --------------------------------------------------------------------------------
    def handle(self, table: CoachedTable, event: pygame.event.Event, intent: str | None) -> bool:
        """Next / Skip / Leave by keys and clicks on the panel's buttons."""
        tutor = self.tutor
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in self.buttons:
                if button.handle(event):
                    return True
            return False
        if event.type != pygame.KEYDOWN:
            return False
        if tutor.done:
            if intent in ("play", "ready"):
                self.finish(True)
                return True
            if intent == "back":
                self.finish(False)
                return True
            return False
        if intent in ("play", "ready") and tutor.wants_next:
            if self.shown[0] == self.key():  # never past a note not yet on screen
                self.next(table)
            return True
        if intent == "skip" or (intent is None and pygame.key.name(event.key) == SKIP_KEY):
            self.skip(table)
            return True
        return False

    def next(self, table: CoachedTable) -> None:
        """Next: past a note."""
        self.tutor.next()
        self.save(table)

    def skip(self, table: CoachedTable) -> None:
        """Skip step: the step's own move is made through the table, as the person's (a note
        goes on as with Next)."""
        answer = self.tutor.skip()
        if answer is not None:
            table.submit(answer)
        else:
            self.save(table)

    @staticmethod
    def save(table: CoachedTable) -> None:
        """The step changed without a move: the autosave, which follows moves, is asked to
        save it now, so a lesson left or closed at a note resumes at that note."""
        store = table.app.store
        if store is not None:
            store.sync()

    def finish(self, play: bool) -> None:
        self.tutor.ended = True
        if self.on_end is not None:
            self.on_end(play)

    # --- drawing --------------------------------------------------------------------------------
    def _shown_mode(self) -> tuple[bool, bool, bool]:
        """(done, waits for Next, asks a move) of the note on screen (it may trail the tutor
        while cards move: its buttons go with it)."""
        steps = self.tutor.lesson.steps
        if not self.shown[0]:
            return False, False, False
        index, told, asking, _ended = self.shown[0]
        assert isinstance(index, int)
        if index >= len(steps):
            return True, False, False
        move = steps[index].is_move
        return False, bool(told or (asking and not move)), bool(asking and move)

    def labels(self, table: CoachedTable) -> list[tuple[str, Callable[[], object]]]:
        """The panel's buttons now, labelled with the keys as bound."""
        bindings = table.app.settings.bindings
        enter = key_label(str(bindings.get("play", "return")))
        done, wants_next, asks_move = self._shown_mode()
        if done:
            return [
                (f"Play a real match ({enter})", lambda: self.finish(True)),
                ("Back (Esc)", lambda: self.finish(False)),
            ]
        out: list[tuple[str, Callable[[], object]]] = []
        if wants_next:
            out.append((f"Next ({enter})", lambda: self.next(table)))
        elif asks_move:
            skip = key_label(str(bindings.get("skip", SKIP_KEY)))
            out.append((f"Skip step ({skip})", lambda: self.skip(table)))
        out.append(("Leave (Esc)", table.coach_leave))
        return out

    def lines(self, width: int, s: float) -> tuple[str, list[str]]:
        _key, head, text = self.shown
        body = theme.wrap(theme.printable(text), round(20 * s), width) if text else []
        return head, body

    def draw(self, table: CoachedTable, surface: pygame.Surface) -> None:
        key = self.shown[0]
        s = table.layout.scale
        pad = round(14 * s)
        labels = self.labels(table)
        widths = [self._button_width(label, s) for label, _ in labels]
        row = sum(widths) + round(8 * s) * (len(widths) - 1) + 2 * pad
        # As wide as its row of buttons ("Play a real match (Enter)" is the longest).
        width = max(round(min(320 * s, surface.get_width() * 0.3)), row)
        head, body = self.lines(width - 2 * pad, s)
        self.drawn_key = key
        if not body and not self.tutor.done:
            self.box = pygame.Rect(0, 0, 0, 0)
            self.buttons = []
            return
        row_h = round(36 * s)
        height = pad + round(26 * s) + round(25 * s) * len(body) + round(10 * s) + row_h + pad
        avoid = (*(tuple(rect) for rect in table.coach_avoids()), table.summary_open())
        placed_for = (key, table.layout, surface.get_size(), height, avoid)
        if placed_for != self._placed_for:
            self._placed_for = placed_for
            self.box = place_panel(table, (width, height))
        box = self.box
        theme.panel(surface, box, alpha=240)
        theme.blit_text(
            surface, head, round(18 * s), (box.x + pad, box.y + pad), theme.GOLD, "topleft", True
        )
        y = box.y + pad + round(26 * s)
        for line in body:
            theme.blit_text(surface, line, round(20 * s), (box.x + pad, y), theme.INK, "topleft")
            y += round(25 * s)
        self.buttons = self._lay_buttons(labels, box, pad, row_h, s)
        for button in self.buttons:
            button.draw(surface, s * BUTTON_SCALE)

    @staticmethod
    def _button_width(label: str, s: float) -> int:
        """A button as wide as its label is drawn, with a margin each side."""
        return HudButton.label_width(label, s * BUTTON_SCALE) + round(20 * s)

    def _lay_buttons(
        self,
        labels: list[tuple[str, Callable[[], object]]],
        box: pygame.Rect,
        pad: int,
        row_h: int,
        s: float,
    ) -> list[HudButton]:
        gap = round(8 * s)
        x = box.x + pad
        buttons = []
        for label, action in labels:
            button = HudButton(label, action)
            w = self._button_width(label, s)
            button.rect = pygame.Rect(x, box.bottom - pad - row_h, w, row_h)
            x += w + gap
            buttons.append(button)
        return buttons


def place_panel(table: CoachedTable, size: tuple[int, int]) -> pygame.Rect:
    """Where the panel goes: the spot nearest the middle of the table (where the player looks)
    that hides least, below the HUD's top band (``scenes/table/clear.py`` weighs what the table
    shows). Asked only when the panel's text changes, so it never chases a moving card."""
    return place(table, size, shown(table))[2]
