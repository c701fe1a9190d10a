"""The real OpenSSH client, in tmux, against an SSH server that runs each login's app in its own
process (tui/channel_driver.py): two players at once, each with their own screen, keys and
size, and an app that ends when its client goes."""

from __future__ import annotations

import shlex
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.events import Key, Resize
from textual.widgets import Label

from entropy_tui.ssh.channel_terminal import ChannelTerminal
from entropy_tui.tui.channel_driver import run_on_terminal
from tests.ssh.support import ServerThread, make_client_key, needs_openssh, ssh_options
from tests.tui.tmux import Tmux, needs_tmux

pytestmark = [needs_openssh, needs_tmux, pytest.mark.ssh, pytest.mark.tmux]


class SizeApp(App[None]):
    """Shows its player, the keys they pressed and the size of their terminal."""

    def __init__(self, player: str) -> None:
        super().__init__()
        self.player = player
        self.keys = ""

    def compose(self) -> ComposeResult:
        yield Label(id="line")

    def on_key(self, event: Key) -> None:
        if event.is_printable and event.character is not None:
            self.keys += event.character
            self.show()

    def on_resize(self, event: Resize) -> None:
        self.show(event.size.width, event.size.height)

    def show(self, width: int | None = None, height: int | None = None) -> None:
        width, height = (width, height) if width is not None else self.size
        line = f"{self.player} typed ({self.keys}) at {width}x{height}"
        self.query_one(Label).update(line)


class InProcessServer(ServerThread):
    """An SSH server whose logins each run a SizeApp in its event loop, in a thread."""

    def __init__(self, folder: Path, authorized_keys: Path) -> None:
        self.ended: list[str] = []  # the players whose app has ended
        super().__init__(folder, authorized_keys=authorized_keys, program=self.program)

    async def program(self, terminal: ChannelTerminal) -> int:
        try:
            return await run_on_terminal(SizeApp(terminal.screen.user), terminal)
        finally:
            self.ended.append(terminal.screen.user)


@pytest.fixture
def key(tmp_path: Path) -> Path:
    return make_client_key(tmp_path)


@pytest.fixture
def server(tmp_path: Path, key: Path) -> Iterator[InProcessServer]:
    authorized = tmp_path / "authorized_keys"
    authorized.write_text(Path(f"{key}.pub").read_text(encoding="utf-8"), encoding="utf-8")
    running = InProcessServer(tmp_path, authorized)
    yield running
    running.close()


def test_two_players_each_get_their_own_app_in_the_server_s_process(
    server: InProcessServer, key: Path
) -> None:
    options = ssh_options(server.server.port, key)
    terminals = {}
    try:
        for name, size in (("ann", (90, 28)), ("bob", (100, 30))):
            command = shlex.join(["ssh", *options, "-t", f"{name}@127.0.0.1"])
            terminals[name] = Tmux(f"exec env TERM=xterm-256color {command}", size)
        ann, bob = terminals["ann"], terminals["bob"]
        ann.wait_for(lambda s: "ann typed () at 90x28" in s, "ann's screen")
        bob.wait_for(lambda s: "bob typed () at 100x30" in s, "bob's screen")
        ann.keys("x", "y")
        ann.wait_for(lambda s: "ann typed (xy) at 90x28" in s, "ann's keys")
        assert "bob typed () at 100x30" in bob.screen()
        ann.run("resize-window", "-t", "game", "-x", "84", "-y", "26")
        ann.wait_for(lambda s: "ann typed (xy) at 84x26" in s, "ann's new size")
        ann.close()  # ann's client goes: her app ends, bob's plays on
        deadline = time.monotonic() + 15
        while server.ended != ["ann"] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert server.ended == ["ann"]
        bob.keys("z")
        bob.wait_for(lambda s: "bob typed (z) at 100x30" in s, "bob's keys")
    finally:
        for terminal in terminals.values():
            terminal.close()
