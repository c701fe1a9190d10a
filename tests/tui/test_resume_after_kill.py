"""The worst an SSH drop can do: the app killed with SIGKILL mid-game. Started again with
--resume it must show the same decision, with the same state, as the last save before the kill."""

from __future__ import annotations

import json
import os
import shlex
import signal
import sys
import time
from pathlib import Path

import pytest

from entropy_tui.saves.files import load_game
from entropy_tui.saves.folder import list_saves

from .tmux import Tmux, needs_tmux

pytestmark = [needs_tmux, pytest.mark.tmux]


def launch(folder: Path, *args: str) -> Tmux:
    command = shlex.join([sys.executable, "-m", "entropy_tui", "--bot-delay", "0", *args])
    return Tmux(f"env TERM=xterm-256color ENTROPY_TUI_DATA={shlex.quote(str(folder))} {command}",
                (100, 30))  # fmt: skip


def saved_choices(path: Path) -> int:
    try:
        return len(json.loads(path.read_text())["choices"])
    except (OSError, ValueError):
        return -1  # not there yet (a reader never sees half a file: the write is atomic)


def wait_until(test: object, what: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if test():  # type: ignore[operator]
            return
        time.sleep(0.05)
    raise AssertionError(f"waited {timeout}s for {what}")


def test_kill_9_then_resume_finds_the_same_decision(private_saves_folder: Path) -> None:
    first = launch(private_saves_folder, "--seats", "Ann,bot:random", "--seed", "11")
    try:
        # A cold start on a busy machine (the rest of the suite running) can take many seconds.
        first.wait_for(lambda s: "1-9 Pick" in s, "Ann's first decision", timeout=90)
        assert list_saves() == []  # nothing decided, nothing to lose yet
        first.keys("1")
        wait_until(lambda: len(list_saves()) == 1, "the first save")
        path = list_saves()[0].path
        for _ in range(7):
            before = saved_choices(path)
            first.keys("1")
            wait_until(lambda: saved_choices(path) > before, "the choice to be saved")  # noqa: B023
        pid = int(first.run("display-message", "-p", "-t", "game", "#{pane_pid}").stdout)
        os.kill(pid, signal.SIGKILL)
        wait_until(lambda: not first.alive(), "the killed app's pane to close")
    finally:
        first.close()

    game, _ = load_game(path)  # the file survived the kill whole
    decision = game.decision
    assert decision is not None and decision.player == 0
    question = decision.prompt.removeprefix("Ann: ")[:40]
    stamp = json.loads(path.read_text())["saved_at"]

    second = launch(private_saves_folder, "--resume")
    try:
        second.wait_for(lambda s: question in " ".join(s.split()), "the same decision", timeout=90)
        # On opening, the game saves itself again, into the same file: the same state.
        wait_until(lambda: json.loads(path.read_text())["saved_at"] != stamp, "the resave")
        again, _ = load_game(path)
        assert again.snapshot() == game.snapshot()
    finally:
        second.close()
