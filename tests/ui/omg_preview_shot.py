"""The OMG attack preview (chosen by keys, and carried by the mouse) as the table draws it, from a board laid by
hand (Zeus L2 with a Gem and Agni beside it against a Geb under Anubis's curse), saved as PNGs:

    SDL_VIDEODRIVER=dummy .venv/bin/python tests/ui/omg_preview_shot.py --shots /tmp/omg-preview
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402

from game.core.match import Match, Seat  # noqa: E402
from game.core.registry import find_game  # noqa: E402
from game.core.runner import SyncBotRunner  # noqa: E402
from game.omg.board import Stack  # noqa: E402
from game.omg.state import OmgState  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.omg.table import OmgTable  # noqa: E402
from scenes.settings import SettingsFile  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--shots", type=Path, default=Path(tempfile.gettempdir()) / "omg-preview")
    shots: Path = parser.parse_args().shots
    shots.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp(prefix="omg-preview-"))
    app = App(SettingsFile(data), size=(1280, 720), data_dir=data)
    app.settings.animation = "instant"
    app.settings.bot_pace = "instant"
    seats = [Seat("human", "You"), Seat("bot", "Nimal", "normal")]
    match = Match(find_game("omg"), seats, 3, {"turn_limit": 30}, runner=SyncBotRunner())
    table = OmgTable(app, match)
    app.push(table)
    state = match.state
    assert isinstance(state, OmgState)
    for _ in range(400):
        app.tick(16)
        if table.picker.mode == "mulligan":
            app.feed([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")])
            app.feed([pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0)])
        if state.turn_seat == 0 and state.phase == "main" and table.picker.mode == "main":
            break
    me, them = state.sides
    me.locations = [Stack(["Agni:1"]), Stack(["Zeus:2"], equipped=1), Stack(["Anubis:1"])]
    them.locations = [None, Stack(["Hel:1"]), Stack(["Geb:1"], rested=True)]
    state.turn_number = max(3, state.turn_number)
    table.snap_to_view()
    assert table.teller.story is not None
    table.teller.story.state = state.clone()
    table.picker.built_for = None
    app.tick(16)
    next(p for p in table.picker.ring.picks if p.kind == "lane" and p.payload == 1).action()
    app.tick(16)
    app.draw()
    pygame.image.save(app.screen, str(shots / "preview-life.png"))  # where the keys start
    table.picker.ring.focus = next(
        i for i, p in enumerate(table.picker.ring.picks) if p.kind == "enemy" and p.good
    )
    app.tick(16)
    app.draw()
    pygame.image.save(app.screen, str(shots / "preview.png"))
    table.picker.cancel()  # and the same attack by the mouse: Zeus carried over Geb
    app.tick(16)
    zeus, geb = table.presenter.zone("loc:0:1")[-1], table.presenter.zone("loc:1:2")[-1]
    start, over = (round(zeus.x), round(zeus.y)), (round(geb.x), round(geb.y))
    app.feed([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start)])
    for pos in ((start[0] + 30, start[1] - 30), over):
        app.feed([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))])
    app.tick(16)
    app.draw()
    pygame.image.save(app.screen, str(shots / "preview-drag.png"))
    print(shots)
    return 0


if __name__ == "__main__":
    sys.exit(main())
