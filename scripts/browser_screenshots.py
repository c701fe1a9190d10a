"""Screenshots of the game in a browser: `entropy-tui serve` in Debian's headless chromium, the
new-game screen and a game a few rounds in, as PNG in screenshots/.

    python scripts/browser_screenshots.py
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.web.browser import Browser, Served, has_all  # noqa: E402

OUT = ROOT / "screenshots"
WINDOW = (1400, 960)  # the page then holds about 155x45 cells: the full layout
# Ann (at the keyboard) takes the highlighted option of every decision; Bob, a bot, plays at once.
CHOICES_INTO_THE_GAME = 60
ROUND = "Round 4"


def steady_screen(browser: Browser) -> str:
    """The screen once it has stopped changing (a bot's turn or a redraw has finished)."""
    before = browser.screen()
    while True:
        time.sleep(0.6)
        now = browser.screen()
        if now == before:
            return now
        before = now


def main() -> int:
    os.environ["ENTROPY_TUI_DATA"] = tempfile.mkdtemp(prefix="entropy-screenshots-")
    served = Served("--seed", "7", "--bot-delay", "0")
    browser = Browser(WINDOW)
    try:
        browser.open(served.url)
        browser.wait_for(has_all("Start game"), "the new-game screen")
        steady_screen(browser)
        browser.screenshot(OUT / "browser-new_game.png")
        from selenium.webdriver.common.keys import Keys

        browser.press(Keys.CONTROL, "s")
        browser.wait_for(has_all("Round 1"), "the game")
        for _ in range(CHOICES_INTO_THE_GAME):
            if ROUND in steady_screen(browser):
                break
            browser.press(Keys.ENTER)
        browser.screenshot(OUT / "browser-mid_game.png")
    finally:
        browser.quit()
        served.stop()
    print(f"wrote {OUT / 'browser-new_game.png'} and {OUT / 'browser-mid_game.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
