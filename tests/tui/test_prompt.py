"""What the player chooses is what the player sees: the highlighted option always in view,
digit keys that work the same in every prompt, keys bound to the decision they were pressed
for, and replays of unfinished games that show no one's cards."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

from entropy_tui.play.config import GameConfig, parse_seats
from entropy_tui.play.session import Session
from entropy_tui.rules import Decision, Game
from entropy_tui.rules.describe import card_words
from entropy_tui.saves.files import copy_path, write_save
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.screens.game import GameScreen
from entropy_tui.tui.screens.replay import ReplayScreen
from entropy_tui.tui.screens.seats import SeatsScreen
from entropy_tui.tui.widgets.line_view import LineView, joined
from entropy_tui.tui.widgets.options_view import OptionsView
from entropy_tui.tui.widgets.prompt import Prompt

from .helpers import press, screen_text, settle, shown

SIZES = [(80, 24), (95, 28), (110, 32), (130, 40), (160, 50)]


# Games of edition 4 list every combination in one decision (today's ask in steps): their
# long lists are the ones the prompt must still show well.
COMBINED = 4


def game_at(wanted: Callable[[Decision], bool], seed: int = 3, edition: int | None = None) -> Game:
    """A game of two open-handed humans played at random up to a decision that is `wanted`."""
    rng = random.Random(seed)
    game = Game.new(["Ann", "Bob"], seed=seed, open_hands=True, edition=edition)
    while not wanted(game.decision):  # type: ignore[arg-type]
        assert not game.over, "no such decision in this game"
        game.choose(rng.choice(game.decision.enabled).id)  # type: ignore[union-attr]
    return game


def app_for(game: Game) -> EntropyApp:
    config = GameConfig(parse_seats("Ann,Bob"), seed=game.state.seed, open_hands=True)
    return EntropyApp(session=Session(config, game=game), bot_delay=0)


def long_list(decision: Decision) -> bool:
    """Many options, some of them disabled (their reasons make the list longer still)."""
    return len(decision.options) >= 10 and not all(o.enabled for o in decision.options)


def in_view(app: EntropyApp) -> str:
    """The options' text on screen, in one line with single spaces."""
    view = app.screen.query_one(OptionsView)
    region = view.content_region
    rows = screen_text(app).splitlines()[region.y : region.bottom]
    return " ".join(" ".join(row[region.x : region.right] for row in rows).split())


def assert_highlight_in_view(app: EntropyApp) -> None:
    prompt = app.screen.query_one(Prompt)
    choice = prompt.highlighted_choice()
    assert choice is not None
    text = in_view(app)
    assert f"> {choice.number} {' '.join(choice.label.split())}" in re.sub(r">\s*", "> ", text)
    if not choice.enabled:
        assert " ".join(f"(not possible: {choice.reason})".split()) in text
    # The notes at the edges count exactly the lines they stand for.
    view = app.screen.query_one(OptionsView)
    window = view.window
    notes = re.findall(r"\.\.\. (\d+) more lines (above|below)", text)
    assert {where: int(count) for count, where in notes} == {
        where: count for where, count in (("above", window.above), ("below", window.below)) if count
    }
    assert all(int(count) >= 2 for count, _ in notes), "a note covers a line of its own"


@pytest.mark.parametrize("size", SIZES)
async def test_the_highlight_is_in_view_with_its_reason_all_down_a_long_list(
    size: tuple[int, int],
) -> None:
    game = game_at(long_list, edition=COMBINED)
    count = len(game.decision.options)  # type: ignore[union-attr]
    app = app_for(game)
    async with app.run_test(size=size) as pilot:
        await shown(pilot)
        view = app.screen.query_one(OptionsView)
        if size == (80, 24):
            assert view.window.below, "the list should be longer than the prompt here"
        assert_highlight_in_view(app)
        await press(pilot, "home")
        visited = [view.highlighted]
        for _ in range(count - 1):
            await press(pilot, "down")
            visited.append(view.highlighted)
            assert_highlight_in_view(app)
        assert visited == list(range(count)), "Down visits every option, disabled ones too"
        for _ in range(count - 1):
            await press(pilot, "up")
            assert_highlight_in_view(app)
        assert view.highlighted == 0
        for key in ("pagedown", "pagedown", "end", "pageup", "pageup", "home"):
            await press(pilot, key)
            assert_highlight_in_view(app)


async def test_the_highlight_stays_in_view_when_the_window_changes_size() -> None:
    app = app_for(game_at(long_list, edition=COMBINED))
    async with app.run_test(size=(160, 50)) as pilot:
        await press(pilot, "end")
        for size in reversed(SIZES):
            await pilot.resize_terminal(*size)
            await shown(pilot)
            assert_highlight_in_view(app)


async def test_enter_on_a_disabled_option_says_why_and_takes_nothing() -> None:
    game = game_at(long_list, edition=COMBINED)
    app = app_for(game)
    async with app.run_test(size=(80, 24)) as pilot:
        prompt = app.screen.query_one(Prompt)
        disabled = next(c for c in prompt.choices if not c.enabled)
        before = list(game.state.choices)
        await press(pilot, "home", *["down"] * (disabled.number - 1), "enter")
        assert game.state.choices == before
        assert disabled.reason in prompt.border_title


def ten_or_more(decision: Decision) -> bool:
    return len(decision.options) >= 10 and any(o.enabled for o in decision.options[:9])


def first_enabled_below_ten(game: Game) -> tuple[int, str]:
    decision = game.decision
    assert decision is not None
    number, option = next((n, o) for n, o in enumerate(decision.options[:9], 1) if o.enabled)
    return number, option.id


@pytest.mark.parametrize("second", ["enter", "digit"])
async def test_with_ten_options_one_digit_waits_for_enter_or_a_second_digit(second: str) -> None:
    game = game_at(ten_or_more, edition=COMBINED)
    number, option = first_enabled_below_ten(game)
    app = app_for(game)
    async with app.run_test(size=(80, 24)) as pilot:
        prompt = app.screen.query_one(Prompt)
        before = list(game.state.choices)
        keys = [str(number)] if second == "enter" else ["0"]
        await press(pilot, *keys)
        assert game.state.choices == before, "the first digit waits"
        assert f"Option {keys[0]}_" in prompt.border_title
        await press(pilot, "enter" if second == "enter" else str(number))
        assert game.state.choices == [*before, option]


async def test_under_ten_options_a_digit_chooses_at_once() -> None:
    game = game_at(lambda d: 2 <= len(d.options) < 10 and d.options[1].enabled)
    option = game.decision.options[1].id  # type: ignore[union-attr]
    app = app_for(game)
    async with app.run_test(size=(80, 24)) as pilot:
        before = list(game.state.choices)
        await press(pilot, "2")
        assert game.state.choices == [*before, option]


def burst(app: EntropyApp, *keys: str) -> None:
    """Keys that arrive together, as typed ahead while the app is busy: none of them waits
    for what an earlier one brings on screen."""
    for key in keys:
        app.simulate_key(key)


@pytest.mark.parametrize("many", [False, True])
async def test_keys_typed_ahead_do_not_choose_in_the_next_decision(many: bool) -> None:
    if many:
        game = game_at(ten_or_more, edition=COMBINED)
        number, option = first_enabled_below_ten(game)
        keys = [str(number), "enter"]
    else:
        game = game_at(lambda d: len(d.options) < 10 and d.options[0].enabled)
        number, option = 1, game.decision.options[0].id  # type: ignore[union-attr]
        keys = ["1"]
    app = app_for(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot)
        before = list(game.state.choices)
        burst(app, *keys, "2", "enter", "down", "enter")
        await settle(pilot)
        await shown(pilot)
        assert game.state.choices == [*before, option], "only the first decision was taken"
        prompt = app.screen.query_one(Prompt)
        assert "ignored" in prompt.border_title
        # The next decision is a person's, so the ignored keys could have chosen in it; once
        # it is on screen, keys apply to it again.
        assert isinstance(app.screen, GameScreen) and prompt.highlighted_choice() is not None
        highlighted = prompt.highlighted_choice()
        await press(pilot, "enter")
        if highlighted.enabled:  # type: ignore[union-attr]
            assert game.state.choices == [*before, option, highlighted.id]  # type: ignore[union-attr]


async def test_the_number_being_typed_starts_afresh_in_a_new_decision() -> None:
    game = game_at(ten_or_more, edition=COMBINED)
    app = app_for(game)
    async with app.run_test(size=(80, 24)) as pilot:
        prompt = app.screen.query_one(Prompt)
        before = list(game.state.choices)
        await press(pilot, "1")
        assert "Option 1_" in prompt.border_title
        await press(pilot, "down")  # the arrows take over from the number typed
        assert "Option 1_" not in prompt.border_title
        await press(pilot, "0")
        assert game.state.choices == before and "Option 0_" in prompt.border_title


# ---------------------------------------------------------------------- replays


def hot_seat_game(seed: int, steps: int, *, open_hands: bool = False) -> Game:
    rng = random.Random(seed)
    game = Game.new(["Ann", "Bea"], seed=seed, open_hands=open_hands)
    for _ in range(steps):
        if game.over:
            break
        game.choose(rng.choice(game.decision.enabled).id)  # type: ignore[union-attr]
    return game


def secrets(game: Game) -> list[str]:
    """Every text of a card or Mission some seat holds in its hand now."""
    index = game.index
    return [
        text
        for player in game.state.players
        for text in (
            *(card_words(index, card) for card in player.hand),
            *(f"{m}: {index.mission[m].text}" for m in player.missions),
        )
    ]


def shows_a_hand(text: str) -> bool:
    """Whether a hand's heading is in `text` ("Hand", "Hand (private)"), rather than only how
    many cards it holds ("Hand: 2 Life cards, 1 Missions (hidden)")."""
    return re.search(r"\bHand\b(?!:)", text) is not None


def readable(app: EntropyApp) -> str:
    """What the screen shows, with every panel's lines that can be scrolled into view."""
    panels = [
        joined(line).plain
        for widget in app.screen.query(LineView)
        if widget.region.area  # on screen (a hidden panel keeps what it last showed)
        for line in widget.lines(widget.size)
    ]
    return "\n".join([screen_text(app), *panels])


async def look_around(pilot: object, app: EntropyApp) -> list[str]:
    """What can be read with each panel shown, and in every seat's full console."""
    texts = []
    for key in ("c", "p", "o", "l", "b"):
        await press(pilot, key)  # type: ignore[arg-type]
        texts.append(readable(app))
    await press(pilot, "v")  # type: ignore[arg-type]
    assert isinstance(app.screen, SeatsScreen)
    for _ in range(2):
        texts.append(readable(app))
        await press(pilot, "right")  # type: ignore[arg-type]
    await press(pilot, "escape")  # type: ignore[arg-type]
    return texts


async def test_the_replay_of_an_unfinished_game_shows_no_hand_and_no_mission() -> None:
    final = hot_seat_game(5, 70)
    assert not final.over
    path = copy_path("unfinished")
    write_save(final, path)
    app = EntropyApp(bot_delay=0, open_file=("replay", path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        hidden_somewhere = False
        for step in range(0, len(final.state.choices) + 1, 14):
            await press(pilot, *["right"] * (step - screen.step))
            assert screen.step == step
            game = screen.session.game
            assert not screen.query_one(Prompt).choices, "no seat's options"
            held = secrets(game)
            hidden_somewhere |= bool(held)
            for text in await look_around(pilot, app):
                assert not shows_a_hand(text)
                for secret in held:
                    assert " ".join(secret.split()[:6]) not in " ".join(text.split())
        assert hidden_somewhere, "the seats should hold cards at some step"


@pytest.mark.parametrize("finished", [True, False])
async def test_a_finished_or_open_handed_game_replays_with_the_hands(finished: bool) -> None:
    final = hot_seat_game(5, 100_000) if finished else hot_seat_game(5, 70, open_hands=True)
    assert final.over == finished
    path = copy_path("to replay")
    write_save(final, path)
    app = EntropyApp(bot_delay=0, open_file=("replay", path))
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        await press(pilot, *["right"] * 20)
        assert app.screen.query_one(Prompt).choices, "the decision's options are shown"
        assert any(shows_a_hand(text) for text in await look_around(pilot, app))


async def test_a_question_of_more_rows_takes_them_from_the_options() -> None:
    """The question heads the options in their own rows: a question that wraps to more rows
    leaves fewer for the options, and the prompt keeps its size (a widget of its own whose
    height changed would lay the whole screen out again)."""
    config = GameConfig(parse_seats("Ann,Bea,Cy,Dee"), seed=7, open_hands=True)
    session = Session(config)
    app = EntropyApp(session=session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        options = app.screen.query_one(OptionsView)
        regions, heads = set(), set()
        for _ in range(40):
            await press(pilot, "enter")
            await shown(pilot)
            decision = session.game.decision
            assert decision is not None
            first_row = joined(options.lines(options.size)[0]).plain
            name = session.seats[decision.player].name
            assert first_row.startswith(f"{session.seats[decision.player].look.symbol} {name}")
            assert decision.prompt.removeprefix(f"{name}: ")[:20] in " ".join(
                joined(line).plain for line in options.lines(options.size)[:3]
            )
            heads.add(len(options._header_rows))
            regions.add(options.region)
        assert len(heads) > 1  # questions (and recaps) of different heights came
        assert len(regions) == 1
