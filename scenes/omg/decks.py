"""OMG's items on the seats screen: each seat's deck (Dawn, Dusk or one the player built) and
the way to the deck builder."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core.errors import OptionError
from game.omg.cards import BEINGS, parse_deck
from scenes import ui
from scenes.omg.builder import DeckBuilderScene, deck_shelf

if TYPE_CHECKING:
    from scenes.scene import AppPort

PRESETS = [("dawn", "Dawn"), ("dusk", "Dusk")]
HELP = "This seat's deck: Dawn, Dusk, or one you built (Deck builder below)."


def seat_decks(options: dict[str, object], players: int) -> list[str]:
    parts = [p.strip() for p in str(options.get("decks", "dawn,dusk")).split(",")]
    defaults = ["dawn", "dusk"]
    while len(parts) < players:
        parts.append(defaults[len(parts) % 2])
    return parts[:players]


def deck_choice(app: AppPort, options: dict[str, object], seat: int, players: int) -> ui.Choice:
    """The deck of ``seat``: presets first, then the saved decks by name."""
    shelf = deck_shelf(app)
    choices: list[tuple[object, str]] = list(PRESETS)
    for deck in shelf.decks():
        choices.append((deck.option_text, deck.name))
    current = seat_decks(options, players)[seat]
    if current.lower() not in {str(v).lower() for v, _ in choices}:
        same = {n.lower() for n in current.split("+")}
        named = next(
            (v for v, _ in choices if {n.lower() for n in str(v).split("+")} == same), None
        )
        if named is not None:
            current = str(named)
        else:
            choices.append((current, "Custom deck (12 Beings)"))

    def change(value: object) -> None:
        parts = seat_decks(options, players)  # read afresh: another seat may have changed
        parts[seat] = str(value)
        options["decks"] = ",".join(parts)

    def chosen(value: object) -> None:
        change(value)
        choice.help = deck_help(str(value))  # the line under the screen speaks of this deck

    change(current)
    choice = ui.Choice("", choices, current, chosen, deck_help(current))
    return choice


def deck_help(value: str) -> str:
    """What the seats screen says of a deck: its Beings and their types, so "Dawn" or "Dusk"
    means something to a new player (the line said only "Dawn, Dusk, or one you built")."""
    try:
        beings = parse_deck(value)
    except OptionError:
        return HELP
    types = Counter(BEINGS[name].type for name in beings)
    counts = set(types.values())
    spread = (
        f"{counts.pop()} of each type"
        if len(counts) == 1 and len(types) == 6
        else ", ".join(f"{kind} {count}" for kind, count in types.most_common())
    )
    return f"{', '.join(beings)} ({spread}). Your own: Deck builder below."


def builder_button(app: AppPort, refresh: Callable[[], None]) -> ui.Button:
    def open_builder() -> None:
        app.push(DeckBuilderScene(app, on_close=refresh))

    return ui.Button(
        "Deck builder…", open_builder, "Build, name and save your own decks of 12 Beings."
    )
