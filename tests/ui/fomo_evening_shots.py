"""Pictures of what issue 29 changed on the FOMO table, headless: a Swap's first pick marked at
six seats, a Swap's window lighting its two slots, the log scrolled back, the Canceled panels at three seats, a lost Canceled race.

    .venv/bin/python tests/ui/fomo_evening_shots.py [--out /tmp/fomo-evening]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.core.registry import find_game  # noqa: E402
from game.fomo.actions import PlayPlotTwist, PlaySwap  # noqa: E402
from game.fomo.cards import CANCELED, PLOT_TWIST, SWAP  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.fomo.table import FomoTable  # noqa: E402
from tests.tables.test_fomo import give, my_turn, press, settle, table_for  # noqa: E402
from tests.ui.fomo_shots import new_app, save  # noqa: E402 (1280x720, instant)


def six_with_swap() -> tuple[App, FomoTable]:
    """Your turn at six seats with a Swap in hand."""
    app = new_app()
    table = table_for(app, (0,), players=6, seed=3)
    my_turn(app, table)
    give(table.state, 0, SWAP)
    table.snap_to_view()
    settle(app, table, 2)
    return app, table


def swap_picked(out: Path) -> None:
    app, table = six_with_swap()
    assert table.turn_input is not None
    table.turn_input.play_card(SWAP)
    table.turn_input.pick((2, 1))
    settle(app, table, 2)
    save(app, out, "fomo-swap-picked")


def log(out: Path) -> None:
    app = new_app()
    table = table_for(app, (0,), players=4)
    for _ in range(6):
        my_turn(app, table)
        press(app, pygame.K_d)
    my_turn(app, table)
    press(app, pygame.K_l)
    press(app, pygame.K_UP)
    save(app, out, "fomo-log")


def swap_window(out: Path) -> None:
    """Six seats, a Swap between two side seats' slots: the window lights those two slots."""
    app, table = six_with_swap()
    app.settings.bot_pace = "relaxed"  # the bots answer late: the window stands for the picture
    assert table.submit(PlaySwap.between(0, 1, 2, 2, 1))
    settle(app, table, 40)
    save(app, out, "fomo-swap-window")


def panels(out: Path, players: int) -> None:
    app = new_app()
    game = find_game("fomo")
    # A deal that leaves a Plot Twist and two Canceled in the draw pile to hand out.
    seed = next(
        seed
        for seed in range(9, 99)
        if game.new_state(players, seed, {}).draw.count(CANCELED) >= 2  # type: ignore[attr-defined]
    )
    table = table_for(app, (0, 1, 2), players=players, seed=seed)
    my_turn(app, table, 0)
    for seat, card in ((0, PLOT_TWIST), (1, CANCELED), (2, CANCELED)):
        give(table.state, seat, card)
    table.snap_to_view()
    assert table.submit(PlayPlotTwist.between(0, 1, 2))
    settle(app, table, 30)
    save(app, out, f"fomo-panels-{players}")
    app.settings.animation = "normal"
    press(app, pygame.key.key_code(table.reflex.key_of(1) or ""))
    for _ in range(8):
        app.tick(16)
    press(app, pygame.key.key_code(table.reflex.key_of(2) or ""))
    app.tick(16)
    save(app, out, f"fomo-too-slow-{players}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("/tmp/fomo-evening"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    shots = [swap_picked, swap_window, log] + [lambda out, n=n: panels(out, n) for n in (3, 4, 6)]
    for make in shots:
        make(args.out)
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
