"""The start screen from the keyboard at 80x24: Enter presses the button in focus (Continue when
there is a game to continue, else Learn to play), nothing on it is cut, its keys mean what they
mean on every other screen; and Ctrl+C, pressed anywhere, says how to quit."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.keys import COMMANDS
from entropy_tui.tui.screens.game import GameScreen
from entropy_tui.tui.screens.new_game import NewGameScreen
from entropy_tui.tui.widgets.key_footer import KeyFooter
from entropy_tui.tui.widgets.tick_box import TickBox

from .helpers import press, screen_text, settle
from .scenes import game_start, new_game, new_game_with_saves


async def test_enter_starts_the_guided_game_when_there_is_nothing_to_continue() -> None:
    app = new_game()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await settle(pilot)
        await press(pilot, "enter")
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.config.tutorial


async def test_enter_continues_the_unfinished_game() -> None:
    app = new_game_with_saves()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen) and screen.unfinished is not None
        await press(pilot, "enter")
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.game.state.round == 9
        assert not app.screen.session.config.tutorial


async def test_the_start_footer_and_every_tick_box_show_in_full_at_80_columns() -> None:
    app = new_game_with_saves()  # Continue adds its key to the footer
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await settle(pilot)
        footer = app.screen.query_one(KeyFooter)
        assert "Ctrl+O Continue" in screen_text(app)
        assert footer.width <= 80, screen_text(app).splitlines()[-1]
        for box in app.screen.query(TickBox):
            if not box.display:
                continue
            box.scroll_visible(animate=False, immediate=True)
            await settle(pilot)
            mark = "X" if box.value else " "
            assert f"[{mark}] {box.label}" in screen_text(app)


async def test_a_new_key_starts_the_game_and_ctrl_s_keeps_one_meaning() -> None:
    app = new_game()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await settle(pilot)
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, NewGameScreen)  # Ctrl+S saves a copy, in a game only
        await press(pilot, "ctrl+g")
        assert isinstance(app.screen, GameScreen)
        assert not app.screen.session.config.tutorial


def test_a_ctrl_key_means_one_command_on_every_screen() -> None:
    meanings: dict[str, set[str]] = {}
    for command in COMMANDS:
        for key in command.keys:
            if key.startswith("ctrl+") and command.bound:
                meanings.setdefault(key, set()).add(command.title)
    assert {key: titles for key, titles in meanings.items() if len(titles) > 1} == {}


@pytest.mark.parametrize(("make", "quit_key"), [(new_game, "Esc"), (game_start, "q")])
async def test_ctrl_c_says_how_to_quit(make: Callable[[], EntropyApp], quit_key: str) -> None:
    app = make()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+c")
        assert app.is_running
        messages = [note.message for note in app._notifications]
        assert messages == [f"Ctrl+C doesn't quit here: press {quit_key} (or Ctrl+Q) to quit."]
