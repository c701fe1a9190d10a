"""The real OpenSSH client against the table's SSH server, in tmux on localhost: the program's
screen, resizes, hang-ups, and every request the server must refuse."""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from entropy_tui.ssh import session as ssh_session
from tests.tui.tmux import Tmux, needs_tmux

from .support import (
    ProbeCommands,
    ServerThread,
    fingerprint_of,
    make_client_key,
    needs_openssh,
    run_ssh,
    ssh_options,
)

pytestmark = [needs_openssh, needs_tmux, pytest.mark.ssh, pytest.mark.tmux]
PASSWORD = "table-password"


@pytest.fixture
def key(tmp_path: Path) -> Path:
    return make_client_key(tmp_path)


@pytest.fixture
def commands(tmp_path: Path) -> ProbeCommands:
    return ProbeCommands(tmp_path)


@pytest.fixture
def server(tmp_path: Path, key: Path, commands: ProbeCommands) -> Iterator[ServerThread]:
    authorized = tmp_path / "authorized_keys"
    authorized.write_text(Path(f"{key}.pub").read_text(encoding="utf-8"), encoding="utf-8")
    running = ServerThread(tmp_path, commands, authorized_keys=authorized, password=PASSWORD)
    yield running
    running.close()


@pytest.fixture
def terminals() -> Iterator[list[Tmux]]:
    opened: list[Tmux] = []
    yield opened
    for terminal in opened:
        terminal.close()


def open_client(terminals: list[Tmux], options: list[str], login: str, size=(90, 28)) -> Tmux:
    # ssh is the pane's own process: killing the pane's process kills the client.
    sent = "SetEnv=COLORTERM=truecolor ESCDELAY=250 LD_PRELOAD=/tmp/x.so"
    command = shlex.join(["ssh", *options, "-o", sent, "-t", login])
    terminal = Tmux(f"exec env TERM=xterm-256color {command}", size)
    terminals.append(terminal)
    return terminal


def pane_pid(terminal: Tmux) -> int:
    return int(terminal.run("display-message", "-p", "-t", "game", "#{pane_pid}").stdout)


def wait_for_file(path: Path, timeout: float = 20) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists():
            return path.read_text(encoding="utf-8")
        time.sleep(0.05)
    raise AssertionError(f"{path.name} did not appear within {timeout}s")


def test_a_key_login_sees_the_program_in_a_terminal_of_its_own(
    server: ServerThread, key: Path, commands: ProbeCommands, terminals: list[Tmux]
) -> None:
    terminal = open_client(terminals, ssh_options(server.port, key), "Ann@127.0.0.1")
    screen = terminal.wait_for(lambda s: "ready" in s, "the program's first screen")
    assert f"user=Ann key={fingerprint_of(key)}" in screen
    assert "size=90x28 controlling=True" in screen
    assert "TERM=xterm-256color COLORTERM=truecolor ESCDELAY=250 LD_PRELOAD=-" in screen
    terminal.keys("hello", "Enter")
    terminal.wait_for(lambda s: "got hello" in s, "the typed line echoed by the program")
    terminal.keys("quit", "Enter")
    # The program's end ends the connection: the client (the pane's process) exits.
    deadline = time.monotonic() + 20
    while terminal.alive() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not terminal.alive()
    assert commands.asked == [("Ann", fingerprint_of(key))]


def test_a_resize_reaches_the_program(
    server: ServerThread, key: Path, terminals: list[Tmux]
) -> None:
    terminal = open_client(terminals, ssh_options(server.port, key), "ann@127.0.0.1")
    terminal.wait_for(lambda s: "ready" in s, "the program's first screen")
    terminal.run("resize-window", "-t", "game", "-x", "120", "-y", "40")
    terminal.wait_for(lambda s: "resized size=120x40" in s, "the program told of the new size")
    [screen] = server.server.screens
    assert (screen.columns, screen.rows) == (120, 40)
    assert screen.bytes_written > 0


def test_the_password_logs_in_and_a_wrong_one_is_refused(
    server: ServerThread, commands: ProbeCommands, terminals: list[Tmux]
) -> None:
    options = [*ssh_options(server.port, None), "-o", "NumberOfPasswordPrompts=1"]
    wrong = open_client(terminals, options, "bob@127.0.0.1")
    wrong.wait_for(lambda s: "password:" in s, "the password prompt")
    wrong.keys("not-the-password", "Enter")
    screen = wrong.wait_for(lambda s: "Permission denied" in s or not wrong.alive(), "a refusal")
    assert "ready" not in screen
    assert commands.asked == []

    right = open_client(terminals, options, "bob@127.0.0.1")
    right.wait_for(lambda s: "password:" in s, "the password prompt")
    right.keys(PASSWORD, "Enter")
    screen = right.wait_for(lambda s: "ready" in s, "the program after the right password")
    assert "user=bob key=None" in screen
    assert commands.asked == [("bob", None)]


def test_killing_the_client_hangs_up_the_program(
    server: ServerThread, key: Path, commands: ProbeCommands, terminals: list[Tmux]
) -> None:
    terminal = open_client(terminals, ssh_options(server.port, key), "ann@127.0.0.1")
    terminal.wait_for(lambda s: "ready" in s, "the program's first screen")
    os.kill(pane_pid(terminal), signal.SIGKILL)
    assert wait_for_file(commands.hangup_file) == "hung up"
    deadline = time.monotonic() + 20
    while server.server.screens and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.server.screens == []


def test_a_program_that_ignores_the_hang_up_is_killed(
    tmp_path: Path, key: Path, terminals: list[Tmux], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ssh_session, "HANG_UP_GRACE", 0.5)
    stubborn = ProbeCommands(tmp_path, mode="ignore-hangup")
    authorized = tmp_path / "authorized_keys"
    authorized.write_text(Path(f"{key}.pub").read_text(encoding="utf-8"), encoding="utf-8")
    server = ServerThread(tmp_path, stubborn, authorized_keys=authorized)
    try:
        terminal = open_client(terminals, ssh_options(server.port, key), "ann@127.0.0.1")
        screen = terminal.wait_for(lambda s: "ready" in s, "the program's first screen")
        probe_pid = _probe_pid(screen, stubborn)
        os.kill(pane_pid(terminal), signal.SIGKILL)
        assert wait_for_file(stubborn.hangup_file) == "hung up"
        deadline = time.monotonic() + 20
        while _running(probe_pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _running(probe_pid)
    finally:
        server.close()


def _probe_pid(screen: str, commands: ProbeCommands) -> int:
    found = subprocess.run(
        ["pgrep", "-f", str(commands.hangup_file)], capture_output=True, text=True, timeout=10
    ).stdout.split()
    assert len(found) == 1, (found, screen)
    return int(found[0])


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().split(") ")[1][0] != "Z"
    except FileNotFoundError:
        return False


def test_commands_are_refused_and_never_run(
    server: ServerThread, key: Path, commands: ProbeCommands, tmp_path: Path
) -> None:
    marker = tmp_path / "ran"
    for tty in ("-T", "-tt"):
        result = run_ssh(*ssh_options(server.port, key), tty, "ann@127.0.0.1", f"touch {marker}")
        assert result.returncode == 255
        assert "exec request failed" in result.stderr
    assert not marker.exists()
    assert commands.asked == []


def test_a_session_without_a_terminal_gets_one_line(
    server: ServerThread, key: Path, commands: ProbeCommands
) -> None:
    result = run_ssh(*ssh_options(server.port, key), "-T", "ann@127.0.0.1")
    assert result.returncode == 1
    assert result.stderr.strip() == (
        f"entropy-tui needs a terminal: connect with ssh -t -p {server.port} ann@HOST"
    )
    assert commands.asked == []


@pytest.mark.skipif(shutil.which("sftp") is None, reason="the sftp client is not installed")
def test_sftp_is_refused(server: ServerThread, key: Path, commands: ProbeCommands) -> None:
    result = subprocess.run(
        ["sftp", "-b", "-", *_sftp_options(ssh_options(server.port, key)), "ann@127.0.0.1"],
        input="ls\n", capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert result.returncode != 0
    assert "subsystem request failed" in result.stderr
    assert commands.asked == []


def _sftp_options(options: list[str]) -> list[str]:
    # sftp spells the port -P; everything else it passes to ssh.
    return ["-P" if option == "-p" else option for option in options]


def test_forwarding_is_refused(server: ServerThread, key: Path, commands: ProbeCommands) -> None:
    remote = run_ssh(
        *ssh_options(server.port, key), "-N", "-o", "ExitOnForwardFailure=yes",
        "-R", "0:127.0.0.1:9", "ann@127.0.0.1",
    )  # fmt: skip
    assert remote.returncode == 255
    assert "forwarding failed" in remote.stderr

    local_port = _free_port()
    client = subprocess.Popen(
        # The first LogLevel given counts: INFO, to read the refusal.
        ["ssh", "-o", "BatchMode=yes", "-o", "LogLevel=INFO", *ssh_options(server.port, key),
         "-N", "-L", f"{local_port}:127.0.0.1:{server.port}", "ann@127.0.0.1"],
        stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        answer = _through_the_tunnel(local_port)
    finally:
        client.terminate()
        _, errors = client.communicate(timeout=20)
    assert answer == b""  # the server's own greeting would start b"SSH-"
    assert "open failed" in errors
    assert commands.asked == []


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _through_the_tunnel(port: int) -> bytes:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=10) as tunnel:
                return tunnel.recv(100)
        except ConnectionRefusedError:  # the client is not listening yet
            time.sleep(0.1)
        except ConnectionResetError:
            return b""
    raise AssertionError("the client never listened on its forwarded port")
