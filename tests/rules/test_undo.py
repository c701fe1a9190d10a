"""Undo steps back one decision within a player's run of decisions, never past a reveal or
another player's decision; undoing then choosing the same again gives the identical state."""

from __future__ import annotations

import random

import pytest

from entropy_tui.rules import Game, InvalidChoice


def tops(game: Game) -> tuple[str | None, ...]:
    board = game.state.board
    stacks = [*board.planet_stacks, *board.biome_stacks, *board.life_decks]
    stacks += board.asteroid_stacks.values()
    return tuple(s[-1] if s else None for s in stacks)


def test_nothing_to_undo_at_the_start() -> None:
    game = Game.new(["Ann", "Bob"], seed=3)
    assert game.undo_refusal() == "Can't take back: the game has just begun."
    with pytest.raises(InvalidChoice):
        game.undone()


@pytest.mark.parametrize("seed", [1, 2])
def test_undo_is_allowed_exactly_when_no_barrier_was_crossed(seed: int) -> None:
    game = Game.new(["Ann", "Bob", "Cy"], seed=seed)
    rng = random.Random(seed)
    last_player: int | None = None
    expected_floor = 0
    checked_undos = checked_refusals = 0
    for step in range(260):
        decision = game.decision
        assert decision is not None
        if last_player is not None and decision.player != last_player:
            expected_floor = step
        before, tops_before = game.snapshot(), tops(game)
        option = rng.choice(decision.enabled).id
        game.choose(option)
        last_player = decision.player
        if tops(game) != tops_before:
            expected_floor = step + 1
        assert game.state.undo_floor == expected_floor
        refusal = game.undo_refusal()
        handed_on = game.decision is not None and game.decision.player != decision.player
        if expected_floor > step or handed_on:
            assert refusal is not None and refusal.startswith("Can't take back")
            checked_refusals += 1
            continue
        assert refusal is None
        if step % 9:
            continue
        after = game.snapshot()
        undone = game.undone()
        assert undone.snapshot() == before
        undone.choose(option)
        assert undone.snapshot() == after
        checked_undos += 1
    assert checked_undos > 5 and checked_refusals > 5


def test_undo_stays_within_the_turn_of_whoever_decides_now() -> None:
    game = Game.new(["Ann", "Bea"], seed=9)
    while game.decision is not None and game.decision.player == 0:
        game.choose(game.decision.enabled[0].id)
    assert game.undo_refusal() == ("Can't take back: that was Ann's decision, and Bea decides now.")
    with pytest.raises(InvalidChoice, match="Bea decides now"):
        game.undone()


def test_a_reveal_is_a_barrier() -> None:
    """Taking a Life card from the offer shows the next card: that can't be taken back."""
    game = Game.new(["Ann", "Bob"], seed=4)
    rng = random.Random(0)
    while True:
        decision = game.decision
        assert decision is not None
        cards = [o.id for o in decision.enabled if o.id.startswith("card:")]
        if cards:
            game.choose(cards[0])
            break
        game.choose(rng.choice(decision.enabled).id)
    assert game.undo_refusal() == "Can't take back: a card or tile was revealed from a stack."
