"""The hint's sentence lies clear of what the person must read to follow it (scenes/table/hints.py
placed by scenes/table/clear.py): seen at Om Nom Nom, where its panel lay over the bottom row of
all three boards. At every table with its most seats (Om Nom Nom's four too), in the smallest
window, at 1280x720 and at 1920x1080, the panel hides no seat's plate, no panel of the table's
own (Om Nom Nom's boards, a choice bar), no card the person reads (theirs, or face up), no pile
in the middle, nothing the hint lights, no button and not the message line; at a crowded table
it may lie over the backs of another seat's cards (their count is on the plate). Seen under
Xvfb too (tests/ui/hint_drive.py), in each game."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.hint import find_hint  # noqa: E402
from game.core.match import Match, Seat  # noqa: E402
from game.core.registry import find_game  # noqa: E402
from game.core.runner import SyncBotRunner  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.session import table_scene  # noqa: E402
from scenes.table.base import TableScene  # noqa: E402
from scenes.table.clear import card_rect, message_band  # noqa: E402

SMALL, USUAL, LARGE = (800, 480), (1280, 720), (1920, 1080)
# Each table at its most seats, in the windows where it is most crowded (a new size costs a
# frame of new faces: the suite's time is counted).
TABLES = [
    ("omnomnom", 4, (SMALL, USUAL, LARGE)),
    ("omnomnom", 6, (USUAL,)),
    ("fomo", 6, (SMALL, USUAL)),
    ("omi", 4, (USUAL,)),
    ("omyn", 6, (SMALL,)),
    ("omg", 2, (USUAL,)),
]


def at_the_persons_turn(app: App, game_id: str, players: int) -> TableScene:
    """You (seat 0) against random bots, at your first turn or choice."""
    game = find_game(game_id)
    seats = [Seat("human" if i == 0 else "bot", f"Seat {i}", "random") for i in range(players)]
    match = Match(game, seats, 5, runner=SyncBotRunner(), pace_ms=(50, 50))
    table = table_scene(app, match)
    assert isinstance(table, TableScene)
    app.push(table)
    for _ in range(3000):
        if 0 in match.state.to_act() and match.legal_actions(0) and not table.presenter.busy:
            break
        app.tick(16)
    assert 0 in match.state.to_act()
    return table


def what_it_hides(table: TableScene) -> list[str]:
    box = table.hints.why_box
    hidden = [f"plate {seat}" for seat, r in table.plate_rects().items() if box.colliderect(r)]
    hidden += [f"panel {tuple(r)}" for r in table.coach_avoids() if box.colliderect(r)]
    for sprite in table.layer.sprites:
        owner = table.zones.owner(sprite.zone) if sprite.zone else None
        back = not sprite.shows_face and owner is not None and owner != table.bottom
        if not back and box.colliderect(card_rect(table, sprite)):
            hidden.append(f"card in {sprite.zone}")
    hidden += [f"pile {tuple(r)}" for r in table.hints._piles(table) if box.colliderect(r)]
    hint = table.hints.shown
    assert hint is not None
    pad = round(6 * table.layout.scale)  # the ring and the light, as drawn
    for zone in hint.light:
        lit = table.hints._zone_rect(table, zone)
        if lit is not None and box.colliderect(lit.inflate(2 * pad, 2 * pad)):
            hidden.append(f"lit {zone}")
    for zone, card in hint.lift:
        ringed = table.hints._sprite(table, zone, card)
        if ringed is not None and box.colliderect(ringed.rect(table.layer.card_size)):
            hidden.append(f"ringed {card}")
    buttons = [table.hints.button, *getattr(table, "buttons", [])]
    hidden += [f"button {b.label}" for b in buttons if b.rect.width and box.colliderect(b.rect)]
    if box.colliderect(message_band(table)):
        hidden.append("the message line")
    tags = [tag for tag in table.hints.tag_rects if tag is not None]
    hidden += [f"its tag {tuple(t)}" for t in tags if t.colliderect(box)]
    line = table.message.rect(table.message_pos(), table.layout.scale)  # as it reads now
    hidden += [f"the line under its tag {tuple(t)}" for t in tags if t.colliderect(line)]
    if not pygame.Rect((0, 0), table.layout.size).contains(box):
        hidden.append("off the screen")
    return hidden


@pytest.mark.parametrize(
    ("game_id", "players", "sizes"), TABLES, ids=[f"{g}-{n}" for g, n, _ in TABLES]
)
def test_the_hints_sentence_hides_nothing_the_person_must_read(
    app: App, game_id: str, players: int, sizes: tuple[tuple[int, int], ...]
) -> None:
    table = at_the_persons_turn(app, game_id, players)
    view, legal = table.match.view(0), table.match.legal_actions(0)
    give = find_hint(game_id)
    assert give is not None
    hint = give(view, legal, 3, 0, samples=2)  # a fixed count of samples: no clock
    assert hint is not None
    table.hints.shown = hint
    for size in sizes:
        app.screen = pygame.display.set_mode(size)
        app._resized()
        app.tick(16)
        assert table.hints.shown is hint and table.hints.why_box.width > 0
        assert what_it_hides(table) == [], (size, tuple(table.hints.why_box))
