"""Each screen reached and used from the keyboard."""

from __future__ import annotations

import random

import pytest
from textual.command import CommandList

from entropy_tui.play.config import GameConfig, parse_seats
from entropy_tui.play.session import Session
from entropy_tui.rules import Game
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.keys import COMMANDS
from entropy_tui.tui.screens.confirm_quit import ConfirmQuitScreen
from entropy_tui.tui.screens.game import GameScreen
from entropy_tui.tui.screens.hand_over import HandOverScreen
from entropy_tui.tui.screens.help import HelpScreen, help_tables
from entropy_tui.tui.screens.new_game import NewGameScreen
from entropy_tui.tui.screens.palette import Palette
from entropy_tui.tui.screens.replay import ReplayScreen
from entropy_tui.tui.screens.rules import RulesScreen
from entropy_tui.tui.screens.seats import SeatsScreen
from entropy_tui.tui.screens.too_small import TooSmallScreen
from entropy_tui.tui.themes import COLOURBLIND_THEME, DEFAULT_THEME
from entropy_tui.tui.widgets.console import Console
from entropy_tui.tui.widgets.line_view import joined
from entropy_tui.tui.widgets.options_view import OptionsView
from entropy_tui.tui.widgets.prompt import Prompt
from entropy_tui.tui.widgets.tick_box import TickBox

from ..support import refresh
from .helpers import plain_text, press, screen_text, shown


def game_app(spec: str = "Ann,bot:random", **kwargs: object) -> EntropyApp:
    return EntropyApp(config=GameConfig(parse_seats(spec), seed=7), bot_delay=0, **kwargs)


async def test_f1_opens_the_rules_at_the_section_of_the_decision() -> None:
    app = game_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "f1")
        assert isinstance(app.screen, RulesScreen)
        assert "Movement" in str(app.screen.query_one("#rules-markdown").source)
        await press(pilot, "slash", *"traffic")
        assert "Traffic Bonus" in str(app.screen.query_one("#rules-markdown").source)
        await press(pilot, "escape", "escape")
        assert isinstance(app.screen, GameScreen)


async def test_help_lists_every_key_of_the_registry() -> None:
    app = game_app()
    async with app.run_test(size=(160, 50)) as pilot:
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = plain_text(help_tables())
        for command in COMMANDS:
            assert command.title in text
        await press(pilot, "escape")
        assert isinstance(app.screen, GameScreen)


async def test_the_palette_offers_the_registrys_commands() -> None:
    app = game_app()
    async with app.run_test(size=(80, 24)) as pilot:
        titles = {c.title for c in app.get_system_commands(app.screen)}
        assert {"Help", "Rules", "Seat consoles", "Skip ahead", "Undo", "Save a copy"} <= titles
        await press(pilot, "ctrl+p")
        assert isinstance(app.screen, Palette)
        await press(pilot, *"seat consoles", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SeatsScreen)


@pytest.mark.parametrize("key", ["pageup", "pagedown", "home", "end", "up", "down"])
async def test_keys_typed_into_the_palette_before_it_is_drawn_move_nothing(key: str) -> None:
    """Ctrl+P and a page key in one read (a fast hand, a paste, a slow link) reach the palette
    before its list has been laid out: the key has no page to move by yet and is let go."""
    app = game_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot)
        for burst_key in ("ctrl+p", key, key):
            app.simulate_key(burst_key)
        await pilot.pause()
        assert app.return_code is None, "the app stopped on the key"
        assert isinstance(app.screen, Palette)
        await press(pilot, "escape")
        assert isinstance(app.screen, GameScreen)


async def test_page_keys_page_through_the_palettes_commands_once_drawn() -> None:
    app = game_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "ctrl+p", "down")
        commands = app.screen.query_one(CommandList)
        first = commands.highlighted
        assert first is not None
        await press(pilot, "pagedown")
        paged = commands.highlighted
        assert paged is not None and paged > first + 1, "a page is more than one command"
        await press(pilot, "pageup")
        assert commands.highlighted is not None and commands.highlighted < paged


async def test_quitting_mid_game_asks_first() -> None:
    app = game_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "q")
        assert isinstance(app.screen, ConfirmQuitScreen)
        await press(pilot, "n")
        assert isinstance(app.screen, GameScreen)
        await press(pilot, "ctrl+q", "y")
        await pilot.pause()
    assert app.return_code == 0


async def test_seat_consoles_cycle_through_every_seat() -> None:
    app = game_app("Ann,bot:random,bot:greedy")
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "v")
        screen = app.screen
        assert isinstance(screen, SeatsScreen)
        seen = {screen.seat}
        for _ in range(3):
            await press(pilot, "right")
            seen.add(screen.seat)
        assert seen == {0, 1, 2}
        await press(pilot, "escape")
        assert isinstance(app.screen, GameScreen)


async def test_t_in_the_seat_consoles_hands_a_seat_to_a_bot_and_back() -> None:
    app = game_app("Ann,bot:random")
    async with app.run_test(size=(80, 24)) as pilot:
        session = app.session
        assert session is not None and session.human_to_move() == 0
        await press(pilot, "v", "right", "t")
        assert isinstance(app.screen, HandOverScreen)
        await press(pilot, "escape")  # nothing changes
        assert isinstance(app.screen, SeatsScreen) and session.game.player(1).bot == "random"
        await press(pilot, "t", "enter")  # the first option: a person (random plays it now)
        await pilot.pause()
        assert isinstance(app.screen, SeatsScreen)
        assert session.game.player(1).bot is None and session.humans == [0, 1]
        assert "Beginner 2's seat is played by a person" in screen_text(app)
        await press(pilot, "left", "t", "down", "enter")  # Ann's seat to the greedy bot
        await pilot.pause()
        assert session.game.player(0).bot == "greedy"
        assert [e.kind for e in session.game.log].count("control") == 2
        await press(pilot, "escape")
        await pilot.pause()
        # The greedy bot played Ann's turn; Beginner 2's seat, now a person's, decides.
        assert isinstance(app.screen, GameScreen)
        assert session.human_to_move() == 1 and session.viewer == 1


async def test_a_replays_seat_consoles_hand_no_seat_over() -> None:
    app = game_app("Ann,bot:random")
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.session is not None
        await app.push_screen(ReplayScreen(app.session))
        await press(pilot, "v")
        assert isinstance(app.screen, SeatsScreen)
        assert "t: hand it over" not in screen_text(app)
        await press(pilot, "t")
        assert isinstance(app.screen, SeatsScreen)
        assert app.session.game.player(1).bot == "random"


async def test_a_replay_shows_a_seat_changing_hands_at_its_step() -> None:
    game = Game.new(["Ann", "Bob"], seed=4, bots=[None, "random"])
    game.choose("move:1")
    game.change_control(0, "greedy")
    game.choose("star:0")
    session = Session(GameConfig(parse_seats("Ann,bot:random:Bob"), seed=4), game)
    app = EntropyApp(session=session, bot_delay=0)  # two bots now: they play to the end
    async with app.run_test(size=(80, 24)) as pilot:
        replay = ReplayScreen(session)
        await app.push_screen(replay)
        await pilot.pause()
        replay.go_to(1)
        title = replay.query_one(Prompt).border_title
        assert f"step 1 of {replay.steps}: Ann's seat is handed to the Casual bot" in title
        assert replay.session.seats[0].bot is None
        replay.go_to(2)
        assert f"step 2 of {replay.steps}: Ann took option" in replay.query_one(Prompt).border_title
        assert replay.session.seats[0].bot == "greedy"


async def test_the_rondel_shows_the_moves_beside_a_biome_to_fulfil_before_moving() -> None:
    game = Game.new(["Ann", "Bob"], seed=7, bots=[None, "random"])
    world = game.player(0).systems[0].planets[0]
    world.biome, world.life["bacteria"] = "BA01", 2  # BA01 needs 2 Bacteria
    refresh(game)
    assert game.decision is not None and "fulfil:s0p0" in [o.id for o in game.decision.options]
    session = Session(GameConfig(parse_seats("Ann,bot:random:Bob"), seed=7), game)
    app = EntropyApp(session=session, bot_delay=0)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "fulfil the Biome" in text and "Move 1 to" in text


async def test_a_window_too_small_says_how_big_to_make_it() -> None:
    app = game_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "Make the window at least 80x24" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_new_game_refuses_a_bad_table_then_starts_a_good_one() -> None:
    app = EntropyApp(settings=GameConfig((), seed=99), seed_chosen=True, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#seat-2 .seat-name").value = "ann"
        await press(pilot, "ctrl+g")
        assert "same name" in screen_text(app)
        screen.query_one("#seat-2 .seat-name").value = "Bob"
        await press(pilot, "ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        config = app.screen.session.config
        assert config.seed == 99
        assert [s.name for s in config.seats] == ["Ann", "Bob"]


@pytest.mark.parametrize("untick", [False, True])
async def test_new_game_ends_turns_with_a_confirm_step_unless_unticked(untick: bool) -> None:
    app = EntropyApp(settings=GameConfig((), seed=99), seed_chosen=True, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        box = app.screen.query_one("#confirm-turn-end", TickBox)
        assert box.value
        if untick:
            box.focus()
            await press(pilot, "space")
        await press(pilot, "ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.config.confirm_turn_end is not untick
        assert app.screen.session.game.state.settings.confirm_turn_end is not untick


async def test_two_digit_numbers_and_disabled_options() -> None:
    # Find a decision with ten or more options, and one with a disabled option.
    game = Game.new(["Ann", "Bob"], seed=7, edition=4)  # every combination in one decision
    rng = random.Random(0)
    while len(game.decision.options) < 12:
        game.choose(rng.choice(game.decision.enabled).id)
    config = GameConfig(parse_seats("Ann,Bob"), seed=7, open_hands=True)
    app = EntropyApp(session=Session(config, game=game), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        prompt = app.screen.query_one(Prompt)
        before = len(game.state.choices)
        await press(pilot, "1")  # 1 or 10-19: waits
        assert len(game.state.choices) == before
        assert "Option 1_" in prompt.border_title
        target = prompt.choices[11]
        await press(pilot, "2")
        if target.enabled:
            assert game.state.choices[-1] == target.id
        else:
            assert len(game.state.choices) == before
            assert target.reason in prompt.border_title


async def test_bots_wait_their_turn_and_space_skips_ahead() -> None:
    app = EntropyApp(
        config=GameConfig(parse_seats("Ann,bot:random,bot:random"), seed=4), bot_delay=60
    )
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        session = screen.session
        while not session.bot_to_move():
            choice = next(c for c in screen.query_one(Prompt).choices if c.enabled)
            screen.choose(choice.id)
        await pilot.pause()
        assert "is deciding" in screen_text(app)
        await press(pilot, "space")
        assert session.human_to_move() == 0 or session.game.over


async def test_a_click_takes_an_option() -> None:
    app = game_app()
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen.session.game
        before = len(game.state.choices)
        options = app.screen.query_one(OptionsView)
        rows = [joined(line).plain for line in options.lines(options.size)]
        first = next(y for y, row in enumerate(rows) if row.startswith(">1 "))  # under the question
        await pilot.click("#prompt-options", offset=(3, first))
        await pilot.pause()
        assert len(game.state.choices) > before
        assert game.state.choices[before] == "move:1"


async def test_f2_switches_to_the_colour_blind_theme_and_back() -> None:
    app = game_app(colourblind=True)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.theme == COLOURBLIND_THEME
        await press(pilot, "f2")
        assert app.theme == DEFAULT_THEME


async def test_another_humans_hand_stays_hidden() -> None:
    app = game_app("Ann,Bea")
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "enter")  # Ann takes the keyboard
        await press(pilot, "v")

        def console_text() -> str:  # the whole console, also what is scrolled out of view
            console = app.screen.query_one(Console)
            return "\n".join(line.plain for line in console.lines(console.size))

        assert "Hand (private)" in console_text()
        await press(pilot, "right")  # Bea's console, as Ann may see it
        text = console_text()
        assert "Hand (private)" not in text
        assert "(hidden)" in text
