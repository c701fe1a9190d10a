"""The engine says, from the moment the end is triggered, whose turn ends the game."""

from __future__ import annotations

import pytest

from entropy_tui.bots import make_bot
from entropy_tui.rules import Game
from entropy_tui.rules.flow import last_turn


@pytest.mark.parametrize(("seats", "seed"), [(["Ann", "Bea", "Cy"], 3), (["Ann", "Bea"], 11)])
def test_the_last_turn_announced_is_the_last_turn_played(seats: list[str], seed: int) -> None:
    game = Game.new(seats, seed)
    bots = [make_bot("greedy", seat) for seat in range(len(seats))]
    announced: tuple[int, int] | None = None
    last_mover = None
    while not game.over:
        if announced is None:
            announced = last_turn(game.state)
        else:  # once said, it stays so
            assert last_turn(game.state) == announced
        decision = game.decision
        assert decision is not None
        last_mover = (game.state.round, decision.player)
        game.choose(bots[decision.player].decide(game.view(decision.player), decision))
    assert announced is not None
    assert announced == last_mover


def test_nothing_is_announced_at_the_start() -> None:
    assert last_turn(Game.new(["Ann", "Bea"], 1).state) is None
