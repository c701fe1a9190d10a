"""The greedy bot's look-ahead through second steps: every path while the paths are few, the
best-looking step after that, so that a long chain of second steps stays cheap."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from entropy_tui.bots import greedy
from entropy_tui.bots.heuristic import evaluate
from entropy_tui.rules import Game
from entropy_tui.saves.files import load_game

# A 2-seat game saved at a move whose landings lead into long chains of second steps (Asteroids
# placed one by one, Planets from the offer); searched through every path, the move's choice took
# 46,610 evaluations.
LONG_CHAINS = Path(__file__).parents[1] / "data" / "saves" / "greedy-long-second-steps.json"
ASTEROIDS_ONE_BY_ONE = 169  # the choices before a second step whose paths branch 243 ways


def every_path(game: Game, seat: int, paths: int = 1) -> tuple[float, int]:
    """The best value over every path of second steps, and the most ways a path branched."""
    decision = game.decision
    if decision is None or not decision.back or decision.player != seat:
        return evaluate(game, seat), paths
    ids = [option.id for option in decision.options if option.enabled]
    ends = [every_path(child, seat, paths * len(ids)) for _, child in greedy.children(game, ids)]
    return max(value for value, _ in ends), max(branched for _, branched in ends)


def test_a_move_into_long_chains_of_second_steps_is_judged_with_few_evaluations() -> None:
    game, _ = load_game(LONG_CHAINS)
    decision = game.decision
    assert decision is not None and decision.kind == "move"
    evaluations = 0

    def counted(position: Game, seat: int) -> float:
        nonlocal evaluations
        evaluations += 1
        return evaluate(position, seat)

    bot = greedy.GreedyBot(1, evaluate=counted)
    choice = bot.decide(game.view(decision.player), decision)
    assert choice in {option.id for option in decision.enabled}
    assert evaluations < 3_000


def test_within_the_bound_every_path_is_searched_and_past_it_the_best_looking_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    save = json.loads(LONG_CHAINS.read_text())
    game = Game.replay(save["config"], save["choices"][:ASTEROIDS_ONE_BY_ONE])
    decision = game.decision
    assert decision is not None and decision.back
    seat = decision.player
    best, branched = every_path(game.copy(), seat)
    assert branched > greedy.MAX_PATHS

    monkeypatch.setattr(greedy, "MAX_PATHS", branched)
    assert greedy.stepped_value(game.copy(), seat, evaluate) == best
    monkeypatch.setattr(greedy, "MAX_PATHS", 1)
    assert greedy.stepped_value(game.copy(), seat, evaluate) < best
