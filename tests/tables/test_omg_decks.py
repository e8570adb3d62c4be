"""OMG decks of one's own: saved by name in the data folder, validated when read (a damaged
deck file is set aside with a one-line notice), built in the deck builder, played at the table."""

from __future__ import annotations

import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path  # noqa: E402
from typing import cast  # noqa: E402

import pytest  # noqa: E402

from game.core.errors import OptionError  # noqa: E402
from game.omg.cards import DECK_RULES, PRESET_DECKS  # noqa: E402
from game.store.decks import DeckShelf, parse_deck_file  # noqa: E402
from game.store.files import DamagedFile, SafeFiles  # noqa: E402
from scenes.app import App  # noqa: E402

STORM = [
    "Zeus",
    "Thor",
    "Raijin",
    "Indra",
    "Ra",
    "Apollo",
    "Hel",
    "Loki",
    "Geb",
    "Ymir",
    "Pele",
    "Njord",
]


def shelf(tmp_path: Path) -> DeckShelf:
    return DeckShelf(SafeFiles(), tmp_path / "decks", DECK_RULES)


def test_a_saved_deck_is_listed_by_name_with_its_beings(tmp_path: Path) -> None:
    decks = shelf(tmp_path)
    decks.save("  Storm   front ", STORM)
    (found,) = decks.decks()
    assert found.name == "Storm front" and list(found.beings) == STORM
    assert json.loads((tmp_path / "decks" / "storm-front.json").read_text())["kind"] == "omg-deck"


@pytest.mark.parametrize(
    ("name", "beings", "reason"),
    [
        ("Short", STORM[:11], "exactly 12 Beings"),
        ("Twice", STORM[:11] + ["Zeus"], "Zeus appears twice"),
        ("Odd", STORM[:11] + ["Odin"], "no Being called 'Odin'"),
        ("", STORM, "give the deck a name"),
        ("dawn", STORM, "preset deck's name"),
    ],
)
def test_a_deck_that_breaks_the_rules_is_not_saved_and_says_why(
    tmp_path: Path, name: str, beings: list[str], reason: str
) -> None:
    decks = shelf(tmp_path)
    with pytest.raises(OptionError, match=reason):
        decks.save(name, beings)
    assert decks.decks() == []


def test_a_damaged_deck_file_is_set_aside_with_one_notice_and_the_others_load(
    tmp_path: Path,
) -> None:
    decks = shelf(tmp_path)
    decks.save("Good", list(PRESET_DECKS["dusk"]))
    bad = tmp_path / "decks" / "bad.json"
    bad.write_text(
        json.dumps({"kind": "omg-deck", "version": 1, "name": "Bad", "beings": STORM[:5]})
    )
    (tmp_path / "decks" / "junk.json").write_bytes(b"\x00{not json")
    assert [d.name for d in decks.decks()] == ["Good"]
    notices = decks.files.notices.take()
    assert len(notices) == 2 and all("kept as" in n and "it is left out" in n for n in notices)
    assert not bad.exists() and len(list((tmp_path / "decks" / "damaged").iterdir())) == 2


def test_a_deck_file_must_be_a_deck(tmp_path: Path) -> None:
    with pytest.raises(DamagedFile, match="not an Omnibus omg-deck file"):
        parse_deck_file({"kind": "settings", "version": 1}, DECK_RULES)
    with pytest.raises(DamagedFile, match="not a list of names"):
        parse_deck_file(
            {"kind": "omg-deck", "version": 1, "name": "X", "beings": "Zeus"}, DECK_RULES
        )


def test_deleting_a_deck_removes_its_file(tmp_path: Path) -> None:
    decks = shelf(tmp_path)
    decks.save("Gone", STORM)
    decks.delete("gone")
    assert decks.decks() == []


def test_a_deck_built_in_the_builder_is_chosen_on_the_seats_screen_and_played(
    tmp_path: Path,
) -> None:
    import pygame

    from game.omg.state import OmgState
    from scenes.app import App
    from scenes.omg.builder import DeckBuilderScene
    from scenes.omg.table import OmgTable
    from scenes.seats import SeatsScene
    from scenes.settings import SettingsFile
    from scenes.ui import Choice

    app = App(SettingsFile(tmp_path), size=(1280, 720), data_dir=tmp_path)

    def press(code: int, text: str = "", mod: int = 0) -> None:
        app.feed([pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=text)])
        app.feed([pygame.event.Event(pygame.KEYUP, key=code, mod=mod)])

    try:
        seats = SeatsScene(app, "omg", seed=5)
        app.push(seats)
        builder = DeckBuilderScene(app, on_close=seats.rebuild)
        app.push(builder)
        builder.chosen = []
        for name in STORM:
            builder.toggle(name)
        for _ in range(len(builder.deck_name)):
            press(pygame.K_BACKSPACE)
        for char in "Storm":
            press(ord(char.lower()), char)
        press(pygame.K_s, mod=pygame.KMOD_CTRL)
        assert "Saved 'Storm'" in builder.note
        app.pop()  # back to the seats, which now offer the deck
        choice = cast(Choice, seats.form.rows[1][4])
        assert "Storm" in [label for _value, label in choice.values]
        while choice.values[choice.index][1] != "Storm":
            choice.step(1)
        seats.start()
        table = cast(OmgTable, app.stack.top)
        state = cast(OmgState, table.match.state)
        assert sorted(state.decks[0]) == sorted(STORM)
    finally:
        for scene in list(reversed(app.stack.scenes)):
            scene.exit()
        pygame.quit()


def test_the_seats_screen_says_which_beings_a_deck_holds(app: App) -> None:
    from scenes.seats import SeatsScene
    from scenes.ui import Choice

    seats = SeatsScene(app, "omg", seed=5)
    app.push(seats)
    choice = cast(Choice, seats.form.rows[1][4])  # the bottom seat's deck
    assert choice.values[choice.index][1] == "Dawn"
    assert choice.help.startswith("Surtr, Hephaestus, Poseidon")  # the names "Dawn" means
    assert "2 of each type" in choice.help
    choice.step(1)  # Dusk
    assert choice.help.startswith(", ".join(PRESET_DECKS["dusk"][:3]))


def test_a_chosen_beings_tile_leaves_its_ability_text_readable(app: App) -> None:
    import pygame

    from game.omg.cards import BEINGS
    from scenes import theme
    from scenes.omg.builder import DeckBuilderScene

    builder = DeckBuilderScene(app)
    app.push(builder)
    app.tick(16)
    app.draw()
    for name in builder.chosen:  # the Beings in the deck: their tiles say "IN"
        tile = builder.tiles[list(BEINGS).index(name)]
        text = pygame.Rect(tile.x, tile.y + round(tile.height * 0.64), tile.width, 0)
        text.height = tile.bottom - text.y
        text.inflate_ip(-8, -8)  # inside the chosen tile's gold outline
        badge = [
            (x, y)
            for x in range(text.left, text.right)
            for y in range(text.top, text.bottom)
            if app.screen.get_at((x, y))[:3] == theme.FOCUS
        ]
        assert badge == [], f"the IN badge covers {name}'s ability"
