"""A web server that runs one app process per browser tab, with textual-serve.

textual-serve's own `serve()` runs an event loop of its own; this starts the same routes inside the
caller's loop instead, so a host process that already runs an SSH server can offer a web page too.
"""

from __future__ import annotations

import asyncio
import base64
import errno
import gc
import hmac
import shlex
import socket
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from aiohttp import web
from textual_serve.server import Server

DEFAULT_MAX_TABS = 8
# How long the apps still open get to finish (and save) when the server stops.
CLOSE_GRACE_SECONDS = 5.0
WILDCARD_HOSTS = frozenset({"", "0.0.0.0", "::"})
WRONG_PASSWORD_DELAY = 1.5  # seconds before a wrong password is answered, as over SSH
PASSWORD_REALM = 'Basic realm="Entropy table", charset="UTF-8"'
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def tabs_full_message(max_tabs: int) -> bytes:
    """What a browser tab shows when every game the server allows is already open."""
    return (
        f"\r\n  All {max_tabs} games this server allows are open in other browser tabs.\r\n"
        "  Close one of them, then reload this page.\r\n"
    ).encode()


class _TabServer(Server):
    """textual-serve's server, whose pages point back at the address the browser used (so
    `--host 0.0.0.0` works from other machines) and which opens at most `max_tabs` apps."""

    def __init__(self, command: Sequence[str], *, title: str, max_tabs: int) -> None:
        super().__init__(shlex.join(command), title=title)
        self.max_tabs = max_tabs
        self.tabs: set[asyncio.Task[Any]] = set()

    async def on_startup(self, app: web.Application) -> None:
        """The command that starts the server says where it is; textual-serve's banner would not
        name the real port when port 0 was asked for."""

    async def handle_index(self, request: web.Request) -> Any:
        # The page's links and its websocket address are built from public_url; building them
        # from the address this browser reached us at needs no await, so requests cannot mix.
        self.public_url = f"{request.scheme}://{request.host}"
        return await super().handle_index(request)

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        if len(self.tabs) >= self.max_tabs:
            return await _refuse_tab(request, tabs_full_message(self.max_tabs))
        tab = asyncio.current_task()
        assert tab is not None
        self.tabs.add(tab)
        try:
            return await super().handle_websocket(request)
        finally:
            self.tabs.discard(tab)


async def _refuse_tab(request: web.Request, message: bytes) -> web.WebSocketResponse:
    """Show the message in the tab's terminal and keep it there until the tab goes away (closing
    the socket would cover it with the page's own "Session ended")."""
    websocket = web.WebSocketResponse(heartbeat=15)
    await websocket.prepare(request)
    await websocket.send_bytes(message)
    async for _message in websocket:
        pass  # the tab's keys, pings and resizes have nothing to reach
    return websocket


def password_given(header: str) -> bytes:
    """The password in an HTTP Basic Authorization header (b"" if it holds none)."""
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "basic":
        return b""
    try:
        user_and_password = base64.b64decode(token.strip(), validate=True)
    except ValueError:  # not base64
        return b""
    return user_and_password.partition(b":")[2]


def password_guard(password: str) -> Any:
    """Every request must carry the password (HTTP Basic: any user name). The browser asks for
    it once and sends it again with the page's files and its websocket."""
    expected = password.encode()

    @web.middleware
    async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
        header = request.headers.get("Authorization")
        if header is not None:
            if hmac.compare_digest(password_given(header), expected):
                return await handler(request)
            await asyncio.sleep(WRONG_PASSWORD_DELAY)
        raise web.HTTPUnauthorized(
            headers={"WWW-Authenticate": PASSWORD_REALM},
            text="This game asks for a password (any user name will do).",
        )

    return guard


def bind_failure(host: str, port: int, error: OSError, flag: str = "--port") -> str:
    """One line on why the address cannot be served, and what to do."""
    if error.errno == errno.EADDRINUSE:
        where = host or "this machine"
        return f"port {port} is already in use on {where}; choose another with {flag}"
    if error.errno == errno.EACCES:
        return f"no permission to listen on port {port}; choose one above 1023 with {flag}"
    reason = error.strerror or str(error)
    return f"cannot listen on {host or 'every address'} port {port} ({reason})"


class WebServer:
    """A running web server: `.port` (the real one, also for port 0), `.url`, `await .close()`."""

    def __init__(self, runner: web.AppRunner, tab_server: _TabServer, host: str) -> None:
        self._runner = runner
        self._tab_server = tab_server
        self.host = host
        self.port: int = runner.addresses[0][1]

    @property
    def url(self) -> str:
        host = socket.gethostname() if self.host in WILDCARD_HOSTS else self.host
        return f"http://[{host}]:{self.port}/" if ":" in host else f"http://{host}:{self.port}/"

    @property
    def open_tabs(self) -> int:
        return len(self._tab_server.tabs)

    async def close(self) -> None:
        """Stop taking visitors, ask every open app to quit (each saves its game), then stop."""
        tabs = set(self._tab_server.tabs)
        for tab in tabs:
            tab.cancel()  # textual-serve then sends the app its quit message and waits for it
        if tabs:
            await asyncio.wait(tabs, timeout=CLOSE_GRACE_SECONDS)
        await self._runner.cleanup()
        # textual-serve leaves each app's pipes to the garbage collector, held in reference cycles
        # of the tasks that ended; freed after the loop is gone they complain that it is closed.
        gc.collect()


async def start_web_server(
    command: Sequence[str],
    *,
    port: int,
    host: str = "127.0.0.1",
    title: str = "Entropy",
    max_tabs: int = DEFAULT_MAX_TABS,
    password: str | None = None,
) -> WebServer:
    """Serve `command` (an argv starting a Textual app) to browsers: each tab runs its own;
    with a password, only to browsers that give it.

    Raises OSError when the address cannot be bound (port in use, unknown host, no permission).
    """
    tab_server = _TabServer(command, title=title, max_tabs=max_tabs)
    app = await tab_server._make_app()
    if password is not None:
        app.middlewares.append(password_guard(password))
    runner = web.AppRunner(app, shutdown_timeout=CLOSE_GRACE_SECONDS)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except BaseException:
        await runner.cleanup()
        raise
    return WebServer(runner, tab_server, host)
