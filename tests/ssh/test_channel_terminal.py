"""The SSH side of a program run in the server's own process (ssh/channel_terminal.py), with a
fake channel: which logins start it, how the client's keys and sizes reach it (paced as a
process's terminal paces them), a client that stops reading, and a client that goes."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from entropy_tui.ssh import channel_terminal
from entropy_tui.ssh.channel_terminal import ChannelTerminal, TerminalSession
from entropy_tui.ssh.session import INPUT_BUFFER_LIMIT, INPUT_BURST, RemoteScreen


class FakeChannel:
    """What TerminalSession and ChannelTerminal ask of an SSH channel."""

    def __init__(self, environment: dict[str, str] | None = None) -> None:
        self.sent = bytearray()
        self.errors = bytearray()
        self.status: int | None = None
        self.unsent = 0
        self.paused = False
        self.closed = asyncio.Event()
        self.environment = environment or {}

    def write(self, data: bytes) -> None:
        self.sent += data

    def write_stderr(self, data: bytes) -> None:
        self.errors += data

    def exit(self, status: int) -> None:
        self.status = status
        self.closed.set()

    def close(self) -> None:
        self.closed.set()

    async def wait_closed(self) -> None:
        await self.closed.wait()

    def get_environment(self) -> dict[str, str]:
        return self.environment

    def get_write_buffer_size(self) -> int:
        return self.unsent

    def pause_reading(self) -> None:
        self.paused = True

    def resume_reading(self) -> None:
        self.paused = False


class Listener:
    def __init__(self) -> None:
        self.typed = bytearray()
        self.sizes: list[tuple[int, int]] = []
        self.hang_ups = 0

    def input(self, data: bytes) -> None:
        self.typed += data

    def resized(self, columns: int, rows: int) -> None:
        self.sizes.append((columns, rows))

    def hung_up(self) -> None:
        self.hang_ups += 1


class Login:
    """A TerminalSession whose program listens to its terminal until told to end."""

    def __init__(self, *, pty: bool = True, environment: dict[str, str] | None = None) -> None:
        self.channel = FakeChannel(environment)
        self.terminals: list[ChannelTerminal] = []
        self.listener = Listener()
        self.end = asyncio.Event()
        self.tasks: list[asyncio.Future[None]] = []
        self.connection_closed = False
        self.session = TerminalSession(
            RemoteScreen("ann", None), self.program, 2222, self.tasks.append, self.close
        )
        self.session.connection_made(self.channel)  # type: ignore[arg-type]
        if pty:
            self.session.pty_requested("xterm-256color", (100, 30, 0, 0), None)
        self.session.shell_requested()
        self.session.session_started()

    async def program(self, terminal: ChannelTerminal) -> int:
        self.terminals.append(terminal)
        terminal.listen(self.listener)
        await self.end.wait()
        return 3

    def close(self) -> None:
        self.connection_closed = True


async def test_a_login_with_a_terminal_runs_the_program_on_it_and_gets_its_exit_status() -> None:
    login = Login(environment={"COLORTERM": "truecolor"})
    await asyncio.sleep(0)
    [terminal] = login.terminals
    assert (terminal.size, terminal.term, terminal.color_system) == (
        (100, 30), "xterm-256color", "truecolor"
    )  # fmt: skip
    terminal.write(b"drawn")
    assert login.channel.sent == b"drawn" and terminal.screen.bytes_written == 5
    login.end.set()
    await asyncio.gather(*login.tasks)
    assert login.channel.status == 3 and login.connection_closed


async def test_a_login_without_a_terminal_is_told_how_to_ask_for_one() -> None:
    login = Login(pty=False)
    await asyncio.sleep(0)
    assert login.terminals == [] and login.channel.status == 1
    assert b"ssh -t -p 2222 ann@HOST" in login.channel.errors


def test_commands_and_subsystems_are_refused() -> None:
    session = TerminalSession(RemoteScreen("ann", None), None, 22, print, print)  # type: ignore[arg-type]
    assert not session.exec_requested("plain")
    assert not session.subsystem_requested("sftp")


@pytest.mark.parametrize(
    ("term", "colorterm", "colours"),
    [("xterm", "", "standard"), ("screen-256color", "", "256"), ("xterm", "24bit", "truecolor")],
)
def test_the_colours_are_the_client_s_terminal_s(term: str, colorterm: str, colours: str) -> None:
    channel: Any = FakeChannel()
    terminal = ChannelTerminal(RemoteScreen("ann", None), channel, term, colorterm, print, print)
    assert terminal.color_system == colours


async def test_keys_reach_the_program_paced_and_a_flood_waits_in_the_client() -> None:
    login = Login()
    await asyncio.sleep(0)
    flood = b"k" * (INPUT_BURST + INPUT_BUFFER_LIMIT + 10)
    login.session.data_received(flood, None)
    # The burst at once (and what the allowance got back meanwhile), the rest later.
    assert INPUT_BURST <= len(login.listener.typed) < INPUT_BURST + 1024
    assert login.channel.paused  # and the client waits
    login.session.connection_lost(None)
    login.end.set()
    await asyncio.gather(*login.tasks)


async def test_keys_typed_before_the_program_listens_reach_it_when_it_does() -> None:
    channel = FakeChannel()
    tasks: list[asyncio.Future[None]] = []
    heard = Listener()

    async def late_program(terminal: ChannelTerminal) -> int:
        await asyncio.sleep(0.05)
        terminal.listen(heard)
        return 0

    session = TerminalSession(RemoteScreen("ann", None), late_program, 22, tasks.append, print)
    session.connection_made(channel)  # type: ignore[arg-type]
    session.pty_requested("xterm", (80, 24, 0, 0), None)
    session.session_started()
    session.data_received(b"early", None)
    await asyncio.gather(*tasks)
    assert heard.typed == b"early"


async def test_sizes_reach_the_program_twice_a_second_at_most_and_the_last_always() -> None:
    login = Login()
    await asyncio.sleep(0)
    for columns in (90, 91, 92):
        login.session.terminal_size_changed(columns, 40, 0, 0)
    assert login.listener.sizes == [(90, 40)]
    await asyncio.sleep(0.6)
    assert login.listener.sizes == [(90, 40), (92, 40)]
    login.session.terminal_size_changed(5000, 9000, 0, 0)  # clamped, as a pty's
    await asyncio.sleep(0.6)
    assert login.listener.sizes[-1] == (1000, 500)
    login.end.set()
    await asyncio.gather(*login.tasks)


async def test_a_client_that_stops_reading_is_let_go(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(channel_terminal, "MAX_UNSENT_OUTPUT", 100)
    login = Login()
    await asyncio.sleep(0)
    [terminal] = login.terminals
    login.channel.unsent = 101
    terminal.write(b"a frame")
    assert terminal.lost and login.connection_closed
    terminal.write(b"another")
    assert login.channel.sent == b"a frame"  # nothing more is sent
    login.session.connection_lost(None)
    assert login.listener.hang_ups == 1  # and the program is told it has gone
    login.end.set()
    await asyncio.gather(*login.tasks)
    assert login.channel.status is None  # no exit status for a client that has gone


async def test_a_program_that_outlives_its_client_is_stopped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(channel_terminal, "HANG_UP_GRACE", 0.05)
    login = Login()
    await asyncio.sleep(0)
    login.session.connection_lost(None)
    login.session.connection_lost(None)
    assert login.listener.hang_ups == 1
    await asyncio.sleep(0.2)
    assert all(task.cancelled() for task in login.tasks)
