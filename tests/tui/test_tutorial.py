"""Learn to play, from the keyboard: the guided game starts from the start screen or
--tutorial, the coach's panel shows each lesson with the suggested option marked and
highlighted, F1 opens the lesson's section, k hides the panel, any other option can be taken,
and a guided game left and continued goes on with its coach."""

from __future__ import annotations

from textual.pilot import Pilot

from entropy_tui.play.coach import TUTORIAL_SEED
from entropy_tui.play.config import tutorial_config
from entropy_tui.play.rules_text import find, sections
from entropy_tui.saves.files import load_game
from entropy_tui.saves.folder import list_saves
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.screens.confirm_quit import ConfirmQuitScreen
from entropy_tui.tui.screens.game import GameScreen
from entropy_tui.tui.screens.rules import RulesScreen
from entropy_tui.tui.widgets.coach_panel import CoachPanel
from entropy_tui.tui.widgets.prompt import SUGGESTED, Prompt

from .helpers import press, screen_text, settle


def tutorial_app() -> EntropyApp:
    return EntropyApp(config=tutorial_config(), bot_delay=0)


def panel_text(app: EntropyApp) -> str:
    panel = app.screen.query_one(CoachPanel)
    return f"{panel.border_title}\n{panel.render().plain}"


def assert_coach_shows_its_advice(app: EntropyApp) -> None:
    """The panel shows the lesson and the suggestion; the prompt marks and highlights it."""
    session = app.session
    assert session is not None
    advice = session.advice()
    assert advice is not None
    prompt = app.screen.query_one(Prompt)
    picked = prompt.highlighted_choice()
    assert picked is not None and picked.id == advice.suggestion
    assert [c.id for c in prompt.choices if c.label.endswith(SUGGESTED)] == [advice.suggestion]
    text = " ".join(panel_text(app).split())
    assert f"Suggested: option {picked.number}. {advice.why}" in text
    if advice.lesson is not None:
        assert advice.lesson.title in text
        assert " ".join(advice.lesson.text.split()) in text


async def test_learn_to_play_on_the_start_screen_starts_the_guided_game() -> None:
    app = EntropyApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Learn to play" in screen_text(app)
        await press(pilot, "ctrl+l")
        assert isinstance(app.screen, GameScreen)
        session = app.session
        assert session is not None and session.coach is not None
        assert session.game.state.seed == TUTORIAL_SEED
        assert [seat.name for seat in session.seats] == ["Ann", "Bob"]
        assert "Coach: Your turn: move your Scientist" in screen_text(app)
        assert_coach_shows_its_advice(app)


async def test_following_the_coach_with_enter_shows_each_lesson_as_it_comes() -> None:
    """Forty decisions in: every action is taught by then in the guided game."""
    app = tutorial_app()
    taught = []
    async with app.run_test(size=(80, 24)) as pilot:
        session = app.session
        assert session is not None
        for _ in range(40):
            await settle(pilot)
            assert isinstance(app.screen, GameScreen)
            assert_coach_shows_its_advice(app)
            advice = session.advice()
            assert advice is not None
            if advice.lesson is not None:
                taught.append(advice.lesson.topic)
            await press(pilot, "enter")
    assert len(taught) == len(set(taught))
    assert {f"action:{a}" for a in ("evolve_star", "aggregate_planet", "primordial_soup")} <= set(
        taught
    )
    assert "passing_tokens" in taught and "traffic_bonus" in taught


async def test_f1_opens_the_lessons_section_and_k_hides_the_panel() -> None:
    app = tutorial_app()
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")  # to Evolve a Star: its lesson, and a decision of its own
        await settle(pilot)
        session = app.session
        assert session is not None
        advice = session.advice()
        assert advice is not None and advice.lesson is not None
        assert advice.lesson.rule == "Evolve a Star"
        await press(pilot, "f1")
        assert isinstance(app.screen, RulesScreen)
        assert app.screen._start == find("Evolve a Star")
        await press(pilot, "escape")
        await press(pilot, "k")
        assert not app.screen.query_one(CoachPanel).display
        assert_coach_shows_its_advice_in_the_prompt_only(app)
        await press(pilot, "k")
        assert app.screen.query_one(CoachPanel).display


def assert_coach_shows_its_advice_in_the_prompt_only(app: EntropyApp) -> None:
    picked = app.screen.query_one(Prompt).highlighted_choice()
    assert picked is not None and picked.label.endswith(SUGGESTED)


async def test_f1_without_a_lesson_opens_the_decisions_own_section() -> None:
    app = tutorial_app()
    async with app.run_test(size=(160, 50)) as pilot:
        session = app.session
        assert session is not None
        for _ in range(30):  # to a decision with no lesson
            await settle(pilot)
            advice = session.advice()
            assert advice is not None
            if advice.lesson is None:
                break
            await press(pilot, "enter")
        decision = session.decision
        picked = app.screen.query_one(Prompt).highlighted_choice()
        assert decision is not None and picked is not None
        expected = decision.option(picked.id).rule or decision.rule
        await press(pilot, "f1")
        assert isinstance(app.screen, RulesScreen)
        assert sections()[app.screen._start].title == expected


async def test_another_option_than_the_suggestion_can_be_taken() -> None:
    app = tutorial_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session = app.session
        assert session is not None
        advice = session.advice()
        decision = session.decision
        assert advice is not None and decision is not None
        other = next(o for o in decision.enabled if o.id != advice.suggestion)
        number = decision.options.index(other) + 1
        await press(pilot, str(number))
        await settle(pilot)
        assert session.game.state.choices == [other.id]
        assert_coach_shows_its_advice(app)


async def leave(pilot: Pilot) -> None:
    await press(pilot, "q")
    assert isinstance(pilot.app.screen, ConfirmQuitScreen)
    await press(pilot, "y")


async def test_a_guided_game_left_and_continued_goes_on_with_its_coach() -> None:
    app = tutorial_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(6):
            await settle(pilot)
            await press(pilot, "enter")
        await settle(pilot)
        session = app.session
        assert session is not None and session.coach is not None
        progress = session.coach.progress()
        choices = list(session.game.state.choices)
        await leave(pilot)
    app.finish_saving()
    (save,) = list_saves()
    assert save.tutorial
    _, stored = load_game(save.path)
    assert stored.tutorial is not None and stored.tutorial.as_data() == progress

    again = EntropyApp(bot_delay=0)
    async with again.run_test(size=(80, 24)) as pilot:
        await again.workers.wait_for_complete()
        await settle(pilot)
        assert "Continue the guided game: Ann, Bob, round" in screen_text(again)
        await press(pilot, "ctrl+o")
        await settle(pilot)
        assert isinstance(again.screen, GameScreen)
        session = again.session
        assert session is not None and session.coach is not None
        assert session.game.state.choices == choices
        assert_coach_shows_its_advice(again)
        advice = session.advice()
        assert advice is not None
        assert advice.lesson is None or advice.lesson.topic not in progress["shown"]
        assert set(progress["shown"]) <= set(session.coach.progress()["shown"])


async def test_a_game_that_is_not_guided_has_no_coach() -> None:
    from entropy_tui.play.config import GameConfig, parse_seats

    app = EntropyApp(config=GameConfig(parse_seats("Ann,bot:greedy"), seed=7), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not app.screen.query_one(CoachPanel).display
        assert "Coach" not in screen_text(app)
        prompt = app.screen.query_one(Prompt)
        assert not any(c.label.endswith(SUGGESTED) for c in prompt.choices)
        await press(pilot, "k")  # does nothing here
        assert not app.screen.query_one(CoachPanel).display


async def test_h_gives_a_hint_in_the_guided_game_too_and_its_footer_says_so() -> None:
    from entropy_tui.tui.widgets.key_footer import KeyFooter

    from .test_thinking import until

    app = tutorial_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        footer = screen.query_one(KeyFooter).content.plain  # type: ignore[union-attr]
        assert "h Hint" in footer, footer
        await press(pilot, "h")
        await until(pilot, lambda: screen._hint is not None, "the hint came")
        await settle(pilot)
        _, hint = screen._hint  # type: ignore[misc]
        number = next(c.number for c in screen.query_one(Prompt).choices if c.id == hint.option_id)
        assert f"Hint: option {number}. {hint.why}"[:60] in screen_text(app)
        advice = app.session.advice()  # type: ignore[union-attr]
        assert advice is not None  # the coach's suggestion stays marked beside the hint
        marked = [c.id for c in screen.query_one(Prompt).choices if c.label.endswith(SUGGESTED)]
        assert marked == [advice.suggestion]
