"""End to end in a real terminal: the app started in tmux at 80x24, driven with keys, read back
with capture-pane. Skipped where tmux is not installed."""

from __future__ import annotations

import shlex
import sys
import time
from collections.abc import Iterator

import pytest

from .tmux import Tmux, needs_tmux

pytestmark = [needs_tmux, pytest.mark.tmux]


def start(size: tuple[int, int]) -> Tmux:
    command = shlex.join([sys.executable, "-m", "entropy_tui", "--seats", "Ann,Bea", "--seed", "7"])
    return Tmux(f"env TERM=xterm-256color {command}", size)


@pytest.fixture
def tmux() -> Iterator[Tmux]:
    terminal = start((80, 24))
    yield terminal
    terminal.close()


def test_a_terminal_too_small_gets_a_message_not_a_crash() -> None:
    terminal = start((60, 20))
    try:
        terminal.wait_for(lambda s: "Make the window at least 80x24" in s, "the notice")
        terminal.run("resize-window", "-t", "game", "-x", "80", "-y", "24")
        terminal.wait_for(lambda s: "Pass to @ Ann" in s, "the game, once the window fits")
    finally:
        terminal.close()


def test_a_hot_seat_game_in_tmux(tmux: Tmux) -> None:
    # A cold start on a busy machine (the rest of the suite running) can take many seconds.
    tmux.wait_for(lambda s: "Pass to @ Ann - press Enter" in s, "the first hand-off", timeout=90)
    tmux.keys("Enter")
    # Steady: a key that reaches the app before it has marked the prompt drawn is dropped
    # (typed ahead), and on a busy machine the frame shows a little before that.
    screen = tmux.wait_for(
        lambda s: "move your Scientist" in s, "Ann's first decision", steady=True
    )
    assert "Hand (private)" not in screen or "Ann" in screen
    tmux.keys("1")
    tmux.wait_for(lambda s: "move your Scientist" not in s, "the move to be made")
    tmux.keys("?")
    tmux.wait_for(lambda s: "Keys (g: what the letters mean" in s, "the help screen")
    tmux.keys("g")
    tmux.wait_for(lambda s: "Glossary: what the screen's letters mean" in s, "the glossary")
    tmux.keys("Escape")
    tmux.wait_for(lambda s: "Keys (g: what the letters mean" in s, "help, behind the glossary")
    tmux.keys("Escape")
    tmux.wait_for(lambda s: "Keys (g: what" not in s, "help to close")
    tmux.run("resize-window", "-t", "game", "-x", "60", "-y", "20")
    tmux.wait_for(lambda s: "Make the window at least 80x24" in s, "the too-small notice")
    tmux.run("resize-window", "-t", "game", "-x", "80", "-y", "24")
    tmux.wait_for(lambda s: "Make the window" not in s, "the game to come back")
    tmux.keys("q")
    tmux.wait_for(lambda s: "Leave this game?" in s, "the quit question")
    tmux.keys("y")
    deadline = time.monotonic() + 10
    while tmux.alive() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not tmux.alive(), "the app should have exited"


def test_a_turn_ends_on_enter_and_the_next_player_reads_what_happened(tmux: Tmux) -> None:
    tmux.wait_for(lambda s: "Pass to @ Ann - press Enter" in s, "the first hand-off", timeout=90)
    tmux.keys("Enter")
    first = "Ann's first decision"
    screen = tmux.wait_for(lambda s: "move your Scientist" in s, first, timeout=60)
    for _ in range(12):  # the first option of each decision, until the turn's last step
        if "Enter: end your turn, u: take back" in screen:
            break
        tmux.keys("1")
        screen = tmux.wait_for(
            lambda s, before=screen: s != before and ">1 " in s,
            "the next decision",
            timeout=60,
            steady=True,
        )
    assert "This turn: moved" in screen and "End your turn" in screen
    tmux.keys("u")
    back = "the last decision, taken back"
    tmux.wait_for(lambda s: "Enter: end your turn" not in s and ">1 " in s, back, timeout=60)
    tmux.keys("1")
    tmux.wait_for(lambda s: "Enter: end your turn" in s, "the last step again", timeout=60)
    tmux.keys("Enter")
    cover = tmux.wait_for(lambda s: "Pass to # Bea" in s, "the hand-off to Bea", timeout=60)
    assert "Since Bea's last turn:" in cover and "@ Ann: moved" in cover
