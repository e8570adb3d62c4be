"""The keys each table reads by itself (not rebindable), so Settings can refuse a binding that
would mean two things in one game ("D: next card" against Omi's Diamonds). A test reads the
tables' code for hotkeys and letter commands and checks each is listed here."""

from __future__ import annotations

from scenes.table.reflex import key_label

DIGITS = {str(n): "a slot or card by its number" for n in range(1, 10)}

GAME_KEYS: dict[str, dict[str, str]] = {
    "omyn": {
        **DIGITS,
        "d": "Draw / Drop",
        "s": "Swap",
        "p": "Pair Up",
        "y": "Yes (call, use a power)",
        "n": "No",
    },
    "fomo": {
        **DIGITS,
        "d": "Discard",
        "t": "Take the top discard",
        "p": "Browse the pile",
        "l": "Open the log",
        "y": "Call FOMO!",
        "n": "Not yet",
    },
    "omg": {
        "e": "End turn",
        "g": "Rest a Gem to draw",
        "q": "Equip",
        "a": "Open the Abyss",
        "y": "Yes",
        "n": "No",
    },
    "omi": {
        "s": "Spades",
        "h": "Hearts",
        "d": "Diamonds",
        "c": "Clubs",
        "y": "Yes (kapothi)",
        "n": "No (kapothi)",
    },
    "omnomnom": {str(n): "a card by its number" for n in range(1, 7)},
}
TITLES = {"omyn": "OMYN", "fomo": "FOMO", "omg": "OMG", "omi": "Omi", "omnomnom": "Om Nom Nom"}


def clash(key_name: str) -> str | None:
    """What ``key_name`` already means at some table, as a sentence; None if nothing."""
    uses = [
        f"{meaning} in {TITLES[game]}"
        for game, keys in GAME_KEYS.items()
        if (meaning := keys.get(key_name)) is not None
    ]
    if not uses:
        return None
    said = ", ".join(uses[:-1]) + " and " + uses[-1] if len(uses) > 1 else uses[0]
    return f"{key_label(key_name)} is already {said}: choose another key."
