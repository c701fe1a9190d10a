"""The engine says, from the moment the end is triggered, whose turn ends the game."""

from __future__ import annotations

import pytest

from entropy_tui.rules import Game
from entropy_tui.rules.flow import last_turn
from tests.rules.greedy_games import LAST_TURN_GAMES, GreedyGame, replayed


@pytest.mark.parametrize("spec", LAST_TURN_GAMES, ids=lambda spec: spec.key)
def test_the_last_turn_announced_is_the_last_turn_played(spec: GreedyGame) -> None:
    announced: tuple[int, int] | None = None
    last_mover = None
    for game in replayed(spec):
        if game.over:
            break
        if announced is None:
            announced = last_turn(game.state)
        else:  # once said, it stays so
            assert last_turn(game.state) == announced
        decision = game.decision
        assert decision is not None
        last_mover = (game.state.round, decision.player)
    assert announced is not None
    assert announced == last_mover


def test_nothing_is_announced_at_the_start() -> None:
    assert last_turn(Game.new(["Ann", "Bea"], 1).state) is None
