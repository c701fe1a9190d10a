"""The notify command, run for real: a small Python script of the test's that writes down the
arguments it was given."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import time
from pathlib import Path

import pytest

from entropy_tui.bots import make_bot
from entropy_tui.cli.main import main
from entropy_tui.club.notify import BadCommand, Notifier, command_argv, one_line, turn_summary
from entropy_tui.club.presence import Presence
from tests.club.helpers import config

SCRIPT = """\
import json, sys, time
with open(sys.argv[1], "a") as out:
    out.write(json.dumps(sys.argv[2:]) + "\\n")
time.sleep(float(sys.argv[2]))
sys.exit(int(sys.argv[3]))
"""


def recorder(tmp_path: Path, *, sleep: float = 0.0, status: int = 0) -> tuple[list[str], Path]:
    """The argv of a command that appends its arguments (after the file and its own two) as a
    JSON line to a file; it sleeps `sleep` seconds, then exits with `status`."""
    script = tmp_path / "notified.py"
    script.write_text(SCRIPT)
    calls = tmp_path / "calls.jsonl"
    return [sys.executable, str(script), str(calls), str(sleep), str(status)], calls


def calls(path: Path) -> list[list[str]]:
    if not path.exists():
        return []
    return [json.loads(line)[2:] for line in path.read_text().splitlines()]


def test_the_command_gets_name_table_and_summary_as_three_arguments(tmp_path: Path) -> None:
    argv, written = recorder(tmp_path)
    notifier = Notifier(argv)
    asyncio.run(
        notifier.run("Ann", 7, "Your move at table 7: Bob played Planet H10; 2 h 05 min left")
    )
    assert calls(written) == [
        ["Ann", "7", "Your move at table 7: Bob played Planet H10; 2 h 05 min left"]
    ]


@pytest.mark.parametrize("name", ["; rm -rf ~", "$(touch pwned)", "`touch pwned` && x | y > z"])
def test_a_name_with_shell_metacharacters_reaches_the_command_verbatim(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.chdir(tmp_path)
    argv, written = recorder(tmp_path)
    asyncio.run(Notifier(argv).run(name, 3, "Your move"))
    assert calls(written) == [[name, "3", "Your move"]]
    assert not (tmp_path / "pwned").exists()
    assert not (tmp_path / "z").exists()


def test_the_command_is_split_once_like_a_shell_would_and_never_given_to_one(
    tmp_path: Path,
) -> None:
    script = tmp_path / "notified.py"
    script.write_text(SCRIPT)
    calls_file = tmp_path / "calls with a space.jsonl"
    argv = command_argv(f"{sys.executable} {script} '{calls_file}' 0 0")
    assert argv == [sys.executable, str(script), str(calls_file), "0", "0"]
    asyncio.run(Notifier(argv).run("Ann", 1, "line one\nline two"))
    assert calls(calls_file) == [["Ann", "1", "line one line two"]]


def test_a_command_that_cant_be_run_is_refused_at_start() -> None:
    with pytest.raises(BadCommand, match="empty"):
        command_argv("   ")
    with pytest.raises(BadCommand, match="can't be read"):
        command_argv("mail 'unclosed")
    with pytest.raises(BadCommand, match="no program"):
        command_argv("no-such-program-anywhere --to x")


def test_a_summary_is_one_bounded_line() -> None:
    assert one_line("a\nb\r\n  c\t d") == "a b c d"
    assert len(one_line("x" * 10_000)) == 300


def test_a_slow_command_is_killed_at_its_time_limit(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    argv, written = recorder(tmp_path, sleep=60)
    began = time.monotonic()
    with caplog.at_level(logging.WARNING, "entropy_tui.club.notify"):
        asyncio.run(Notifier(argv, time_limit=0.5).run("Ann", 2, "Your move"))
    assert time.monotonic() - began < 10
    assert calls(written) == [["Ann", "2", "Your move"]]
    assert "took over 0.5 s: killed" in caplog.text


def test_failures_are_logged_and_never_raised(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    argv, _ = recorder(tmp_path, status=3)
    missing = tmp_path / "gone"
    missing.write_text("")
    os.chmod(missing, 0o600)  # not executable: can't start
    with caplog.at_level(logging.WARNING, "entropy_tui.club.notify"):
        asyncio.run(Notifier(argv).run("Ann", 2, "Your move"))
        asyncio.run(Notifier([str(missing)]).run("Bob", 2, "Your move"))
    assert "failed with status 3" in caplog.text
    assert "could not start" in caplog.text


def test_only_a_few_run_at_once(tmp_path: Path) -> None:
    argv, written = recorder(tmp_path, sleep=0.3)

    async def many() -> float:
        notifier = Notifier(argv, at_once=2)
        began = time.monotonic()
        for n in range(4):
            notifier.notify(f"P{n}", n, "Your move")
        await notifier.finished()
        return time.monotonic() - began

    # Two at a time, each 0.3 s: two rounds at least.
    assert asyncio.run(many()) >= 0.6
    assert sorted(call[0] for call in calls(written)) == ["P0", "P1", "P2", "P3"]


def test_close_stops_the_runs_still_going(tmp_path: Path) -> None:
    argv, written = recorder(tmp_path, sleep=60)

    async def closing() -> None:
        notifier = Notifier(argv)
        notifier.notify("Ann", 1, "Your move")
        while not calls(written):
            await asyncio.sleep(0.05)
        await notifier.close()

    began = time.monotonic()
    asyncio.run(closing())
    assert time.monotonic() - began < 10


def test_a_member_is_connected_until_the_last_of_their_connections_leaves() -> None:
    presence = Presence()
    first = presence.arrived(1)
    second = presence.arrived(1)
    assert presence.connected(1) and not presence.connected(2)
    first()
    first()  # once only
    assert presence.connected(1)
    second()
    assert not presence.connected(1)


def test_a_turn_is_summed_up_by_the_last_public_line_of_another_seat_and_the_time_left() -> None:
    game = config(("Ann", None), ("Bob", None)).new_game()
    bots = [make_bot("random", seat) for seat in range(2)]
    started = game.decision
    assert started is not None
    while (decision := game.decision) is not None and decision.player == started.player:
        game.choose(bots[decision.player].decide(game.view(decision.player), decision))
    mover = game.decision
    assert mover is not None
    last = [
        event.text
        for event in game.log
        if event.seat == started.player and event.kind != "turn" and not event.private
    ][-1]
    assert turn_summary(7, game, 7500) == f"Your move at table 7: {last}; 2 h 05 min left"
    assert turn_summary(7, game, None) == f"Your move at table 7: {last}"
    assert turn_summary(3, config(("Ann", None), ("Bob", None)).new_game(), 60) == (
        "Your move at table 3; 1 min left"
    )


@pytest.mark.parametrize(
    ("command", "said"),
    [("no-such-program-anywhere", "no program"), ("mail 'unclosed", "can't be read")],
)
def test_the_club_refuses_a_notify_command_it_cant_run_before_it_opens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, said: str
) -> None:
    database = tmp_path / "club.db"
    argv = ["club", "--open", "--db", str(database), "--notify-command", command]
    assert main(argv) == 2
    assert said in capsys.readouterr().err
    assert not database.exists()
