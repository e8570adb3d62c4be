"""OMG's items on the seats screen: each seat's deck (Dawn, Dusk or one the player built) and
the way to the deck builder."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from scenes import ui
from scenes.omg.builder import DeckBuilderScene, deck_shelf

if TYPE_CHECKING:
    from scenes.scene import AppPort

PRESETS = [("dawn", "Dawn"), ("dusk", "Dusk")]


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

    change(current)
    return ui.Choice(
        "",
        choices,
        current,
        change,
        "This seat's deck: Dawn, Dusk, or one you built (Deck builder below).",
    )


def builder_button(app: AppPort, refresh: Callable[[], None]) -> ui.Button:
    def open_builder() -> None:
        app.push(DeckBuilderScene(app, on_close=refresh))

    return ui.Button(
        "Deck builder…", open_builder, "Build, name and save your own decks of 12 Beings."
    )
