"""Saves written before a setting existed load and replay exactly as they were played."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from entropy_tui.bots import make_bot
from entropy_tui.rules import Game
from entropy_tui.rules.catalog import load_catalog
from entropy_tui.saves.files import load_game

SAVES = Path(__file__).parents[1] / "data" / "saves"
# Log words reworded since these saves were written, as (the old words, the new ones): a
# replayed game writes the new ones, and everything else must be as saved.
REWORDED = [
    (
        re.compile(
            r"could not activate any Star: your cheapest Star costs (\d+) Entropy, you have"
        ),
        r"could not activate any Star: their cheapest Star costs \1 Entropy, and they have",
    ),
    (
        re.compile(r"could not activate any Star: you have no Star"),
        "could not activate any Star: they have no Star",
    ),
]


def reworded(snapshot: dict[str, Any]) -> dict[str, Any]:
    """The saved snapshot with its log in today's words."""
    log = []
    for event in snapshot["log"]:
        text = event["text"]
        for old, new in REWORDED:
            text = old.sub(new, text)
        log.append({**event, "text": text})
    return {**snapshot, "log": log}


BEFORE_END_TURN_STEP = SAVES / "before-end-turn-step.json"


def test_a_save_from_before_the_end_turn_step_replays_its_choices() -> None:
    saved = json.loads(BEFORE_END_TURN_STEP.read_text())
    game, save = load_game(BEFORE_END_TURN_STEP)
    assert not game.state.settings.confirm_turn_end
    assert game.state.choices == saved["choices"] == save.choices
    replayed = Game.replay(save.config.as_data(), save.choices)
    assert replayed.snapshot() == game.snapshot()
    assert replayed.decision is not None and game.decision is not None
    assert [o.id for o in replayed.decision.options] == [o.id for o in game.decision.options]


FOUR_SEATS_BEFORE_PLAIN_STATE = SAVES / "four-seats-before-plain-state.json"


def test_the_snapshot_of_a_save_from_before_the_plain_state_is_written_again_exactly() -> None:
    """Saved when the state was made of pydantic models: the rebuilt state writes the very
    same snapshot, key for key and in the same order, so saves read and write as before."""
    saved = json.loads(FOUR_SEATS_BEFORE_PLAIN_STATE.read_text())
    game, _ = load_game(FOUR_SEATS_BEFORE_PLAIN_STATE)
    assert any(player.lifeform_tiles for player in game.state.players)
    assert reworded(saved["snapshot"]) != saved["snapshot"]  # it has lines reworded since
    assert json.dumps(game.snapshot()) == json.dumps(reworded(saved["snapshot"]))
    # Read as saved, its words too, with the save's edition of the rules.
    restored = Game.restore(saved["snapshot"], game.catalog)
    assert json.dumps(restored.snapshot()) == json.dumps(saved["snapshot"])
    assert restored.decision is not None and game.decision is not None
    assert [o.id for o in restored.decision.options] == [o.id for o in game.decision.options]


FORMAT_1 = SAVES / "three-seats-format-1.json"


def test_a_save_of_format_1_loads_and_writes_its_snapshot_again_exactly() -> None:
    """Written by the last version of save format 1: a game of three seats that played Life
    cards, with a note of the app's. Format 1 names no edition: its games were all played
    with edition 1 of the component data, and replay with it."""
    saved = json.loads(FORMAT_1.read_text())
    game, save = load_game(FORMAT_1)
    assert saved["format"] == 1 and save.choices == saved["choices"]
    assert "edition" not in saved["config"] and save.config.edition == 1
    assert game.catalog is load_catalog(1) and game.config()["edition"] == 1
    assert json.dumps(game.snapshot()) == json.dumps(reworded(saved["snapshot"]))
    assert [note.text for note in save.notes] == ["Ann took back: a move"]
    played = [event.text for event in game.log if " played L" in event.text]
    assert len(played) >= 5
    replayed = Game.replay(save.config.as_data(), save.choices)
    assert json.dumps(replayed.snapshot()) == json.dumps(reworded(saved["snapshot"]))


def test_a_bot_of_an_old_game_plays_it_with_the_game_s_own_data() -> None:
    game, _ = load_game(FORMAT_1)
    bot = make_bot("greedy", 7, catalog=game.catalog)
    assert bot.catalog is game.catalog  # type: ignore[attr-defined]
    for _ in range(30):
        decision = game.decision
        assert decision is not None
        game.choose(bot.decide(game.view(decision.player), decision))
