"""`entropy-tui club` in a process of its own for the OpenSSH tests, and a new key's first visit
to a club that takes a password."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

from tests.ssh.support import ssh_options
from tests.tui.tmux import Tmux

PASSWORD = "green-comet-7"
TABLE_TERMINAL = (100, 30)  # a member's terminal in the tests played at a table
STARTUP_LINES = 4  # what the club prints once it listens: its port, host key, database, joining


class Club:
    """The club on a free port, working in `folder`: open to every key unless it has a
    `password`; `notify` is its --notify-command; `size` its members' terminals."""

    def __init__(
        self,
        folder: Path,
        database: Path | None = None,
        *,
        password: str | None = None,
        notify: list[str] | None = None,
        size: tuple[int, int] = (80, 24),
    ) -> None:
        self.database = database or folder / "club.db"
        self.size = size
        command = [
            sys.executable, "-m", "entropy_tui", "club", "--port", "0",
            "--listen", "127.0.0.1", "--db", str(self.database),
        ]  # fmt: skip
        command += ["--open"] if password is None else ["--password", password]
        if notify is not None:
            command += ["--notify-command", shlex.join(notify)]
        environment = {**os.environ, "ENTROPY_TUI_DATA": str(folder / "data")}
        self.process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment, cwd=folder,
        )  # fmt: skip
        assert self.process.stdout is not None
        first = self.process.stdout.readline()
        assert first.startswith("The club is open on port "), first + self.errors()
        self.port = int(first.split()[6].rstrip(":"))
        self.lines = [first, *(self.process.stdout.readline() for _ in range(STARTUP_LINES - 1))]

    def errors(self) -> str:
        if self.process.poll() is None:
            return ""
        assert self.process.stderr is not None
        return self.process.stderr.read()

    def login(self, key: Path, size: tuple[int, int] | None = None) -> Tmux:
        command = shlex.join(["ssh", *ssh_options(self.port, key), "-t", "anyone@127.0.0.1"])
        return Tmux(f"exec env TERM=xterm-256color {command}", size or self.size)

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(15)


def register(terminal: Tmux, name: str, password: str = PASSWORD) -> None:
    """A new key's welcome: its name and the club's password, then its lobby."""
    terminal.wait_for(lambda s: "This SSH key is new here" in s, "the registration screen")
    terminal.keys("-l", name)
    terminal.keys("Tab")
    terminal.keys("-l", password)
    terminal.keys("Enter")
    terminal.wait_for(lambda s: f"ENTROPY club - {name}" in s, f"{name}'s lobby")
