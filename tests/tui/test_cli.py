"""The command line: arguments checked before any screen opens."""

from __future__ import annotations

import pytest

from entropy_tui.tui.cli import main


def test_help_exits_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "--seats" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["--seats", "Ann"],
        ["--seats", "Ann,bot:clever"],
        ["--seed", "-3"],
        ["--seed", "x"],
        ["--resume", "--seats", "Ann,Bob"],
        ["--load", "a.json", "--replay", "b.json"],
    ],
)
def test_bad_arguments_are_refused_with_a_message(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert "entropy-tui" in capsys.readouterr().err
