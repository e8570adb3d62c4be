"""The player's own decks: one small JSON file per named deck in the data folder's ``decks``.

The store knows no game: the game's ``DeckRules`` (game/core/decks.py), passed in by the caller,
say what a deck is. OMG's file is ``{"kind": "omg-deck", "version": 1, "name": "Storm front",
"beings": [12 names]}`` (the field is ``beings`` for every game: files already saved keep it).
Every file is validated when the decks are listed (a valid deck by the rules, a name of 1–40
characters); a damaged one is set aside like any other damaged file, with its one-line notice,
and the other decks load as usual.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

from game.core.decks import DeckRules
from game.core.errors import OptionError
from game.store.files import DamagedFile, SafeFiles, check_envelope, shown

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


def check_name(name: str, rules: DeckRules) -> str:
    """A deck name as saved, or ``OptionError`` saying what is wrong with it."""
    cleaned = " ".join(name.split())
    if not cleaned:
        raise OptionError("give the deck a name")
    if len(cleaned) > NAME_LIMIT:
        raise OptionError(f"a deck name has at most {NAME_LIMIT} characters")
    if cleaned.lower() in rules.reserved:
        raise OptionError(f"{cleaned!r} is a preset deck's name; choose another")
    return cleaned


def check_beings(beings: list[str] | tuple[str, ...], rules: DeckRules) -> tuple[str, ...]:
    """The deck's cards in the game's spelling, or ``OptionError`` (the rules' own check)."""
    if len(beings) != rules.size:
        raise OptionError(
            f"a deck has exactly {rules.size} {rules.cards}; this one has {len(beings)}"
        )
    return rules.check(beings)


def parse_deck_file(data: Any, rules: DeckRules) -> Deck:
    """A deck file's JSON as a ``Deck``; ``DamagedFile`` if it is not a valid deck."""
    body = check_envelope(data, rules.kind, DECK_VERSION)
    name, beings = body.get("name"), body.get("beings")
    if not isinstance(name, str):
        raise DamagedFile("it has no deck name")
    if not isinstance(beings, list) or not all(
        isinstance(b, str) and len(b) <= NAME_LIMIT for b in beings[: rules.size + 1]
    ):
        raise DamagedFile("its Beings are not a list of names")
    try:
        return Deck(check_name(name, rules), check_beings(beings, rules))
    except OptionError as exc:
        raise DamagedFile(str(exc)) from None


def file_stem(name: str) -> str:
    """A file name for a deck name: letters, digits and dashes (names that differ only in
    punctuation or case share a file: ``DeckShelf.save`` refuses the second)."""
    stem = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return stem or "deck"


class DeckShelf:
    """One game's decks in one folder (``folder`` None: kept in memory only, as in tests)."""

    def __init__(self, files: SafeFiles, folder: Path | None, rules: DeckRules) -> None:
        self.files = files
        self.folder = folder
        self.rules = rules
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
                path, f"deck file {shown(path.name)}", self._parse, "it is left out"
            )
            if deck is not None:
                found[deck.name.lower()] = deck
        return sorted(found.values(), key=lambda d: d.name.lower())

    def save(self, name: str, beings: list[str] | tuple[str, ...]) -> Deck:
        """Save (or replace) a deck; ``OptionError`` says why a deck cannot be saved, and an
        ``OSError`` reaches the caller as a notice (False from the write)."""
        deck = Deck(check_name(name, self.rules), check_beings(beings, self.rules))
        if self.folder is None:
            self._memory[deck.name.lower()] = deck
            return deck
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise OptionError(f"the decks folder cannot be made ({exc.strerror})") from None
        path = self.folder / f"{file_stem(deck.name)}{SUFFIX}"
        held = self.files.read(path, f"deck file {shown(path.name)}", self._parse, "it is left out")
        if held is not None and held.name != deck.name:  # "Storm-front" is not "storm front"
            raise OptionError(f"{held.name!r} is saved under the same file name; choose another")
        data = {
            "kind": self.rules.kind,
            "version": DECK_VERSION,
            "name": deck.name,
            "beings": list(deck.beings),
        }
        if not self.files.write(path, data):
            raise OptionError(f"the deck could not be saved in {self.folder}")
        return deck

    def _parse(self, data: Any) -> Deck:
        return parse_deck_file(data, self.rules)

    def delete(self, name: str) -> None:
        if self.folder is None:
            self._memory.pop(name.lower(), None)
            return
        self.files.remove(self.folder / f"{file_stem(name)}{SUFFIX}")

    def find(self, name: str) -> Deck | None:
        return next((d for d in self.decks() if d.name.lower() == name.lower()), None)
