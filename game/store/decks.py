"""The player's own OMG decks: one small JSON file per named deck in the data folder's ``decks``.

Each file is ``{"kind": "omg-deck", "version": 1, "name": "Storm front", "beings": [12 names]}``.
Every file is validated when the decks are listed (12 different Beings of the pool, a name of
1–40 characters); a damaged one is set aside like any other damaged file, with its one-line
notice, and the other decks load as usual.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

from game.core.errors import OptionError
from game.omg.cards import DECK_BEINGS, PRESET_DECKS, parse_deck
from game.store.files import DamagedFile, SafeFiles, check_envelope, shown

DECK_KIND = "omg-deck"
DECK_VERSION = 1
NAME_LIMIT = 40
SUFFIX = ".json"


@dataclasses.dataclass(frozen=True)
class Deck:
    name: str
    beings: tuple[str, ...]

    @property
    def option_text(self) -> str:
        """The deck as the ``decks`` option names it (12 Beings joined by '+')."""
        return "+".join(self.beings)


def check_name(name: str) -> str:
    """A deck name as saved, or ``OptionError`` saying what is wrong with it."""
    cleaned = " ".join(name.split())
    if not cleaned:
        raise OptionError("give the deck a name")
    if len(cleaned) > NAME_LIMIT:
        raise OptionError(f"a deck name has at most {NAME_LIMIT} characters")
    if cleaned.lower() in PRESET_DECKS:
        raise OptionError(f"{cleaned!r} is a preset deck's name; choose another")
    return cleaned


def check_beings(beings: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The deck's Beings in pool spelling, or ``OptionError`` (the rules' own check)."""
    if len(beings) != DECK_BEINGS:
        raise OptionError(f"a deck has exactly {DECK_BEINGS} Beings; this one has {len(beings)}")
    return parse_deck("+".join(beings))


def parse_deck_file(data: Any) -> Deck:
    """A deck file's JSON as a ``Deck``; ``DamagedFile`` if it is not a valid deck."""
    body = check_envelope(data, DECK_KIND, DECK_VERSION)
    name, beings = body.get("name"), body.get("beings")
    if not isinstance(name, str):
        raise DamagedFile("it has no deck name")
    if not isinstance(beings, list) or not all(
        isinstance(b, str) and len(b) <= NAME_LIMIT for b in beings[: DECK_BEINGS + 1]
    ):
        raise DamagedFile("its Beings are not a list of names")
    try:
        return Deck(check_name(name), check_beings(beings))
    except OptionError as exc:
        raise DamagedFile(str(exc)) from None


def file_stem(name: str) -> str:
    """A file name for a deck name: letters, digits and dashes (names that differ only in
    punctuation or case share a file: ``DeckShelf.save`` refuses the second)."""
    stem = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return stem or "deck"


class DeckShelf:
    """The decks in one folder (``folder`` None: kept in memory only, as in tests)."""

    def __init__(self, files: SafeFiles, folder: Path | None) -> None:
        self.files = files
        self.folder = folder
        self._memory: dict[str, Deck] = {}

    def decks(self) -> list[Deck]:
        """Every valid deck, by name; damaged files are set aside (one notice each)."""
        if self.folder is None:
            return sorted(self._memory.values(), key=lambda d: d.name.lower())
        found: dict[str, Deck] = {}
        try:  # files set aside by older versions ("*.damaged-*.json") stay out
            paths = sorted(p for p in self.folder.glob(f"*{SUFFIX}") if ".damaged-" not in p.name)
        except OSError:
            paths = []
        for path in paths:
            deck = self.files.read(
                path, f"deck file {shown(path.name)}", parse_deck_file, "it is left out"
            )
            if deck is not None:
                found[deck.name.lower()] = deck
        return sorted(found.values(), key=lambda d: d.name.lower())

    def save(self, name: str, beings: list[str] | tuple[str, ...]) -> Deck:
        """Save (or replace) a deck; ``OptionError`` says why a deck cannot be saved, and an
        ``OSError`` reaches the caller as a notice (False from the write)."""
        deck = Deck(check_name(name), check_beings(beings))
        if self.folder is None:
            self._memory[deck.name.lower()] = deck
            return deck
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise OptionError(f"the decks folder cannot be made ({exc.strerror})") from None
        path = self.folder / f"{file_stem(deck.name)}{SUFFIX}"
        held = self.files.read(
            path, f"deck file {shown(path.name)}", parse_deck_file, "it is left out"
        )
        if held is not None and held.name != deck.name:  # "Storm-front" is not "storm front"
            raise OptionError(f"{held.name!r} is saved under the same file name; choose another")
        data = {
            "kind": DECK_KIND,
            "version": DECK_VERSION,
            "name": deck.name,
            "beings": list(deck.beings),
        }
        if not self.files.write(path, data):
            raise OptionError(f"the deck could not be saved in {self.folder}")
        return deck

    def delete(self, name: str) -> None:
        if self.folder is None:
            self._memory.pop(name.lower(), None)
            return
        self.files.remove(self.folder / f"{file_stem(name)}{SUFFIX}")

    def find(self, name: str) -> Deck | None:
        return next((d for d in self.decks() if d.name.lower() == name.lower()), None)
