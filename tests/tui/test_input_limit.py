"""A screen holds only so much input at once: past the cap its driver drops what it reads until
the app has caught up, and the app says how many keys it lost."""

from __future__ import annotations

import asyncio
import gc
import os
import sys
import time

import pytest
from textual import constants, events
from textual.drivers.linux_driver import LinuxDriver
from textual.drivers.web_driver import WebDriver

from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.input_limit import InputGate, input_events_are_tracked

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
