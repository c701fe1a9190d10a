"""Undo/redo over a game."""

from __future__ import annotations

import random

import pytest

from entropy_tui.play.timeline import Timeline
from entropy_tui.rules import Game, InvalidChoice


def first_undoable(seed: int) -> tuple[Timeline, dict, str, str]:
    """A timeline just after a choice that can be taken back: the state before it, the
    choice, and the note an undo should write."""
    timeline = Timeline(Game.new(["Ann", "Bob"], seed=seed))
    rng = random.Random(seed)
    while True:
        decision = timeline.game.decision
        assert decision is not None
        before = timeline.game.snapshot()
        option = rng.choice(decision.enabled)
        note = f"{timeline.game.name(decision.player)} took back: {option.label}"
        timeline.choose(option.id)
        if timeline.undo_refusal() is None:
            return timeline, before, option.id, note


def test_undo_restores_the_state_and_notes_it() -> None:
    timeline, before, _, expected_note = first_undoable(2)
    after = timeline.game.snapshot()
    events_before = len(timeline.game.log)
    note = timeline.undo()
    assert timeline.game.snapshot() == before
    assert note.text == expected_note and timeline.notes == [note]
    assert note.at_event == len(timeline.game.log) <= events_before
    redone = timeline.redo()
    assert timeline.game.snapshot() == after
    assert not timeline.can_redo
    assert redone.text == expected_note.replace("took back", "redid")
    assert redone.at_event == events_before and timeline.notes == [note, redone]


def test_a_different_choice_forgets_the_redo() -> None:
    timeline, _, choice, _ = first_undoable(3)
    timeline.undo()
    decision = timeline.game.decision
    assert decision is not None
    others = [o.id for o in decision.enabled if o.id != choice]
    if not others:
        pytest.skip("only one option at that point")
    timeline.choose(others[0])
    assert not timeline.can_redo
    with pytest.raises(InvalidChoice, match="Nothing to redo"):
        timeline.redo()


def test_undo_is_refused_with_the_reason() -> None:
    timeline = Timeline(Game.new(["Ann", "Bob"], seed=1))
    with pytest.raises(InvalidChoice, match="the game has just begun"):
        timeline.undo()
    assert timeline.notes == []
