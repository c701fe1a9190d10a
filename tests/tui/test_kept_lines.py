"""What the panels keep from one decision to the next (to draw less when the turn passes) never
shows what is out of date: after every decision of hot-seat games, each panel shows what the
same panel, new, would show for that scene."""

from __future__ import annotations

import random

import pytest

from entropy_tui.play.config import GameConfig, parse_seats
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.screens.game import GameScreen
from entropy_tui.tui.screens.handoff import HandoffScreen
from entropy_tui.tui.widgets.console import Console
from entropy_tui.tui.widgets.game_log import GameLog
from entropy_tui.tui.widgets.opponents import Opponents
from entropy_tui.tui.widgets.prompt import Prompt

from .helpers import keys_for, press, shown


def _plain(lines: list) -> list[str]:
    return [line.plain for line in lines]


async def _play(seats: str, seed: int, decisions: int, check) -> int:
    """Plays `decisions` human decisions at random (undoing now and then), calling
    `check(screen)` after each; the number of hand-offs on the way. Each person's decision
    first adds a line to the log that only they may read (the rules write none yet)."""
    rng = random.Random(seed)
    config = GameConfig(parse_seats(seats), seed=seed)
    app = EntropyApp(config=config, bot_delay=0)
    handoffs = 0
    async with app.run_test(size=(160, 50)) as pilot:
        for _ in range(decisions):
            await shown(pilot)
            screen = app.screen
            if isinstance(screen, HandoffScreen):
                handoffs += 1
                await press(pilot, "enter")
                continue
            assert isinstance(screen, GameScreen), type(screen)
            check(screen)
            seat = screen.session.decision.player
            screen.session.game.note(seat, "secret", f"seat {seat}'s own line", private=True)
            if rng.random() < 0.1:
                await press(pilot, "u")
                continue
            choices = screen.query_one(Prompt).choices
            choice = rng.choice([c for c in choices if c.enabled])
            await press(pilot, *keys_for(choice.number, len(choices)))
    return handoffs


def _log_as_new(screen: GameScreen) -> None:
    log = screen.query_one(GameLog)
    new = GameLog()
    new.show(screen.scene)
    assert _plain(log.lines(log.size)) == _plain(new.lines(log.size))
    assert log._lines == new._lines  # the older pages too


@pytest.mark.slow
async def test_each_persons_log_is_kept_and_shows_what_a_new_log_would() -> None:
    # Two people at one screen with hidden hands: each has private lines of their own, and the
    # log the keyboard passes back to was read before, with the game gone on since.
    handoffs = await _play("Ann,Bea,bot:random", 3, 120, _log_as_new)
    assert handoffs >= 6


def _seats_as_new(screen: GameScreen) -> None:
    console = screen.query_one(Console)
    new = Console()
    new.show(screen.scene, screen.scene.acting)
    assert _plain(console.lines(console.size)) == _plain(new.lines(console.size))
    opponents = screen.query_one(Opponents)
    others = Opponents()
    others.show(screen.scene, screen.scene.acting)
    assert _plain(opponents._lines) == _plain(others._lines)
    # Another seat gains Energy while this one is shown: its Console, when the turn passes to
    # it, shows the Energy it has then, and so do the other seats' lines.
    game = screen.session.game
    other = (screen.scene.acting + 1) % len(game.state.players)
    game.state.players[other].energy += 1


@pytest.mark.slow
async def test_each_seats_lines_are_kept_and_show_what_new_panels_would() -> None:
    handoffs = await _play("Ann,Bea,Cy", 4, 120, _seats_as_new)
    assert handoffs >= 6
