"""The command line: arguments checked before any screen opens."""

from __future__ import annotations

import gc
import subprocess
import sys

import pytest
from textual.widgets import Input

from entropy_tui.cli.play import main
from entropy_tui.play.config import GameConfig, tutorial_config
from entropy_tui.saves.files import load_game
from entropy_tui.saves.folder import list_saves
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.screens.new_game import NewGameScreen
from entropy_tui.tui.widgets.tick_box import TickBox


def test_help_exits_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "--seats" in capsys.readouterr().out


def test_help_lists_each_subcommand_in_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    lines = capsys.readouterr().out.splitlines()
    for name in ("host", "join", "serve", "simulate"):
        said = [line for line in lines if line.split()[:2] == ["entropy-tui", name]]
        assert len(said) == 1 and len(said[0]) <= 80, said


def test_every_subcommand_listed_is_the_one_run(capsys: pytest.CaptureFixture[str]) -> None:
    from entropy_tui.__main__ import main as entropy_tui
    from entropy_tui.cli.subcommands import SUBCOMMANDS

    for subcommand in SUBCOMMANDS:
        assert entropy_tui([subcommand.name, "--help"]) == 0  # each subcommand's own help
        assert capsys.readouterr().out.startswith(f"usage: entropy-tui {subcommand.name}")


@pytest.mark.parametrize(
    "argv",
    [
        ["--seats", "Ann"],
        ["--seats", "Ann,bot:clever"],
        ["--seed", "-3"],
        ["--seed", "x"],
        ["--resume", "--seats", "Ann,Bob"],
        ["--load", "a.json", "--replay", "b.json"],
        ["--tutorial", "--seats", "Ann,Bob"],
        ["--tutorial", "--resume"],
    ],
)
def test_bad_arguments_are_refused_with_a_message(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert "entropy-tui" in capsys.readouterr().err


def test_a_crash_says_where_the_game_is_saved_and_how_to_go_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def crashing_run(app: EntropyApp, **_: object) -> None:
        """The app as it ends on an unhandled error: a game on screen, return code 1."""
        app.start_game(app._start_config)  # type: ignore[arg-type]
        session = app.session
        assert session is not None and session.decision is not None
        session.choose(session.decision.enabled[0].id)
        session.autosave()
        app._return_code = 1

    monkeypatch.setenv("TEXTUAL_FPS", "60")  # main sets it when unset; keep it to this test
    monkeypatch.setattr(EntropyApp, "_show", lambda app, screen: None)
    monkeypatch.setattr(EntropyApp, "run", crashing_run)
    try:
        assert main(["--seats", "Ann,bot:random", "--seed", "3"]) == 1
    finally:
        gc.unfreeze()
    error = capsys.readouterr().err
    (save,) = list_saves()
    assert str(save.path) in error and "entropy-tui --resume" in error
    game, _ = load_game(save.path)  # finish_saving waited for the write
    assert game.state.seed == 3


def test_tutorial_starts_the_guided_game(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[object] = []
    monkeypatch.setenv("TEXTUAL_FPS", "60")
    monkeypatch.setattr(EntropyApp, "run", lambda app, **_: started.append(app._start_config))
    try:
        assert main(["--tutorial"]) == 0
    finally:
        gc.unfreeze()
    (config,) = started
    assert config == tutorial_config()
    assert config.tutorial and [seat.bot for seat in config.seats] == [None, "greedy"]


@pytest.mark.parametrize(("flag", "confirm"), [([], True), (["--no-confirm-turn-end"], False)])
def test_a_game_from_the_command_line_ends_turns_on_enter_unless_told_not_to(
    monkeypatch: pytest.MonkeyPatch, flag: list[str], confirm: bool
) -> None:
    started: list[EntropyApp] = []
    monkeypatch.setenv("TEXTUAL_FPS", "60")
    monkeypatch.setattr(EntropyApp, "run", lambda app, **_: started.append(app))
    try:
        assert main(["--seats", "Ann,Bob", "--seed", "3", *flag]) == 0
    finally:
        gc.unfreeze()
    (app,) = started
    assert app._start_config is not None
    assert app._start_config.confirm_turn_end is confirm
    assert app.settings.confirm_turn_end is confirm  # the new-game screen's tick


def opened_app(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> EntropyApp:
    """The app `entropy-tui ARGV` would run (not run yet)."""
    started: list[EntropyApp] = []
    monkeypatch.setenv("TEXTUAL_FPS", "60")
    monkeypatch.setattr(EntropyApp, "run", lambda app, **_: started.append(app))
    try:
        assert main(argv) == 0
    finally:
        gc.unfreeze()
    (app,) = started
    return app


def test_the_app_gets_a_new_games_settings_as_one_game_configuration(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    flags = ["--alternative-objectives", "--open-hands", "--no-confirm-turn-end"]
    app = opened_app(monkeypatch, ["--seed", "3", *flags])
    assert app._start_config is None  # no --seats: the new-game screen opens
    assert app.settings == GameConfig(
        (), seed=3, alternative_objectives=True, open_hands=True, confirm_turn_end=False
    )
    assert app.seed_chosen
    app = opened_app(monkeypatch, [])
    assert not (app.settings.alternative_objectives or app.settings.open_hands)
    assert app.settings.confirm_turn_end
    assert not app.seed_chosen  # the seed drawn is never shown: the screen draws its own


@pytest.mark.parametrize("seed", [[], ["--seed", "3"]])
async def test_the_new_game_screen_starts_from_the_command_lines_settings(
    monkeypatch: pytest.MonkeyPatch, seed: list[str]
) -> None:
    app = opened_app(monkeypatch, [*seed, "--open-hands", "--no-confirm-turn-end"])
    async with app.run_test(size=(80, 24)):
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.query_one("#seed", Input).value == "".join(seed[1:])
        assert not screen.query_one("#alternative", TickBox).value
        assert screen.query_one("#open-hands", TickBox).value
        assert not screen.query_one("#confirm-turn-end", TickBox).value


def test_play_is_a_subcommand_too_and_takes_the_same_options() -> None:
    from entropy_tui.cli.main import parse

    for argv in (
        ["--seats", "Ann,bot:random", "--seed", "3"],
        ["play", "--seats", "Ann,bot:random", "--seed", "3"],
    ):
        args = parse(argv)
        assert (args.seats, args.seed, args.bot_delay) == ("Ann,bot:random", 3, 0.6)


def test_the_options_several_commands_take_mean_the_same_in_each() -> None:
    from entropy_tui.cli.main import parse

    for command in ("play", "host", "serve"):
        args = parse([command, "--seed", "5", "--bot-delay", "0"])
        assert (args.seed, args.bot_delay) == (5, 0.0), command
    join = ["join", "--socket", "table.sock", "--lobby"]
    for argv in (["play"], join, ["serve"]):
        assert parse([*argv, "--colour-blind"]).colour_blind, argv


def test_playing_loads_no_other_subcommand() -> None:
    check = (
        "import sys\n"
        "from entropy_tui.cli.main import parse\n"
        "parse(['--seats', 'Ann,Bob'])\n"
        "loaded = [m for m in sys.modules if m.startswith('entropy_tui.cli.')]\n"
        "assert sorted(loaded) == ['entropy_tui.cli.main', 'entropy_tui.cli.options',"
        " 'entropy_tui.cli.play', 'entropy_tui.cli.subcommands'], loaded\n"
        "assert 'entropy_tui.bots.greedy' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", check], check=True, capture_output=True)
