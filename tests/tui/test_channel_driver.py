"""An app run in the server's own process for one SSH connection (tui/channel_driver.py), on a
fake channel: it draws into the channel, hears the client's keys and sizes, ends when the client
goes, and apps of several connections run side by side in one event loop, each its own."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import ClassVar

import pytest
from textual import constants
from textual.app import App, ComposeResult
from textual.events import Key, Resize
from textual.widgets import Label

from entropy_tui.ssh.channel_terminal import ChannelTerminal
from entropy_tui.ssh.session import RemoteScreen
from entropy_tui.tui.channel_driver import ChannelDriver, run_on_terminal
from entropy_tui.tui.input_limit import InputGate
from entropy_tui.tui.paste_limit import MAX_PASTE_CHARACTERS, PasteCut


class FakeChannel:
    """What a ChannelTerminal asks of its SSH channel."""

    def __init__(self) -> None:
        self.sent = bytearray()
        self.unsent = 0  # bytes asyncssh would hold for a client that does not read

    def write(self, data: bytes) -> None:
        self.sent += data

    def get_write_buffer_size(self) -> int:
        return self.unsent


class KeysApp(App[None]):
    """Shows its player's name and the keys it was sent."""

    BINDINGS: ClassVar = [("ctrl+q", "quit", "Leave")]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name
        self.keys: list[str] = []
        self.sizes: list[tuple[int, int]] = []
        self.pastes_cut = 0

    def compose(self) -> ComposeResult:
        yield Label(f"{self.player} pressed nothing", id="keys")

    def on_key(self, event: Key) -> None:
        if event.character == "!":
            raise RuntimeError("a bug in one screen")
        self.keys.append(event.key)
        self.query_one(Label).update(f"{self.player} pressed {' '.join(self.keys)}")

    def on_resize(self, event: Resize) -> None:
        self.sizes.append((event.size.width, event.size.height))

    def on_paste_cut(self, message: PasteCut) -> None:
        self.pastes_cut += 1


class Connection:
    """One connection's terminal, its channel, and the app run on it."""

    def __init__(self, name: str, *, term: str = "xterm-256color", colorterm: str = "") -> None:
        self.channel = FakeChannel()
        self.closed = False
        screen = RemoteScreen(name, None, columns=80, rows=24)
        self.terminal = ChannelTerminal(
            screen,
            self.channel,
            term,
            colorterm,
            self._close,
            lambda: None,  # type: ignore[arg-type]
        )
        self.app = KeysApp(name)
        self.run: asyncio.Task[int] = asyncio.create_task(run_on_terminal(self.app, self.terminal))

    def _close(self) -> None:
        self.closed = True

    def type(self, data: bytes) -> None:
        assert self.terminal.listener is not None
        self.terminal.listener.input(data)

    def shown(self) -> str:
        return self.channel.sent.decode("utf-8", errors="replace")

    async def hang_up(self) -> int:
        self.terminal.lost = True
        assert self.terminal.listener is not None
        self.terminal.listener.hung_up()
        return await asyncio.wait_for(self.run, 10)


async def until(test: Callable[[], bool], timeout: float = 10) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not test():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.01)


async def test_an_app_draws_into_the_channel_and_hears_its_keys() -> None:
    ann = Connection("Ann")
    await until(lambda: "Ann pressed nothing" in ann.shown())
    assert ann.shown().startswith("\x1b[?1049h")  # the alternate screen, first
    assert isinstance(ann.app._driver, ChannelDriver)
    ann.type(b"ab")
    await until(lambda: "Ann pressed a b" in ann.shown())
    assert ann.terminal.screen.bytes_written == len(ann.channel.sent)
    assert await ann.hang_up() == 0
    assert not ann.app.is_running


async def test_apps_of_several_connections_run_side_by_side_each_its_own() -> None:
    connections = [Connection(name) for name in ("Ann", "Bob", "Cy")]
    for connection in connections:
        await until(lambda c=connection: f"{c.app.player} pressed nothing" in c.shown())
    connections[1].type(b"x")
    await until(lambda: "Bob pressed x" in connections[1].shown())
    assert [c.app.keys for c in connections] == [[], ["x"], []]
    for other in (connections[0], connections[2]):
        assert "Bob" not in other.shown() and "pressed x" not in other.shown()
    for connection in connections:
        await connection.hang_up()


async def test_the_client_s_new_size_reaches_the_app() -> None:
    ann = Connection("Ann")
    await until(lambda: (80, 24) in ann.app.sizes)
    assert ann.terminal.listener is not None
    ann.terminal.listener.resized(100, 30)
    await until(lambda: ann.app.size == (100, 30))
    await ann.hang_up()


async def test_a_lone_escape_is_a_key_once_nothing_follows_it() -> None:
    ann = Connection("Ann")
    await until(lambda: "pressed nothing" in ann.shown())
    ann.type(b"\x1b")
    await asyncio.sleep(constants.ESCAPE_DELAY / 4)
    assert ann.app.keys == []  # it may yet begin a longer key
    await until(lambda: ann.app.keys == ["escape"])
    ann.type(b"\x1b[A")  # an arrow key, whole
    await until(lambda: ann.app.keys == ["escape", "up"])
    await ann.hang_up()


async def test_bytes_that_are_not_utf8_do_not_stop_the_app() -> None:
    ann = Connection("Ann")
    await until(lambda: "pressed nothing" in ann.shown())
    ann.type(b"\xff\xfeq")
    await until(lambda: ann.app.keys[-1:] == ["q"])
    assert not ann.run.done()
    await ann.hang_up()


async def test_the_input_of_a_connection_is_capped_as_a_terminal_s_is() -> None:
    ann = Connection("Ann")
    await until(lambda: "pressed nothing" in ann.shown())
    assert isinstance(getattr(ann.app._driver, "input_gate", None), InputGate)
    assert ann.app._driver._parser.gate is ann.app._driver.input_gate  # drops a flood unparsed
    ann.type(b"\x1b[200~" + b"x" * (MAX_PASTE_CHARACTERS + 10) + b"\x1b[201~")
    await until(lambda: ann.app.pastes_cut == 1)
    await ann.hang_up()


async def test_the_app_draws_in_the_colours_of_the_client_s_terminal() -> None:
    plain = Connection("Ann", term="xterm")
    rich = Connection("Bob", term="xterm", colorterm="truecolor")
    for connection in (plain, rich):
        await until(lambda c=connection: "pressed nothing" in c.shown())
    assert plain.app.console.color_system == "standard"
    assert rich.app.console.color_system == "truecolor"
    assert "\x1b[38;2;" not in plain.shown() and "\x1b[38;2;" in rich.shown()
    for connection in (plain, rich):
        await connection.hang_up()


async def test_the_app_quitting_restores_the_client_s_terminal() -> None:
    ann = Connection("Ann")
    await until(lambda: "pressed nothing" in ann.shown())
    ann.type(b"\x11")  # ctrl+q
    assert await asyncio.wait_for(ann.run, 10) == 0
    assert ann.shown().endswith("\x1b[?1004l")
    assert "\x1b[?1049l" in ann.shown()[-80:]  # the alternate screen left
    assert ann.terminal.listener is None


async def test_an_app_that_fails_ends_its_own_connection_only(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ann, bob = Connection("Ann"), Connection("Bob")
    for connection in (ann, bob):
        await until(lambda c=connection: "pressed nothing" in c.shown())
    ann.type(b"!")
    assert await asyncio.wait_for(ann.run, 10) == 1
    assert "a bug in one screen" in capsys.readouterr().err  # told on the server's stderr
    bob.type(b"b")
    await until(lambda: "Bob pressed b" in bob.shown())
    await bob.hang_up()
