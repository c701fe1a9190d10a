"""Never losing a game, from the keyboard: autosave, Continue, --load errors, Ctrl+S, undo and
redo with their notes, and the replay."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from textual.geometry import Size

from entropy_tui.cli.play import crash_notice
from entropy_tui.play.config import GameConfig, parse_seats
from entropy_tui.rules import Game
from entropy_tui.saves.files import copy_path, load_game, write_save
from entropy_tui.saves.folder import list_saves
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.screens.game import GameScreen
from entropy_tui.tui.screens.game_over import GameOverScreen
from entropy_tui.tui.screens.new_game import NewGameScreen
from entropy_tui.tui.screens.replay import ReplayScreen
from entropy_tui.tui.screens.save_copy import SaveCopyScreen
from entropy_tui.tui.widgets.game_log import GameLog
from entropy_tui.tui.widgets.prompt import Prompt

from .helpers import press, screen_text, settle

SPEC = "Ann,bot:random"


def game_app(seed: int = 7) -> EntropyApp:
    return EntropyApp(config=GameConfig(parse_seats(SPEC), seed=seed), bot_delay=0)


def played(seed: int, steps: int) -> Game:
    """A game of SPEC's seats where the first option is taken `steps` times, then until Ann
    decides (the bot would play on at once when the game is opened)."""
    game = Game.new(["Ann", "Random 2"], seed=seed, bots=[None, "random"])
    step = 0
    while not game.over and (step < steps or game.decision.player != 0):  # type: ignore[union-attr]
        game.choose(game.decision.enabled[0].id)  # type: ignore[union-attr]
        step += 1
    return game


def saved_on_disk_path(app: EntropyApp) -> Path:
    app.finish_saving()
    assert app.save_path is not None
    return app.save_path


def saved_on_disk(app: EntropyApp) -> Game:
    game, _ = load_game(saved_on_disk_path(app))
    return game


async def take_first_options(app: EntropyApp, pilot: object, count: int) -> None:
    for _ in range(count):
        choice = next(c for c in app.screen.query_one(Prompt).choices if c.enabled)
        await press(pilot, *str(choice.number))  # type: ignore[arg-type]


async def test_every_decision_is_saved_in_the_games_own_file() -> None:
    app = game_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.save_path is not None and app.save_path.name.startswith("game-")
        await settle(pilot)
        app.finish_saving()
        assert not app.save_path.exists()  # nothing decided yet: nothing to lose
        for _ in range(6):
            await take_first_options(app, pilot, 1)
            await settle(pilot)
            assert saved_on_disk(app).snapshot() == app.session.game.snapshot()  # type: ignore[union-attr]


async def test_undo_and_redo_from_the_keyboard_with_their_notes_in_the_log() -> None:
    app = game_app(seed=3)
    async with app.run_test(size=(160, 50)) as pilot:
        session = app.session
        assert session is not None
        await press(pilot, "u")
        refusal = app.screen.query_one(Prompt).border_title
        assert "Can't take back: the game has just begun" in refusal
        while True:  # until a decision that can be taken back
            before = session.game.snapshot()
            await take_first_options(app, pilot, 1)
            if session.game.undo_refusal() is None:
                break
        after = session.game.snapshot()
        await press(pilot, "u")
        assert session.game.snapshot() == before
        assert "Ann took back:" in screen_text(app)
        await press(pilot, "U")
        assert session.game.snapshot() == after
        assert "Ann redid:" in screen_text(app)
        await press(pilot, "ctrl+z")
        assert session.game.snapshot() == before
        await press(pilot, "ctrl+y")
        assert session.game.snapshot() == after
        await press(pilot, "ctrl+y")
        assert "Nothing to redo" in app.screen.query_one(Prompt).border_title
        await settle(pilot)
        _, save = load_game(saved_on_disk_path(app))
        assert [note.text.split(":")[0] for note in save.notes] == [
            "Ann took back", "Ann redid", "Ann took back", "Ann redid"
        ]  # fmt: skip


async def test_continue_on_the_new_game_screen_opens_the_latest_unfinished_game() -> None:
    game = played(5, 40)
    write_save(played(4, 10), copy_path("older"))
    time.sleep(0.01)  # save times are kept to the millisecond
    write_save(game, copy_path("latest"))
    app = EntropyApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert "Continue: Ann, Random 2, round" in screen_text(app)
        await press(pilot, "ctrl+o")
        assert isinstance(app.screen, GameScreen)
        assert app.session is not None and app.session.game.snapshot() == game.snapshot()
        # A copy is left as it is: the game goes on in an autosave of its own.
        assert app.save_path is not None and app.save_path.name.startswith("game-")


async def test_the_saved_games_list_opens_a_game_with_enter() -> None:
    write_save(played(6, 12), copy_path("first"))
    app = EntropyApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert '"first"' in screen_text(app)
        app.screen.query_one("#saved-games").focus()
        await press(pilot, "enter")
        assert isinstance(app.screen, GameScreen)


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b'{"format": 1, "saved_at": "x"', "broken JSON"),
        (b'{"format": 99}', "newer entropy-tui"),
        (b'{"format": 1}', "not a valid save"),
    ],
)
async def test_a_bad_file_names_itself_and_is_left_untouched(
    private_saves_folder: Path, content: bytes, problem: str
) -> None:
    path = private_saves_folder / "bad.json"
    path.write_bytes(content)
    app = EntropyApp(bot_delay=0, open_file=("load", path))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        notice = str(app.screen.query_one("#new-game-notice").render())
        assert str(path) in notice and problem in notice
    assert path.read_bytes() == content


async def test_resume_without_a_saved_game_says_so() -> None:
    app = EntropyApp(bot_delay=0, open_file=("resume", None))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        assert "no unfinished game" in screen_text(app)


async def test_ctrl_s_keeps_a_named_copy(private_saves_folder: Path) -> None:
    app = game_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await take_first_options(app, pilot, 3)
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, SaveCopyScreen)
        await press(pilot, "ctrl+a", "ctrl+k", *"before/the ../move", "enter")
        assert isinstance(app.screen, GameScreen)
        game, _ = load_game(private_saves_folder / "before-the -move.json")
        assert app.session is not None and game.snapshot() == app.session.game.snapshot()


@pytest.mark.slow
async def test_the_replay_steps_through_the_choices_with_the_log_in_step() -> None:
    final = played(8, 60)
    path = copy_path("to replay")
    write_save(final, path)
    choices = final.state.choices
    app = EntropyApp(bot_delay=0, open_file=("replay", path))
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)

        def shows(step: int) -> None:
            expected = Game.replay(final.config(), choices[:step])
            assert screen.step == step
            assert screen.session.game.snapshot() == expected.snapshot()
            log = screen.query_one(GameLog)
            assert log._reading.written == len(expected.log)
            assert f"step {step} of {len(choices)}" in screen.query_one(Prompt).border_title

        shows(0)
        await press(pilot, "right", "right", "right")
        shows(3)
        await press(pilot, "end")
        shows(len(choices))
        await press(pilot, "left")
        shows(len(choices) - 1)
        await press(pilot, "home")
        shows(0)
        await press(pilot, "escape")
        assert isinstance(app.screen, NewGameScreen)
    assert load_game(path)[0].snapshot() == final.snapshot()  # the file is only read


async def test_a_replay_left_alone_lays_nothing_out_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A public replay's first step at 160x50 has a Console as tall as its panel, and one row
    taller a column narrower: the panel's scroll bar once came and went frame after frame."""
    layouts: list[Size | None] = []
    lay_out = ReplayScreen._refresh_layout

    def counted(screen: ReplayScreen, size: Size | None = None, scroll: bool = False) -> None:
        layouts.append(size)
        lay_out(screen, size, scroll)

    monkeypatch.setattr(ReplayScreen, "_refresh_layout", counted)
    path = copy_path("to replay")
    write_save(played(8, 60), path)
    app = EntropyApp(bot_delay=0, open_file=("replay", path))
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        await asyncio.sleep(0.3)  # the screen drawn, and then some frames' time
        layouts.clear()
        await asyncio.sleep(0.5)  # left alone
        assert isinstance(app.screen, ReplayScreen) and app.screen.step == 0
        assert layouts == []


async def test_game_over_offers_the_replay() -> None:
    final = played(2, 100_000)
    assert final.over
    path = copy_path("finished")
    write_save(final, path)
    app = EntropyApp(bot_delay=0, open_file=("load", path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await press(pilot, "r")
        assert isinstance(app.screen, ReplayScreen)
        await press(pilot, "end")
        assert app.screen.step == len(final.state.choices)
        await press(pilot, "escape")
        assert isinstance(app.screen, GameOverScreen)


async def test_an_error_in_the_app_leaves_the_last_autosave() -> None:
    app = game_app()
    with pytest.raises(RuntimeError, match="a bug"):
        async with app.run_test(size=(80, 24)) as pilot:
            await take_first_options(app, pilot, 2)
            await settle(pilot)
            before = app.session.game.snapshot()  # type: ignore[union-attr]

            def broken(*_: object) -> None:
                raise RuntimeError("a bug")

            app.screen.query_one(Prompt).show = broken  # type: ignore[method-assign]
            await press(pilot, "1")
    assert app.return_code == 1
    assert app.save_path is not None
    saved = saved_on_disk(app).snapshot()
    assert saved == before or saved == app.session.game.snapshot()  # type: ignore[union-attr]
    assert str(app.save_path) in crash_notice(app.save_path)
    assert "--resume" in crash_notice(app.save_path)


def test_a_game_in_the_list_shows_date_seats_and_round() -> None:
    write_save(played(3, 30), copy_path("evening"))
    (summary,) = list_saves()
    assert summary.seats == ["Ann", "Random 2"] and summary.round >= 1
    assert len(summary.when) == len("2026-11-29 18:00")


async def test_the_replay_has_no_playing_keys() -> None:
    path = copy_path("short")
    write_save(played(9, 5), path)
    app = EntropyApp(bot_delay=0, open_file=("replay", path))
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert "Step back / forward" in footer and "Undo" not in footer
        before = app.screen.session.game.snapshot()  # type: ignore[attr-defined]
        await press(pilot, "1", "u", "enter")
        assert app.screen.session.game.snapshot() == before  # type: ignore[attr-defined]
        assert "This is a replay" in app.screen.query_one(Prompt).border_title


async def test_a_saves_folder_that_cannot_be_made_still_lets_people_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("ENTROPY_TUI_DATA", str(blocker / "saves"))
    assert list_saves() == []
    app = EntropyApp(bot_delay=0)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await app.workers.wait_for_complete()
        await press(pilot, "ctrl+g")
        assert isinstance(app.screen, GameScreen)
        assert app.save_path is None
        await pilot.pause(0.2)  # toasts are mounted a moment later
        assert "Games can't be saved" in screen_text(app)
        await take_first_options(app, pilot, 2)
        await press(pilot, "ctrl+s", "enter")
        assert isinstance(app.screen, GameScreen)
        await pilot.pause(0.2)
        assert "Not saved" in screen_text(app)
    assert blocker.read_text() == "not a folder"
