"""`entropy-tui host` and `join` on the command line: the table they open, and their refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from entropy_tui.__main__ import main
from entropy_tui.cli.host import new_table
from entropy_tui.cli.main import parse
from entropy_tui.table.host import HostOptions, open_table

from .support import make_table


def test_host_seats_name_the_remote_ones_and_the_table_has_no_turn_end_step(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("ENTROPY_TUI_DATA", str(tmp_path))
    table = open_table(HostOptions(config=new_table("remote:Ann,Cy,remote:Bob,bot:greedy", 3)))
    assert table is not None
    assert table.remote == frozenset({0, 2})
    assert table.local == frozenset({1})
    assert [seat.name for seat in table.session.seats] == ["Ann", "Cy", "Bob", "Casual 4"]
    assert table.session.config.confirm_turn_end is False
    assert table.session.saver is not None and table.session.saver.path.parent == tmp_path


def test_host_refuses_what_it_cannot_open(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ENTROPY_TUI_DATA", str(tmp_path))
    assert main(["host", "--resume", "--seats", "remote:Ann,Bob"]) == 2
    assert "--resume brings back a saved table" in capsys.readouterr().err
    assert main(["host", "--resume"]) == 2
    assert "there is no unfinished table to bring back" in capsys.readouterr().err
    assert main(["host", "--seats", "remote:,Bob"]) == 2
    assert "a remote seat needs a name" in capsys.readouterr().err


def test_the_web_command_opens_the_lobby(tmp_path: Path) -> None:
    table = make_table(tmp_path)
    command = table.web_command()
    assert command[1:3] == ["-m", "entropy_tui"] and command[3] == "join"
    args = parse(command[3:])
    assert args.lobby and args.ticket is None and args.socket == table.socket_path


@pytest.mark.parametrize("token", ["-dash-first", "--two-dashes", "plain"])
def test_a_login_screen_gets_its_ticket_whatever_it_begins_with(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, token: str
) -> None:
    """A ticket is random URL-safe text: one in 64 begins with "-", and the screen's command
    line must still read it as the ticket (it once ended the login at once)."""
    monkeypatch.setattr("entropy_tui.table.server.secrets.token_urlsafe", lambda _: token)
    table = make_table(tmp_path)
    for command in (table.command_for("ann", None), table.host_command()):
        args = parse(command[command.index("join") :])
        assert args.ticket == token and args.socket == table.socket_path


def test_join_needs_a_ticket_or_the_lobby(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["join", "--socket", "/nowhere"]) == 2
    assert "one of the arguments --ticket --lobby is required" in capsys.readouterr().err
