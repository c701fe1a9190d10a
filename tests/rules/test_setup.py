"""Game Setup (1-11) and Player Setup (A-J) for 2, 3 and 4 seats."""

from __future__ import annotations

from collections import Counter

import pytest

from entropy_tui.rules import Game
from entropy_tui.rules.catalog import load_catalog
from entropy_tui.rules.rondel import sector
from entropy_tui.rules.vocabulary import LIFEFORMS

SEEDS = (0, 1, 2)
CATALOG = load_catalog()


def new(seats: int, seed: int = 0) -> Game:
    return Game.new([f"Seat{i}" for i in range(seats)], seed=seed)


@pytest.mark.parametrize(
    ("seats", "sides"),
    [
        (2, [True] * 6),
        (3, [True, False, True, False, True, False]),  # the 1st, 3rd and 5th tiles
        (4, [False] * 6),
    ],
)
def test_action_tile_sides_by_player_count(seats: int, sides: list[bool]) -> None:
    for seed in SEEDS:
        board = new(seats, seed).state.board
        assert board.traffic_side == sides
        assert sorted(board.action_tiles) == ["T1", "T2", "T3", "T4", "T5", "T6"]


def test_action_tiles_are_shuffled() -> None:
    orders = {tuple(new(2, seed).state.board.action_tiles) for seed in range(8)}
    assert len(orders) > 1


@pytest.mark.parametrize(
    ("seats", "kept", "removed"),
    [(2, [12, 9], 2), (3, [12, 9, 6], 1), (4, [12, 9, 6, 4], 0)],
)
def test_small_lifeform_tiles_by_player_count(seats: int, kept: list[int], removed: int) -> None:
    board = new(seats).state.board
    assert board.small_objectives["bacteria"] == list(reversed(kept))  # top (last) is highest
    assert board.small_objectives["plant"] == list(reversed(kept))
    animal = [14, 10, 7, 5][: len(kept)]
    assert board.small_objectives["animal"] == list(reversed(animal))
    assert sum(item.startswith("lifeform-tile:") for item in board.box) == 3 * removed
    assert board.big_objectives == {"bacteria": None, "plant": None, "animal": None}


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_two_missions_each_and_the_rest_in_the_box(seats: int) -> None:
    for seed in SEEDS:
        state = new(seats, seed).state
        dealt = [m for p in state.players for m in p.missions]
        assert all(len(p.missions) == 2 for p in state.players)
        boxed = [m for m in state.board.box if m.startswith("M")]
        assert len(set(dealt)) == 2 * seats
        assert sorted(dealt + boxed) == sorted(m.id for m in CATALOG.missions)
        assert all(p.mission_done is None for p in state.players)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_scientist_wild_and_tokens_from_the_starting_star(seats: int) -> None:
    for seed in SEEDS:
        state = new(seats, seed).state
        starts = []
        for player in state.players:
            star = CATALOG.index.starting_star[player.systems[0].star]
            assert player.scientist == star.start_space
            assert player.scientist % 2 == 1  # an outer space
            wild = player.tokens["wild"]
            assert player.wild_locked
            assert (wild.where, wild.slot) == ("board", (sector(star.start_space) + 1) % 6)
            assert {k: t.where for k, t in player.tokens.items() if k != "wild"} == {
                "star": "ready",
                "planet": "ready",
                "asteroid": "ready",
            }
            starts.append(star.id)
        assert len(set(starts)) == seats


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_starting_resources_and_life_cards(seats: int) -> None:
    for seed in SEEDS:
        state = new(seats, seed).state
        for player in state.players:
            (home,) = player.systems
            star = CATALOG.index.starting_star[home.star]
            (world,) = home.planets
            start_planet = CATALOG.index.starting_planet[world.tile]
            for resource in ("energy", "mass", "entropy", "vp"):
                expected = star.resources.get(resource, 0) + start_planet.resources.get(resource, 0)
                assert getattr(player, resource) == expected, (resource, star.id, world.tile)
            hand_types = Counter(CATALOG.index.card[c].type for c in player.hand)
            assert hand_types == Counter(star.life_cards)
            assert world.life == {"bacteria": 0, "plant": 0, "animal": 0}
            assert world.asteroids == {} and world.biome is None and world.cards == []
            assert player.generator == 0 and player.objectives == [0, 0, 0]
            assert player.focus == {"star": 0, "planet": 0, "asteroid": 0}
        assert len({p.focus_set for p in state.players}) == seats
        unused = len(CATALOG.starting_stars) - seats + len(CATALOG.starting_planets) - seats
        assert sum(item.startswith(("S", "SP")) for item in state.board.box) == unused


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_life_decks_are_split_in_half_after_the_starting_draws(seats: int) -> None:
    for seed in SEEDS:
        state = new(seats, seed).state
        for i, life in enumerate(LIFEFORMS):
            left, right = state.board.life_decks[2 * i], state.board.life_decks[2 * i + 1]
            in_hands = [
                c for p in state.players for c in p.hand if CATALOG.index.card[c].type == life
            ]
            every = sorted(c.id for c in CATALOG.life_cards if c.type == life)
            assert sorted(left + right + in_hands) == every
            remaining = len(every) - len(in_hands)
            assert (len(left), len(right)) == ((remaining + 1) // 2, remaining // 2)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_board_supply(seats: int) -> None:
    state = new(seats).state
    board = state.board
    assert board.solar_systems == CATALOG.board.solar_systems - seats == 20 - seats
    assert board.star_stacks == {s.id: s.count for s in CATALOG.stars}
    assert {k: len(v) for k, v in board.asteroid_stacks.items()} == {
        "heat": 10,
        "carbon": 10,
        "water": 10,
        "radiation": 10,
    }
    assert [len(s) for s in board.planet_stacks] == [6, 5] * 4
    for i, kind in enumerate(("heat", "carbon", "water", "radiation")):
        tiles = board.planet_stacks[2 * i] + board.planet_stacks[2 * i + 1]
        assert {CATALOG.index.planet[t].type for t in tiles} == {kind}
    assert [len(s) for s in board.biome_stacks] == [9, 9, 9, 9]
    assert all(b.startswith("BA") for b in board.biome_stacks[0] + board.biome_stacks[1])
    assert all(b.startswith("BS") for b in board.biome_stacks[2] + board.biome_stacks[3])
    assert state.round == 1 and state.first_player == 0 and state.end_round is None


def test_the_first_player_moves_first() -> None:
    game = new(3, 4)
    assert game.decision is not None
    assert (game.decision.kind, game.decision.player) == ("move", 0)
    assert game.state.turn.step == "movement"


@pytest.mark.parametrize("seats", [0, 1, 5])
def test_seats_outside_two_to_four_are_refused(seats: int) -> None:
    with pytest.raises(ValueError, match=f"Entropy is played by 2 to 4 seats, not {seats}"):
        new(seats)


def test_one_bot_entry_per_seat() -> None:
    with pytest.raises(ValueError, match="one bot entry"):
        Game.new(["Ann", "Bob"], bots=["random"])
    game = Game.new(["Ann", "Bob"], bots=[None, "random"])
    assert [p.bot for p in game.state.players] == [None, "random"]


def test_setup_is_determined_by_the_seed() -> None:
    assert new(3, 9).snapshot() == new(3, 9).snapshot()
    assert new(3, 9).snapshot() != new(3, 10).snapshot()
