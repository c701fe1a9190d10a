"""Saves written before a setting existed load and replay exactly as they were played."""

from __future__ import annotations

import json
from pathlib import Path

from entropy_tui.rules import Game
from entropy_tui.saves import load_game

SAVES = Path(__file__).parent / "saves"
BEFORE_END_TURN_STEP = SAVES / "before-end-turn-step.json"


def test_a_save_from_before_the_end_turn_step_replays_its_choices() -> None:
    saved = json.loads(BEFORE_END_TURN_STEP.read_text())
    game, save = load_game(BEFORE_END_TURN_STEP)
    assert not game.state.settings.confirm_turn_end
    assert game.state.choices == saved["choices"] == save.choices
    replayed = Game.replay(save.config.model_dump(), save.choices)
    assert replayed.snapshot() == game.snapshot()
    assert replayed.decision is not None and game.decision is not None
    assert [o.id for o in replayed.decision.options] == [o.id for o in game.decision.options]
