"""Clients that do not play fair, driven with asyncssh's own client: the server refuses what
they ask for, bounds what they claim, and keeps serving everyone else."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import AsyncIterator
from pathlib import Path

import asyncssh
import pytest

from entropy_tui.ssh import SshServer, logins, session, start_ssh_server
from entropy_tui.ssh.terminal import MAX_COLUMNS, MAX_ROWS, PtyProgram

from .support import ProbeCommands

pytestmark = pytest.mark.ssh
PASSWORD = "table-password"


@pytest.fixture
def commands(tmp_path: Path) -> ProbeCommands:
    return ProbeCommands(tmp_path)


@pytest.fixture
async def server(tmp_path: Path, commands: ProbeCommands) -> AsyncIterator[SshServer]:
    running = await start_ssh_server(
        port=0, host="127.0.0.1", host_key=tmp_path / "host_key",
        authorized_keys=None, password=PASSWORD, command_for=commands,
    )  # fmt: skip
    yield running
    running.close()
    await running.wait_closed()


def connect(server: SshServer, password: str = PASSWORD) -> asyncssh.SSHClientConnection:
    return asyncssh.connect(
        "127.0.0.1", server.port, username="ann", password=password,
        known_hosts=None, client_keys=None, agent_path=None,
    )  # fmt: skip


async def read_until(process: asyncssh.SSHClientProcess, text: bytes) -> bytes:
    return await asyncio.wait_for(process.stdout.readuntil(text), 20)


async def test_a_huge_claimed_size_is_bounded(server: SshServer) -> None:
    async with connect(server) as conn:
        process = await conn.create_process(
            term_type="xterm", term_size=(2**32 - 1, 2**32 - 1), encoding=None
        )
        assert f"size={MAX_COLUMNS}x{MAX_ROWS}".encode() in await read_until(process, b"ready")
        process.change_terminal_size(2**31, 7, 2**32 - 1, 2**32 - 1)
        assert b"resized size=1000x7" in await read_until(process, b"x7")


async def test_one_connection_gets_one_terminal(server: SshServer, commands: ProbeCommands) -> None:
    async with connect(server) as conn:
        first = await conn.create_process(term_type="xterm", encoding=None)
        await read_until(first, b"ready")
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_process(term_type="xterm", encoding=None)
    assert len(commands.asked) == 1


async def test_only_the_terminal_variables_sent_reach_the_program(
    server: SshServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLORTERM", "the-host-terminal")
    env = {"LD_PRELOAD": "/tmp/x.so", "ESCDELAY": "99999999"}
    async with connect(server) as conn:
        process = await conn.create_process(term_type="../../x", env=env, encoding=None)
        screen = await read_until(process, b"ready")
    assert b"TERM=xterm COLORTERM=- ESCDELAY=- LD_PRELOAD=-" in screen


async def test_endless_environment_variables_are_cut_short(server: SshServer) -> None:
    env = {f"JUNK_{n}": "x" * 1000 for n in range(200)} | {"COLORTERM": "truecolor"}
    async with connect(server) as conn:
        process = await conn.create_process(term_type="xterm", env=env, encoding=None)
        assert b"COLORTERM=-" in await read_until(process, b"ready")


async def test_garbage_and_floods_do_not_stop_the_server(tmp_path: Path, server: SshServer) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    writer.write(b"SSH-2.0-x\r\n" + os.urandom(64 * 1024))
    await writer.drain()
    await asyncio.wait_for(reader.read(), 20)  # the server hangs up on it
    writer.close()

    flood_conn = await connect(server)
    stubborn = ProbeCommands(tmp_path, mode="no-reading")
    server.command_for = stubborn
    flooded = await flood_conn.create_process(term_type="xterm", encoding=None)
    await read_until(flooded, b"ready")
    flooded.stdin.write(b"k" * (8 * 1024 * 1024))  # a program that never reads: keys pile up

    server.command_for = ProbeCommands(tmp_path)
    async with connect(server) as conn:  # meanwhile another player logs in and plays
        process = await conn.create_process(term_type="xterm", encoding=None)
        await read_until(process, b"ready")
        process.stdin.write(b"hello\r")
        assert b"got hello" in await read_until(process, b"got hello")
    flood_conn.close()
    await flood_conn.wait_closed()


async def test_wrong_passwords_lock_the_address_out(
    server: SshServer, commands: ProbeCommands, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(logins, "FAILED_PASSWORD_DELAY", 0)
    for _ in range(logins.FAILURES_PER_ADDRESS):
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server, password="guess")
    with pytest.raises((asyncssh.Error, OSError)):
        await connect(server)  # even the right password, until the window has passed
    assert commands.asked == []


async def test_a_flood_of_window_sizes_is_applied_a_few_times_ending_with_the_last(
    server: SshServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    applied: list[tuple[int, int]] = []
    resize = PtyProgram.resize

    def counted(program: PtyProgram, columns: int, rows: int, *pixels: int) -> None:
        applied.append((columns, rows))
        resize(program, columns, rows, *pixels)

    monkeypatch.setattr(PtyProgram, "resize", counted)
    async with connect(server) as conn:
        process = await conn.create_process(term_type="xterm", encoding=None)
        await read_until(process, b"ready")
        applied.clear()
        for n in range(200):  # each would lay the screen out again at the largest size
            process.change_terminal_size(MAX_COLUMNS - n % 2, MAX_ROWS)
        process.change_terminal_size(90, 30)
        await read_until(process, b"resized size=90x30")
    assert len(applied) <= 3 and applied[-1] == (90, 30)


async def test_keys_reach_the_program_no_faster_than_the_input_allowance(
    server: SshServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = [0.0]
    monkeypatch.setattr(session, "monotonic", lambda: now[0])
    monkeypatch.setattr(session, "INPUT_BURST", 1000)
    async with connect(server) as conn:
        process = await conn.create_process(term_type="xterm", encoding=None)
        await read_until(process, b"ready")
        process.stdin.write(b"x" * 999 + b"\r" + b"y" * 999 + b"\r")
        # Requests follow the data sent before them: once the program hears of this one, the
        # server has had every key.
        process.change_terminal_size(90, 30)
        seen = await read_until(process, b"resized size=90x30")
        assert server.screens[0].bytes_typed == 1000  # the clock stands still: only the burst
        now[0] += 1000 / session.INPUT_BYTES_PER_SECOND
        seen += await read_until(process, b"got yyy")
        assert b"got xxx" in seen and server.screens[0].bytes_typed == 2000


async def test_a_flood_of_keys_waits_in_the_client_not_in_the_host(
    server: SshServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The program takes keys fast enough that the client is paused and resumed again and again;
    each time, the host may take in one SSH window more, but keeps no more than that."""
    monkeypatch.setattr(session, "INPUT_BYTES_PER_SECOND", 4 * 1024 * 1024)
    flood = (b"k" * 1023 + b"\r") * 8 * 1024
    async with connect(server) as conn:
        process = await conn.create_process(term_type="xterm", encoding=None)
        await read_until(process, b"ready")
        echoes = asyncio.ensure_future(process.stdout.read())  # takes the echoes as they come
        process.stdin.write(flood)
        screen = server.screens[0]
        most_ahead = 0
        for _ in range(30 * 100):  # at most 30 s
            # What the client has sent that has not reached the program: in the host, or on
            # its way there (within the window the host has granted).
            sent = len(flood) - process.channel.get_write_buffer_size()
            most_ahead = max(most_ahead, sent - screen.bytes_typed)
            if screen.bytes_typed == len(flood):
                break
            await asyncio.sleep(0.01)
        echoes.cancel()
    assert screen.bytes_typed == len(flood)
    assert most_ahead <= session.INPUT_BUFFER_LIMIT + 2 * session.INPUT_WINDOW


@pytest.fixture
async def keyed_server(
    tmp_path: Path, commands: ProbeCommands
) -> AsyncIterator[tuple[SshServer, asyncssh.SSHKey]]:
    """A table that takes both a key and the password."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    authorized = tmp_path / "authorized_keys"
    authorized.write_bytes(key.export_public_key())
    running = await start_ssh_server(
        port=0, host="127.0.0.1", host_key=tmp_path / "host_key",
        authorized_keys=authorized, password=PASSWORD, command_for=commands,
    )  # fmt: skip
    yield running, key
    running.close()
    await running.wait_closed()


async def test_a_key_logs_in_from_an_address_locked_out_for_wrong_passwords(
    keyed_server: tuple[SshServer, asyncssh.SSHKey], monkeypatch: pytest.MonkeyPatch
) -> None:
    server, key = keyed_server
    monkeypatch.setattr(logins, "FAILED_PASSWORD_DELAY", 0)
    for _ in range(logins.FAILURES_PER_ADDRESS):
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server, password="guess")
    with pytest.raises(asyncssh.DisconnectError, match="log in with a key"):
        await connect(server)  # the right password waits out the window too
    async with asyncssh.connect(
        "127.0.0.1", server.port, username="ann", client_keys=[key],
        known_hosts=None, agent_path=None, password=None,
    ) as conn:  # fmt: skip
        process = await conn.create_process(term_type="xterm", encoding=None)
        assert b"user=ann key=SHA256:" in await read_until(process, b"ready")


async def closed_by_server(reader: asyncio.StreamReader, within: float) -> bool:
    """Whether the server closes the connection within `within` seconds of silence."""
    try:
        while await asyncio.wait_for(reader.read(4096), within):
            pass  # its version line
    except ConnectionResetError:
        pass
    except TimeoutError:
        return False
    return True


async def test_idle_sockets_past_the_few_logging_in_are_closed_at_once(server: SshServer) -> None:
    async with connect(server) as player:  # logged in: not counted among those logging in
        idle = [
            await asyncio.open_connection("127.0.0.1", server.port)
            for _ in range(logins.LOGGING_IN_PER_ADDRESS + 1)
        ]
        *waiting, (extra_reader, _extra) = idle
        assert await closed_by_server(extra_reader, 10)
        assert not any([await closed_by_server(reader, 0.2) for reader, _ in waiting])
        for _, writer in idle:
            writer.close()
        process = await player.create_process(term_type="xterm", encoding=None)
        await read_until(process, b"ready")
    async with connect(server) as conn:  # once the idle ones are gone, logging in works again
        await conn.create_process(term_type="xterm", encoding=None)


async def test_a_connection_that_never_logs_in_is_closed_after_the_login_timeout(
    tmp_path: Path, commands: ProbeCommands
) -> None:
    """A socket that sends nothing waits out the whole login timeout (a short one here: the
    host's own is 15 s), and is closed then."""
    login_timeout = 1.0
    server = await start_ssh_server(
        port=0, host="127.0.0.1", host_key=tmp_path / "host_key", authorized_keys=None,
        password=PASSWORD, command_for=commands, login_timeout=login_timeout,
    )  # fmt: skip
    try:
        opened = time.monotonic()
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        assert await closed_by_server(reader, 10 * login_timeout)
        assert time.monotonic() - opened >= login_timeout
        writer.close()
    finally:
        server.close()
        await server.wait_closed()
