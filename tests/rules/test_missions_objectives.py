"""The Mission step: Missions, Main Objectives, Lifeform Objectives and the end of the game."""

from __future__ import annotations

import copy

import pytest

from entropy_tui.rules.catalog import load_catalog
from entropy_tui.rules.state import LifeformTile
from tests.builders_extra import at_mission_step, finish_turn, kind
from tests.support import blank_game as _blank_game
from tests.support import only, option_ids, planet, system

# The final (exclusive) space of each Main Objective track, in board order.
STARS_FINAL, ASTEROIDS_FINAL, BIOMES_FINAL = (
    len(spec.track_vp) - 1 for spec in load_catalog().main_objectives
)


def blank_game(seats: int = 2):
    """A blank game whose players hold no Missions either (unless a test deals some)."""
    game = _blank_game(seats)
    for player in game.state.players:
        player.missions = []
    return game


# --------------------------------------------------------------------- Missions


def test_a_mission_is_offered_only_when_its_requirement_holds() -> None:
    game = blank_game()
    player = game.player(0)
    player.missions = ["M6", "M1"]  # a IIIA Star; 3 Planet types
    player.systems = [system("IIIA", planet("H01"), planet("C01"))]
    only(game, "mission_step", 0)
    assert kind(game) == "play_mission"
    assert option_ids(game) == ["mission:M6", "skip"]

    player.systems = [system("IIA", planet("H01"), planet("C01"))]
    only(game, "mission_step", 0)
    assert game.decision is None  # nothing met: no question asked
    assert player.missions == ["M6", "M1"]


def test_playing_a_mission_discards_both_and_gives_its_reward() -> None:
    game = blank_game()
    player = game.player(0)
    player.missions = ["M6", "M1"]
    player.systems = [system("IIIA", planet("H01"), planet("C01")), system("IA", planet("W01"))]
    box = list(game.state.board.box)
    only(game, "mission_step", 0)
    game.choose("mission:M6")  # 2 Entropy per Planet
    assert player.entropy == 6
    assert player.missions == [] and player.mission_done == "M6"
    assert game.state.board.box == [*box, "M6", "M1"]
    assert any(e.kind == "mission" and "M6" in e.text for e in game.log)


def test_a_mission_may_be_kept_for_later() -> None:
    game = blank_game()
    player = game.player(0)
    player.missions = ["M6", "M1"]
    player.systems = [system("IIIA", planet("H01"))]
    only(game, "mission_step", 0)
    game.choose("skip")
    assert player.missions == ["M6", "M1"] and player.mission_done is None
    assert player.entropy == 0


def test_after_a_mission_no_other_is_offered() -> None:
    game = blank_game()
    player = game.player(0)
    player.missions = ["M6", "M8"]
    player.systems = [system("IIIA", planet("H01")), system("IIIC", planet("W01"))]
    only(game, "mission_step", 0)
    assert option_ids(game) == ["mission:M6", "mission:M8", "skip"]
    game.choose("mission:M6")
    only(game, "mission_step", 0)
    assert game.decision is None


def with_asteroids(tile: str, *asteroids: str):
    world = planet(tile)
    world.asteroids = dict(zip(("mass", "lifeform"), asteroids, strict=False))
    return world


MISSION_STATES = {
    # mission: (a play area that meets it, one that just misses it)
    "M1": (
        dict(systems=[system("IA", planet("H01"), planet("C01"), planet("W01"))]),
        dict(systems=[system("IA", planet("H01"), planet("C01"), planet("C02"))]),
    ),
    "M2": (
        dict(
            systems=[
                system("IA", with_asteroids("H01", "AH01", "AC01"), with_asteroids("C01", "AW01"))
            ]
        ),
        dict(
            systems=[
                system("IA", with_asteroids("H01", "AH01", "AC01"), with_asteroids("C01", "AH04"))
            ]
        ),
    ),
    "M3": (
        dict(focus={"star": 2, "planet": 0, "asteroid": 0}),
        dict(focus={"star": 1, "planet": 1, "asteroid": 1}),
    ),
    "M4": (
        dict(focus={"star": 1, "planet": 1, "asteroid": 1}),
        dict(focus={"star": 2, "planet": 2, "asteroid": 0}),
    ),
    "M5": (dict(generator_advances=3, generator=2), dict(generator_advances=2, generator=2)),
    "M6": (
        dict(systems=[system("IIIA", planet("H01"))]),
        dict(systems=[system("IIA", planet("H01"))]),
    ),
    "M7": (
        dict(systems=[system("IIIB", planet("H01"))]),
        dict(systems=[system("IIB", planet("H01"))]),
    ),
    "M8": (
        dict(systems=[system("IIIC", planet("H01"))]),
        dict(systems=[system("IIC", planet("H01"))]),
    ),
    "M9": (
        dict(systems=[system("IA", planet("H07"))]),
        dict(systems=[system("IA", planet("H01")), system("IA", planet("H03"))]),
    ),
    "M10": (
        dict(systems=[system("IIC", planet("C08"))]),
        dict(systems=[system("IIC", planet("C01"))]),
    ),
    "M11": (
        dict(systems=[system("IIB", planet("W07"))]),
        dict(systems=[system("IIB", planet("W01"))]),
    ),
    "M12": (
        dict(systems=[system("IB", planet("C01"), with_asteroids("R02", "AR01"))]),
        dict(systems=[system("IB", planet("R01")), system(None, with_asteroids("R02", "AR01"))]),
    ),
}


@pytest.mark.parametrize("mission", sorted(MISSION_STATES, key=lambda m: int(m[1:])))
def test_each_mission_requirement(mission: str) -> None:
    meets, misses = MISSION_STATES[mission]
    for area, offered in ((meets, True), (misses, False)):
        game = blank_game()
        player = game.player(0)
        for field, value in area.items():
            setattr(player, field, copy.deepcopy(value))
        if not player.systems:
            player.systems = [system("IA", planet("H01"))]
        player.missions = [mission]
        only(game, "mission_step", 0)
        if offered:
            assert option_ids(game) == [f"mission:{mission}", "skip"], mission
        else:
            assert game.decision is None, (mission, option_ids(game))


# --------------------------------------------------------------------- Main Objectives


def test_main_objectives_advance_one_space_per_event() -> None:
    game = blank_game()
    player = game.player(0)
    player.objectives = [0, ASTEROIDS_FINAL - 2, BIOMES_FINAL]
    at_mission_step(game, 0, events=[1, 2, 0])
    assert player.objectives == [1, ASTEROIDS_FINAL, BIOMES_FINAL]


def test_the_final_space_holds_one_player_only() -> None:
    game = blank_game()
    mover, other = game.player(0), game.player(1)
    other.objectives = [STARS_FINAL, 0, 0]
    mover.objectives = [STARS_FINAL - 1, 0, 0]
    at_mission_step(game, 0, events=[2, 0, 0])
    assert mover.objectives == [STARS_FINAL - 1, 0, 0]
    assert other.objectives == [STARS_FINAL, 0, 0]
    assert game.state.end_round is None  # still one Objective complete


# --------------------------------------------------------------------- Lifeform Objectives


def test_a_small_lifeform_tile_is_claimed_automatically_once_per_type() -> None:
    game = blank_game()
    player = game.player(0)
    small = game.state.board.small_objectives
    assert small["bacteria"] == [9, 12]  # 2 players: the top two tiles
    player.systems = [
        system("IA", planet("H01", bacteria=5), planet("C01", bacteria=5)),
        system("IB", planet("W01", bacteria=1, plant=3)),
    ]
    at_mission_step(game, 0)
    assert player.lifeform_tiles == [LifeformTile(lifeform="bacteria", big=False, vp=12)]
    assert small["bacteria"] == [9]

    at_mission_step(game, 0)
    assert len(player.lifeform_tiles) == 1 and small["bacteria"] == [9]

    player.systems[1].planets[0].life["plant"] = 5
    player.systems[0].planets[0].life["plant"] = 3
    at_mission_step(game, 0)
    assert player.lifeform_tiles[-1] == LifeformTile(lifeform="plant", big=False, vp=12)
    assert small["plant"] == [9]


def test_the_next_player_gets_the_next_small_tile() -> None:
    game = blank_game()
    for seat in (0, 1):
        game.player(seat).systems = [system("IA", planet("H01", animal=4))]
        at_mission_step(game, seat)
    assert game.player(0).lifeform_tiles == [LifeformTile(lifeform="animal", big=False, vp=14)]
    assert game.player(1).lifeform_tiles == [LifeformTile(lifeform="animal", big=False, vp=10)]
    assert game.state.board.small_objectives["animal"] == []


def eighteen_bacteria() -> list:
    return [
        system(
            "IA", planet("H01", bacteria=5), planet("C01", bacteria=5), planet("W01", bacteria=5)
        ),
        system("IB", planet("R01", bacteria=3)),
    ]


def test_the_big_lifeform_tile_is_offered_and_may_be_claimed() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = eighteen_bacteria()
    at_mission_step(game, 0)
    assert kind(game) == "lifeform_objectives"
    assert option_ids(game) == ["claim:bacteria", "skip"]
    assert [t.vp for t in player.lifeform_tiles] == [12]  # the small one came first, unasked
    game.choose("claim:bacteria")
    assert player.lifeform_tiles[-1] == LifeformTile(lifeform="bacteria", big=True, vp=20)
    assert game.state.board.big_objectives["bacteria"] == 0
    assert kind(game) == "move" and game.state.turn.player == 1


def test_the_big_lifeform_tile_may_be_declined_and_is_offered_again_later() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = eighteen_bacteria()
    at_mission_step(game, 0)
    game.choose("skip")
    assert game.state.board.big_objectives["bacteria"] is None
    assert not any(t.big for t in player.lifeform_tiles)
    assert kind(game) == "move"  # not asked twice in the same step
    at_mission_step(game, 0)
    assert option_ids(game) == ["claim:bacteria", "skip"]


def test_a_claimed_big_tile_is_not_offered_to_another_player() -> None:
    game = blank_game()
    game.state.board.big_objectives["bacteria"] = 1
    game.player(0).systems = eighteen_bacteria()
    at_mission_step(game, 0)
    assert kind(game) == "move"
    assert not any(t.big for t in game.player(0).lifeform_tiles)


# --------------------------------------------------------------------- the end of the game


def turns_until_over(game) -> list[tuple[int, int]]:
    """(round, seat) of every turn played until the game ends."""
    played = []
    for _ in range(20):
        if game.over:
            return played
        played.append((game.state.round, game.state.turn.player))
        finish_turn(game)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("trigger_seat", "extra_turns"), [(0, 3), (1, 2)])
def test_two_completed_objectives_end_the_game_after_one_more_round(
    trigger_seat: int, extra_turns: int
) -> None:
    """Round 3: the other player already holds a final space; the trigger seat completes a
    second Objective. The round is finished, round 4 is played, and the game is over."""
    game = blank_game()
    game.state.round = 3
    game.player(1 - trigger_seat).objectives = [STARS_FINAL, 0, 0]
    game.player(trigger_seat).objectives = [0, 0, BIOMES_FINAL - 1]
    at_mission_step(game, trigger_seat, events=[0, 0, 1])
    assert game.player(trigger_seat).objectives[2] == BIOMES_FINAL
    assert game.state.end_round == 4
    assert any(e.kind == "end" for e in game.log)
    played = turns_until_over(game)
    assert len(played) == extra_turns
    assert played[-2:] == [(4, 0), (4, 1)]
    assert game.over and game.decision is None
    assert game.state.round == 4 and game.state.turn.step == "over"


def test_a_big_lifeform_tile_counts_as_a_completed_objective() -> None:
    game = blank_game()
    game.player(1).objectives = [0, ASTEROIDS_FINAL, 0]
    game.player(0).systems = eighteen_bacteria()
    at_mission_step(game, 0)
    assert game.state.end_round is None
    game.choose("claim:bacteria")
    assert game.state.end_round == game.state.round + 1


def test_one_completed_objective_does_not_end_the_game() -> None:
    game = blank_game()
    game.player(0).objectives = [0, 0, BIOMES_FINAL - 1]
    at_mission_step(game, 0, events=[0, 0, 1])
    assert game.player(0).objectives[2] == BIOMES_FINAL
    assert game.state.end_round is None and not game.over


def test_choosing_after_the_game_is_over_is_refused() -> None:
    from entropy_tui.rules import InvalidChoice

    game = blank_game()
    game.state.end_round = game.state.round
    at_mission_step(game, 1)
    assert game.over and game.decision is None
    with pytest.raises(InvalidChoice, match="The game is over"):
        game.choose("move:1")


# --------------------------------------------------------------------- final scoring


def test_alternative_objectives_score_with_their_own_counters() -> None:
    game = blank_game()
    game.state.settings.alternative_objectives = True
    player = game.player(0)
    world = planet("H01", bacteria=1, plant=1, animal=1)
    world.asteroids = {"lifeform": "AH01", "mass": "AC01"}
    player.systems = [system("IA", world, planet("C01", bacteria=2))]
    player.objectives = [1, 2, 0]  # 3, 7 and 0 VP per unit
    player.focus = {"star": 2, "planet": 1, "asteroid": 0}
    player.hand = ["L1"]
    player.entropy = 3
    assert game.scores()[0] == {
        "vp_tokens": 0,
        "lifeform_tiles": 0,
        "objective_stars": 3,  # 1 Asteroid on a Lifeform-cost space
        "objective_asteroids": 7,  # 1 Planet with all three Lifeforms
        "objective_biomes": 0,  # 3 upgraded Focus tiers, at 0 VP each
        "leftovers": 1,
        "total": 11,
    }


def test_tied_players_share_the_victory() -> None:
    from entropy_tui.rules.scoring import winners

    game = blank_game(3)
    for seat, vp in enumerate([7, 9, 9]):
        game.player(seat).vp = vp
    assert winners(game) == [1, 2]
