"""What a browser tab sends its app, paced as an SSH client's input is (see ssh/session.py).

textual-serve's message loop passes each websocket message on to the tab's app at once, as fast as
the browser sends them: a page sending megabytes of keys keeps the app's input thread busy, and
each new window size makes the app lay its screen out again. TabInput stands in for the tab's
AppService in that loop: keys go on at the input allowance, and while too many wait the loop does
too (the socket, then the browser, with it); window sizes and focus changes go on at most twice a
second, the latest always."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable
from importlib.metadata import version
from time import monotonic
from typing import Generic, TypeVar

from textual_serve.app_service import AppService
from textual_serve.server import Server

from entropy_tui.ssh.session import (
    INPUT_BUFFER_LIMIT,
    INPUT_BURST,
    INPUT_BYTES_PER_SECOND,
    RESIZES_PER_SECOND,
    Allowance,
)

# Once the allowance is spent, keys wait until this many (or all that wait) may go at once.
KEYS_AT_ONCE = 1024
# A focus change makes the app restyle its screen: as often as a new size at most.
FOCUS_CHANGES_PER_SECOND = RESIZES_PER_SECOND

Value = TypeVar("Value")


class Latest(Generic[Value]):
    """Passes on the values it is given, at most `rate` a second: one that waits is replaced by
    the next, and the latest always goes on once its turn comes."""

    def __init__(self, send: Callable[[Value], Awaitable[object]], rate: float) -> None:
        self._send = send
        self._allowance = Allowance(rate, 1, monotonic)
        self._waiting: Value | None = None
        self._sending: asyncio.Task[None] | None = None

    def give(self, value: Value) -> None:
        self._waiting = value
        if self._sending is None:
            self._sending = asyncio.ensure_future(self._send_waiting())

    async def _send_waiting(self) -> None:
        try:
            while self._waiting is not None:
                while (wait := self._allowance.wait_for(1)) > 0:
                    await asyncio.sleep(wait)
                self._allowance.spend(1)
                value, self._waiting = self._waiting, None
                await self._send(value)
        finally:
            self._sending = None

    def close(self) -> None:
        if self._sending is not None:
            self._sending.cancel()


class TabInput:
    """One tab's AppService as textual-serve's message loop sees it, pacing what it is given."""

    def __init__(self, app: AppService) -> None:
        self._app = app
        self._keys = bytearray()
        self._allowance = Allowance(INPUT_BYTES_PER_SECOND, INPUT_BURST, monotonic)
        self._passing: asyncio.Task[None] | None = None
        self._room = asyncio.Event()  # set while few enough keys wait
        self._room.set()
        self._size: Latest[tuple[int, int]] = Latest(self._send_size, RESIZES_PER_SECOND)
        self._focus: Latest[bool] = Latest(self._send_focus, FOCUS_CHANGES_PER_SECOND)

    # The AppService methods textual-serve's message loop calls.
    async def send_bytes(self, data: bytes) -> bool:
        self._keys += data
        if self._passing is None:
            self._passing = asyncio.ensure_future(self._pass_keys())
        if len(self._keys) > INPUT_BUFFER_LIMIT:  # the tab waits until most have gone on
            self._room.clear()
            await self._room.wait()
        return True

    async def set_terminal_size(self, width: int, height: int) -> None:
        self._size.give((width, height))

    async def focus(self) -> None:
        self._focus.give(True)

    async def blur(self) -> None:
        self._focus.give(False)

    # Passing them on.
    async def _pass_keys(self) -> None:
        try:
            while self._keys:
                allowed = min(len(self._keys), int(self._allowance.available()))
                if not allowed:
                    await asyncio.sleep(
                        self._allowance.wait_for(min(len(self._keys), KEYS_AT_ONCE))
                    )
                    continue
                keys = bytes(self._keys[:allowed])
                del self._keys[:allowed]
                self._allowance.spend(allowed)
                if len(self._keys) <= INPUT_BUFFER_LIMIT // 2:
                    self._room.set()
                if not await self._app.send_bytes(keys):  # the app has gone
                    self._keys.clear()
                    return
        finally:
            self._passing = None
            self._room.set()

    async def _send_size(self, size: tuple[int, int]) -> None:
        await self._app.set_terminal_size(*size)

    async def _send_focus(self, focused: bool) -> None:
        await (self._app.focus() if focused else self._app.blur())

    def close(self) -> None:
        """The tab has gone: what still waits is dropped."""
        if self._passing is not None:
            self._passing.cancel()
        self._size.close()
        self._focus.close()


def message_loop_problem() -> str | None:
    """Why TabInput cannot stand in for the app in this textual-serve's message loop (None: it
    can). The loop, Server._process_messages, is private to textual-serve: this checks that
    its handler still calls it, with the app's AppService, and that it calls no AppService
    method that TabInput lacks."""
    loop = getattr(Server, "_process_messages", None)
    code = getattr(loop, "__code__", None)
    if (
        loop is not None
        and code is not None
        and "_process_messages" in Server.handle_websocket.__code__.co_names
        and list(inspect.signature(loop).parameters) == ["self", "websocket", "app_service"]
        and not any(
            callable(getattr(AppService, name, None))
            for name in set(code.co_names) - set(vars(TabInput))
        )
    ):
        return None
    return (
        f"entropy-tui cannot pace a browser tab's input with textual-serve"
        f" {version('textual-serve')}, which passes it on in a way it does not know;"
        " install textual-serve 1.1."
    )
