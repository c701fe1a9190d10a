"""A Game is what the rule modules ask of one: a Context for its Task handlers, and a Playable
for a look-ahead and the functions that look at a whole game (rules/context.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api

from entropy_tui.rules import Game
from entropy_tui.rules.context import Context, Playable

ROOT = Path(__file__).resolve().parents[2]

GAME_FITS = """
from entropy_tui.rules import Game
from entropy_tui.rules.context import Context, Playable

def handler_context(game: Game) -> Context:
    return game

def look_ahead(game: Game) -> Playable:
    return game
"""

NO_POP = """
from entropy_tui.rules import Game
from entropy_tui.rules.context import Context

class Popless:
    # a Game without `pop`

    def __init__(self, game: Game) -> None:
        self.state, self.catalog, self.index = game.state, game.catalog, game.index
        self.player, self.name, self.planet = game.player, game.name, game.planet
        self.push, self.push_in_order, self.note = game.push, game.push_in_order, game.note
        self.try_out = game.try_out

def handler_context(game: Game) -> Context:
    return Popless(game)
"""


def mypy_errors(source: str) -> str:
    # The project's settings name the package to check; this checks only `source`.
    options = ["--config-file", "", "--strict", "--no-error-summary", "--follow-imports", "silent"]
    cache = ["--cache-dir", str(ROOT / ".mypy_cache" / "context_test")]  # the project's apart
    out, err, status = api.run([*options, *cache, "-c", source])
    assert status in (0, 1), err
    return out


def test_a_game_is_a_context_and_playable_at_run_time() -> None:
    game = Game.new(["Ann", "Bob"], seed=7)
    assert isinstance(game, Context)
    assert isinstance(game, Playable)
    assert isinstance(game.try_out(lambda trial: None), Playable)
    assert not isinstance(object(), Context)


def test_a_game_is_a_context_and_playable_to_mypy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the package is found from there
    assert mypy_errors(GAME_FITS) == ""
    # The check can fail: an object without one of the Context's members is refused.
    refused = mypy_errors(NO_POP)
    assert 'Incompatible return value type (got "Popless", expected "Context")' in refused
    assert refused.splitlines()[-2:] == [
        '<string>:15: note: "Popless" is missing following "Context" protocol member:',
        "<string>:15: note:     pop",
    ]
