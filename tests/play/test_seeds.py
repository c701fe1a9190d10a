"""A game's seed: 64 bits from `secrets` when none is given, any 64-bit seed playable end to end,
and nobody shown it before the game ends."""

from __future__ import annotations

import json
import secrets
from pathlib import Path

import pytest

from entropy_tui.cli.host import new_table
from entropy_tui.cli.play import main
from entropy_tui.play.config import GameConfig, parse_seats
from entropy_tui.play.session import Session
from entropy_tui.rules import Game
from entropy_tui.saves.files import load_game
from entropy_tui.table.host import HostOptions, open_table
from entropy_tui.table.replica import ReplicaSession
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.screens.game import GameScreen
from entropy_tui.tui.screens.new_game import NewGameScreen
from tests.table.support import make_table
from tests.tui.helpers import screen_text

SEED_LIMIT = 1 << 64  # seeds are 0 to 2**64 - 1
# What the secure source is made to answer: a seed no 20-bit draw could give.
DRAWN = 0xC0FFEE_5EED_F00D_42


@pytest.fixture
def drawn_from_secrets(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """`secrets.randbits` answers DRAWN; the list gets the bit count of every draw."""
    asked: list[int] = []

    def randbits(bits: int) -> int:
        asked.append(bits)
        return DRAWN

    monkeypatch.setattr(secrets, "randbits", randbits)
    return asked


def test_a_host_without_seed_draws_64_bits_from_secrets(drawn_from_secrets: list[int]) -> None:
    table = open_table(HostOptions(config=new_table("remote:Ann,remote:Bob", None)))
    assert table is not None
    assert table.session.config.seed == DRAWN
    assert table.session.game.state.seed == DRAWN
    assert drawn_from_secrets == [64]


def test_the_command_line_without_seed_draws_64_bits_from_secrets(
    monkeypatch: pytest.MonkeyPatch, drawn_from_secrets: list[int]
) -> None:
    started: list[GameConfig | None] = []
    monkeypatch.setenv("TEXTUAL_FPS", "60")  # main sets it when unset; keep it to this test
    monkeypatch.setattr(EntropyApp, "run", lambda app, **_: started.append(app._start_config))
    assert main(["--seats", "Ann,bot:random"]) == 0
    assert [config.seed for config in started if config is not None] == [DRAWN]
    assert drawn_from_secrets == [64]


def test_the_command_line_refuses_a_seed_past_64_bits(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("TEXTUAL_FPS", "60")
    monkeypatch.setattr(EntropyApp, "run", lambda app, **_: None)  # were it let through
    assert main(["--seats", "Ann,Bob", "--seed", str(SEED_LIMIT)]) == 2
    assert "--seed must be a whole number from 0 to 18446744073709551615" in capsys.readouterr().err


async def test_the_new_game_seed_is_empty_random_and_never_shown(
    drawn_from_secrets: list[int],
) -> None:
    app = EntropyApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, NewGameScreen)
        assert "empty: a random seed, shown at the end" in screen_text(app)
        await pilot.press("ctrl+g")
        for _ in range(100):  # the game screen is pushed once the new game is set up
            if isinstance(app.screen, GameScreen):
                break
            await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.config.seed == DRAWN
        assert drawn_from_secrets == [64]
        assert str(DRAWN) not in screen_text(app)


async def test_a_seed_typed_or_drawn_with_ctrl_r_is_used_and_one_past_64_bits_refused(
    drawn_from_secrets: list[int],
) -> None:
    app = EntropyApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        seed_field = screen.query_one("#seed")
        seed_field.value = str(SEED_LIMIT)  # type: ignore[attr-defined]
        await pilot.press("ctrl+g")
        await pilot.pause()  # the refusal is drawn on the next refresh, later on a busy machine
        assert "The seed must be a whole number from 0 to 18446744073709551615" in screen_text(app)
        assert app.screen is screen
        await pilot.press("ctrl+r")  # drawn, and shown: the player asked to see it
        assert seed_field.value == str(DRAWN)  # type: ignore[attr-defined]
        seed_field.value = str(SEED_LIMIT - 1)  # type: ignore[attr-defined]
        await pilot.press("ctrl+g")
        for _ in range(100):  # the game screen is pushed once the new game is set up
            if isinstance(app.screen, GameScreen):
                break
            await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.game.state.seed == SEED_LIMIT - 1


def test_the_largest_seed_plays_saves_and_reaches_a_table_screen(tmp_path: Path) -> None:
    seed = SEED_LIMIT - 1
    session = Session(GameConfig(parse_seats("Ann,Bob"), seed=seed), save_path=tmp_path / "g.json")
    for _ in range(12):
        decision = session.decision
        assert decision is not None
        session.choose(decision.enabled[0].id)
    session.autosave()
    assert session.saver is not None
    session.saver.flush()
    loaded, save = load_game(tmp_path / "g.json")
    assert save.config.seed == seed
    assert loaded.state.dump() == session.game.state.dump()
    replayed = Game.new(["Ann", "Bob"], seed=seed, confirm_turn_end=True)
    for choice in session.game.state.choices:
        replayed.choose(choice)
    assert replayed.state.dump() == session.game.state.dump()

    table = make_table(tmp_path, "remote:Ann,remote:Bob", seed=seed)
    sent: list[dict] = []
    table._send_game(_Recorder(sent))  # type: ignore[arg-type]
    welcome = json.loads(json.dumps(sent[0]))  # as it crosses the socket
    assert "seed" not in welcome["settings"]  # nothing to read it from but the snapshot
    replica = ReplicaSession(welcome, lambda message: None)
    assert replica.config.seed == replica.game.state.seed == seed


class _Recorder:
    """A table connection that keeps what is sent to it."""

    role = "player"
    seats = frozenset({0})
    in_game = False

    def __init__(self, sent: list[dict]) -> None:
        self.send = sent.append
