"""The engine's look-up tables and shortcuts agree with the plain rules they stand for, over
random games and changed boards: a table read stale, or a shortcut that skips a case, shows
here."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from entropy_tui.rules import Game, rondel
from entropy_tui.rules.biomes import can_fulfil
from entropy_tui.rules.counters import COUNTERS, count, system_conditions
from entropy_tui.rules.free_actions import has_free_action
from entropy_tui.rules.vocabulary import CONDITIONS, INNER_ACTION_TOKEN

ROUND_CAP = 200  # a broken rule must fail the test, not play forever


def random_positions(seats: int, seed: int, every: int = 7) -> Iterator[Game]:
    """Every `every`-th position of a random game, to its end."""
    game = Game.new([f"Seat {i + 1}" for i in range(seats)], seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not game.over:
        assert game.state.round <= ROUND_CAP, "the game does not end"
        decision = game.decision
        assert decision is not None
        if steps % every == 0:
            yield game
        game.choose(rng.choice(decision.enabled).id)
        steps += 1


@pytest.mark.parametrize("seed", range(4))
def test_the_rondel_table_follows_the_board_it_is_read_from(seed: int) -> None:
    game = Game.new(["Ann", "Bob", "Cy", "Di"][: 2 + seed % 3], seed=seed)
    board = game.state.board
    rng = random.Random(seed)
    for layout in range(6):
        # The game's own layout first, then the tiles moved or only their sides turned.
        if layout % 2:
            board.traffic_side = [not side for side in board.traffic_side]
        elif layout:
            rng.shuffle(board.action_tiles)
        table = rondel.spaces(game)
        assert len(table) == rondel.SPACES
        for space, entry in enumerate(table):
            assert entry.action == rondel.space_action(game, space)
            assert entry.partner == rondel.linked_space(game, space)
            assert entry.has_bonus == rondel.has_bonus(game, space)
            assert list(entry.bonus if entry.has_bonus else []) == rondel.bonus_effects(
                game, space, 1
            )
            assert list(entry.reduced if entry.has_bonus else []) == rondel.bonus_effects(
                game, space, 2
            )
            inner = rondel.is_inner(space)
            assert entry.token == (INNER_ACTION_TOKEN[entry.action] if inner else None)


@pytest.mark.parametrize("seats", [2, 4])
def test_counters_agree_with_the_icons_counted_one_by_one(seats: int) -> None:
    seen = 0
    for game in random_positions(seats, seed=seats):
        for player in game.state.players:
            for kind in CONDITIONS:
                by_system = [
                    system_conditions(game.index, player, i).count(kind)
                    for i in range(len(player.systems))
                ]
                name = f"max_conditions_in_system:{kind}"
                assert count(game.index, player, name) == max(by_system, default=0)
                seen += max(by_system, default=0) > 0
            for mission in game.catalog.missions:  # each name read once, then remembered
                base, _, parameter = mission.requirement.partition(":")
                plain = COUNTERS[base](game.index, player, parameter)
                assert count(game.index, player, mission.requirement) == plain
    assert seen > 0


@pytest.mark.parametrize("seed", range(3))
def test_the_free_action_test_agrees_with_fulfilling_each_biome(seed: int) -> None:
    fulfillable_seen = 0
    for game in random_positions(3, seed, every=3):
        for seat, player in enumerate(game.state.players):
            biome_ready = any(
                can_fulfil(game.index, planet)
                for system in player.systems
                for planet in system.planets
            )
            fulfillable_seen += biome_ready
            assert has_free_action(game, seat) == (player.entropy >= 2 or biome_ready)
    assert fulfillable_seen > 0


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_move_retrieves_every_token_it_passes(seats: int) -> None:
    """Making a move reads which tokens it passes from its preview: the plain rule (every
    token on a slot the move passes is retrieved, a locked Wild unlocked) must agree."""
    passed = 0
    for game in random_positions(seats, seed=10 + seats, every=1):
        decision = game.decision
        assert decision is not None
        if decision.kind != "move":
            continue
        seat = decision.player
        player = game.player(seat)
        for option in decision.enabled:
            if not option.id.startswith("move:"):
                continue
            slots = rondel.slots_on_the_way(player.scientist, int(option.id[5:]))
            on_the_way = [
                kind
                for kind, token in player.tokens.items()
                if token.where == "board" and token.slot in slots
            ]
            trial = game.copy()
            trial.choose(option.id)
            moved = trial.player(seat)
            for kind in on_the_way:
                passed += 1
                if kind == "wild" and player.wild_locked:
                    assert not moved.wild_locked
                else:
                    assert moved.tokens[kind].where == "lying", kind
    assert passed > 0
