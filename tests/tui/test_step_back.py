"""Esc at the second step of a choice (a Life card chosen, its Planet next) goes back to the
first step, and the question says so; at any other decision Esc changes nothing."""

from __future__ import annotations

from entropy_tui.play.config import GameConfig, parse_seats
from entropy_tui.play.session import Session
from entropy_tui.rules import Decision
from entropy_tui.table.replica import UNDO_OFF
from entropy_tui.tui.app import EntropyApp

from .helpers import screen_text, settle
from .test_prompt import app_for, game_at


def second_step(decision: Decision) -> bool:
    return decision.back != ""


async def test_esc_at_a_second_step_goes_back_to_the_first() -> None:
    game = game_at(second_step)
    decision = game.decision
    assert decision is not None
    choices = len(game.state.choices)
    app = app_for(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "(Esc:" in " ".join(screen_text(app).split())
        await pilot.press("escape")
        await settle(pilot)
        session = app.session
        assert len(session.game.state.choices) == choices - 1
        first = session.decision
        assert first is not None and first.back == ""
        assert "(Esc:" not in " ".join(screen_text(app).split())
        await pilot.press("escape")  # a first step: nothing to go back to
        await settle(pilot)
        assert len(session.game.state.choices) == choices - 1


async def test_where_undo_is_off_a_second_step_offers_no_way_back() -> None:
    """At a shared table nothing is taken back: the question does not offer Esc there."""
    game = game_at(second_step)
    config = GameConfig(parse_seats("Ann,Bob"), seed=game.state.seed, open_hands=True)
    session = Session(config, game=game)
    session.undo_refusal = lambda: UNDO_OFF  # type: ignore[method-assign]
    app = EntropyApp(session=session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "(Esc:" not in " ".join(screen_text(app).split())
