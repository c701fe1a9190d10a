"""Driving the app the way a person does: reading the prompt on screen and pressing keys."""

from __future__ import annotations

import io
import random
from collections.abc import Callable

from rich.console import Console, RenderableType
from textual.pilot import Pilot

from entropy_tui.bots import make_bot
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.screens.game import GameScreen
from entropy_tui.tui.screens.game_over import GameOverScreen
from entropy_tui.tui.screens.handoff import HandoffScreen
from entropy_tui.tui.widgets.options_view import Choice
from entropy_tui.tui.widgets.prompt import Prompt


def plain_text(renderable: RenderableType, width: int = 120) -> str:
    console = Console(width=width, file=io.StringIO(), color_system=None, record=True)
    console.print(renderable)
    return console.export_text()


def screen_text(app: EntropyApp) -> str:
    """What the terminal shows, as plain text (colours dropped)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), color_system=None)
    console.begin_capture()
    console.print(app.screen._compositor.render_update(full=True))
    return console.end_capture()


async def settle(pilot: Pilot) -> None:
    """Waits until every message (a key bubbles through several widgets) has been handled."""
    app = pilot.app
    for _ in range(50):
        await pilot.pause(0)
        nodes = [app, *app.screen.walk_children(with_self=True)]
        if all(node._message_queue.empty() for node in nodes):
            return


async def until(pilot: Pilot, condition: Callable[[], bool]) -> None:
    """Lets the app (and whatever feeds it: a table, a club's rooms) run until `condition`
    holds, within a bounded number of turns, then settles."""
    for _ in range(1000):
        if condition():
            await settle(pilot)
            return
        await pilot.pause(0.005)
    raise AssertionError("the screen never got there")


async def shown(pilot: Pilot) -> None:
    """Waits until the decision in the prompt has been drawn, as a person sees it before
    pressing a key for it."""
    for _ in range(50):
        await settle(pilot)
        screen = pilot.app.screen
        if not isinstance(screen, GameScreen) or screen.query_one(Prompt).drawn:
            return
        await pilot.pause(0)
    raise AssertionError("the decision was never drawn (did drawing it raise?)")


async def press(pilot: Pilot, *keys: str) -> None:
    """Keys delivered like a terminal's, each handled to the end, and what it brings drawn,
    before the next, without Pilot.press's idle waits (about 40 ms a key), which would make
    whole games take minutes."""
    for key in keys:
        await shown(pilot)
        pilot.app.simulate_key(key)
        await settle(pilot)


def keys_for(number: int, count: int) -> list[str]:
    """The keys that take option `number` of `count`: its digits, then Enter if the number has
    fewer digits than the options' count (7 of 12: "7", Enter)."""
    digits = list(str(number))
    return [*digits, "enter"] if len(digits) < len(str(count)) else digits


Picker = Callable[[GameScreen, list[Choice]], Choice]


def random_picker(rng: random.Random) -> Picker:
    return lambda screen, enabled: rng.choice(enabled)


def bot_picker(name: str, rng: random.Random, wander: float = 0.0) -> Picker:
    """Picks what a bot of that kind would (so games end sooner), or at random `wander` of the
    time; either way the choice is then made with the option's number keys."""
    bots: dict[int, object] = {}

    def pick(screen: GameScreen, enabled: list[Choice]) -> Choice:
        decision = screen.session.decision
        assert decision is not None
        if rng.random() < wander:
            return rng.choice(enabled)
        bot = bots.setdefault(decision.player, make_bot(name, decision.player))
        wanted = bot.decide(screen.session.game.view(decision.player), decision)
        return next(choice for choice in enabled if choice.id == wanted)

    return pick


async def play_to_the_end(
    pilot: Pilot, app: EntropyApp, pick: Picker, max_keys: int = 20_000
) -> dict[str, int]:
    """Plays every human decision with number keys until the game-over screen shows; returns
    how many hand-offs and choices it took."""
    seen = {"handoffs": 0, "choices": 0}
    for _ in range(max_keys):
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            await pilot.pause()  # let it finish mounting
            return seen
        if isinstance(screen, HandoffScreen):
            seen["handoffs"] += 1
            await press(pilot, "enter")
            continue
        assert isinstance(screen, GameScreen), type(screen)
        choices = screen.query_one(Prompt).choices
        enabled = [choice for choice in choices if choice.enabled]
        assert enabled, "a human decision with nothing to choose"
        choice = pick(screen, enabled)
        seen["choices"] += 1
        await press(pilot, *keys_for(choice.number, len(choices)))
    raise AssertionError("the game did not end")
