"""`entropy-tui serve` without a browser: its arguments, its address, and its limits."""

from __future__ import annotations

import base64
import socket
import subprocess
import sys

import aiohttp
import pytest

from entropy_tui.__main__ import main
from entropy_tui.cli.main import parse
from entropy_tui.cli.serve import app_command
from entropy_tui.web.server import (
    PASSWORD_REALM,
    password_given,
    start_web_server,
)
from entropy_tui.web.table import serve_lobby


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--port", "x"], "'x' is not a port number"),
        (["--port", "70000"], "70000 is not a port"),
        (["--seed", "-1"], "--seed must be a whole number from 0 to 18446744073709551615"),
        (["--seed", str(1 << 64)], "--seed must be a whole number from 0"),
        (["--bot-delay", "-2"], "--bot-delay must be 0 or more"),
        (["--max-tabs", "0"], "must be 1 or more"),
        (["--seats", "Ann,Bob"], "unrecognized arguments: --seats"),
    ],
)
def test_bad_options_are_refused_with_a_message(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", *argv]) == 2
    assert words in capsys.readouterr().err


def test_a_port_in_use_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 1
    assert f"port {port} is already in use on 127.0.0.1; choose another" in capsys.readouterr().err


def test_an_unknown_host_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--host", "no-such-host.invalid", "--port", "0"]) == 1
    assert "cannot listen on no-such-host.invalid port 0" in capsys.readouterr().err


def test_the_app_options_reach_every_tabs_app() -> None:
    flags = ["--seed", "7", "--open-hands", "--colour-blind", "--bot-delay", "0"]
    args = parse(["serve", *flags])
    assert app_command(args)[1:] == [
        "-m", "entropy_tui", "--seed", "7", "--open-hands", "--colour-blind", "--bot-delay", "0.0"
    ]  # fmt: skip
    assert app_command(parse(["serve"]))[1:] == ["-m", "entropy_tui"]


def test_the_plain_game_does_not_load_the_web_server() -> None:
    check = (
        "import sys\n"
        "from entropy_tui.__main__ import main\n"
        "import entropy_tui.tui.app\n"
        "assert main(['--seed', '-1']) == 2\n"
        "loaded = [m for m in sys.modules if m.split('.')[0] in ('aiohttp', 'textual_serve')]\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-c", check], check=True, capture_output=True)


async def test_the_page_points_back_at_the_address_the_browser_used() -> None:
    server = await start_web_server([sys.executable, "-m", "entropy_tui"], port=0)
    try:
        token = server.url.partition("?token=")[2]
        assert server.url == f"http://127.0.0.1:{server.port}/?token={token}"
        async with aiohttp.ClientSession() as client:
            page_url = f"http://127.0.0.1:{server.port}/"
            headers = {
                "Host": f"localhost:{server.port}",
                "Cookie": f"entropy-tui-{server.port}={token}",
            }
            async with client.get(page_url, headers=headers) as response:
                page = await response.text()
        assert f'data-session-websocket-url="ws://localhost:{server.port}/ws"' in page
        assert "<div>Entropy</div>" in page
    finally:
        await server.close()


# Stands in for an app: says it is ready as Textual's web driver does, and quits on any input
# (the server's quit message).
TINY_APP = [
    sys.executable,
    "-c",
    "import sys; print('__GANGLION__', flush=True); sys.stdin.buffer.read(1)",
]


@pytest.mark.slow
async def test_a_password_keeps_out_every_request_without_it() -> None:
    server = await start_web_server(TINY_APP, port=0, password="sesame")
    page = f"http://127.0.0.1:{server.port}/"
    try:
        async with aiohttp.ClientSession() as client:
            async with client.get(page) as response:
                assert response.status == 401
                assert response.headers["WWW-Authenticate"] == PASSWORD_REALM
            wrong = {"Authorization": basic("ann", "open sesame")}
            for path in ("", "ws", "static/js/textual.js"):
                async with client.get(page + path, headers=wrong) as response:
                    assert response.status == 401
            assert server.open_tabs == 0
            right = {"Authorization": basic("anyone", "sesame")}
            async with client.get(page, headers=right) as response:
                assert response.status == 200
                assert "data-session-websocket-url" in await response.text()
    finally:
        await server.close()


def basic(user: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


@pytest.mark.parametrize(
    ("header", "password"),
    [
        (basic("ann", "sesame"), b"sesame"),
        (basic("", "a:b"), b"a:b"),
        ("Bearer c2VzYW1l", b""),
        ("Basic not base64!", b""),
        ("Basic", b""),
    ],
)
def test_the_password_is_read_from_the_header(header: str, password: bytes) -> None:
    assert password_given(header) == password


async def test_a_tables_web_page_names_its_own_option_when_it_cannot_listen() -> None:
    with pytest.raises(OSError, match=r"--web-port 70000 is not a port"):
        await serve_lobby(TINY_APP, port=70000, host="127.0.0.1", password="x")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(OSError, match=rf"port {port} is already in use.*with --web-port"):
            await serve_lobby(TINY_APP, port=port, host="127.0.0.1", password="x")


async def test_a_tables_web_page_asks_for_the_tables_password() -> None:
    server, line = await serve_lobby(TINY_APP, port=0, host="127.0.0.1", password="sesame")
    try:
        assert line.startswith(f"In a browser: http://127.0.0.1:{server.port}/")
        assert "the password above" in line
        async with aiohttp.ClientSession() as client, client.get(server.url) as response:
            assert response.status == 401
    finally:
        await server.close()
