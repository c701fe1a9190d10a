"""A real terminal for end-to-end tests: a tmux server of our own, read back with capture-pane."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
needs_tmux = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


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

    def wait_for(
        self, test: Callable[[str], bool], what: str, timeout: float = 20, *, steady: bool = False
    ) -> str:
        """The screen once `test` holds; `steady`: and the screen stayed the same for 0.3 s, so
        a frame still being drawn on a busy machine is not read as the whole screen."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.screen()
            if test(text):
                if not steady:
                    return text
                time.sleep(0.3)
                if self.screen() == text:
                    return text
                continue
            time.sleep(0.1)
        raise AssertionError(f"waited {timeout}s for {what}; the screen shows:\n{self.screen()}")

    def close(self) -> None:
        self.run("kill-server")
