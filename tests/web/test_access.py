"""Who reaches a web page of the game: only the browser given its link (a token) or password, on
the names the server answers to, from the page's own origin; guesses are counted as over SSH."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator

import aiohttp
import pytest
from yarl import URL

from entropy_tui.__main__ import main
from entropy_tui.ssh.logins import FAILURES_PER_ADDRESS, AddressGuard
from entropy_tui.web import server as web_server
from entropy_tui.web.server import WebServer, start_web_server, tabs_full_message
from entropy_tui.web.table import serve_lobby

from .test_serve import TINY_APP, basic


@pytest.fixture
async def served() -> AsyncIterator[WebServer]:
    """`entropy-tui serve`'s server as it starts by default: no password, so a token."""
    server = await start_web_server(TINY_APP, port=0)
    try:
        yield server
    finally:
        await server.close()


def token_of(server: WebServer) -> str:
    token = URL(server.url).query.get("token")
    assert token, f"no token in {server.url}"
    return token


def browser_like() -> aiohttp.ClientSession:
    """A client that keeps cookies from a numeric address, as browsers do."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


def page_of(server: WebServer, host: str = "127.0.0.1") -> str:
    return f"http://{host}:{server.port}/"


@pytest.mark.slow
async def test_without_a_password_the_page_opens_only_with_the_token_in_its_link(
    served: WebServer,
) -> None:
    page, token = page_of(served), token_of(served)
    assert served.url == f"{page}?token={token}"
    async with browser_like() as client:
        for path in ("", "?token=guess", "static/js/textual.js", "ws", "ws?token=guess"):
            async with client.get(page + path) as response:
                assert response.status == 403, path
                assert "the link entropy-tui serve printed" in await response.text()
        # The link's token becomes a cookie, and the address bar loses it.
        async with client.get(served.url, allow_redirects=False) as response:
            assert response.status == 303
            assert response.headers["Location"] == "/"
            cookie = response.cookies[f"entropy-tui-{served.port}"]
            assert cookie.value == token
            assert cookie["httponly"] and cookie["samesite"] == "Strict"
        async with client.get(page) as response:  # the cookie is sent back from now on
            assert response.status == 200
            assert "data-session-websocket-url" in await response.text()
        async with client.get(page + "static/js/textual.js") as response:
            assert response.status == 200
        async with client.ws_connect(page + "ws", origin=page.rstrip("/")):
            assert served.open_tabs == 1


async def test_a_websocket_opened_by_another_sites_page_is_refused(served: WebServer) -> None:
    page = page_of(served)
    websocket = f"{page}ws?token={token_of(served)}"
    async with browser_like() as client:
        for origin in ("http://evil.example", f"http://evil.example:{served.port}", "null"):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await client.ws_connect(websocket, origin=origin)
            assert refused.value.status == 403, origin
        assert served.open_tabs == 0
        async with client.ws_connect(websocket, origin=f"http://127.0.0.1:{served.port}"):
            assert served.open_tabs == 1


@pytest.mark.parametrize(
    ("listen", "answered", "refused"),
    [
        (
            "127.0.0.1",
            ["127.0.0.1", "localhost", "LocalHost", "[::1]"],
            ["evil.example", "127.0.0.1.evil.example", socket.gethostname()],
        ),
        (
            "0.0.0.0",
            ["127.0.0.1", "localhost", socket.gethostname()],
            ["evil.example", "localhost.evil.example"],
        ),
    ],
)
async def test_a_request_for_another_host_name_is_refused(
    listen: str, answered: list[str], refused: list[str]
) -> None:
    """DNS rebinding: a name of the attacker's that resolves to this machine reaches the
    server with that name in its Host header."""
    server = await start_web_server(TINY_APP, port=0, host=listen)
    try:
        async with browser_like() as client:
            for name in answered + refused:
                headers = {"Host": f"{name}:{server.port}"}
                async with client.get(
                    f"http://127.0.0.1:{server.port}/?token={token_of(server)}",
                    headers=headers,
                    allow_redirects=False,
                ) as response:
                    expected = 303 if name in answered else 421
                    assert response.status == expected, name
                    if name in refused:
                        assert "does not answer to" in await response.text()
    finally:
        await server.close()


async def test_the_public_url_is_answered_and_the_page_points_at_it() -> None:
    """Behind a TLS proxy, the page's links and its origin are the proxy's."""
    public = "https://entropy.example"
    server = await start_web_server(TINY_APP, port=0, password="sesame", public_url=public)
    page = page_of(server)
    right = {"Authorization": basic("ann", "sesame")}
    try:
        async with browser_like() as client:
            headers = {**right, "Host": "entropy.example"}
            async with client.get(page, headers=headers) as response:
                assert response.status == 200
                assert 'data-session-websocket-url="wss://entropy.example/ws"' in (
                    await response.text()
                )
            async with client.ws_connect(page + "ws", headers=headers, origin=public):
                assert server.open_tabs == 1
    finally:
        await server.close()


async def test_an_empty_password_is_refused_not_taken_as_no_password() -> None:
    with pytest.raises(ValueError, match="empty password"):
        await serve_lobby(TINY_APP, port=0, host="127.0.0.1", password="")
    with pytest.raises(ValueError, match="empty password"):
        await start_web_server(TINY_APP, port=0, password="")


def test_an_empty_password_on_the_command_line_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def never(*args: object) -> int:
        raise AssertionError("served with an empty password")

    def never_host(*args: object) -> int:
        raise AssertionError("hosted with an empty password")

    monkeypatch.setattr("entropy_tui.web.serve._serve", never)
    monkeypatch.setattr("entropy_tui.table.host.run_host", never_host)
    assert main(["serve", "--password", ""]) == 2
    assert "--password '' would let anyone in" in capsys.readouterr().err
    assert main(["host", "--seats", "remote:Ann,Bob", "--web-port", "0", "--password", ""]) == 2
    assert "--password '' would let anyone in" in capsys.readouterr().err


async def test_password_guesses_count_against_the_address_and_lock_it_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(web_server, "WRONG_PASSWORD_DELAY", 0.01)
    guard = AddressGuard()
    server = await start_web_server(TINY_APP, port=0, password="sesame", guard=guard)
    page = page_of(server)
    wrong = {"Authorization": basic("ann", "guess")}
    try:
        async with browser_like() as client:

            async def guess() -> int:
                async with client.get(page, headers=wrong) as response:
                    return response.status

            # All at once: each guess is counted before any is answered.
            answers = await asyncio.gather(*(guess() for _ in range(3 * FAILURES_PER_ADDRESS)))
            assert answers.count(401) == FAILURES_PER_ADDRESS
            assert answers.count(429) == 2 * FAILURES_PER_ADDRESS
            assert guard.locked("127.0.0.1")
            right = {"Authorization": basic("ann", "sesame")}
            async with client.get(page, headers=right) as response:
                assert response.status == 429
                assert "Too many wrong passwords" in await response.text()
    finally:
        await server.close()


async def test_a_tables_web_page_shares_the_ssh_logins_lockout() -> None:
    guard = AddressGuard()
    for _ in range(FAILURES_PER_ADDRESS):
        guard.failed("127.0.0.1")  # as the SSH server counts them
    server, _ = await serve_lobby(
        TINY_APP, port=0, host="127.0.0.1", password="sesame", guard=guard
    )
    try:
        right = {"Authorization": basic("ann", "sesame")}
        async with (
            browser_like() as client,
            client.get(page_of(server), headers=right) as response,
        ):
            assert response.status == 429
    finally:
        await server.close()


async def test_a_tab_beyond_the_limit_is_told_why_and_closed() -> None:
    server = await start_web_server(TINY_APP, port=0, max_tabs=1)
    page = page_of(server)
    websocket = f"{page}ws?token={token_of(server)}"
    try:
        async with browser_like() as client, client.ws_connect(websocket):
            assert server.open_tabs == 1
            async with client.ws_connect(websocket) as second:
                assert await second.receive_bytes() == tabs_full_message(1)
                closing = await asyncio.wait_for(second.receive(), 30)
                assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
            # A page loaded now says so at once, with no terminal to start.
            async with client.get(server.url) as response:
                assert response.status == 503
                assert "All 1 games this server allows are open" in await response.text()
            assert server.open_tabs == 1
    finally:
        await server.close()


async def test_the_page_loads_nothing_from_outside_and_static_lists_nothing(
    served: WebServer,
) -> None:
    async with browser_like() as client:
        async with client.get(served.url) as response:
            page = await response.text()
        assert "googleapis" not in page
        assert "RobotoMono-VariableFont_wght.ttf" in page  # the font, from this server
        for link in ("href", "src"):
            for start in page.split(f'{link}="')[1:]:
                assert start.startswith(f"http://127.0.0.1:{served.port}/"), start[:60]
        for folder in ("static/", "static/js/", "static/fonts"):
            async with client.get(page_of(served) + folder) as response:
                assert response.status in (403, 404), folder
                assert "textual.js" not in await response.text()
        font = page_of(served) + "static/fonts/RobotoMono-VariableFont_wght.ttf"
        async with client.get(font) as response:
            assert response.status == 200
