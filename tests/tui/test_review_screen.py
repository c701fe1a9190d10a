"""The review from the game-over screen and the replay: worked out in the background and
stopped by Esc, or read back from beside the save at once; Enter shows a costly decision in the
replay."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from rich.color import Color
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import OptionList, ProgressBar, Static

from entropy_tui.play import thinking
from entropy_tui.play.config import COLOURS, GameConfig, SeatConfig, parse_seats
from entropy_tui.play.review import (
    POINTS_LOST_MEANING,
    Lesson,
    Review,
    Verdict,
    game_key,
    review_path,
    store_review,
)
from entropy_tui.play.session import Session
from entropy_tui.rules import Game
from entropy_tui.saves.files import write_save
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.screens.game_over import GameOverScreen
from entropy_tui.tui.screens.replay import ReplayScreen
from entropy_tui.tui.screens.review import ReviewScreen
from entropy_tui.tui.themes import COLOURBLIND_THEME, DEFAULT_THEME
from tests.tui.helpers import press
from tests.tui.review_scenes import ReviewApp, lost_game_review

WAITS = 200  # pauses of the pilot while the background work starts or stops


@pytest.fixture(scope="module")
def finished() -> Game:
    """A finished game against the Casual bot, its choices made at random (a review of it is
    worked out or read back the same way whoever chose)."""
    game = Game.new(["Ann", "Bob"], seed=3, bots=[None, "greedy"])
    rng = random.Random(3)
    while not game.over:
        decision = game.decision
        assert decision is not None
        game.choose(rng.choice(decision.enabled).id)
    return game


def game_over_app(game: Game, save: Path) -> EntropyApp:
    write_save(game, save)
    config = GameConfig(parse_seats("Ann,bot:greedy"), seed=game.state.seed)
    return EntropyApp(session=Session(config, game.copy(), save_path=save), bot_delay=0)


async def test_esc_stops_the_review_under_way_and_keeps_nothing(
    finished: Game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[thinking.WorkerProcess] = []

    class Recorded(thinking.WorkerProcess):
        def __init__(self) -> None:
            super().__init__()
            started.append(self)

    monkeypatch.setattr(thinking, "WorkerProcess", Recorded)
    monkeypatch.setattr(ReviewScreen, "processes", 1)
    save = tmp_path / "game.json"
    app = game_over_app(finished, save)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, GameOverScreen)
        await press(pilot, "a")
        review = app.screen
        assert isinstance(review, ReviewScreen)
        bar = review.query_one(ProgressBar)
        for _ in range(WAITS):
            if bar.progress:
                break
            await pilot.pause(0.05)
        assert 0 < bar.progress < (bar.total or 0)  # under way
        await press(pilot, "escape")
        assert isinstance(app.screen, GameOverScreen)
        # The searches stop with the screen, not when the app ends.
        for _ in range(WAITS):
            if started and all(p._process.poll() is not None for p in started):
                break
            await pilot.pause(0.05)
        assert started and all(p._process.poll() is not None for p in started)
    assert not review_path(save).exists()


def ann_decides(game: Game, after: int) -> int:
    """The first step after `after` at which Ann (seat 0) decides."""
    replay = Game.replay(game.config(), list(game.state.choices[:after]))
    for step in range(after, len(game.state.choices)):
        decision = replay.decision
        if decision is not None and decision.player == 0 and len(decision.enabled) > 1:
            return step
        replay.choose(game.state.choices[step])
    raise AssertionError("Ann never decides")


def stored(game: Game, save: Path, step: int) -> Lesson:
    """A review kept beside the save, naming one decision of Ann's at `step`."""
    decision = Game.replay(game.config(), list(game.state.choices[:step])).decision
    assert decision is not None and decision.player == 0
    taken, best = game.state.choices[step], decision.enabled[0].id
    verdict = Verdict(step, 3, 0, taken, best, 1.0, 4.5)
    lesson = Lesson(verdict, "Move 1 to here", "Move 2 to there", "+1 Planet now")
    rounds = game.state.round
    review = Review(
        key=game_key(game),
        iterations=ReviewScreen.iterations,
        salt=0,
        seats=["Ann", "Bob"],
        verdicts=[verdict],
        lessons=[[lesson], []],
        leads=[[1.0] * rounds, [-1.0] * rounds],
    )
    store_review(review_path(save), review)
    return lesson


async def test_a_stored_review_opens_at_once_and_enter_shows_the_decision_in_the_replay(
    finished: Game, tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    app = game_over_app(finished, save)
    step = ann_decides(finished, after=20)
    lesson = stored(finished, save, step)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "a")
        lessons = app.screen.query_one("#review-lessons", OptionList)
        for _ in range(WAITS):
            if lessons.option_count:
                break
            await pilot.pause(0.05)
        assert lessons.option_count == 1
        assert "Move 1 to here" in str(lessons.get_option_at_index(0).prompt)
        await press(pilot, "enter")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.step == lesson.verdict.step
        replay.go_to(0)
        await press(pilot, "a")  # the replay's own review: read back from beside the save
        lessons = app.screen.query_one("#review-lessons", OptionList)
        for _ in range(WAITS):
            if lessons.option_count:
                break
            await pilot.pause(0.05)
        await press(pilot, "enter")
        await pilot.pause()
        assert app.screen is replay and replay.step == lesson.verdict.step


# ----------------------------------------------------------------------------- on the screen
def in_view(widget: Widget, scroll: Widget) -> bool:
    return scroll.region.contains_region(widget.region)


async def test_c_scrolls_the_chart_into_view_and_back_to_the_decisions() -> None:
    app = lost_game_review()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        review = screen.query_one("#review", VerticalScroll)
        chart, lessons = screen.query_one("#review-leads"), screen.query_one("#review-lessons")
        assert screen.active_bindings["c"].binding.show  # in the footer
        assert in_view(lessons, review) and not in_view(chart, review)
        await press(pilot, "c")
        assert in_view(chart, review)
        await press(pilot, "c")
        assert in_view(lessons, review) and not in_view(chart, review)
        await press(pilot, "c", "down")  # moving among the decisions brings them back
        assert in_view(lessons, review)


def lines(widget: Widget) -> list[str]:
    return [widget.render_line(y).text for y in range(widget.size.height)]


async def test_points_never_wrap_away_from_their_number() -> None:
    app = lost_game_review()
    sizes = [(80, 24), (160, 50), *((width, 100) for width in range(80, 161, 8))]
    async with app.run_test(size=sizes[0]) as pilot:
        for size in sizes:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            shown = lines(app.screen.query_one("#review-status")) + lines(
                app.screen.query_one("#review-lessons")
            )
            assert not [line for line in shown if re.match(r"\s*\(?points\b", line)], size


async def test_the_summary_says_the_points_given_away_add_up_each_decisions_estimate() -> None:
    app = lost_game_review()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        status = lines(app.screen.query_one("#review-status", Static))
        assert "132.2 points given away" in status[0]
        assert POINTS_LOST_MEANING in [line.strip() for line in status]


def contrast(one: Color, other: Color) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""

    def luminance(colour: Color) -> float:
        parts = [part / 255 for part in colour.get_truecolor()]
        r, g, b = (p / 12.92 if p <= 0.04045 else ((p + 0.055) / 1.055) ** 2.4 for p in parts)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("theme", [DEFAULT_THEME, COLOURBLIND_THEME])
async def test_every_seats_mark_reads_on_the_highlighted_decision(theme: str) -> None:
    kept = lost_game_review()
    seats = tuple(SeatConfig(c.name, None, c.key) for c in COLOURS)
    verdicts = [lesson.verdict for lesson in kept.review.lessons[0] + kept.review.lessons[1]]
    lessons = [[Lesson(verdicts[seat], "Took", "Best", "Why")] for seat in range(len(seats))]
    review = replace(kept.review, lessons=lessons, seats=[seat.name for seat in seats])
    app = ReviewApp(kept.reviewed, review, seats)
    async with app.run_test(size=(160, 50)) as pilot:
        app.theme = theme
        await pilot.pause()
        options = app.screen.query_one("#review-lessons", OptionList)
        assert options.option_count == len(COLOURS)
        for highlighted in range(len(COLOURS)):
            options.highlighted = highlighted
            await pilot.pause()
            marks = [
                next(iter(strip))
                for strip in (options.render_line(y) for y in range(options.size.height))
                if strip.text[:1] in {c.symbol for c in COLOURS}
            ]
            assert len(marks) == len(COLOURS)
            for mark in marks:
                assert mark.style and mark.style.color and mark.style.bgcolor
                assert contrast(mark.style.color, mark.style.bgcolor) >= 4.5, (theme, mark)
