"""A person's turn ends when they say so: one "End your turn" decision, from which the whole
turn can still be taken back; bots never get it, and a game can be played without it."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from entropy_tui.bots import make_bot
from entropy_tui.rules import Game, InvalidChoice
from entropy_tui.saves.files import load_game, write_save

CONFIRM = "confirm_turn_end"


def play(game: Game, steps: int, seed: int = 0) -> list[tuple]:
    """Random choices for people, greedy ones for bots; returns (player, kind, options) seen."""
    rng = random.Random(seed)
    bots = {s: make_bot(p.bot, s) for s, p in enumerate(game.state.players) if p.bot}
    seen = []
    for _ in range(steps):
        decision = game.decision
        if decision is None:
            break
        seen.append((decision.player, decision.kind, [o.id for o in decision.options]))
        if decision.player in bots:
            game.choose(bots[decision.player].decide(game.view(decision.player), decision))
        else:
            game.choose(rng.choice(decision.enabled).id)
    return seen


def test_every_turn_of_a_person_ends_with_the_one_option_end_your_turn() -> None:
    game = Game.new(["Ann", "Bea", "Cy"], seed=4, confirm_turn_end=True)
    seen = play(game, 300, seed=4)
    confirms = [(player, ids) for player, kind, ids in seen if kind == CONFIRM]
    turns = sum(1 for event in game.log if event.kind == "turn")
    assert len(confirms) >= turns - 1 >= 10  # the turn under way may not have reached it
    assert all(ids == ["end_turn"] for _, ids in confirms)
    # The keyboard passes to another seat only through that decision.
    for before, after in itertools.pairwise(seen):
        if after[0] != before[0]:
            assert before[1] == CONFIRM


def test_the_decision_says_what_it_is() -> None:
    game, _ = turn_to_its_end(seed=4)
    decision = game.decision
    assert decision is not None and decision.kind == CONFIRM and decision.player == 0
    assert decision.rule == "Turn Structure"
    assert [o.label for o in decision.options] == ["End your turn"]
    with pytest.raises(InvalidChoice):
        game.choose("move:1")


def test_bots_never_get_it() -> None:
    game = Game.new(["Ann", "Rex"], seed=6, bots=[None, "greedy"], confirm_turn_end=True)
    seen = play(game, 400, seed=6)
    kinds_by_seat = {seat: {kind for player, kind, _ in seen if player == seat} for seat in (0, 1)}
    assert CONFIRM in kinds_by_seat[0]
    assert CONFIRM not in kinds_by_seat[1]


def test_without_the_setting_nobody_gets_it() -> None:
    game = Game.new(["Ann", "Bea"], seed=6)
    assert not game.state.settings.confirm_turn_end
    assert all(kind != CONFIRM for _, kind, _ in play(game, 300, seed=6))


def test_a_seat_handed_to_a_bot_mid_turn_goes_on_without_it() -> None:
    game = Game.new(["Ann", "Bea"], seed=8, confirm_turn_end=True)
    rng = random.Random(8)
    while game.decision is not None and game.decision.player != 1:
        game.choose(rng.choice(game.decision.enabled).id)
    game.change_control(1, "greedy")  # Bea's seat is handed to a bot during her turn
    seen = play(game, 60, seed=8)
    bea = [kind for player, kind, _ in seen[: next(n for n, s in enumerate(seen) if s[0] == 0)]]
    assert bea and CONFIRM not in bea
    assert any(kind == CONFIRM for player, kind, _ in seen if player == 0)


def test_a_seat_handed_to_a_bot_at_the_step_goes_on_and_a_person_gets_it_back() -> None:
    game, _ = turn_to_its_end(seed=5)
    game.change_control(0, "random")  # Ann hands her seat over at "End your turn"
    assert game.decision is not None and game.decision.player == 1
    assert game.decision.kind != CONFIRM
    game.change_control(0, None)
    rng = random.Random(5)
    while game.decision is not None and game.decision.player == 1:
        game.choose(rng.choice(game.decision.enabled).id)
    replayed = Game.replay(game.config(), game.state.choices)
    assert replayed.snapshot() == game.snapshot()
    while game.decision is not None and game.decision.kind != CONFIRM:
        assert game.decision.player == 0
        game.choose(rng.choice(game.decision.enabled).id)
    assert game.decision is not None and game.decision.player == 0


def turn_to_its_end(seed: int) -> tuple[Game, int]:
    """A game at Ann's first "End your turn", and how many choices came before her turn."""
    game = Game.new(["Ann", "Bea"], seed=seed, confirm_turn_end=True)
    rng = random.Random(seed)
    for _ in range(2):  # Ann's first turn is the game's first; her second follows Bea's
        while game.decision is not None and game.decision.kind != CONFIRM:
            game.choose(rng.choice(game.decision.enabled).id)
        game.choose("end_turn")
    start = len(game.state.choices)
    while game.decision is not None and game.decision.kind != CONFIRM:
        game.choose(rng.choice(game.decision.enabled).id)
    return game, start


def test_undo_from_it_reaches_back_through_the_whole_turn() -> None:
    game, start = turn_to_its_end(seed=8)
    assert game.state.undo_floor == start  # no card was revealed in this turn
    assert len(game.state.choices) - start >= 2
    undos = 0
    while game.undo_refusal() is None:
        game = game.undone()
        undos += 1
    assert len(game.state.choices) == start
    assert undos == len(turn_to_its_end(seed=8)[0].state.choices) - start
    assert game.decision is not None and game.decision.player == 0
    assert game.state.turn.moved == 0 and game.state.turn.step == "movement"


def test_once_the_turn_is_ended_the_next_person_cannot_take_it_back() -> None:
    game, _ = turn_to_its_end(seed=3)
    game.choose("end_turn")
    assert game.decision is not None and game.decision.player == 1
    refusal = game.undo_refusal()
    assert refusal is not None and "Bea decides now" in refusal
    with pytest.raises(InvalidChoice):
        game.undone()


def test_the_setting_is_saved_and_loaded(tmp_path: Path) -> None:
    game, _ = turn_to_its_end(seed=3)
    write_save(game, tmp_path / "game.json")
    loaded, save = load_game(tmp_path / "game.json")
    assert save.config.confirm_turn_end
    assert loaded.decision is not None and loaded.decision.kind == CONFIRM
    assert loaded.snapshot() == game.snapshot()
