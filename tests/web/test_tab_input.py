"""A browser tab's input reaches its app as an SSH client's does: keys at the input allowance,
window sizes and focus changes at most twice a second, ending on the latest."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from textual_serve.server import Server

from entropy_tui.web import pacing
from entropy_tui.web.pacing import message_loop_problem
from entropy_tui.web.server import WebServer, _TabServer, start_web_server

from .test_access import browser_like, page_of, token_of

PROBE = Path(__file__).with_name("tab_probe.py")


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The time the pacing sees: it stands still until a test moves it on."""
    now = [0.0]
    monkeypatch.setattr(pacing, "monotonic", lambda: now[0])
    return now


@pytest.fixture
async def served() -> AsyncIterator[WebServer]:
    server = await start_web_server([sys.executable, str(PROBE)], port=0)
    try:
        yield server
    finally:
        await server.close()


async def open_tab(
    client: aiohttp.ClientSession, server: WebServer
) -> aiohttp.ClientWebSocketResponse:
    tab = await client.ws_connect(f"{page_of(server)}ws?token={token_of(server)}")
    await shown_until(tab, "ready")
    return tab


async def shown_until(tab: aiohttp.ClientWebSocketResponse, text: str) -> list[str]:
    """The lines the tab's app showed, up to the one that says `text`."""
    lines: list[str] = []
    while text not in lines:
        data = await asyncio.wait_for(tab.receive_bytes(), 20)
        lines += data.decode().split("\r\n")[:-1]
    return lines


async def every_message_taken(tab: aiohttp.ClientWebSocketResponse) -> list[str]:
    """Waits until the server has taken every message sent before (it answers pings in turn),
    returning the lines the tab's app showed meanwhile."""
    await tab.send_json(["ping", "sent"])
    lines: list[str] = []
    while (message := await asyncio.wait_for(tab.receive(), 20)).type != aiohttp.WSMsgType.TEXT:
        lines += message.data.decode().split("\r\n")[:-1]
    assert message.json() == ["pong", "sent"]
    return lines


def test_textual_serve_still_passes_a_tabs_input_through_the_loop_that_is_paced() -> None:
    """TabInput stands in for the app in textual-serve's private message loop: an upgrade of
    textual-serve that changed the loop makes this fail (and the server refuse to start)."""
    assert message_loop_problem() is None


def test_a_textual_serve_whose_message_loop_changed_is_refused_saying_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delattr(Server, "_process_messages")
    problem = message_loop_problem()
    assert problem is not None and "cannot pace a browser tab's input" in problem
    with pytest.raises(RuntimeError, match="cannot pace a browser tab's input"):
        _TabServer(["true"], title="Entropy", max_tabs=1, public_url=None)


async def test_keys_reach_a_tabs_app_no_faster_than_the_input_allowance(
    served: WebServer, clock: list[float], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pacing, "INPUT_BURST", 1000)
    async with browser_like() as client, await open_tab(client, served) as tab:
        await tab.send_json(["stdin", "x" * 999 + "\r" + "y" * 999 + "\r"])
        # A window size goes on at once, and its own way: keys that could have gone on did so
        # before it.
        await tab.send_json(["resize", {"width": 90, "height": 30}])
        shown = await shown_until(tab, "resized 90x30")
        assert "typed 1000" in shown and "typed 2000" not in shown  # the clock stands still
        clock[0] += 1000 / pacing.INPUT_BYTES_PER_SECOND
        assert "typed 2000" in await shown_until(tab, "typed 2000")


@pytest.mark.parametrize(
    ("flood", "last", "first_shown", "last_shown"),
    [
        (
            [["resize", {"width": 1000 - n % 2, "height": 500}] for n in range(200)],
            ["resize", {"width": 90, "height": 30}],
            "resized 1000x500",
            "resized 90x30",
        ),
        ([["blur"]] * 200, ["focus"], "blur", "focus"),
    ],
)
async def test_a_flood_of_window_sizes_or_focus_changes_reaches_the_app_twice_ending_on_the_last(
    served: WebServer,
    clock: list[float],
    flood: list[list[object]],
    last: list[object],
    first_shown: str,
    last_shown: str,
) -> None:
    """Each would make the app lay out or restyle its screen (a 1000x500 layout costs 0.23 s)."""
    async with browser_like() as client, await open_tab(client, served) as tab:
        for message in [*flood, last]:
            await tab.send_json(message)
        shown_at_once = await every_message_taken(tab)
        clock[0] += 1 / pacing.RESIZES_PER_SECOND  # the next may go on
        shown = shown_at_once + await shown_until(tab, last_shown)
        assert shown == [first_shown, last_shown]
