"""The OMG deck builder: pick any 12 different Beings from the pool, see the deck's type spread
and cost curve, name it and save it in the data folder; load, change or delete a saved deck.

Mouse: click a Being to add or take it out, click the buttons and saved decks. Keys: the arrows
walk the pool, Enter adds/takes out, typing (spaces too) names the deck, Backspace erases,
Ctrl+S saves, Page Up/Down load the saved decks in turn, Esc goes back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.errors import OptionError
from game.omg.cards import DECK_BEINGS, DECK_RULES, PRESET_DECKS, TYPES
from game.store.decks import NAME_LIMIT, Deck, DeckShelf
from game.store.files import SafeFiles
from scenes import theme
from scenes.omg.builder_draw import POOL, draw_builder
from scenes.omg.faces import OmgFaces
from scenes.scene import Scene

if TYPE_CHECKING:
    from scenes.scene import AppPort

COLUMNS = len(TYPES)  # one column per type: the pool is four Beings of each


def deck_shelf(app: AppPort) -> DeckShelf:
    """The player's decks: in the data folder (the store's safe files when there is a store)."""
    store = getattr(app, "store", None)
    if store is not None:
        return DeckShelf(store.files, store.dirs.data / "decks", DECK_RULES)
    folder = getattr(app, "data_dir", None)
    shelf = DeckShelf(SafeFiles(), folder / "decks" if folder is not None else None, DECK_RULES)
    return shelf


class DeckBuilderScene(Scene):
    name = "omg-builder"

    def __init__(
        self,
        app: AppPort,
        on_saved: Callable[[Deck], None] | None = None,
        on_close: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.shelf = deck_shelf(app)
        self.on_saved = on_saved
        self.on_close = on_close
        self.faces = OmgFaces()
        self.chosen: list[str] = list(PRESET_DECKS["dawn"])
        self.deck_name = "My deck"
        self.focus = 0
        self.hover = (-1, -1)
        self.note = ""
        self.note_warn = False
        self.saved = self.shelf.decks()
        self.loaded = -1
        self.buttons: list[tuple[pygame.Rect, str, Callable[[], None]]] = []
        self.tiles: list[pygame.Rect] = []
        self.deck_rows: list[pygame.Rect] = []
        self._notices()
        self.resize(app.size)

    def exit(self) -> None:
        if self.on_close is not None:
            self.on_close()  # the seats screen lists the decks saved here

    # --- layout -------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        width, height = size
        s = theme.scale_for(size)
        self.scale = s
        tile_h = min(height * 0.62 / 4 - 8, (width * 0.56) / COLUMNS / 0.7 - 8)
        self.tile = (round(tile_h * 0.7), round(tile_h))
        self.tiles = [
            pygame.Rect(
                round(20 * s + (i // 4) * (self.tile[0] + 8)),
                round(90 * s + (i % 4) * (self.tile[1] + 8)),
                *self.tile,
            )
            for i in range(len(POOL))
        ]
        right = self.tiles[-1].right + round(24 * s)
        self.panel = pygame.Rect(
            right, round(84 * s), width - right - round(16 * s), height - round(100 * s)
        )
        labels = [
            ("Save (Ctrl+S)", self.save),
            ("Start from Dawn", lambda: self._start_from("dawn")),
            ("Start from Dusk", lambda: self._start_from("dusk")),
            ("Clear", self._clear),
            ("Delete saved deck (Del)", self.delete),
            ("Back (Esc)", self.app.pop),
        ]
        bw, bh = (self.panel.width - round(30 * s)) // 2, round(32 * s)
        self.buttons = []
        for i, (label, action) in enumerate(labels):
            rect = pygame.Rect(
                self.panel.x + round(10 * s) + (i % 2) * (bw + round(10 * s)),
                self.panel.bottom
                - round(10 * s)
                - (3 - i // 2) * (bh + round(6 * s))
                + round(6 * s),
                bw,
                bh,
            )
            self.buttons.append((rect, label, action))

    # --- actions ------------------------------------------------------------------------------
    def toggle(self, name: str) -> None:
        if name in self.chosen:
            self.chosen.remove(name)
            self._say(f"{name} taken out: {len(self.chosen)} of {DECK_BEINGS}")
        elif len(self.chosen) >= DECK_BEINGS:
            self._say(f"A deck has {DECK_BEINGS} Beings: take one out first", warn=True)
        else:
            self.chosen.append(name)
            self._say(f"{name} added: {len(self.chosen)} of {DECK_BEINGS}")

    def save(self) -> None:
        try:
            deck = self.shelf.save(self.deck_name, [n for n in POOL if n in self.chosen])
        except OptionError as exc:
            self._say(f"Not saved: {exc}", warn=True)
            self._notices()
            return
        self.saved = self.shelf.decks()
        self.loaded = next((i for i, d in enumerate(self.saved) if d.name == deck.name), -1)
        self._say(f"Saved {deck.name!r}: choose it for a seat on the seats screen")
        if self.on_saved is not None:
            self.on_saved(deck)

    def load(self, index: int) -> None:
        if not self.saved:
            self._say("No saved decks yet: build one and save it", warn=True)
            return
        self.loaded = index % len(self.saved)
        deck = self.saved[self.loaded]
        self.chosen, self.deck_name = list(deck.beings), deck.name
        self._say(f"Loaded {deck.name!r}")

    def delete(self) -> None:
        deck = next((d for d in self.saved if d.name.lower() == self.deck_name.lower()), None)
        if deck is None:
            self._say(f"No saved deck is called {self.deck_name!r}", warn=True)
            return
        self.shelf.delete(deck.name)
        self.saved = self.shelf.decks()
        self.loaded = -1
        self._say(f"Deleted {deck.name!r} (what is on screen stays: Save keeps it again)")

    def _start_from(self, preset: str) -> None:
        self.chosen = list(PRESET_DECKS[preset])
        self._say(f"Started from {preset.title()}: change Beings, name it, save")

    def _clear(self) -> None:
        self.chosen = []
        self._say("Cleared: pick 12 Beings")

    def _say(self, text: str, warn: bool = False) -> None:
        self.note, self.note_warn = text, warn
        if warn:
            self.app.sound.play("refuse")

    def _notices(self) -> None:
        messages = self.shelf.files.notices.take()
        if messages:
            self._say(messages[-1], warn=True)

    # --- input --------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        intent = self.app.intent(event)
        if intent == "back":
            self.app.pop()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        if event.type != pygame.KEYDOWN:
            return False
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if ctrl and event.key == pygame.K_s:
            self.save()
            return True
        moves = {"left": -4, "right": 4, "up": -1, "down": 1}
        if intent in moves:
            self.focus = (self.focus + moves[intent]) % len(POOL)
            return True
        if intent == "play":
            self.toggle(POOL[self.focus])
            return True
        if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.load(self.loaded + (1 if event.key == pygame.K_PAGEDOWN else -1))
            return True
        if event.key == pygame.K_DELETE:
            self.delete()
            return True
        if event.key == pygame.K_BACKSPACE:
            self.deck_name = self.deck_name[:-1]
            return True
        text = event.unicode if isinstance(getattr(event, "unicode", None), str) else ""
        if text and text.isprintable():
            self.type_name(text)
            return True
        return False

    def type_name(self, text: str) -> None:
        """A typed character goes into the name, or is refused with the limit said."""
        if len(self.deck_name) + len(text) > NAME_LIMIT:
            self._say(f"A deck name has at most {NAME_LIMIT} characters", warn=True)
            return
        self.deck_name += text

    def _click(self, pos: tuple[int, int]) -> bool:
        for i, rect in enumerate(self.tiles):
            if rect.collidepoint(pos):
                self.focus = i
                self.toggle(POOL[i])
                return True
        for rect, _label, action in self.buttons:
            if rect.collidepoint(pos):
                action()
                return True
        for i, rect in enumerate(self.deck_rows):
            if rect.collidepoint(pos):
                self.load(i)
                return True
        return False

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_builder(self, surface)

    def zoomed(self) -> str | None:
        for i, rect in enumerate(self.tiles):
            if rect.collidepoint(self.hover):
                return POOL[i]
        return POOL[self.focus]
