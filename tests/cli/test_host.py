"""`entropy-tui host` on the command line: its --seats read once, into the game the table
starts, by the same definition of a seat as the play command's."""

from __future__ import annotations

import gc

import pytest

from entropy_tui.__main__ import main
from entropy_tui.play.config import GameConfig, SeatConfig
from entropy_tui.table import host
from entropy_tui.table.host import HostOptions
from entropy_tui.tui.app import EntropyApp


@pytest.fixture
def hosted(monkeypatch: pytest.MonkeyPatch) -> list[HostOptions]:
    """The options each `entropy-tui host` run would have hosted with (no table opens)."""
    seen: list[HostOptions] = []
    monkeypatch.setattr(host, "run_host", lambda options: seen.append(options) or 0)
    return seen


def played_config(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> GameConfig:
    """The game `entropy-tui ARGV` would start at once (no screen opens)."""
    started: list[GameConfig | None] = []
    monkeypatch.setenv("TEXTUAL_FPS", "60")  # main sets it when unset; keep it to this test
    monkeypatch.setattr(EntropyApp, "run", lambda app, **_: started.append(app._start_config))
    try:
        assert main(argv) == 0
    finally:
        gc.unfreeze()
    (config,) = started
    assert config is not None
    return config


def test_host_seats_are_read_into_the_game_the_table_starts(hosted: list[HostOptions]) -> None:
    assert main(["host", "--seats", "remote:Ann,Cy,bot:casual:Rex", "--seed", "3"]) == 0
    (options,) = hosted
    assert options.config == GameConfig(
        (
            SeatConfig("Ann", None, "orange", remote=True),
            SeatConfig("Cy", None, "blue"),
            SeatConfig("Rex", "greedy", "teal"),
        ),
        seed=3,
        confirm_turn_end=False,  # a table has no undo, so no step to take a turn back
    )


@pytest.mark.parametrize("spec", ["Ann,bot:expert", "Ann,Bob,bot:random:Rex,bot:casual"])
def test_a_seat_spec_means_the_same_to_play_and_to_host(
    monkeypatch: pytest.MonkeyPatch, hosted: list[HostOptions], spec: str
) -> None:
    played = played_config(monkeypatch, ["--seats", spec, "--seed", "5"])
    assert main(["host", "--seats", spec, "--seed", "5"]) == 0
    (options,) = hosted
    assert options.config is not None
    assert (options.config.seats, options.config.seed) == (played.seats, played.seed)


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ("Ann", "--seats needs 2 to 4 names, got 1"),
        ("Ann,bot:clever", "unknown bot 'clever' in 'bot:clever'"),
        ("Ann,ann", "Two seats have the same name."),
    ],
)
def test_play_and_host_refuse_a_bad_seat_spec_in_the_same_words(
    capsys: pytest.CaptureFixture[str], hosted: list[HostOptions], spec: str, problem: str
) -> None:
    assert main(["--seats", spec]) == 2
    refused_by_play = capsys.readouterr().err.removeprefix("entropy-tui: ")
    assert main(["host", "--seats", spec]) == 2
    refused_by_host = capsys.readouterr().err.removeprefix("entropy-tui host: ")
    assert problem in refused_by_host
    assert refused_by_host == refused_by_play
    assert hosted == []  # refused before any table is set up


def test_host_refuses_a_bad_seed_or_remote_seat_before_hosting(
    capsys: pytest.CaptureFixture[str], hosted: list[HostOptions]
) -> None:
    assert main(["host", "--seats", "remote:Ann,Bob", "--seed", "-1"]) == 2
    assert capsys.readouterr().err.startswith("entropy-tui host: --seed must be a whole number")
    assert main(["host", "--seats", "remote:,Bob"]) == 2
    assert capsys.readouterr().err == "entropy-tui host: a remote seat needs a name: remote:Ann\n"
    assert hosted == []


def test_resuming_hosts_no_new_game(hosted: list[HostOptions]) -> None:
    assert main(["host", "--resume"]) == 0
    (options,) = hosted
    assert options.resume and options.config is None
