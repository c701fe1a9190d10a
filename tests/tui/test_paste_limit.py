"""A paste reaches a screen cut to its first few thousand characters, however long it is and even
if it never ends; the app says so."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from collections.abc import Iterator

import pytest
from textual import constants, events
from textual.drivers.linux_driver import LinuxDriver
from textual.drivers.web_driver import WebDriver
from textual.message import Message

from entropy_tui.tui import paste_limit
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.paste_limit import (
    MAX_PASTE_CHARACTERS,
    PASTE_END,
    PASTE_START,
    PasteCut,
    PasteLimit,
    cap_pastes,
)

from .test_input_limit import MAX_RSS_MB, packet, rss_mb

STREAM = f"ab{PASTE_START}{'x' * 10}{PASTE_END}cd{PASTE_START}yyy{PASTE_END}e\x1b"
FILTERED = f"ab{PASTE_START}xxxxx{PASTE_END}cd{PASTE_START}yyy{PASTE_END}e\x1b"


def filtered(pieces: list[str]) -> tuple[str, int]:
    limit = PasteLimit(limit=5)
    passed, cuts = [], 0
    for piece in pieces:
        text, cut = limit.filter(piece)
        passed.append(text)
        cuts += cut
    return "".join(passed), cuts


def test_a_paste_keeps_its_first_characters_and_its_end_wherever_the_reads_split_it() -> None:
    assert filtered([STREAM]) == (FILTERED, 1)
    assert filtered(list(STREAM)) == (FILTERED, 1)
    for split in range(len(STREAM) + 1):
        assert filtered([STREAM[:split], STREAM[split:]]) == (FILTERED, 1), split


def test_keys_outside_a_paste_pass_at_once_and_a_paste_waits_only_on_what_may_end_it() -> None:
    limit = PasteLimit(limit=5)
    assert limit.filter("q\x1b") == ("q\x1b", False)  # a lone escape key is not held back
    assert limit.filter("[200~ab\x1b[20") == ("[200~ab", False)
    assert limit.filter("1~z") == (f"{PASTE_END}z", False)


def test_a_paste_that_never_ends_is_cut_once_and_keeps_being_dropped() -> None:
    limit = PasteLimit(limit=5)
    assert limit.filter(PASTE_START + "x" * 4) == (PASTE_START + "x" * 4, False)
    assert limit.filter("x" * 4) == ("x", True)
    for _ in range(100):
        assert limit.filter("x" * 1000) == ("", False)
    assert limit.pasting


@pytest.fixture
def textuals_own_parser(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The drivers make their parser from Textual's own XTermParser again, until the test ends
    (an app started in this process has replaced it)."""
    for driver in (LinuxDriver, WebDriver):
        module = sys.modules[driver.run_input_thread.__module__]
        monkeypatch.setattr(module, "XTermParser", paste_limit.XTermParser)
    yield


@pytest.mark.usefixtures("textuals_own_parser")
def test_textuals_drivers_still_make_their_parser_from_a_name_entropy_tui_replaces() -> None:
    """The cap works by replacing the XTermParser that a terminal's and a browser tab's driver
    make their parser from: a Textual upgrade that changed that makes this fail (and the app
    refuse to start, saying why)."""
    for driver in (LinuxDriver, WebDriver):
        cap_pastes(driver)


def test_a_textual_whose_driver_makes_its_parser_otherwise_is_refused_saying_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delattr(sys.modules[WebDriver.run_input_thread.__module__], "XTermParser")
    with pytest.raises(RuntimeError, match="cannot cap the length of a paste with Textual"):
        cap_pastes(WebDriver)


@pytest.mark.usefixtures("textuals_own_parser")
@pytest.mark.parametrize("driver", [LinuxDriver, WebDriver])
def test_the_parser_the_apps_driver_reads_with_cuts_a_long_paste(
    driver: type, monkeypatch: pytest.MonkeyPatch
) -> None:
    """LinuxDriver: a terminal's (over SSH too); WebDriver: the one textual-serve asks for."""
    monkeypatch.setattr(constants, "DRIVER", f"{driver.__module__}:{driver.__name__}")
    EntropyApp().driver_class  # noqa: B018 - the app's driver is made ready as the app starts
    parser = sys.modules[driver.run_input_thread.__module__].XTermParser()
    read: list[Message] = []
    for text in (PASTE_START, "z" * 100_000, PASTE_END, "k"):
        read.extend(parser.feed(text))
    pastes = [message.text for message in read if isinstance(message, events.Paste)]
    assert [len(text) for text in pastes] == [MAX_PASTE_CHARACTERS] and set(pastes[0]) == {"z"}
    assert [message.kept for message in read if isinstance(message, PasteCut)] == [
        MAX_PASTE_CHARACTERS
    ]
    assert [message.key for message in read if isinstance(message, events.Key)] == ["k"]


@pytest.mark.process
async def test_a_paste_that_never_ends_leaves_a_browser_tabs_app_small() -> None:
    """Slow (some 15 s): the app as textual-serve runs it for a browser tab, fed the start of a
    paste and 16 MB of text on its stdin, and never the paste's end; its memory is sampled
    throughout."""
    env = {**os.environ, "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver"}
    env |= {"COLUMNS": "100", "ROWS": "30"}
    app = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "entropy_tui", "--seats", "Ann,Bea", "--seed", "7",
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL, env=env,
    )  # fmt: skip
    assert app.stdin is not None and app.stdout is not None
    shown = bytearray()

    async def read_screen() -> None:
        assert app.stdout is not None
        while data := await app.stdout.read(65536):
            shown.extend(data)

    reader = asyncio.ensure_future(read_screen())
    peak = 0
    try:
        while b"Pass" not in shown:  # the game is drawn
            await asyncio.sleep(0.05)
        app.stdin.write(packet(PASTE_START.encode()))
        text = packet(b"pasted text " * 5000)
        deadline = time.monotonic() + 60
        for _ in range(16 * 1024 * 1024 // 60_000):  # 16 MB
            app.stdin.write(text)
            await app.stdin.drain()
            peak = max(peak, rss_mb(app.pid))
            if peak > MAX_RSS_MB or time.monotonic() > deadline:
                break
        while b"cut short" not in shown and peak <= MAX_RSS_MB and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
            peak = max(peak, rss_mb(app.pid))
        assert peak <= MAX_RSS_MB, f"the app grew to {peak} MB"
        assert b"cut short" in shown
    finally:
        app.kill()
        app.stdin.close()
        await app.wait()
        await reader  # the screen's pipe ends with the app, and the transport closes with it
