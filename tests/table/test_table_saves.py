"""A shared table's save is brought back only by `entropy-tui host --resume`: the plain game (in
a terminal, or a browser tab of `entropy-tui serve`) neither offers it nor opens it, so nobody
reads a seat's hand through it or rewrites it without its seats."""

from __future__ import annotations

from pathlib import Path

from entropy_tui.rules import Game
from entropy_tui.saves.files import new_autosave_path, save_bytes, write_atomically
from entropy_tui.saves.folder import latest_unfinished, list_saves
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.screens.new_game import NewGameScreen

from ..tui.helpers import screen_text, settle

TABLE = {"remote": [{"seat": 0, "code": "ANN-CODE"}, {"seat": 1, "code": "BOB-CODE"}]}


def a_tables_save() -> tuple[Path, bytes]:
    """An unfinished game of a table where Ann and Bob play over SSH, saved last."""
    game = Game.new(["Ann", "Bob"], seed=3)
    for _ in range(4):
        game.choose(game.decision.enabled[0].id)  # type: ignore[union-attr]
    path = new_autosave_path()
    data = save_bytes(game, table=TABLE)
    write_atomically(path, data)
    return path, data


def test_the_plain_game_lists_no_tables_save_and_host_resume_finds_it() -> None:
    path, _ = a_tables_save()
    assert list_saves() == []
    assert latest_unfinished() is None
    assert [save.path for save in list_saves(tables=True)] == [path]


async def test_continue_and_the_list_of_saves_leave_a_tables_game_out() -> None:
    a_tables_save()
    app = EntropyApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert "Continue" not in screen_text(app)
        assert "Ann, Bob" not in screen_text(app)


async def test_a_tables_save_opened_as_a_plain_game_is_refused_and_left_as_it_is() -> None:
    path, data = a_tables_save()
    for how in ("load", "resume"):
        app = EntropyApp(bot_delay=0, open_file=(how, path if how == "load" else None))
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, NewGameScreen)
            assert app.session is None
            if how == "load":
                notice = str(app.screen.query_one("#new-game-notice").render())
                assert "shared table" in notice and "entropy-tui host --resume" in notice
        assert path.read_bytes() == data
