"""The explained score "if the game ended now": each term from the position, its total equal to
Game.scores(), nothing in it hidden from the other seats, and the totals round by round."""

from __future__ import annotations

import random

import pytest

from entropy_tui.rules import Game
from entropy_tui.rules.counters import planets
from entropy_tui.rules.scoring import (
    LEFTOVERS_PER_VP,
    UNIT_WORDS,
    explain_score,
    explained_scores,
    totals_by_round,
)
from entropy_tui.rules.state import LifeformTile, PlayerState
from tests.support import blank_game, planet, system


def _worked_game() -> Game:
    """Seat 0: two Radiation Planets and a Heat one, two with a Biome and a card, three
    different Stars, two Lifeform tiles, some of everything left over."""
    game = blank_game()
    player = game.player(0)
    player.vp = 17
    player.lifeform_tiles = [
        LifeformTile(lifeform="bacteria", big=False, vp=12),
        LifeformTile(lifeform="animal", big=True, vp=24),
    ]
    worlds = [planet("R01"), planet("R02"), planet("H01")]
    worlds[0].biome, worlds[0].cards = "BA01", ["L1"]
    worlds[2].biome, worlds[2].cards = "BA02", ["L2", "L3"]
    worlds[1].biome = "BA03"  # a Biome without a card does not count
    player.systems = [system("IA", worlds[0], worlds[1]), system("IIB", worlds[2]),
                      system("IIIC")]  # fmt: skip
    player.objectives = [2, 1, 3]
    player.hand = ["L4", "L5"]
    player.entropy, player.mass, player.energy = 3, 1, 5
    return game


def test_each_term_is_computed_from_the_position() -> None:
    game = _worked_game()
    player = game.player(0)
    score = explained_scores(game)[0]
    specs = game.catalog.main_objectives
    types = [game.index.any_planet[p.tile].type for p in planets(player)]
    assert score.vp_tokens == player.vp
    assert score.lifeform_tiles == sum(tile.vp for tile in player.lifeform_tiles)
    assert [(t.lifeform, t.big) for t in score.tiles] == [("bacteria", False), ("animal", True)]
    stars, asteroids, biomes = score.objectives
    assert stars.vp_per_unit == specs[0].track_vp[player.objectives[0]]
    assert (stars.kind, stars.units) == ("radiation", types.count("radiation"))
    with_both = sum(p.biome is not None and bool(p.cards) for p in planets(player))
    assert asteroids.vp_per_unit == specs[1].track_vp[player.objectives[1]]
    assert asteroids.units == with_both
    assert biomes.vp_per_unit == specs[2].track_vp[player.objectives[2]]
    assert biomes.units == len({s.star for s in player.systems if s.star})
    assert biomes.space == biomes.final_space
    for objective in score.objectives:
        assert objective.vp == objective.vp_per_unit * objective.units
    left = len(player.hand) + player.entropy + player.mass + player.energy
    assert score.leftovers.items == left
    assert score.leftovers.vp == left // LEFTOVERS_PER_VP
    assert score.total == (
        player.vp
        + score.lifeform_tiles
        + sum(o.vp for o in score.objectives)
        + left // LEFTOVERS_PER_VP
    )


def test_objectives_read_as_vp_per_unit_times_what_is_counted() -> None:
    game = _worked_game()
    stars, asteroids, biomes = explained_scores(game)[0].objectives
    specs = game.catalog.main_objectives
    per_unit = [spec.track_vp[space] for spec, space in zip(specs, [2, 1, 3], strict=True)]
    assert stars.text == f"Stars track {per_unit[0]} x 2 Radiation Planets = {per_unit[0] * 2}"
    assert asteroids.text == (
        f"Asteroids track {per_unit[1]} x 2 Planets with a Biome and a Life card"
        f" = {per_unit[1] * 2}"
    )
    assert biomes.text == f"Biomes track {per_unit[2]} x 3 different Stars = {per_unit[2] * 3}"


def test_one_unit_reads_in_the_singular_and_no_planet_names_no_type() -> None:
    game = blank_game()
    game.player(0).systems = [system(None, planet("H01"))]
    stars = explained_scores(game)[0].objectives[0]
    assert stars.counted == "1 Heat Planet"
    empty = explained_scores(game)[1].objectives[0]
    assert (empty.kind, empty.counted, empty.vp) == (None, "0 Planets of one type", 0)


def test_alternative_objectives_are_explained_with_their_own_counters() -> None:
    game = _worked_game()
    game.state.settings.alternative_objectives = True
    player = game.player(0)
    player.systems[0].planets[0].asteroids = {"lifeform": "AH01"}
    player.focus = {"star": 2, "planet": 1, "asteroid": 0}
    stars, asteroids, biomes = explained_scores(game)[0].objectives
    assert stars.counted == "1 Asteroid on a Lifeform space"
    assert asteroids.counted == "0 Planets with every Lifeform"
    assert biomes.counted == f"{sum(player.focus.values())} upgraded Focus tiers"
    assert explained_scores(game)[0].total == game.scores()[0]["total"]


def test_every_main_objective_counter_has_words() -> None:
    for spec in Game.new(["A", "B"]).catalog.main_objectives:
        assert spec.scoring in UNIT_WORDS and spec.alt_scoring in UNIT_WORDS


def _dict_terms(breakdown_dict: dict[str, int]) -> dict[str, int]:
    return {k: v for k, v in breakdown_dict.items() if k != "total"}


@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize("alternative", [False, True])
def test_breakdown_agrees_with_game_scores_over_random_games(seats: int, alternative: bool) -> None:
    game = Game.new([f"S{i}" for i in range(seats)], seed=seats, alternative_objectives=alternative)
    rng = random.Random(seats * 2 + alternative)
    checked = 0
    while not game.over:
        if len(game.state.choices) % 25 == 0 or game.state.end_round is not None:
            for explained, plain in zip(explained_scores(game), game.scores(), strict=True):
                terms = {
                    "vp_tokens": explained.vp_tokens,
                    "lifeform_tiles": explained.lifeform_tiles,
                    **{f"objective_{o.objective}": o.vp for o in explained.objectives},
                    "leftovers": explained.leftovers.vp,
                }
                assert terms == _dict_terms(plain)
                assert explained.total == plain["total"]
                checked += 1
        decision = game.decision
        assert decision is not None
        game.choose(rng.choice(decision.enabled).id)
    assert [b.total for b in explained_scores(game)] == [s["total"] for s in game.scores()]
    assert checked > 10


def test_a_seat_scores_the_same_from_what_the_others_see() -> None:
    """Hands and Missions hidden from a seat change nothing in the other seats' scores."""
    game = Game.new(["A", "B", "C"], seed=5)
    rng = random.Random(5)
    for _ in range(300):
        decision = game.decision
        assert decision is not None
        game.choose(rng.choice(decision.enabled).id)
    real = explained_scores(game)
    for viewer in range(3):
        view = game.view(viewer)
        for seat, seen in enumerate(view["players"]):
            if seat != viewer:
                assert set(seen["hand"]) <= {"?"} and seen["hand"]  # hidden, yet counted
            assert explain_score(game, PlayerState.load(seen)) == real[seat]


def test_totals_by_round_are_the_scores_at_each_round_end() -> None:
    game = Game.new(["A", "B"], seed=11)
    rng = random.Random(11)
    expected: list[list[int]] = [[], []]
    while not game.over:
        rounds = len(game.state.players[0].vp_by_round)
        decision = game.decision
        assert decision is not None
        game.choose(rng.choice(decision.enabled).id)
        if len(game.state.players[0].vp_by_round) > rounds:
            for seat, score in enumerate(game.scores()):
                expected[seat].append(score["total"])
    series = totals_by_round(game)
    assert series == expected
    assert len(series[0]) == game.state.round
    assert [values[-1] for values in series] == [s["total"] for s in game.scores()]
