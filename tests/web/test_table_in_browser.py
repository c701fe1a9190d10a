"""A table hosted with `entropy-tui host --web-port N`: a browser reaches its lobby, once it
gives the table's password."""

from __future__ import annotations

import shlex
import sys
import urllib.error
import urllib.request

import pytest
from selenium.webdriver.common.keys import Keys

from tests.ssh.table import free_port
from tests.tui.tmux import Tmux, needs_tmux

from .browser import Browser, has_all, needs_chromium, wait_until

pytestmark = [needs_chromium, needs_tmux, pytest.mark.browser, pytest.mark.tmux]


def answers(url: str) -> int | None:
    """The HTTP status the page answers with (None: nothing listens yet)."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return None


def test_a_browser_with_the_password_reaches_the_tables_lobby(browser: Browser) -> None:
    web_port = free_port()
    host = [
        sys.executable, "-m", "entropy_tui", "host", "--seats", "remote:Ann,bot:greedy",
        "--seed", "3", "--listen", "127.0.0.1", "--port", "0", "--web-port", str(web_port),
        "--password", "sesame",
    ]  # fmt: skip
    terminal = Tmux(shlex.join(host), (100, 30))
    try:
        page = f"http://127.0.0.1:{web_port}/"
        wait_until(lambda: answers(page) is not None, "the table's web page")
        assert answers(page) == 401  # no password, no lobby
        browser.open(f"http://visitor:sesame@127.0.0.1:{web_port}/")
        lobby = browser.wait_for(has_all("ENTROPY - a shared table", "Take Ann's seat"), "a lobby")
        assert "Ann  free" in lobby
        browser.press(Keys.ENTER)  # the first key already reaches the lobby's choices
        browser.wait_for(has_all("Ann: move your Scientist"), "Ann's seat, taken from the lobby")
    finally:
        terminal.close()
