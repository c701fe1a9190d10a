"""What the other seats changed since a person last acted is marked on their screen (the rondel,
the Consoles, the offers) until they act; and each Solar System is drawn in boxes."""

from __future__ import annotations

from textual.pilot import Pilot

from entropy_tui.play.config import GameConfig, parse_seats
from entropy_tui.play.glyphs import CHANGED
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.scene import Scene
from entropy_tui.tui.screens.game import GameScreen
from entropy_tui.tui.screens.handoff import HandoffScreen
from entropy_tui.tui.widgets.console import Console
from entropy_tui.tui.widgets.opponents import Opponents
from entropy_tui.tui.widgets.rondel import Rondel

from .helpers import press, screen_text, shown
from .scenes import mid_game

MARK_KEY = f"{CHANGED}: changed since your last turn"


def _hot_seat() -> EntropyApp:
    return EntropyApp(config=GameConfig(parse_seats("Ann,Bob,bot:greedy"), seed=3), bot_delay=0)


async def _play_until_handoff(pilot: Pilot, app: EntropyApp) -> None:
    """The person at the screen takes option 1 until the cover asks for the next person."""
    for _ in range(60):
        if isinstance(app.screen, HandoffScreen):
            return
        await press(pilot, "1")
    raise AssertionError("the turn never passed to the other person")


def _scene(app: EntropyApp) -> Scene:
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.scene is not None
    return screen.scene


async def test_the_next_person_sees_what_the_others_changed_until_they_act() -> None:
    app = _hot_seat()
    async with app.run_test(size=(110, 32)) as pilot:  # the board's frame says what "*" means
        await press(pilot, "enter")  # Ann takes the keyboard
        await shown(pilot)
        assert not _scene(app).changes  # nothing to compare with yet
        ann_space = app.session.game.state.players[0].scientist
        await _play_until_handoff(pilot, app)
        await press(pilot, "enter")  # Bob takes it
        await shown(pilot)
        changes = _scene(app).changes
        assert changes.seat(0, "scientist") and ann_space != changes.spaces
        assert app.session.game.state.players[0].scientist in changes.spaces
        text = screen_text(app)
        assert MARK_KEY in text  # under the board, what the mark means
        rondel = app.screen.query_one(Rondel).render().plain
        assert f"{CHANGED}@" in rondel  # Ann's Scientist, where it moved to
        await press(pilot, "p")  # the Players panel
        opponents = app.screen.query_one(Opponents).render().plain
        assert f"{CHANGED}at " in opponents  # Ann's Scientist, on the Players panel
        await press(pilot, "1")  # Bob acts: the marks clear
        assert not _scene(app).changes
        assert MARK_KEY not in screen_text(app)
        assert CHANGED not in app.screen.query_one(Rondel).render().plain
        # Bob ends his turn, the bot plays; back at the keyboard, Ann sees both turns marked.
        await _play_until_handoff(pilot, app)
        await press(pilot, "enter")
        await shown(pilot)
        changes = _scene(app).changes
        assert changes.seat(1, "scientist") and changes.seat(2, "scientist")
        assert not changes.seat(0, "scientist")


async def test_each_solar_system_is_drawn_in_boxes_at_every_size() -> None:
    for size in ((110, 32), (160, 50), (80, 24)):
        app = mid_game()
        async with app.run_test(size=size) as pilot:
            await shown(pilot)
            if size == (80, 24):
                await press(pilot, "c")  # one panel at a time: the Console
            console = app.screen.query_one(Console)
            drawn = console.render().plain.splitlines()
            width = console.size.width
            # What the drawing must show, from the engine's view of the seat's first system.
            system = app.screen.session.view()["players"][0]["systems"][0]  # type: ignore[attr-defined]
            planet = system["planets"][0]
            asteroid = next(iter(planet["asteroids"].values()))
            top = next(n for n, line in enumerate(drawn) if "Solar System 1" in line)
            assert drawn[top].startswith("╭ Solar System 1 ")
            assert drawn[top + 1].startswith(f"│ Star {system['star']} [")
            assert any(line.startswith(f"│┌ {planet['tile']} ") for line in drawn)
            assert any(f"│↑{asteroid} [" in line or f"│↓{asteroid} [" in line for line in drawn)
            assert any(f"cards {planet['cards'][0]}" in line for line in drawn)
            frame = [line for line in drawn[top:] if line.startswith(("╭", "│", "╰"))]
            assert all(len(line) == width for line in frame), size  # fits the panel
            if size == (80, 24):  # the drawing shows on the Console's pages
                pages = ""
                for _ in range(4):
                    await press(pilot, "c")
                    pages += screen_text(app)
                assert "╭ Solar System 1 " in pages and f"│┌ {planet['tile']} " in pages
