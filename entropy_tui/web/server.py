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
import ipaddress
import re
import secrets
import shlex
import socket
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, web
from textual_serve.app_service import AppService
from textual_serve.server import Server
from yarl import URL

from entropy_tui.ssh.logins import AddressGuard
from entropy_tui.web import DEFAULT_MAX_TABS
from entropy_tui.web.pacing import TabInput, message_loop_problem

# How long the apps still open get to finish (and save) when the server stops.
CLOSE_GRACE_SECONDS = 5.0
WILDCARD_HOSTS = frozenset({"", "0.0.0.0", "::"})
# The names every loopback address answers to (a browser may use any of them).
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
WRONG_PASSWORD_DELAY = 1.5  # seconds before a wrong password is answered, as over SSH
PASSWORD_REALM = 'Basic realm="Entropy table", charset="UTF-8"'
# textual-serve's page links its terminal font from a web font service; the page is served with
# that link replaced by the same font from textual-serve's own static folder, so that it loads
# nothing from outside this machine.
STYLESHEET_LINK = re.compile(r"<link[^>]*href=\"(?P<href>[^\"]*)\"[^>]*>", re.IGNORECASE)
OWN_FONT_FACES = """<style>
      @font-face { font-family: "Roboto Mono"; font-style: normal;
        src: url("/static/fonts/RobotoMono-VariableFont_wght.ttf"); }
      @font-face { font-family: "Roboto Mono"; font-style: italic;
        src: url("/static/fonts/RobotoMono-Italic-VariableFont_wght.ttf"); }
    </style>"""
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def tabs_full_text(max_tabs: int) -> str:
    return (
        f"All {max_tabs} games this server allows are open in other browser tabs. "
        "Close one of them, then reload this page."
    )


def tabs_full_message(max_tabs: int) -> bytes:
    """What a browser tab's terminal shows when every game the server allows is open."""
    first, second = tabs_full_text(max_tabs).split(". ")
    return f"\r\n  {first}.\r\n  {second}\r\n".encode()


class _TabServer(Server):
    """textual-serve's server, whose pages point back at the address the browser used (so
    `--host 0.0.0.0` works from other machines), or at the public URL it was given, which
    opens at most `max_tabs` apps, lists no folder, and paces what a tab sends its app."""

    def __init__(
        self, command: Sequence[str], *, title: str, max_tabs: int, public_url: str | None
    ) -> None:
        if (problem := message_loop_problem()) is not None:
            raise RuntimeError(problem)
        super().__init__(shlex.join(command), title=title)
        self.max_tabs = max_tabs
        self.fixed_url = public_url
        self.tabs: set[asyncio.Task[Any]] = set()
        self.apps_started = 0

    async def _make_app(self) -> web.Application:
        """textual-serve's routes, less its downloads (the game offers none) and its listing of
        the static folder."""
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.static("/static", self.statics_path, show_index=False, name="static"),
            ]
        )
        return app

    async def handle_index(self, request: web.Request) -> Any:
        if len(self.tabs) >= self.max_tabs:
            raise web.HTTPServiceUnavailable(text=tabs_full_text(self.max_tabs))
        # The page's links and its websocket address are built from public_url; building them
        # from the address this browser reached us at needs no await, so requests cannot mix.
        self.public_url = self.fixed_url or f"{request.scheme}://{request.host}"
        page = await super().handle_index(request)
        if isinstance(page, web.Response) and page.text is not None:
            page.text = STYLESHEET_LINK.sub(self._own_stylesheet, page.text)
        return page

    def _own_stylesheet(self, link: re.Match[str]) -> str:
        """A stylesheet of this server stays; one from elsewhere (the web font) is replaced."""
        if link["href"].startswith(f"{self.public_url}/"):
            return link[0]
        return OWN_FONT_FACES

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if len(self.tabs) >= self.max_tabs:
            return await _refuse_tab(request, tabs_full_message(self.max_tabs))
        tab = asyncio.current_task()
        assert tab is not None
        self.tabs.add(tab)
        self.apps_started += 1
        try:
            return await super().handle_websocket(request)
        finally:
            self.tabs.discard(tab)

    async def _process_messages(
        self, websocket: web.WebSocketResponse, app_service: AppService
    ) -> None:
        """textual-serve's loop over a tab's messages, handing them to a TabInput that paces
        them on their way to the app (see pacing.message_loop_problem for the guard)."""
        tab_input = TabInput(app_service)
        try:
            await super()._process_messages(websocket, tab_input)  # type: ignore[arg-type]
        finally:
            tab_input.close()


async def _refuse_tab(request: web.Request, message: bytes) -> web.WebSocketResponse:
    """Shows the message in the tab's terminal, then closes its socket: nothing is started."""
    websocket = web.WebSocketResponse()
    await websocket.prepare(request)
    await websocket.send_bytes(message)
    await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"every game is taken")
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


def public_url_problem(url: str) -> str | None:
    """Why `url` cannot be the address browsers use (None: it can)."""
    parsed = URL(url)
    if parsed.scheme not in ("http", "https") or not parsed.host:
        return f"{url!r} is not an http:// or https:// address"
    if parsed.path not in ("", "/") or parsed.query_string or parsed.fragment:
        return f"{url!r} has more than a scheme, a name and a port (the game is served at /)"
    return None


def _host_name(authority: str) -> str | None:
    """The name or address in a Host header ("[::1]:8000" -> "::1"); None if it is not one."""
    try:
        return URL(f"http://{authority}").host
    except ValueError:
        return None


class Gate:
    """Who gets through to the page, its files and its games.

    - The Host header names this server: a name it listens on or was given, or the address the
      request came in at (so a page of another site whose name resolves here, DNS rebinding,
      is turned away).
    - A websocket comes from the server's own page (its Origin is the Host, or the public URL).
    - The browser gives the password (HTTP Basic, any user name) or, with none set, the token
      of the link the server printed, which a cookie keeps from then on. A wrong password or
      token counts against the address in `guard`, as SSH logins do, and is answered late.
    """

    def __init__(
        self,
        *,
        listen: str,
        password: str | None,
        guard: AddressGuard,
        public_url: str | None = None,
    ) -> None:
        if password == "":
            raise ValueError("an empty password would let anyone in")
        self.password = password
        self.token = secrets.token_urlsafe(24) if password is None else None
        self.guard = guard
        self.public_url = URL(public_url) if public_url is not None else None
        self.cookie = "entropy-tui"  # named after the port once it is known (see WebServer)
        names = set()
        if listen in WILDCARD_HOSTS:
            names |= {socket.gethostname().lower(), socket.getfqdn().lower(), *LOOPBACK_NAMES}
        else:
            names.add(listen.lower())
            if _is_loopback(listen):
                names |= LOOPBACK_NAMES
        if self.public_url is not None and self.public_url.host:
            names.add(self.public_url.host)
        self.names = frozenset(names)

    def answers_to(self, request: web.Request) -> bool:
        name = _host_name(request.host)
        if name is None:
            return False
        if name in self.names:
            return True
        # An address typed as such cannot have been rebound; this one is where we listen.
        local = request.transport.get_extra_info("sockname") if request.transport else None
        return local is not None and _same_address(name, local[0])

    def own_origin(self, request: web.Request) -> bool:
        origin = request.headers.get("Origin")
        if origin is None:
            return True  # not a browser's page: it carries none of a visitor's credentials
        try:
            parsed = URL(origin)
            own = URL(f"{parsed.scheme}://{request.host}")
        except ValueError:
            return False
        if not parsed.is_absolute() or parsed.scheme not in ("http", "https"):
            return False  # "null": a sandboxed frame or a file
        if self.public_url is not None and parsed.origin() == self.public_url.origin():
            return True
        return (parsed.host, parsed.port) == (own.host, own.port)

    @web.middleware
    async def check(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if not self.answers_to(request):
            raise web.HTTPMisdirectedRequest(
                text=f"This game's server does not answer to the name {request.host!r}: "
                "open the address it printed."
            )
        if request.path == "/ws" and not self.own_origin(request):
            raise web.HTTPForbidden(text="A game opens only from this server's own page.")
        if self.password is not None:
            return await self._check_password(request, handler)
        return await self._check_token(request, handler)

    async def _check_password(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        header = request.headers.get("Authorization")
        if header is not None:
            assert self.password is not None
            if self._guessed(request, password_given(header), self.password.encode()):
                return await handler(request)
            await asyncio.sleep(WRONG_PASSWORD_DELAY)
        raise web.HTTPUnauthorized(
            headers={"WWW-Authenticate": PASSWORD_REALM},
            text="This game asks for a password (any user name will do).",
        )

    async def _check_token(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        assert self.token is not None
        expected = self.token.encode()
        given = request.query.get("token")
        if given is None:
            cookie = request.cookies.get(self.cookie, "").encode()
            if hmac.compare_digest(cookie, expected):
                return await handler(request)
            raise web.HTTPForbidden(
                text="This game opens with the link entropy-tui serve printed (it holds a token)."
            )
        if not self._guessed(request, given.encode(), expected):
            await asyncio.sleep(WRONG_PASSWORD_DELAY)
            raise web.HTTPForbidden(
                text="That link's token is not this game's: open the link entropy-tui serve "
                "printed."
            )
        if request.path != "/":
            return await handler(request)
        # The page itself: the cookie keeps the token, and the address bar shows it no more.
        query = request.url.query.copy()
        del query["token"]
        found = web.HTTPSeeOther(str(request.rel_url.with_query(query)))
        found.set_cookie(self.cookie, self.token, path="/", httponly=True, samesite="Strict")
        raise found

    def _guessed(self, request: web.Request, given: bytes, expected: bytes) -> bool:
        """Whether `given` is right; counts a wrong one (no await in between: guesses sent all
        at once are counted one by one)."""
        address = request.remote or ""
        if self.guard.locked(address):
            raise web.HTTPTooManyRequests(
                text="Too many wrong passwords from your address; try again in a few minutes."
            )
        if hmac.compare_digest(given, expected):
            return True
        self.guard.failed(address)
        return False


def _is_loopback(host: str) -> bool:
    try:
        return host.lower() == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _same_address(name: str, address: str) -> bool:
    try:
        return ipaddress.ip_address(name) == ipaddress.ip_address(address)
    except ValueError:
        return False


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
    """A running web server: `.port` (the real one, also for port 0), `.url` (with the token
    when there is no password), `await .close()`."""

    def __init__(
        self, runner: web.AppRunner, tab_server: _TabServer, gate: Gate, host: str
    ) -> None:
        self._runner = runner
        self._tab_server = tab_server
        self.gate = gate
        self.host = host
        self.port: int = runner.addresses[0][1]
        # Cookies do not tell ports apart: two servers on one machine keep a cookie each.
        gate.cookie = f"entropy-tui-{self.port}"

    @property
    def url(self) -> str:
        if self.gate.public_url is not None:
            page = str(self.gate.public_url.with_path("/"))
        else:
            host = socket.gethostname() if self.host in WILDCARD_HOSTS else self.host
            host = f"[{host}]" if ":" in host else host
            page = f"http://{host}:{self.port}/"
        return page if self.gate.token is None else f"{page}?token={self.gate.token}"

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
        # A server that started no app has none (and a collection walks every object).
        if self._tab_server.apps_started:
            gc.collect()


async def start_web_server(
    command: Sequence[str],
    *,
    port: int,
    host: str = "127.0.0.1",
    title: str = "Entropy",
    max_tabs: int = DEFAULT_MAX_TABS,
    password: str | None = None,
    guard: AddressGuard | None = None,
    public_url: str | None = None,
) -> WebServer:
    """Serve `command` (an argv starting a Textual app) to browsers: each tab runs its own,
    once it gives the password, or with none, the token in the server's `.url`. Wrong ones
    count in `guard` (one of its own if None); `public_url` is the address browsers use when
    it is not the server's own (behind a TLS proxy).

    Raises ValueError for an empty password or a bad public URL, and OSError when the address
    cannot be bound (port in use, unknown host, no permission).
    """
    if public_url is not None and (problem := public_url_problem(public_url)) is not None:
        raise ValueError(problem)
    gate = Gate(
        listen=host, password=password, guard=guard or AddressGuard(), public_url=public_url
    )
    page_origin = str(URL(public_url).origin()) if public_url is not None else None
    tab_server = _TabServer(command, title=title, max_tabs=max_tabs, public_url=page_origin)
    app = await tab_server._make_app()
    app.middlewares.append(gate.check)
    runner = web.AppRunner(app, shutdown_timeout=CLOSE_GRACE_SECONDS)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except BaseException:
        await runner.cleanup()
        raise
    return WebServer(runner, tab_server, gate, host)
