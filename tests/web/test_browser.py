"""`entropy-tui serve` in a real headless browser: every tab opens the new-game screen of an app
of its own, and takes keys."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .browser import Browser, Served, has_all, needs_chromium, wait_until

pytestmark = [needs_chromium, pytest.mark.browser]

NEW_GAME = ("ENTROPY - new game", "Seat 1", "Start game")
KEYS_LIST = "Keys (g: what the letters mean, Esc closes)"
# The origins of everything the page loaded or links to load.
LOADED = """
const addresses = performance.getEntriesByType("resource").map(entry => entry.name);
for (const element of document.querySelectorAll("[href], [src]")) {
  addresses.push(element.href || element.src);
}
return [...new Set(addresses.map(address => new URL(address).origin + "/"))];
"""


@pytest.fixture
def served() -> Iterator[Served]:
    server = Served("--seed", "7")
    try:
        yield server
    finally:
        server.stop()


def test_a_tab_opens_the_new_game_screen_takes_keys_and_ends_with_the_server(
    served: Served, browser: Browser
) -> None:
    assert "?token=" in served.url  # no password: the printed link holds a token
    browser.open(served.url)
    screen = browser.wait_for(has_all(*NEW_GAME), "the new-game screen")
    assert "Seed 7" in screen  # the option given to serve reached the app
    # The token went into a cookie and out of the address bar; the page, its script and its
    # font all came from this server.
    page = served.url.partition("?")[0]
    assert browser.driver.current_url == page
    assert browser.driver.execute_script(LOADED) == [page]
    browser.press("?")
    browser.wait_for(has_all(KEYS_LIST), "the list of keys after ?")
    assert served.processes_left()  # the tab's app runs in the server's process group
    assert served.stop() == 0
    assert "Stopped" in served.output
    wait_until(lambda: not served.processes_left(), "the apps and their workers to end")
    wait_until(browser.session_ended, "the page to say its session ended")


def test_every_tab_plays_an_app_of_its_own_once_the_password_is_given(browser: Browser) -> None:
    served = Served("--password", "sesame")
    try:
        tabs_of_their_own(served.url.replace("http://", "http://ann:sesame@"), browser)
    finally:
        served.stop()


def tabs_of_their_own(url: str, browser: Browser) -> None:
    browser.open(url)
    browser.wait_for(has_all(*NEW_GAME), "the new-game screen")
    browser.press("?")
    browser.wait_for(has_all(KEYS_LIST), "the list of keys after ?")
    first = browser.tabs()[0]
    browser.open(url, new_tab=True)
    # A second tab starts on the new-game screen, not on the first tab's list of keys.
    browser.wait_for(has_all(*NEW_GAME), "a second new-game screen")
    assert KEYS_LIST not in browser.screen()
    browser.switch_to(first)
    assert KEYS_LIST in browser.screen()
