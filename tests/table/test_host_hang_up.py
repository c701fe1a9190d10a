"""A host whose own terminal closes (its window shut, its SSH connection dropped) stops."""

from __future__ import annotations

import os
import shlex
import sys
import time
from pathlib import Path

import pytest

from tests.tui.tmux import Tmux, needs_tmux

pytestmark = [needs_tmux, pytest.mark.tmux]


def host_processes(data: Path) -> list[int]:
    """The processes whose environment names this test's data folder."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environment = (entry / "environ").read_bytes()
        except OSError:
            continue
        if f"ENTROPY_TUI_DATA={data}".encode() in environment.split(b"\0"):
            found.append(int(entry.name))
    return found


def test_a_host_set_up_on_its_screen_stops_when_its_terminal_closes(tmp_path: Path) -> None:
    host = [sys.executable, "-m", "entropy_tui", "host", "--port", "0", "--password", "x"]
    command = f"env ENTROPY_TUI_DATA={shlex.quote(str(tmp_path))} {shlex.join(host)}"
    terminal = Tmux(command, (100, 30))
    try:
        terminal.wait_for(lambda text: "host a shared table" in text, "the set-up screen")
        terminal.keys("C-g")
        terminal.wait_for(lambda text: "move your Scientist" in text, "the table's game")
        assert host_processes(tmp_path)
    finally:
        terminal.close()  # the terminal goes away, as a closed window's does
    deadline = time.monotonic() + 20
    while host_processes(tmp_path) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = host_processes(tmp_path)
    for pid in left:
        os.kill(pid, 9)
    assert not left, "the host went on running after its terminal closed"
