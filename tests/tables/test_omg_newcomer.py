"""The OMG table as a newcomer meets it (issue 29): the keys start on the safe choice, H shows
the controls, every G press is a move or a refusal, the deck builder takes a space in a name."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random  # noqa: E402
import re  # noqa: E402

import pygame  # noqa: E402

from game.core.match import Seat  # noqa: E402
from game.core.registry import find_game  # noqa: E402
from game.omg.actions import GemDraw, Mulligan, PlayBeing  # noqa: E402
from game.omg.board import Stack  # noqa: E402
from game.omg.cards import BEINGS, PRESET_DECKS  # noqa: E402
from game.omg.events import AttackDeclared, Clash  # noqa: E402
from game.omg.state import OmgState  # noqa: E402
from scenes import theme  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.omg.builder import DeckBuilderScene  # noqa: E402
from scenes.omg.draw_play import play_panels  # noqa: E402
from scenes.omg.felt import draw_omg_resting_hud  # noqa: E402
from scenes.omg.table import OmgTable  # noqa: E402
from scenes.omg.words import attack_preview, block_words, discard_words, power_parts  # noqa: E402
from scenes.table.reflex import banner_rect  # noqa: E402
from tests.tables.test_omg import (  # noqa: E402
    human_vs_bot,
    keep_and_reach_my_turn,
    key,
    settle,
    table_for,
)

SIZE = (1280, 720)


def my_turn(app: App) -> tuple[OmgTable, OmgState]:
    table = human_vs_bot(app)
    return table, keep_and_reach_my_turn(app, table)


def lay(table: OmgTable, app: App, state: OmgState, **lanes: Stack | None) -> None:
    """Put Beings on the lanes ("mine_0", "theirs_1") and show the table as it now is."""
    for name, stack in lanes.items():
        whose, _, loc = name.partition("_")
        state.sides[0 if whose == "mine" else 1].locations[int(loc)] = stack
    state.turn_number = max(2, state.turn_number)
    table.snap_to_view()
    assert table.teller.story is not None
    table.teller.story.state = state.clone()  # the log's story follows the table as laid by hand
    table.picker.built_for = None
    app.tick(16)


def lay_a_busy_board(table: OmgTable, app: App, state: OmgState) -> None:
    """Beings with many labels on both sides: Agni beside an equipped Zeus L1+2 (levels, Gem,
    aura), Nimal's Hel L1+2+3 (its strips) and a rested Geb in Zeus's reach."""
    zeus = Stack(["Zeus:1", "Zeus:2"], equipped=1, entered_turn=0)
    hel = Stack(["Hel:1", "Hel:2", "Hel:3"], entered_turn=0)
    geb = Stack(["Geb:1"], rested=True, entered_turn=0)
    agni = Stack(["Agni:1"], entered_turn=0)
    lay(table, app, state, mine_0=agni, mine_1=zeus, theirs_0=hel, theirs_2=geb)


def focused(table: OmgTable) -> str:
    pick = table.picker.ring.focused()
    assert pick is not None
    return pick.label


def choose_with_every_lane_full(
    table: OmgTable, app: App, state: OmgState, card: str, beings: tuple[str, ...]
) -> None:
    """Beings on all three of my lanes, ``card`` in hand with Gems to pay: I choose it."""
    state.sides[0].gems_active = 8
    state.sides[0].hand.append(card)
    full = {f"mine_{j}": Stack([b], entered_turn=0) for j, b in enumerate(beings)}
    lay(table, app, state, **full)
    next(
        p for p in table.picker.ring.picks if p.sprite is not None and p.sprite.card == card
    ).action()


def test_choosing_a_card_focuses_its_evolution_not_a_being_it_would_displace(app: App) -> None:
    table, state = my_turn(app)
    choose_with_every_lane_full(table, app, state, "Baldr:2", ("Ymir:1", "Geb:1", "Baldr:1"))
    assert table.picker.mode == "place"
    assert focused(table).startswith("Evolve Baldr to L2 at Right")


def test_the_displace_question_starts_on_keep_it(app: App) -> None:
    table, state = my_turn(app)
    choose_with_every_lane_full(table, app, state, "Baldr:1", ("Ymir:1", "Geb:1", "Ra:1"))
    table.picker.ring.picks[table.picker.ring.focus].action()  # Enter on the lane the keys start on
    assert table.picker.choice is not None and "Displace" in table.picker.choice.prompt
    assert table.picker.choice.options[table.picker.choice.focus].label == "Keep it"
    key(app, pygame.K_RETURN)
    assert state.sides[0].locations[0] is not None and state.sides[0].locations[0].cards == [
        "Ymir:1"
    ]


def test_an_attacker_aims_first_at_life_not_at_a_rested_enemy(app: App) -> None:
    table, state = my_turn(app)
    lay(
        table,
        app,
        state,
        mine_1=Stack(["Zeus:1"], entered_turn=0),
        theirs_1=Stack(["Geb:1"], rested=True, entered_turn=0),
    )
    next(p for p in table.picker.ring.picks if p.kind == "lane" and p.payload == 1).action()
    assert table.picker.mode == "attack"
    pick = table.picker.ring.focused()
    assert pick is not None and pick.kind == "life"


def test_the_attack_preview_covers_no_lane_and_no_label(app: App) -> None:
    table, state = my_turn(app)
    lay_a_busy_board(table, app, state)
    next(p for p in table.picker.ring.picks if p.kind == "lane" and p.payload == 1).action()
    (band,) = play_panels(table.board, table.play, table.layout.scale)
    draw_omg_resting_hud(table, app.screen)  # the chips and counts, where they lie
    assert table.hud.tags and band.collidelist(table.hud.tags) == -1
    lanes = [table.board.lane_rect(seat, loc) for seat in (0, 1) for loc in range(3)]
    assert band.collidelist(lanes) == -1
    message = table.message.rect(table.message_pos(), table.layout.scale)
    assert not band.colliderect(message)
    assert band.bottom <= SIZE[1]


def test_the_end_turn_question_starts_on_keep_playing(app: App) -> None:
    table, state = my_turn(app)
    state.sides[0].gems_active = 8
    state.sides[0].hand.append("Baldr:1")
    lay(table, app, state)
    key(app, pygame.K_e)
    assert table.picker.choice is not None and "End the turn?" in table.picker.choice.prompt
    assert table.picker.choice.options[table.picker.choice.focus].label == "Keep playing"


def test_with_nothing_left_to_play_the_keys_start_on_end_turn_not_the_abyss(app: App) -> None:
    table, state = my_turn(app)
    state.sides[0].gems_active = 0  # nothing in hand can be paid for, no Gem to rest
    lay(table, app, state)
    assert focused(table).startswith("End turn")
    table.picker.ring.focus = 0  # the focus left on a card that can no longer be played
    table.picker.built_for = None
    app.tick(16)
    assert focused(table).startswith("End turn")


def test_with_only_a_gem_to_rest_the_keys_start_on_the_end_turn_the_prompt_asks_for(
    app: App,
) -> None:
    table, state = my_turn(app)
    side = state.sides[0]
    side.hand = ["Zeus:3", "Ra:3"]  # 6 Gems each
    side.gems_active = 1  # enough to rest for a card, not to play one
    lay(table, app, state)
    assert table.message.prompt.startswith("Nothing more to play or attack with: End turn")
    assert focused(table).startswith("End turn")  # the button that glows, not "Rest a Gem"
    side.deck.append("Njord:1")  # the card the Gem will draw: it costs 1
    side.gems_active = 2
    table.submit(GemDraw(0))
    settle(app, table, 30)
    assert focused(table).startswith("Njord L1")  # a new moment: its likeliest move


def test_h_shows_the_controls_and_any_key_closes_them(app: App) -> None:
    table, _ = my_turn(app)
    key(app, pygame.K_h)
    assert table.show_help
    app.tick(16)  # drawn without a fault
    key(app, pygame.K_g)  # closes the panel: it is not a move
    assert not table.show_help
    assert not any(isinstance(a, GemDraw) for _, a in table.match.log)
    key(app, pygame.K_h)
    key(app, pygame.K_ESCAPE)  # puts the controls away, and does not pause
    assert not table.show_help and app.stack.top is table


def test_two_g_presses_a_fifth_of_a_second_apart_draw_two_cards(app: App) -> None:
    table, state = my_turn(app)
    app.settings.animation = "normal"  # the first draw is still flying at the second press
    side = state.sides[0]
    side.gems_active = max(2, side.gems_active)
    hand = len(side.hand)
    key(app, pygame.K_g)
    for _ in range(12):  # 0.2 s
        app.tick(16)
    assert table.presenter.busy
    key(app, pygame.K_g)
    draws = [a for _, a in table.match.log if isinstance(a, GemDraw)]
    assert len(draws) == 2 and len(side.hand) == hand + 2


def test_a_g_press_with_no_active_gem_left_is_refused_with_the_reason(app: App) -> None:
    table, state = my_turn(app)
    app.settings.animation = "normal"
    side = state.sides[0]
    side.gems_rested += side.gems_active - 1
    side.gems_active = 1
    key(app, pygame.K_g)
    app.tick(16)
    key(app, pygame.K_g)
    assert len([a for _, a in table.match.log if isinstance(a, GemDraw)]) == 1
    assert "Gem" in table.message.text


def builder(app: App) -> DeckBuilderScene:
    scene = DeckBuilderScene(app)
    app.push(scene)
    return scene


def type_text(app: App, text: str) -> None:
    for char in text:
        code = pygame.K_SPACE if char == " " else pygame.key.key_code(char)
        app.feed([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=char)])
        app.feed([pygame.event.Event(pygame.KEYUP, key=code, mod=0)])


def test_the_deck_builder_types_a_space_in_the_name_and_leaves_the_beings_alone(
    app: App,
) -> None:
    scene = builder(app)
    scene.deck_name = ""
    chosen = list(scene.chosen)
    type_text(app, "Storm front")
    assert scene.deck_name == "Storm front"
    assert scene.chosen == chosen


def test_the_deck_builder_counts_the_cards_a_short_deck_holds() -> None:
    from scenes.omg.builder_draw import curve_title

    assert curve_title(list(PRESET_DECKS["dawn"])[:11]) == "Cost curve (33 cards by Gems to play)"


def test_the_deck_builder_says_so_when_a_name_is_too_long(app: App) -> None:
    scene = builder(app)
    scene.deck_name = "x" * 40
    type_text(app, "y")
    assert scene.deck_name == "x" * 40
    assert scene.note_warn and "40 characters" in scene.note


def fresh_state() -> OmgState:
    state = find_game("omg").new_state(2, 7)
    assert isinstance(state, OmgState)
    return state


def board(state: OmgState, mine: dict[int, str], theirs: dict[int, str]) -> None:
    for seat, lanes in ((0, mine), (1, theirs)):
        state.sides[seat].locations = [
            Stack([lanes[j]], rested=seat == 1) if j in lanes else None for j in range(3)
        ]


def test_the_attack_preview_names_every_bonus_in_its_totals() -> None:
    state = fresh_state()
    board(state, {0: "Agni:1", 1: "Zeus:2", 2: "Anubis:1"}, {2: "Geb:1"})
    zeus = state.sides[0].locations[1]
    assert zeus is not None
    zeus.equipped = 1
    text = attack_preview(state, 0, 1, 2)
    assert "Zeus L2 8 (4 printed, +1 Gem, +1 Agni beside, +2 Zeus attacking)" in text
    assert "vs Geb L1 2 (3 printed, -1 Anubis across)" in text


def test_a_block_and_a_discard_name_their_bonuses() -> None:
    state = fresh_state()
    board(state, {1: "Geb:2", 2: "Anuket:1"}, {})
    assert block_words(state, 0, 1, []) == "6 (4 printed, +2 Geb blocking)"
    assert discard_words(state, 0, ["Zeus:1"]) == "4 (3 printed, +1 Anuket)"


def test_the_named_bonuses_add_up_to_the_power_on_any_board() -> None:
    rng = random.Random(29)
    state = fresh_state()
    names = sorted(BEINGS)
    for _ in range(300):
        for side in state.sides:
            side.locations = [
                Stack([f"{rng.choice(names)}:{rng.randint(1, 3)}"]) if rng.random() < 0.8 else None
                for _ in range(3)
            ]
            for stack in side.locations:
                if stack is not None:
                    stack.turn_mod = rng.choice((0, 0, -1, -3))
                    stack.equipped = rng.choice((0, 0, 1))
        for seat, loc in ((s, j) for s in (0, 1) for j in range(3)):
            stack = state.sides[seat].locations[loc]
            if stack is None:
                continue
            named = stack.printed_power + sum(a for a, _ in power_parts(state, seat, loc))
            assert state.power(seat, loc) == max(0, named)


def logged(table: OmgTable) -> list[str]:
    return [text for text, _ in table.hud.log]


def test_the_log_names_lanes_and_tells_a_displacement_as_one(app: App) -> None:
    table, state = my_turn(app)
    side = state.sides[0]
    side.gems_active = 8
    side.hand += ["Pele:1", "Baldr:1"]
    full = {
        f"mine_{j}": Stack([b], entered_turn=0) for j, b in enumerate(("Ymir:1", "Geb:1", "Ra:1"))
    }
    lay(table, app, state, theirs_0=Stack(["Hel:1"], entered_turn=0), **full)
    table.submit(PlayBeing(0, "Pele:1", 1, target=0))
    settle(app, table, 30)
    table.submit(PlayBeing(0, "Baldr:1", 2))
    settle(app, table, 30)
    lines = logged(table)
    assert (
        "You play Pele L1 at Center, displacing Geb L1, weakening Nimal's Hel L1 at Left" in lines
    )
    assert "You play Baldr L1 at Right, displacing Ra L1" in lines
    assert not any(re.search(r"\bat [0-9]|is destroyed", line) for line in lines), lines


def test_the_log_tells_a_kept_hand_and_a_gem_rested_to_draw(app: App) -> None:
    table, state = my_turn(app)
    assert "You keep your hand" in logged(table)
    assert not any("mulligan" in line.lower() for line in logged(table))
    key(app, pygame.K_g)
    settle(app, table, 30)
    assert logged(table)[-1] == "You rest a Gem to draw a card"


def test_the_clash_panel_says_your_defence_in_mid_sentence(app: App) -> None:
    table = human_vs_bot(app)
    table.hud.attack = AttackDeclared(1, 0, None)
    table.hud.blocker = None
    names = table.show.clash_names(Clash(1, 4, 0, 0, False, "attacker"))
    assert names[1] == "your defence"  # "Ymir L1 4 vs your defence 0"


def test_four_gems_fit_in_a_row_of_the_gem_zone() -> None:
    from scenes.omg.felt import gem_icon_size

    for width in range(60, 260):
        gem = gem_icon_size(width)
        assert 6 + 3 * (gem + 2) + gem <= width - 6, width


def test_two_people_share_one_log_that_names_no_card_put_back(app: App) -> None:
    table = table_for(app, [Seat("human", "Amal"), Seat("human", "Dev")])
    state = table.match.state
    assert isinstance(state, OmgState)
    settle(app, table, 3)
    story = table.teller.story
    for _ in range(2):
        seat = table.private
        assert seat is not None
        table.submit(Mulligan(seat, (sorted(state.sides[seat].hand)[0],)))
        settle(app, table, 20)  # the curtain drops for the other person, who looks
    assert table.teller.story is story  # the same story: a curtain does not tell it all again
    assert "Amal puts back 1 card and draws 1 new" in logged(table)
    assert "Dev puts back 1 card and draws 1 new" in logged(table)


def test_the_status_title_fits_its_panel(app: App) -> None:
    table = human_vs_bot(app)  # the mulligan: the longest title
    assert table.hud.phase == "mulligan"
    surface = pygame.Surface(SIZE)
    draw_omg_resting_hud(table, surface)
    rect = table.board.status_rect()
    s = table.layout.scale
    edge = pygame.Rect(rect.right - round(10 * s), rect.y + 4, round(10 * s) - 3, round(26 * s))
    gold = [
        (x, y)
        for x in range(edge.left, edge.right)
        for y in range(edge.top, edge.bottom)
        if surface.get_at((x, y))[:3] == theme.GOLD
    ]
    assert gold == [], "the title runs into the panel's edge"


def test_a_lit_or_focused_lane_leaves_its_labels_clear(app: App) -> None:
    table, state = my_turn(app)
    lay_a_busy_board(table, app, state)
    draw_omg_resting_hud(table, app.screen)
    chips = [tag for tag in table.hud.tags if tag.y > table.board.row(1) - 60]
    for seat in (0, 1):
        for loc in range(3):
            outline = table.board.lane_rect(seat, loc).inflate(6, 6)  # the focus's outline
            assert outline.collidelist(chips) == -1, (seat, loc)


def test_a_seats_caption_covers_no_card_and_no_lane(app: App) -> None:
    table, state = my_turn(app)
    lay(table, app, state, mine_0=Stack(["Pele:3"], entered_turn=0))
    s = table.layout.scale
    lanes = [table.board.lane_rect(seat, loc) for seat in (0, 1) for loc in range(3)]
    cards = [sprite.rect(table.layer.card_size) for sprite in table.layer.sprites]
    for seat in (0, 1):
        table.caption(seat, "loses a Life (2 left)", 1600)
        box = banner_rect(table.caption_spot(seat), s * 0.8, "loses a Life (2 left)")
        assert box.collidelist(lanes + cards) == -1, seat
        assert pygame.Rect((0, 0), SIZE).contains(box)


def test_a_long_name_stays_clear_of_the_cost_gem(app: App) -> None:
    from scenes.omg.faces import OmgFaces, cost_rect

    for size in ((78, 113), (80, 115), (64, 92)):  # the hand's and the lanes' sizes
        for being in ("Amaterasu", "Hephaestus"):
            face = OmgFaces().face(f"{being}:1", size)
            gem = cost_rect(size)
            white = [
                (x, y)
                for x in range(gem.left, gem.right)
                for y in range(gem.top, gem.bottom)
                if min(face.get_at((x, y))[:3]) > 200  # the name's white, not the gem's
            ]
            assert white == [], f"{being}'s name runs under the cost at {size}"


def test_cards_discarded_to_defend_cover_no_lane_label_or_card(app: App) -> None:
    table, state = my_turn(app)
    lay_a_busy_board(table, app, state)
    draw_omg_resting_hud(table, app.screen)
    size = table.layer.card_size
    scale = table.scale_for("defense:0")
    lanes = [table.board.lane_rect(seat, loc) for seat in (0, 1) for loc in range(3)]
    cards = [s.rect(size) for s in table.layer.sprites if not s.zone.startswith("hand:")]
    for count in (1, 2, 4, 6, 9):
        for index in range(count):
            spot = table.board.defense(index, count)
            rect = pygame.Rect(0, 0, round(size[0] * scale), round(size[1] * scale))
            rect.center = (round(spot.x), round(spot.y))
            assert rect.collidelist(table.hud.tags + lanes + cards) == -1, (index, count)
