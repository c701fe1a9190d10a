"""A real browser for end-to-end tests: Debian's chromium driven by selenium, reading the page's
terminal (xterm.js) back as text, and `entropy-tui serve` running as its own process."""

from __future__ import annotations

import os
import re
import selectors
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
needs_chromium = pytest.mark.skipif(
    not (CHROMIUM.exists() and CHROMEDRIVER.exists()),
    reason="needs Debian's chromium and chromium-driver (/usr/bin/chromium, /usr/bin/chromedriver;"
    " .ci/run installs them)",
)
# Generous: on a busy machine a cold app start in the browser takes many seconds.
WAIT_SECONDS = 60
BROWSER_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
# textual-serve's page keeps its xterm.js Terminal to itself; it is stored as `.terminal` on the
# page's own object, so a setter put on every object before the page loads sees it go by.
CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal", {value, writable: true, configurable: true});
    if (value && value.buffer && value.buffer.active) window.entropyTerminals.push(value);
  },
});
window.entropyTerminals = [];
"""
READ_SCREEN = """
const terminal = window.entropyTerminals && window.entropyTerminals[0];
if (!terminal) return null;
const buffer = terminal.buffer.active, rows = [];
for (let y = 0; y < terminal.rows; y++) rows.push(buffer.getLine(y).translateToString(true));
return rows.join("\\n");
"""


class Served:
    """`entropy-tui serve --port 0 ...` in a process group of its own; `.url` once it listens."""

    def __init__(self, *options: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "entropy_tui", "serve", "--port", "0", *options],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        self.output = ""
        self.url = self._read_url()

    def _read_url(self) -> str:
        assert self.process.stdout is not None
        with selectors.DefaultSelector() as selector:
            selector.register(self.process.stdout, selectors.EVENT_READ)
            deadline = time.monotonic() + WAIT_SECONDS
            while time.monotonic() < deadline and selector.select(deadline - time.monotonic()):
                line = self.process.stdout.readline()
                if not line:
                    break
                self.output += line
                if found := re.search(r"http://\S+", line):
                    return found.group(0)
        self.stop()
        raise AssertionError(f"entropy-tui serve printed no address:\n{self.output}")

    def processes_left(self) -> list[int]:
        """The server's processes (its apps and their workers among them) still running."""
        left = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # it ended while being read
            state, group = fields[0], int(fields[2])
            if group == self.process.pid and state != "Z":
                left.append(int(stat.parent.name))
        return left

    def stop(self) -> int:
        """Stops it as Ctrl+C would; kills the whole group if it does not stop in time."""
        if self.process.stdout is None or self.process.stdout.closed:
            return self.process.returncode
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(WAIT_SECONDS / 2)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.output += self.process.stdout.read()
        self.process.stdout.close()
        return self.process.returncode


class Browser:
    """One headless chromium with a profile of its own; selenium is told where the driver is, so
    it never looks for one to download."""

    def __init__(self, size: tuple[int, int] = (1280, 800)) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        self.profile = tempfile.TemporaryDirectory(prefix="entropy-chromium-")
        options = webdriver.ChromeOptions()
        options.binary_location = str(CHROMIUM)
        for flag in (*BROWSER_FLAGS, f"--user-data-dir={self.profile.name}"):
            options.add_argument(flag)
        options.add_argument(f"--window-size={size[0]},{size[1]}")
        self.driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
        self._catch_terminal()

    def _catch_terminal(self) -> None:
        """Readies the current tab (each tab needs it once) to read its terminal back."""
        self.driver.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument", {"source": CATCH_TERMINAL}
        )

    def open(self, url: str, *, new_tab: bool = False) -> None:
        if new_tab:
            self.driver.switch_to.new_window("tab")
            self._catch_terminal()
        self.driver.get(url)

    def tabs(self) -> list[str]:
        return list(self.driver.window_handles)

    def switch_to(self, tab: str) -> None:
        self.driver.switch_to.window(tab)

    def screen(self) -> str:
        """The terminal's rows as text ("" until the page's terminal exists)."""
        return self.driver.execute_script(READ_SCREEN) or ""

    def wait_for(self, test: Callable[[str], bool], what: str) -> str:
        """The screen once `test` holds."""
        wait_until(lambda: test(self.screen()), f"{what}; the page shows:\n{self.screen()}")
        return self.screen()

    def press(self, *keys: Any) -> None:
        """Types into the terminal, as a person would: selenium's Keys for special keys, and a
        modifier holds until the end (`press(Keys.CONTROL, "s")` is Ctrl+S)."""
        from selenium.webdriver.common.by import By

        self.driver.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea").send_keys(*keys)

    def session_ended(self) -> bool:
        """Whether the page says its app is gone (textual-serve's "Session ended")."""
        return "-closed" in self.driver.execute_script("return document.body.className")

    def screenshot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))

    def quit(self) -> None:
        self.driver.quit()
        self.profile.cleanup()


def has_all(*words: str) -> Callable[[str], bool]:
    return lambda screen: all(word in screen for word in words)


def wait_until(test: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not test():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited in vain for {what}")
        time.sleep(0.2)
