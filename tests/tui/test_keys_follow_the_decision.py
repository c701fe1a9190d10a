"""Which keys work when: after a panel was picked to scroll it, a person's next decision gives
the arrows back to its options; while a bot decides, the footer offers no pick or hint. And
what a panel draws fits the height it is given."""

from __future__ import annotations

import pytest

from entropy_tui.play.config import GameConfig, parse_seats
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.screens.game import GameScreen
from entropy_tui.tui.widgets.key_footer import KeyFooter
from entropy_tui.tui.widgets.options_view import OptionsView
from entropy_tui.tui.widgets.prompt import Prompt
from entropy_tui.tui.widgets.text_panel import TextPanel

from .helpers import press, shown
from .scenes import mid_game


async def test_a_new_decision_gives_the_arrows_back_to_its_options() -> None:
    app = EntropyApp(config=GameConfig(parse_seats("Ann,Bea"), seed=3, open_hands=True))
    async with app.run_test(size=(120, 40)) as pilot:
        await shown(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        options = screen.query_one(OptionsView)
        await press(pilot, "l")  # the log, to scroll it
        assert screen.query_one("#log-panel").has_focus
        await press(pilot, "down")
        assert options.highlighted == 0, "the arrows scroll the log panel picked"
        prompt = screen.query_one(Prompt)
        first = prompt.choices
        await press(pilot, "enter")
        await shown(pilot)
        assert prompt.choices != first and options.has_focus
        await press(pilot, "down")
        assert options.highlighted == 1


def _footer_words(app: EntropyApp) -> str:
    return app.screen.query_one(KeyFooter).content.plain  # type: ignore[union-attr]


async def test_while_a_bot_decides_the_footer_offers_no_pick_and_no_hint() -> None:
    config = GameConfig(parse_seats("Ann,bot:random"), seed=3)
    app = EntropyApp(config=config, bot_delay=30)  # the bot waits: its turn stays on screen
    async with app.run_test(size=(160, 50)) as pilot:
        await shown(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert "Pick" in _footer_words(app) and "Hint" in _footer_words(app)
        while not screen.session.bot_to_move():
            await press(pilot, "enter")
        await shown(pilot)
        await pilot.pause()
        words = _footer_words(app)
        assert "Pick" not in words and "Hint" not in words and "Skip" in words


@pytest.mark.parametrize("size", [(110, 32), (160, 50)])
async def test_every_row_a_panel_draws_is_within_its_height(size: tuple[int, int]) -> None:
    """A wrapped line that goes on set in (the consoles, offers and other seats) takes more
    rows than the same text wrapped plainly: the height counts the rows drawn, so the last
    ones are not cut off."""
    app = mid_game()
    async with app.run_test(size=size) as pilot:
        await shown(pilot)
        for panel in ("c", "o", "p"):
            await press(pilot, panel)
            for text in app.screen.query(TextPanel):
                if text.display and text.size.width:
                    assert len(text._draw(text.size)) <= text.size.height, text.id
