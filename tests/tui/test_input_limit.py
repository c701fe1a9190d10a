"""A screen holds only so much input at once: past the cap its driver drops what it reads until
the app has caught up, and the app says how many keys it lost."""

from __future__ import annotations

import asyncio
import gc
import os
import sys
import threading
import time

import pytest
from textual import constants, events
from textual.drivers.linux_driver import LinuxDriver
from textual.drivers.web_driver import WebDriver

from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.input_limit import (
    GatedParser,
    InputGate,
    gated,
    input_events_are_tracked,
    reading_gate,
)
from entropy_tui.tui.paste_limit import PASTE_END, PASTE_START

MAX_RSS_MB = 150


def key() -> events.Key:
    return events.Key("down", None)


def test_the_gate_drops_past_its_cap_until_the_app_catches_up() -> None:
    gate = InputGate(limit=4, resume_at=2)
    held = [key() for _ in range(4)]
    assert [gate.admit(event) for event in held] == ["admitted"] * 4
    assert [gate.admit(key()), gate.admit(key())] == ["first dropped", "dropped"]
    del held[:1]  # the app has finished with one: still above where it takes input again
    assert gate.admit(key()) == "dropped"
    del held[:1]
    gc.collect()  # events are freed when nothing holds them; no collection is needed, but PyPy
    assert gate.pending == 2
    kept = key()
    assert gate.admit(kept) == "admitted"
    assert (gate.dropped, gate.dropping, gate.pending) == (3, False, 3)


def test_textual_input_events_still_take_weak_references() -> None:
    """The gate counts an event finished once it is freed; an upgrade that gave Textual's events
    __slots__ would make this fail (and the app refuse to start, saying why)."""
    input_events_are_tracked()


def test_the_app_caps_input_from_a_terminal_and_from_a_browser_tab(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """LinuxDriver: a terminal's (over SSH too); WebDriver: the one textual-serve asks for."""
    for driver in (LinuxDriver, WebDriver):
        monkeypatch.setattr(constants, "DRIVER", f"{driver.__module__}:{driver.__name__}")
        gated = EntropyApp().driver_class
        assert issubclass(gated, driver) and gated.send_message is not driver.send_message


def rss_mb(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        line = next(line for line in status if line.startswith("VmRSS:"))
    return int(line.split()[1]) // 1024


def packet(data: bytes) -> bytes:
    """What textual-serve writes to a tab's app for the keys the browser sent."""
    return b"D" + len(data).to_bytes(4, "big") + data


@pytest.mark.process
async def test_an_arrow_flood_from_a_browser_tab_leaves_its_app_small() -> None:
    """Slow (some 20 s): the app as textual-serve runs it for a browser tab, fed 1 MB of arrow
    keys on its stdin; its memory is sampled throughout."""
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
        arrows = packet(b"\x1b[B" * 1000)
        deadline = time.monotonic() + 90
        for _ in range(350):  # 1 MB
            app.stdin.write(arrows)
            await app.stdin.drain()
            peak = max(peak, rss_mb(app.pid))
            if peak > MAX_RSS_MB or time.monotonic() > deadline:
                break
        while b"dropped" not in shown and peak <= MAX_RSS_MB and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
            peak = max(peak, rss_mb(app.pid))
        assert peak <= MAX_RSS_MB, f"the app grew to {peak} MB"
        assert b"were dropped" in shown
    finally:
        app.kill()
        app.stdin.close()
        await app.wait()
        await reader  # the screen's pipe ends with the app, and the transport closes with it


PARSER_STATE_GONE = (
    "This Textual's parser no longer shows when it waits for a new key (Parser._awaiting, a"
    " Read1 with no time-out), which input_limit.GatedParser reads: a flood is parsed in full"
)


def dropping_gate() -> InputGate:
    gate = InputGate(limit=1, resume_at=0)
    held = key()
    assert gate.admit(held) == "admitted" and gate.admit(key()) == "first dropped"
    gate.held = held  # type: ignore[attr-defined] - pending until the test lets it go
    return gate


def parsed_keys(parser: GatedParser, *reads: str) -> list[str]:
    return [m.key for read in reads for m in parser.feed(read) if isinstance(m, events.Key)]


def test_while_the_gate_drops_text_is_dropped_unparsed_from_a_keys_start_and_counted() -> None:
    gate = dropping_gate()
    token = reading_gate.set(gate)
    try:
        parser = GatedParser()
    finally:
        reading_gate.reset(token)
    # The first read ends within an arrow's sequence: that start is kept for the next read.
    assert parsed_keys(parser, "\x1b[B" * 5 + "x\x1b[") == []
    assert gate.dropped == 1 + 6
    del gate.held  # type: ignore[attr-defined] - the app has caught up
    gc.collect()
    # Nothing stray: the arrow split across the reads is parsed whole, then what follows.
    assert parsed_keys(parser, "Aq") == ["up", "q"]
    assert gate.dropped == 7


def test_a_sequence_begun_before_the_gate_dropped_is_parsed_to_its_end_and_a_paste_whole() -> None:
    gate = InputGate(limit=1, resume_at=0)
    token = reading_gate.set(gate)
    try:
        parser = GatedParser()
    finally:
        reading_gate.reset(token)
    assert parsed_keys(parser, "\x1b[") == [] and not parser.between_keys()
    gate.dropping, gate._pending = True, 5  # the app is behind
    assert parsed_keys(parser, "B") == ["down"]
    assert parser.between_keys(), PARSER_STATE_GONE
    messages = list(parser.feed(f"{PASTE_START}pasted"))
    messages += parser.feed(f" whole{PASTE_END}")
    assert [m.text for m in messages if isinstance(m, events.Paste)] == ["pasted whole"]
    assert gate.dropped == 0


@pytest.mark.parametrize("driver", [LinuxDriver, WebDriver])
def test_a_parser_made_in_a_gated_drivers_input_thread_drops_for_that_drivers_gate(
    driver: type, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Textual's terminal and browser drivers make their parser in their input thread."""
    gated_driver = gated(driver)
    made: list[GatedParser] = []
    monkeypatch.setattr(driver, "run_input_thread", lambda self: made.append(GatedParser()))
    reader = gated_driver.__new__(gated_driver)
    reader.input_gate = InputGate()
    thread = threading.Thread(target=reader.run_input_thread)
    thread.start()
    thread.join()
    assert made[0].gate is reader.input_gate
    assert GatedParser().gate is None  # made anywhere else, a parser parses everything
