"""Choices that fit on one screen: where a decision would list every combination (a Life card x
a Planet, a Star x its next tier, an Asteroid's Planet x its space, an advancement x a Planet,
a Planet type x the Planets on offer), the player picks in steps, each second step naming what
was picked and going back to the first step with undo. Games of editions 1 to 4 replay with
the combined decisions they were played with."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from entropy_tui.__main__ import main as entropy_tui
from entropy_tui.bots import make_bot
from entropy_tui.bots.greedy import stepped_value
from entropy_tui.bots.heuristic import evaluate
from entropy_tui.play import simulate
from entropy_tui.rules import Game
from entropy_tui.saves.files import load_game, save_bytes
from tests.builders_extra import label, put_on_top, refused
from tests.rules.greedy_games import OPTION_COUNT_GAMES, replayed
from tests.support import blank_game, only, option_ids, planet, system

ONE_KEY_EACH = 9
MOST_ALLOWED = 14
FREE_ACTIONS = ("exchange:", "fulfil:")
EDITION_4_SAVE = (
    Path(__file__).parents[1] / "data" / "saves" / "two-seats-edition-4-combined-choices.json"
)


def newest_game() -> Game:
    """A blank game of today's rules (steps), seat 0 to decide."""
    return blank_game(edition=None)


def test_greedy_games_ask_at_most_14_options_and_nearly_always_9() -> None:
    counts: Counter[int] = Counter()
    for spec in OPTION_COUNT_GAMES:
        for game in replayed(spec):
            if game.decision is not None:
                counts[len(game.decision.options)] += 1
    over_nine = sum(n for options, n in counts.items() if options > ONE_KEY_EACH)
    assert max(counts) <= MOST_ALLOWED, sorted(counts.items())
    assert over_nine <= 0.01 * counts.total(), sorted(counts.items())


def test_a_life_card_first_then_its_planet() -> None:
    game = newest_game()
    player = game.player(0)
    player.systems = [system("IA", planet("W01"), planet("C01"))]  # Heat from the Star
    player.hand = ["L1", "L31"]  # L1: 1 Heat; L31: Carbon + Water, 1 Bacteria present
    only(game, "create_life", 0, source="effect")
    assert option_ids(game) == ["play:L1", "skip"]
    assert label(game, "play:L1").endswith("(on W01, C01)")
    assert refused(game) == {
        "play:L31": "needs 1 more Carbon icon and 1 more Bacteria on Water Planet W01"
    }
    game.choose("play:L1")
    decision = game.decision
    assert decision is not None and decision.kind == "life_planet"
    assert decision.prompt == "Create Life: play Bacteria card L1 on which Planet?"
    assert decision.back == "another Life card"
    assert option_ids(game) == ["planet:s0p0", "planet:s0p1"]
    game.choose("planet:s0p1")
    assert player.hand == ["L31"] and game.planet(0, "s0p1").life["bacteria"] == 4


def test_a_planet_the_card_can_t_go_to_says_why() -> None:
    game = newest_game()
    game.player(0).systems = [system(None, planet("H01"), planet("C01"))]
    game.player(0).hand = ["L1"]  # 1 Heat: only H01 shows one
    only(game, "create_life", 0, source="effect")
    game.choose("play:L1")
    assert option_ids(game) == ["planet:s0p0"]
    assert refused(game) == {
        "planet:s0p1": "needs 1 more Heat icon on Carbon Planet C01"
        " (or another card with a Heat icon to discard)"
    }


def test_a_big_hand_is_asked_by_type_first() -> None:
    game = newest_game()
    game.player(0).systems = [system("IA", planet("W01"))]  # Heat and Water
    bacteria = ["L1", "L2", "L3", "L4", "L5", "L6", "L7"]
    game.player(0).hand = [*bacteria, "L31"]
    only(game, "create_life", 0, source="effect")
    ids = option_ids(game)
    assert ids == ["cards:bacteria", "skip"], ids
    assert "cards:plant" in refused(game)  # L31 lacks its Carbon and its Bacteria
    game.choose("cards:bacteria")
    decision = game.decision
    assert decision is not None and decision.back == "another type of card"
    assert len(decision.options) <= ONE_KEY_EACH
    card = option_ids(game)[0]
    game.choose(card)
    game.choose("planet:s0p0")
    assert card.removeprefix("play:") not in game.player(0).hand


def test_a_star_first_then_its_next_tier() -> None:
    game = newest_game()
    game.player(0).systems = [system("IB", planet("W01")), system(None, planet("H01"))]
    game.player(0).energy = 2
    only(game, "evolve_star", 0, source="effect")
    assert option_ids(game)[:3] == ["star:0", "new:1", "new:new"]
    assert label(game, "star:0") == "Evolve Star IB in system 1: IIB or IIC"
    game.choose("star:0")
    decision = game.decision
    assert decision is not None and decision.kind == "star_tier"
    assert decision.prompt == "Evolve a Star: Star IB in system 1 becomes which Star?"
    assert option_ids(game) == ["evolve:IIB", "evolve:IIC"]
    game.choose("evolve:IIC")
    assert game.player(0).systems[0].star == "IIC" and game.player(0).energy == 0


def test_a_star_none_of_whose_tiers_can_be_taken_says_why() -> None:
    game = newest_game()
    game.player(0).systems = [system("IB", planet("W01"))]
    game.player(0).energy = 1
    game.state.board.star_stacks["IIB"] = 0
    only(game, "evolve_star", 0, source="effect")
    assert refused(game)["star:0"] == "the IIB stack is empty; needs 2 Energy, you have 1"


def test_an_asteroid_s_planet_first_then_its_space() -> None:
    game = newest_game()
    player = game.player(0)
    player.systems = [system("IA", planet("H01", bacteria=1), planet("C01"))]
    player.mass = 1
    put_on_top([game.state.board.asteroid_stacks["carbon"]], "AC01", 0)  # not a free one
    only(game, "catch_asteroid", 0, source="effect")
    game.choose("asteroid:carbon")
    assert option_ids(game) == ["planet:s0p0"]
    assert refused(game) == {
        "planet:s0p1": "costs 2 Mass, you have 1; costs 1 Lifeform from its Planet, it has none"
    }
    game.choose("planet:s0p0")
    assert option_ids(game) == ["place:lifeform:bacteria"]
    assert refused(game) == {"place:mass": "costs 2 Mass, you have 1"}


def test_an_advancement_first_then_its_planet_unless_only_one_planet_allows_it() -> None:
    game = newest_game()
    player = game.player(0)
    player.systems = [system("IA", planet("H01", bacteria=1), planet("C01", plant=1))]
    only(game, "advance", 0, what=None, remaining=1, origin="Test", rule="")
    assert option_ids(game) == ["gain:", "b2p:s0p0", "p2a:s0p1", "skip"]
    game.choose("gain:")
    assert game.decision is not None and game.decision.prompt == (
        "Test: gain 1 Bacteria on which Planet?"
    )
    game.choose("gain:s0p1")
    assert game.planet(0, "s0p1").life["bacteria"] == 1 and not game.state.pending


def test_a_planet_type_first_then_the_planet_on_offer() -> None:
    game = newest_game()
    game.player(0).systems = [system("IA", planet("H01"))]
    game.player(0).mass = 9
    only(game, "aggregate_planet", 0, source="effect")
    ids = option_ids(game)
    assert [i for i in ids if i.startswith("planets:")] == [
        "planets:heat",
        "planets:carbon",
        "planets:water",
        "planets:radiation",
    ]
    game.choose("planets:water")
    decision = game.decision
    assert decision is not None and decision.back == "another type of Planet"
    offered = option_ids(game)
    assert len(offered) == 2 and all(i.startswith("planet:W") for i in offered)


def test_a_first_step_is_enabled_exactly_when_a_second_step_is() -> None:
    """Random games of today's rules: every enabled option that opens a second step opens one
    with an enabled option, and every disabled one says why."""
    opened = 0
    for seats in (2, 3):
        game = Game.new([f"Seat{i}" for i in range(seats)], seed=40 + seats)
        rng = random.Random(seats)
        while not game.over:
            decision = game.decision
            assert decision is not None
            for option in decision.options:
                if not option.enabled:
                    assert option.reason.strip(), (decision.prompt, option.id)
                elif not option.id.startswith(FREE_ACTIONS) and not decision.back:
                    child = game.copy()
                    child.choose(option.id)
                    step = child.decision
                    if step is not None and step.back:
                        opened += 1
                        assert any(o.enabled for o in step.options), (step.prompt, option.id)
            game.choose(rng.choice(decision.enabled).id)
    assert opened > 50


def test_a_save_of_edition_4_continues_with_the_choices_it_was_played_with(
    tmp_path: Path,
) -> None:
    """Saved at Ann's Create Life, which then listed every card x Planet: it replays and goes
    on with combined decisions, and saved again, loads again."""
    saved = json.loads(EDITION_4_SAVE.read_text())
    game, save = load_game(EDITION_4_SAVE)
    assert save.config.edition == 4 and game.catalog.edition == 4
    assert game.state.choices == saved["choices"]
    assert any(choice.count(":") == 2 for choice in saved["choices"])  # "play:L1:s0p0"
    decision = game.decision
    assert decision is not None and decision.kind == "create_life"
    combined = [o.id for o in decision.enabled if o.id.count(":") == 2]
    assert len(combined) >= 3
    game.choose(combined[0])
    bots = [make_bot("greedy", seat, catalog=game.catalog) for seat in range(2)]
    for _ in range(60):
        decision = game.decision
        assert decision is not None and not decision.back  # never a second step
        game.choose(bots[decision.player].decide(game.view(decision.player), decision))
    path = tmp_path / "continued.json"
    path.write_bytes(save_bytes(game))
    loaded, _ = load_game(path)
    assert loaded.catalog.edition == 4 and loaded.snapshot() == game.snapshot()


def test_undo_at_a_second_step_goes_back_to_the_first() -> None:
    game = Game.new(["Ann", "Bea"], seed=5)
    rng = random.Random(5)
    first = ""
    while game.decision is not None and not game.decision.back:
        first = game.decision.prompt
        game.choose(rng.choice(game.decision.enabled).id)
    assert game.undo_refusal() is None
    back = game.undone().decision
    assert back is not None and back.prompt == first and not back.back


def test_a_game_saved_at_a_second_step_loads_there(tmp_path: Path) -> None:
    game = Game.new(["Ann", "Bea"], seed=5)
    rng = random.Random(5)
    while game.decision is not None and not game.decision.back:
        game.choose(rng.choice(game.decision.enabled).id)
    path = tmp_path / "at-a-second-step.json"
    path.write_bytes(save_bytes(game))
    loaded, _ = load_game(path)
    assert loaded.decision is not None and game.decision is not None
    assert loaded.decision.back == game.decision.back != ""
    assert [o.id for o in loaded.decision.options] == [o.id for o in game.decision.options]


def test_simulate_gives_its_bots_the_edition_of_the_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    editions: list[int] = []

    def recording_make_bot(name: str, seed: int, catalog: Any = None, **budget: Any) -> Any:
        editions.append(catalog.edition if catalog is not None else 0)
        return make_bot(name, seed, catalog=catalog, **budget)

    monkeypatch.setattr(simulate, "make_bot", recording_make_bot)
    args = ["--games", "1", "--seats", "2", "--bots", "greedy", "--edition", "4", "--json"]
    assert entropy_tui(["simulate", *args, "--round-cap", "1"]) == 0
    capsys.readouterr()
    assert editions == [4, 4]


def test_a_bot_values_a_first_step_by_its_best_second_step() -> None:
    game = newest_game()
    game.player(0).systems = [system("IA", planet("W01"), planet("C01", bacteria=5))]
    game.player(0).hand = ["L1"]  # +4 Bacteria: all lost on C01, kept on W01
    only(game, "create_life", 0, source="effect")
    game.choose("play:L1")
    seconds = []
    for planet_id in ("planet:s0p0", "planet:s0p1"):
        child = game.copy()
        child.choose(planet_id)
        seconds.append(evaluate(child, 0))
    assert seconds[0] > seconds[1]
    assert stepped_value(game, 0, evaluate) == max(seconds)
