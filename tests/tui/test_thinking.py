"""Bots and hints thinking in the background: the screen stays live, other screens and Space
work meanwhile, an answer for a position left since is dropped, and a hint never changes the
game."""

from __future__ import annotations

import threading
from typing import Any

from textual.pilot import Pilot

import entropy_tui.play.hints
from entropy_tui.bots import make_bot
from entropy_tui.play.config import GameConfig, parse_seats
from entropy_tui.play.session import Session
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.screens.confirm_quit import ConfirmQuitScreen
from entropy_tui.tui.screens.game import HINTS_OFF, GameScreen
from entropy_tui.tui.screens.help import HelpScreen
from entropy_tui.tui.screens.new_game import levels_text
from entropy_tui.tui.widgets.cycler import Cycler
from entropy_tui.tui.widgets.prompt import Prompt
from entropy_tui.tui.widgets.tick_box import TickBox

from .helpers import press, screen_text, settle


class GatedBot:
    """Takes its first enabled option, once the test opens its gate."""

    name = "gated"

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.asked = threading.Event()
        self.answered = threading.Event()

    def decide(self, view: dict[str, Any], decision: Any) -> str:
        self.asked.set()
        self.gate.wait()
        self.answered.set()
        return next(option.id for option in decision.options if option.enabled)


async def until(pilot: Pilot, condition: Any, what: str) -> None:
    """Lets the app run until `condition()` holds (answers come from another thread)."""
    for _ in range(500):
        await settle(pilot)
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError(f"never happened: {what}")


def gated_app(bot: GatedBot, *, bot_delay: float = 0.001, **config: Any) -> EntropyApp:
    settings = GameConfig(parse_seats("Ann,bot:greedy"), seed=7, **config)
    return EntropyApp(config=settings, bot_delay=bot_delay, bot_factory=lambda kind, seed: bot)


async def to_the_bots_turn(pilot: Pilot, app: EntropyApp) -> tuple[GameScreen, Session]:
    """Ann plays her first options until the bot decides."""
    screen = app.screen
    assert isinstance(screen, GameScreen)
    session = screen.session
    while not session.bot_to_move():
        screen.choose(next(c for c in screen.query_one(Prompt).choices if c.enabled).id)
    await settle(pilot)
    return screen, session


async def test_the_screen_stays_live_while_a_bot_thinks() -> None:
    bot = GatedBot()
    app = gated_app(bot)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, session = await to_the_bots_turn(pilot, app)
        await until(pilot, bot.asked.is_set, "the bot was asked")
        assert "Casual is thinking…" in screen_text(app)
        steps = len(session.game.state.choices)
        await press(pilot, "l")  # the log panel
        assert screen._panel == "log"
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        await press(pilot, "escape")
        assert len(session.game.state.choices) == steps, "nothing was decided meanwhile"
        bot.gate.set()
        await until(pilot, lambda: not session.bot_to_move(), "the bot's answer was made")
        assert len(session.game.state.choices) > steps
        assert "is thinking" not in screen_text(app)


async def test_an_answer_waits_while_a_dialog_is_open() -> None:
    bot = GatedBot()
    app = gated_app(bot)
    async with app.run_test(size=(80, 24)) as pilot:
        _, session = await to_the_bots_turn(pilot, app)
        steps = len(session.game.state.choices)
        await press(pilot, "ctrl+q")
        assert isinstance(app.screen, ConfirmQuitScreen)
        bot.gate.set()
        await until(pilot, bot.answered.is_set, "the bot answered")
        await settle(pilot)
        assert len(session.game.state.choices) == steps, "the dialog's question comes first"
        await press(pilot, "n")  # stay
        await until(pilot, lambda: len(session.game.state.choices) > steps, "the answer was made")


async def test_an_answer_for_a_position_left_is_dropped() -> None:
    bot = GatedBot()
    app = gated_app(bot)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, session = await to_the_bots_turn(pilot, app)
        await until(pilot, bot.asked.is_set, "the bot was asked")
        session.change_control(1, None)  # a person takes the bot's seat while it thinks
        screen.advance()
        steps = list(session.game.state.choices)
        bot.gate.set()
        await until(pilot, bot.answered.is_set, "the bot answered")
        await settle(pilot)
        assert session.game.state.choices == steps, "the late answer was not made"
        assert session.human_to_move() == 1


async def test_space_makes_a_waiting_answer_at_once() -> None:
    bot = GatedBot()
    bot.gate.set()
    app = gated_app(bot, bot_delay=600)  # a pause nobody would wait out
    async with app.run_test(size=(80, 24)) as pilot:
        _, session = await to_the_bots_turn(pilot, app)
        await until(pilot, bot.answered.is_set, "the bot answered")
        await settle(pilot)
        assert session.bot_to_move(), "the answer waits for the pause"
        await press(pilot, "space")
        await until(pilot, lambda: not session.bot_to_move(), "the bots played ahead")


async def test_quitting_while_a_bot_thinks_leaves_at_once() -> None:
    bot = GatedBot()
    app = gated_app(bot)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_bots_turn(pilot, app)
        await until(pilot, bot.asked.is_set, "the bot was asked")
        await press(pilot, "ctrl+q", "y")
        await pilot.pause()
        assert app.return_code == 0
    bot.gate.set()


def hint_app(**config: Any) -> EntropyApp:
    settings = GameConfig(parse_seats("Ann,bot:random"), seed=7, **config)
    return EntropyApp(config=settings, bot_delay=0)


async def test_h_highlights_the_hint_and_says_why_without_changing_the_game() -> None:
    app = hint_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        session = screen.session
        before = session.game.snapshot()
        await press(pilot, "h")
        assert session.timeline.notes[-1].text == "Ann asked for a hint"
        await until(pilot, lambda: screen._hint is not None, "the hint came")
        await settle(pilot)
        _, hint = screen._hint  # type: ignore[misc]
        prompt = screen.query_one(Prompt)
        highlighted = prompt.highlighted_choice()
        assert highlighted is not None and highlighted.id == hint.option_id
        assert f"Hint: option {highlighted.number}. {hint.why}"[:60] in screen_text(app)
        assert session.game.snapshot() == before
        await press(pilot, "l")
        assert "Ann asked for a hint" in screen_text(app)


async def test_choosing_cancels_a_hint_on_its_way(monkeypatch: Any) -> None:
    gate, done = threading.Event(), threading.Event()
    advise = entropy_tui.play.hints.advise

    def gated_advise(*args: Any, **kwargs: Any) -> Any:
        gate.wait()
        try:
            return advise(*args, **kwargs)
        finally:
            done.set()

    monkeypatch.setattr(entropy_tui.play.hints, "advise", gated_advise)
    settings = GameConfig(parse_seats("Ann,bot:random"), seed=7)
    app = EntropyApp(config=settings, bot_delay=0, bot_factory=make_bot)  # thinks in a thread
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await press(pilot, "h")
        assert "looking for a hint" in screen_text(app)
        await press(pilot, "1")
        gate.set()
        await until(pilot, done.is_set, "the hint was worked out")
        await settle(pilot)
        assert screen._hint is None and screen._thinking is None
        assert "Hint:" not in screen_text(app) and "looking for a hint" not in screen_text(app)


async def test_h_says_when_hints_are_off() -> None:
    app = hint_app(hints=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await press(pilot, "h")
        assert screen.query_one(Prompt).border_title == HINTS_OFF
        assert screen.session.timeline.notes == []


def test_a_game_with_hints_off_is_saved_and_continued_so(tmp_path: Any) -> None:
    for hints in (False, True):
        session = Session(GameConfig(parse_seats("Ann,bot:random"), seed=7, hints=hints))
        data = session.save_data()
        assert (b'"hints"' in data) is not hints, "the default is left out of the file"
        path = tmp_path / f"hints-{hints}.json"
        path.write_bytes(data)
        assert Session.from_save(path).config.hints is hints


async def test_the_new_game_screen_names_the_levels_and_turns_hints_off() -> None:
    app = EntropyApp(settings=GameConfig((), seed=99), seed_chosen=True, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        kinds = app.screen.query_one("#seat-2 .seat-kind", Cycler)
        assert [label for label, _ in kinds.choices] == [
            "Human",
            "Beginner bot",
            "Casual bot",
            "Expert bot",
            "Master bot",
        ]
        for level in (
            "Beginner takes any",
            "Casual takes what looks best",
            "Expert plans ahead",
            "Master plans as the Expert",
        ):
            assert level in levels_text()
        box = app.screen.query_one("#hints", TickBox)
        assert box.value
        box.focus()
        await pilot.press("space")
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.config.hints is False
