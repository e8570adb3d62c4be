"""The README's OMG pictures, made headless from a real bot match: the board with a card zoomed,
a combat preview, a block (the defender's choice) and the deck builder.

The match is played by two normal bots; the pictures are taken from you (seat 0) at the first
moment of the match where each scene happens (your turn with a rested enemy in reach; a Life
attack on you with a blocker in range), with the mouse where a player's would be.

    .venv/bin/python tests/ui/omg_screens.py [--out docs/screenshots] [--seed 4]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.core.match import Match, Seat  # noqa: E402
from game.core.registry import find_game  # noqa: E402
from game.core.runner import SyncBotRunner  # noqa: E402
from game.omg.actions import Attack  # noqa: E402
from game.omg.cards import advantage  # noqa: E402
from game.omg.state import OmgState  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.omg.builder import DeckBuilderScene  # noqa: E402
from scenes.omg.table import OmgTable  # noqa: E402
from scenes.settings import SettingsFile  # noqa: E402

SIZE = (1280, 720)
SEATS = [Seat("human", "You"), Seat("bot", "Nimal", "normal")]


def bot_log(seed: int) -> Match:
    seats = [Seat("bot", "You", "normal"), Seat("bot", "Nimal", "normal")]
    match = Match(find_game("omg"), seats, seed, {}, runner=SyncBotRunner())
    match.run_to_end()
    return match


def first_moment(match: Match, wanted: Callable[[OmgState], bool]) -> int:
    """How many actions of the match lead to the first state ``wanted`` accepts."""
    game = match.game
    state = game.new_state(2, match.seed, match.options)
    assert isinstance(state, OmgState)
    for index, (at, action) in enumerate(match.log):
        if wanted(state):
            return index
        state.advance(at)
        state.apply(action, at)
    raise SystemExit("no such moment in this match: try another --seed")


def table_at(app: App, match: Match, steps: int) -> OmgTable:
    data = match.to_json()
    data["seats"] = [s.to_json() for s in SEATS]
    data["log"] = data["log"][:steps]
    state = match.game.new_state(2, match.seed, match.options)
    for at, action in match.log[:steps]:
        state.advance(at)
        state.apply(action, at)
    data["fingerprint"] = state.fingerprint()
    data["now_ms"] = match.log[steps - 1][0] if steps else 0
    resumed = Match.from_json(data, runner=SyncBotRunner())
    resumed.hold()  # the bot waits: the picture is of this moment
    table = OmgTable(app, resumed)
    app.stack.scenes.clear()
    app.push(table)
    for _ in range(3):
        app.tick(16)
    return table


def move_mouse(app: App, pos: tuple[int, int]) -> None:
    app.feed([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    pygame.mouse.set_pos(pos)


def save(app: App, out: Path, name: str) -> None:
    app.tick(16)
    app.draw()
    pygame.image.save(app.screen, str(out / name))
    print(out / name)


def my_attack_on_a_rested_enemy(state: OmgState) -> bool:
    """Your turn, and one of your Beings may attack a rested enemy of another type."""
    if state.phase != "main" or state.turn_seat != 0:
        return False
    return any(strong_attack(state, a) for a in state.legal_actions(0))


def strong_attack(state: OmgState, action: object) -> bool:
    if not isinstance(action, Attack) or action.target is None:
        return False
    me = state.sides[0].locations[action.location]
    them = state.sides[1].locations[action.target]
    return me is not None and them is not None and advantage(me.top.type, them.top.type) != 0


def a_life_attack_on_me_with_a_blocker(state: OmgState) -> bool:
    return (
        state.phase == "defense"
        and state.defender == 0
        and state.defense is not None
        and bool(state.blockers(state.defense))
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--seed", type=int, default=4)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp())
    app = App(SettingsFile(data), size=SIZE, data_dir=data)
    app.settings.animation = "instant"
    match = bot_log(args.seed)

    # The board, a card zoomed under the mouse; then the attack chosen: lines and the preview.
    table = table_at(app, match, first_moment(match, my_attack_on_a_rested_enemy))
    state = table.match.state
    assert isinstance(state, OmgState)
    attack = next(a for a in state.legal_actions(0) if strong_attack(state, a))
    assert isinstance(attack, Attack) and attack.target is not None
    enemy = table.presenter.zone(f"loc:1:{attack.target}")[-1]
    move_mouse(app, enemy.rect(table.layer.card_size).center)
    save(app, args.out, "omg-board.png")
    table.picker.choose_attacker(attack.location)
    move_mouse(app, table.board.lane_rect(1, attack.target).center)
    save(app, args.out, "omg-preview.png")

    # A block: the Life attack on you, your blocker chosen, the running total on the line.
    table = table_at(app, match, first_moment(match, a_life_attack_on_me_with_a_blocker))
    block = next(p for p in table.picker.ring.picks if p.kind == "lane")
    move_mouse(app, block.rect.center)
    save(app, args.out, "omg-block.png")

    builder = DeckBuilderScene(app)
    app.stack.scenes.clear()
    app.push(builder)
    builder.toggle("Poseidon")
    builder.toggle("Indra")
    builder.deck_name = "Sky and sea"
    builder.hover = builder.tiles[23].center
    save(app, args.out, "omg-builder.png")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
