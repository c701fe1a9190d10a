"""Over SSH, with the real OpenSSH client: two tables that differ only in what Bob holds (his
hand, his Missions, and the hidden order of every stack) draw the same screens for Ann and for
a spectator, step by step, from a move of Bob's that his hand alone allows or not onto Create
Life; and while Bob decides, their screens say only that he does."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from entropy_tui.rules import Game
from tests.hidden_parts import PLAYERS, Twin, played, twin_of
from tests.tui.tmux import Tmux, needs_tmux

from .support import needs_openssh
from .table import SshTable, game_drawn

pytestmark = [needs_openssh, needs_tmux, pytest.mark.ssh, pytest.mark.tmux]
ANN, BOB = 0, 1
STEPS = 4  # decisions made at both tables after the first position
# Ann's seat code, in the notice her screen opens with: each table makes its own.
SEAT_CODE = re.compile(r"\b[A-Z2-9]{4}-[A-Z2-9]{4}\b")


def bob_landing_by_hand_alone() -> tuple[int, Twin]:
    """The first move of Bob's whose Create Life landing his hand alone allows or not."""
    for step, game in enumerate(played(60)):
        decision = game.decision
        if decision is not None and decision.player == BOB and decision.kind == "move":
            twin = twin_of(game, ANN, seed=step)
            if twin is not None and twin.reach_differs:
                return step, twin
    raise AssertionError("no such move in the game")


def common_choices(real: Game, twin: Game, steps: int) -> list[str]:
    """Options both games allow under the same number, made in both, `steps` times at most."""
    real, twin = real.copy(), twin.copy()
    made = []
    for _ in range(steps):
        ours, theirs = real.decision, twin.decision
        assert ours is not None and theirs is not None
        ids = [option.id for option in ours.options]
        allowed = {option.id for option in theirs.options if option.enabled}
        pick = next((o.id for o in ours.options if o.enabled and o.id in allowed), None)
        if pick is None or [option.id for option in theirs.options] != ids:
            break
        real.choose(pick)
        twin.choose(pick)
        made.append(pick)
    return made


def screens_of_a_table(
    folder: Path, step: int, twin: int | None, choices: list[str], start: Game
) -> list[tuple[str, str]]:
    """Ann's and the spectator's screens at the first position and after each choice, made
    by its seat's player from their own terminal. The table saves into `folder` (the test's
    ENTROPY_TUI_DATA, set by the caller)."""
    table = SshTable(folder, PLAYERS, seed=0)
    try:
        table.open_dealt(step, twin)
        for name in PLAYERS:
            table.join(name).wait_for(game_drawn, f"{name}'s seat", timeout=45)
        spectator = table.join_with_password("Carol")
        spectator.wait_for(lambda s: "Watch" in s, "the lobby")
        spectator.keys("End", "Enter")
        spectator.wait_for(game_drawn, "the game, watched", timeout=45)
        ann = table.terminals["Ann"]
        game = start.copy()
        seen = [(settled(ann), settled(spectator))]
        for choice in choices:
            decision = game.decision
            assert decision is not None
            number = [option.id for option in decision.options].index(choice) + 1
            before = len(table.saved_choices())
            table.terminals[PLAYERS[decision.player]].keys(str(number))
            wait_until(lambda b=before: len(table.saved_choices()) > b)
            game.choose(choice)
            seen.append((settled(ann), settled(spectator)))
        return seen
    finally:
        table.close()


def settled(terminal: Tmux) -> str:
    """The screen once steady, its seat code (if shown) blanked."""
    screen = terminal.wait_for(lambda s: True, "a settled screen", steady=True)
    return SEAT_CODE.sub("XXXX-XXXX", screen)


def wait_until(test: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if test():
            return
        time.sleep(0.05)
    raise AssertionError("the choice was never made")


def test_ann_and_a_spectator_see_the_same_whatever_bob_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    step, pair = bob_landing_by_hand_alone()
    choices = common_choices(pair.real, pair.twin, STEPS)
    assert len(choices) >= 2
    screens = []
    for name, twin, start in (("real", None, pair.real), ("twin", step, pair.twin)):
        folder = tmp_path / name
        folder.mkdir()
        monkeypatch.setenv("ENTROPY_TUI_DATA", str(folder))  # each table's saves of its own
        screens.append(screens_of_a_table(folder, step, twin, choices, start))
    real, twin = screens
    # Each choice reached the table (screens_of_a_table waits for its save); the screens moved
    # on with them, though a choice of Bob's that changes nothing public leaves Ann's as it was.
    assert len({ann for ann, _ in real}) > 1
    game = pair.real.copy()
    for number, (ours, theirs) in enumerate(zip(real, twin, strict=True)):
        decision = game.decision
        assert decision is not None
        for who, mine, other in (
            ("Ann", ours[0], theirs[0]),
            ("the spectator", ours[1], theirs[1]),
        ):
            assert mine == other, f"{who}'s screens differ after {number} choices:\n{mine}\n{other}"
            if decision.player == BOB:
                assert re.search(r"Bob decides \(remote player\)\.\s*$", mine, re.MULTILINE), mine
        if number < len(choices):
            game.choose(choices[number])
