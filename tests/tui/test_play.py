"""Whole games played from the keyboard, the way a person plays: read the prompt, press the
number of an option (Enter too when a second digit could follow)."""

from __future__ import annotations

import random

import pytest

from entropy_tui.play.config import GameConfig, parse_seats
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.screens.game_over import GameOverScreen
from entropy_tui.tui.screens.handoff import HandoffScreen

from .helpers import bot_picker, play_to_the_end, random_picker


@pytest.mark.slow
async def test_one_human_against_bots_plays_to_game_over() -> None:
    config = GameConfig(parse_seats("Ann,bot:random,bot:random"), seed=11)
    app = EntropyApp(config=config, bot_delay=0)
    async with app.run_test(size=(160, 50)) as pilot:
        seen = await play_to_the_end(pilot, app, random_picker(random.Random(1)))
        assert isinstance(app.screen, GameOverScreen)
        assert seen["handoffs"] == 0, "one human never needs to pass the keyboard"
        assert seen["choices"] > 20
        assert app.screen.session.game.over


@pytest.mark.slow
async def test_two_humans_pass_the_keyboard_to_game_over() -> None:
    config = GameConfig(parse_seats("Ann,Bea"), seed=5)
    app = EntropyApp(config=config, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen), "the first turn is handed to its player"
        # The players mostly pick as the greedy bot would, so the game ends in a few dozen rounds.
        pick = bot_picker("greedy", random.Random(2), wander=0.2)
        seen = await play_to_the_end(pilot, app, pick)
        assert isinstance(app.screen, GameOverScreen)
        # One cover screen per turn at least: the seats alternate every turn.
        assert seen["handoffs"] >= app.screen.session.game.state.round * 2 - 1
