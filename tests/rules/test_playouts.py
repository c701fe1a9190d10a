"""Random playouts over many seeds and every seat count, checking invariants at every step."""

from __future__ import annotations

import random

import pytest

from entropy_tui.rules import Game, InvalidChoice
from entropy_tui.rules.invariants import violations

ROUND_CAP = 200


def play_randomly(game: Game, rng: random.Random, *, check_every: int = 1) -> int:
    """Plays to the end with uniformly random enabled options; returns the steps taken."""
    steps = 0
    while not game.over and game.state.round <= ROUND_CAP:
        decision = game.decision
        assert decision is not None
        assert decision.enabled, f"a decision with no enabled option: {decision.prompt}"
        if steps % check_every == 0:
            assert violations(game) == [], steps
            refused = [o for o in decision.options if not o.enabled]
            if refused:
                before = game.snapshot()
                with pytest.raises(InvalidChoice):
                    game.choose(rng.choice(refused).id)
                assert game.snapshot() == before
        game.choose(rng.choice(decision.enabled).id)
        steps += 1
    return steps


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_random_games_keep_every_invariant(seats: int, seed: int) -> None:
    game = Game.new([f"Seat{i}" for i in range(seats)], seed=seed)
    rng = random.Random(seed * 10 + seats)
    play_randomly(game, rng)
    assert game.over, "a random game should still reach the end trigger"
    assert violations(game) == []


@pytest.mark.parametrize("seed", range(3))
def test_snapshot_restore_and_replay_reproduce_the_state(seed: int) -> None:
    game = Game.new(["Ann", "Bob", "Cy"], seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not game.over:
        if steps % 37 == 0:
            snapshot = game.snapshot()
            restored = Game.restore(snapshot)
            assert restored.snapshot() == snapshot
            assert restored.decision is not None and game.decision is not None
            assert [o.id for o in restored.decision.options] == [
                o.id for o in game.decision.options
            ]
        assert game.decision is not None
        game.choose(rng.choice(game.decision.enabled).id)
        steps += 1
    replayed = Game.replay(game.config(), game.state.choices)
    assert replayed.snapshot() == game.snapshot()


def test_same_seed_and_choices_give_identical_games() -> None:
    first = Game.new(["Ann", "Bob"], seed=11)
    second = Game.new(["Ann", "Bob"], seed=11)
    rng_a, rng_b = random.Random(5), random.Random(5)
    for _ in range(300):
        if first.over:
            break
        assert first.decision is not None and second.decision is not None
        first.choose(rng_a.choice(first.decision.enabled).id)
        second.choose(rng_b.choice(second.decision.enabled).id)
    assert first.snapshot() == second.snapshot()
    assert (
        Game.new(["Ann", "Bob"], seed=12).snapshot() != Game.new(["Ann", "Bob"], seed=11).snapshot()
    )
