"""The public log speaks of each seat in the third person; the screen of the seat a line speaks
of reads it in the second person."""

from __future__ import annotations

from entropy_tui.play.config import GameConfig, parse_seats
from entropy_tui.play.session import Session
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.widgets.game_log import GameLog

from .helpers import settle

STUCK = "could not activate any Star: their cheapest Star costs {} Entropy, and they have {}"


async def test_a_line_about_the_seat_at_the_screen_says_you_and_your() -> None:
    session = Session(GameConfig(parse_seats("Ann,bot:random"), seed=7))
    session.game.note(0, "action", "Ann " + STUCK.format(3, 1))
    session.game.note(1, "action", "Random 2 " + STUCK.format(2, 0))
    app = EntropyApp(session=session, bot_delay=0)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        texts = app.screen.query_one(GameLog)._reading.texts
        assert any(
            text.endswith(
                " You could not activate any Star: your cheapest Star costs 3 Entropy,"
                " and you have 1"
            )
            for text in texts
        ), texts
        assert any(text.endswith(" Random 2 " + STUCK.format(2, 0)) for text in texts), texts
