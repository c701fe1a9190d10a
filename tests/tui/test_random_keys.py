"""Thousands of keys pressed at random (fixed seed), across every screen they lead to: the app
must never crash. Quitting keys are left out so the run lasts; the quit dialog has its own test."""

from __future__ import annotations

import random

import pytest

from entropy_tui.play.config import GameConfig, parse_seats
from entropy_tui.tui.app import EntropyApp

from .helpers import press, settle

pytestmark = pytest.mark.slow
KEYS = (
    *"0123456789",
    *"abcdefghijklmnoprstuvwxz",  # no q: it quits the game-over screen
    "enter", "escape", "space", "tab", "shift+tab", "backspace",
    "up", "down", "left", "right", "pageup", "pagedown", "home", "end",
    "question_mark", "slash", "f1", "f2", "ctrl+p", "ctrl+r", "ctrl+s",
)  # fmt: skip
PRESSES = 2500
# The share of turns whose keys arrive together, none waiting for what an earlier one brings on
# screen (as a slow link or a paste delivers them): Ctrl+P and a page key in one read once
# stopped the app.
BURSTS = 0.3
# A hint asked for (h) is searched for a second in a process of its own, and the keys after it
# never wait for it: a short search asks the same of the app, for a sixth of the run's CPU time.
HINT_SECONDS = 0.05


async def test_random_keys_never_crash_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    for module in ("entropy_tui.play.session", "entropy_tui.tui.screens.game"):
        monkeypatch.setattr(f"{module}.HINT_SECONDS", HINT_SECONDS)
    rng = random.Random(20260)
    config = GameConfig(parse_seats("Ann,Bea,bot:random"), seed=13)
    screens: set[str] = set()
    pressed = 0
    while pressed < PRESSES:  # Esc on the new-game screen leaves the app: start another
        app = EntropyApp(config=config, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            while pressed < PRESSES and app.return_code is None:
                if rng.random() < BURSTS:
                    keys = [rng.choice(KEYS) for _ in range(rng.randint(2, 5))]
                    for key in keys:
                        app.simulate_key(key)
                    await settle(pilot)
                else:
                    keys = [rng.choice(KEYS)]
                    await press(pilot, *keys)
                pressed += len(keys)
                screens.add(type(app.screen).__name__)
    assert {"GameScreen", "HandoffScreen", "HelpScreen", "RulesScreen"} <= screens, screens
