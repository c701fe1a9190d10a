"""End to end in a real terminal: the app started in tmux at 80x24, driven with keys, read back
with capture-pane. Skipped where tmux is not installed."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


class Tmux:
    """One tmux server of our own (its own socket), holding one session."""

    def __init__(self, command: str, size: tuple[int, int]) -> None:
        # A socket of its own per terminal: a server still shutting down from the previous test
        # must not swallow this one's session.
        self.socket = f"entropy-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.run(
            "new-session", "-d", "-s", "game", "-x", str(size[0]), "-y", str(size[1]),
            "-c", str(ROOT), command,
        )  # fmt: skip

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        # Under pytest COLUMNS and LINES are set (80x24); a program in the pane would take them
        # for its size, so the server that starts the pane must not pass them on.
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        return subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=10, env=env
        )

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", "game").stdout

    def keys(self, *keys: str) -> None:
        self.run("send-keys", "-t", "game", *keys)

    def alive(self) -> bool:
        return self.run("has-session", "-t", "game").returncode == 0

    def wait_for(self, test: Callable[[str], bool], what: str, timeout: float = 20) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.screen()
            if test(text):
                return text
            time.sleep(0.1)
        raise AssertionError(f"waited {timeout}s for {what}; the screen shows:\n{self.screen()}")

    def close(self) -> None:
        self.run("kill-server")


def start(size: tuple[int, int]) -> Tmux:
    command = shlex.join([sys.executable, "-m", "entropy_tui", "--seats", "Ann,Bea", "--seed", "7"])
    return Tmux(f"env TERM=xterm-256color {command}", size)


@pytest.fixture
def tmux() -> Iterator[Tmux]:
    terminal = start((80, 24))
    yield terminal
    terminal.close()


def test_a_terminal_too_small_gets_a_message_not_a_crash() -> None:
    terminal = start((60, 20))
    try:
        terminal.wait_for(lambda s: "Make the window at least 80x24" in s, "the notice")
        terminal.run("resize-window", "-t", "game", "-x", "80", "-y", "24")
        terminal.wait_for(lambda s: "Pass to @ Ann" in s, "the game, once the window fits")
    finally:
        terminal.close()


def test_a_hot_seat_game_in_tmux(tmux: Tmux) -> None:
    # A cold start on a busy machine (the rest of the suite running) can take many seconds.
    tmux.wait_for(lambda s: "Pass to @ Ann - press Enter" in s, "the first hand-off", timeout=90)
    tmux.keys("Enter")
    screen = tmux.wait_for(lambda s: "move your Scientist" in s, "Ann's first decision")
    assert "Hand (private)" not in screen or "Ann" in screen
    tmux.keys("1")
    tmux.wait_for(lambda s: "move your Scientist" not in s, "the move to be made")
    tmux.keys("?")
    tmux.wait_for(lambda s: "Keys (Esc closes)" in s, "the help screen")
    tmux.keys("Escape")
    tmux.wait_for(lambda s: "Keys (Esc closes)" not in s, "help to close")
    tmux.run("resize-window", "-t", "game", "-x", "60", "-y", "20")
    tmux.wait_for(lambda s: "Make the window at least 80x24" in s, "the too-small notice")
    tmux.run("resize-window", "-t", "game", "-x", "80", "-y", "24")
    tmux.wait_for(lambda s: "Make the window" not in s, "the game to come back")
    tmux.keys("q")
    tmux.wait_for(lambda s: "Leave this game?" in s, "the quit question")
    tmux.keys("y")
    deadline = time.monotonic() + 10
    while tmux.alive() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not tmux.alive(), "the app should have exited"
