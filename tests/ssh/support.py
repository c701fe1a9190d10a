"""An SSH server of the table's kind on a free port, in a thread of its own, and the real
OpenSSH client to reach it."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterable, Sequence
from pathlib import Path

import pytest

from entropy_tui.ssh import SshServer, start_ssh_server
from entropy_tui.ssh.channel_terminal import TerminalProgram

PROBE = Path(__file__).with_name("terminal_probe.py")
needs_openssh = pytest.mark.skipif(
    shutil.which("ssh") is None or shutil.which("ssh-keygen") is None,
    reason="the OpenSSH client (ssh, ssh-keygen) is not installed",
)


def make_client_key(folder: Path) -> Path:
    """A fresh Ed25519 key pair in `folder`; the private key's path."""
    key = folder / "client_key"
    subprocess.run(
        ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True, timeout=20
    )
    return key


def client_keys(folder: Path, names: Iterable[str]) -> dict[str, Path]:
    """A fresh key pair for each name, in a folder of that name under `folder`."""
    keys = {}
    for name in names:
        (folder / name).mkdir()
        keys[name] = make_client_key(folder / name)
    return keys


def fingerprint_of(key: Path) -> str:
    line = subprocess.run(
        ["ssh-keygen", "-l", "-E", "sha256", "-f", f"{key}.pub"],
        capture_output=True, text=True, check=True, timeout=20,
    ).stdout  # fmt: skip
    return line.split()[1]


class ProbeCommands:
    """command_for: runs the terminal probe, and remembers who asked."""

    def __init__(self, folder: Path, mode: str = "normal") -> None:
        self.hangup_file = folder / "hung-up"
        self.mode = mode
        self.asked: list[tuple[str, str | None]] = []

    def __call__(self, user: str, key: str | None) -> Sequence[str]:
        self.asked.append((user, key))
        return [sys.executable, str(PROBE), user, str(key), str(self.hangup_file), self.mode]


class ServerThread:
    """start_ssh_server in an event loop of its own, so tests can drive clients meanwhile."""

    def __init__(
        self,
        folder: Path,
        command_for: ProbeCommands | None = None,
        *,
        authorized_keys: Path | None = None,
        password: str | None = None,
        program: TerminalProgram | None = None,
    ) -> None:
        """`command_for`: a process per login; `program`: a task of the server's loop."""
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self._thread.start()
        self.host_key = folder / "host_key"
        self.server: SshServer = self.call(
            start_ssh_server(
                port=0, host="127.0.0.1", host_key=self.host_key,
                authorized_keys=authorized_keys, password=password, command_for=command_for,
                program=program,
            )
        )  # fmt: skip

    def call(self, coroutine):  # type: ignore[no-untyped-def]
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(30)

    @property
    def port(self) -> int:
        return self.server.port

    def close(self) -> None:
        async def stop() -> None:
            self.server.close()
            await self.server.wait_closed()

        self.call(stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)
        self.loop.close()


def ssh_options(port: int, key: Path | None) -> list[str]:
    """Options for a client that trusts the test server and reads no user configuration."""
    options = [
        "-F", "/dev/null", "-p", str(port),
        "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
        "-o", "LogLevel=ERROR", "-o", "ConnectTimeout=10",
    ]  # fmt: skip
    if key is None:
        return [*options, "-o", "PubkeyAuthentication=no"]
    return [*options, "-i", str(key), "-o", "IdentitiesOnly=yes", "-o", "PasswordAuthentication=no"]


def run_ssh(*args: str, timeout: float = 30) -> subprocess.CompletedProcess[str]:
    """The client run without a terminal; BatchMode: it never waits for a prompt."""
    return subprocess.run(
        ["ssh", "-o", "BatchMode=yes", *args],
        capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL,
    )  # fmt: skip
