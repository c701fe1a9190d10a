"""Nothing on a seat's screen, or a spectator's, depends on what they may not see: at each
position of a played game, the game with every hidden part dealt again (tests/hidden_parts.py)
draws the same screen, in the full layout and at a small terminal's size."""

from __future__ import annotations

import json
import re
from itertools import pairwise
from pathlib import Path
from typing import Any, ClassVar

import pytest
from textual.events import Mount

import entropy_tui.tui.app as app_module
from entropy_tui.rules import Game
from entropy_tui.table.replica import ReplicaSession
from entropy_tui.tui.screens.table_game import TableScreen
from entropy_tui.tui.table_app import TableApp
from tests.hidden_parts import PLAYERS, RULE_MISSION, SEED, Twin, played, twin_of
from tests.table.support import make_table

from .helpers import screen_text, settle

pytestmark = pytest.mark.slow
STEPS = 40
SPECTATOR = None


class TableScreenAlone(TableApp):
    """One screen of a table, fed the table's own `game` message, with no socket behind it."""

    CSS_PATH: ClassVar = [
        str(Path(app_module.__file__).parent / name) for name in TableApp.CSS_PATH
    ]

    def __init__(self, welcome: dict[str, Any]) -> None:
        super().__init__(Path("no-socket"), "no-ticket")
        self.welcome = welcome

    def on_mount(self, event: Mount) -> None:
        event.prevent_default()
        self.receive(self.welcome)

    def send(self, message: dict[str, Any]) -> None:
        pass


class _Connection:
    """What the table needs of a connection to write its `game` message to it."""

    in_game = False

    def __init__(self, viewer: int | None) -> None:
        self.role = "spectator" if viewer is None else "player"
        self.seats = frozenset() if viewer is None else frozenset({viewer})
        self.sent: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(json.loads(json.dumps(message)))


def welcome_for(tmp_path: Path, viewer: int | None) -> dict[str, Any]:
    table = make_table(tmp_path, ",".join(f"remote:{name}" for name in PLAYERS), seed=SEED)
    connection = _Connection(viewer)
    table._send_game(connection)  # type: ignore[arg-type]
    return connection.sent[0]


async def drawn(app: TableScreenAlone, game: Game) -> str:
    """The screen with `game` in the replica, as the table's choices would leave it."""
    replica = app.replica
    screen = app.screen
    assert isinstance(replica, ReplicaSession) and isinstance(screen, TableScreen)
    replica.timeline.game = game
    screen.show_scene()
    pilot = app._pilot  # type: ignore[attr-defined]
    shown = ""
    for _ in range(10):  # until laid out: a panel's scroll bar may come or go at first
        await settle(pilot)
        await pilot.pause(0)
        shown, before = screen_text(app), shown
        if shown != before:
            continue
        # Steady: once more after an idle wait, which lets what waits for a refresh (the panel
        # bar's page count) run. One idle wait per position, not one per read.
        await settle(pilot)
        await pilot.pause()
        shown, before = screen_text(app), shown
        if shown == before:
            return shown
    raise AssertionError("the screen never settled")


def twins(viewer: int | None) -> list[Twin]:
    found = [twin_of(game, viewer, seed=step) for step, game in enumerate(played(STEPS))]
    return [twin for twin in found if twin is not None]


@pytest.mark.parametrize("viewer", [0, SPECTATOR], ids=["Ann", "spectator"])
@pytest.mark.parametrize("size", [(160, 50), (100, 30)], ids=["full", "ssh-size"])
async def test_a_screen_draws_the_same_whatever_it_may_not_see(
    tmp_path: Path, viewer: int | None, size: tuple[int, int]
) -> None:
    pairs = twins(viewer)
    assert len(pairs) >= STEPS * 3 // 4  # nearly every position has a twin
    hidden = [pair for pair in pairs if pair.real.decision.player != viewer]  # type: ignore[union-attr]
    assert any(pair.reach_differs for pair in hidden)  # a Create Life landing, by hand alone
    assert any(pair.real.decision.rule == RULE_MISSION for pair in hidden)  # type: ignore[union-attr]
    app = TableScreenAlone(welcome_for(tmp_path, viewer))
    async with app.run_test(size=size) as pilot:
        app._pilot = pilot  # type: ignore[attr-defined]
        await settle(pilot)
        differing = []
        for pair in pairs:
            real, twin = await drawn(app, pair.real), await drawn(app, pair.twin)
            if real != twin:
                differing.append((len(pair.real.state.choices), real, twin))
        assert not differing, _first_difference(differing[0])


def _first_difference(found: tuple[int, str, str]) -> str:
    step, real, twin = found
    rows = [
        f"  {a!r}\n  {b!r}"
        for a, b in zip(real.splitlines(), twin.splitlines(), strict=True)
        if a != b
    ]
    return f"at decision {step} the screens differ in:\n" + "\n".join(rows)


@pytest.mark.parametrize("viewer", [0, SPECTATOR], ids=["Ann", "spectator"])
async def test_another_seats_decision_shows_only_who_decides(
    tmp_path: Path, viewer: int | None
) -> None:
    """Its rule (Bob's "Fulfill a Mission" would tell that one of his Missions is met) shows
    neither in the prompt nor through F1, and its kind does not move a chosen panel."""
    positions = [game for game in played(STEPS) if _decider(game) != viewer]
    assert any(game.decision.rule == RULE_MISSION for game in positions)  # type: ignore[union-attr]
    app = TableScreenAlone(welcome_for(tmp_path, viewer))
    async with app.run_test(size=(100, 30)) as pilot:  # one panel at a time: it follows a move
        app._pilot = pilot  # type: ignore[attr-defined]
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        kinds_passed = 0
        for before, game in pairwise(positions):
            decision, previous = game.decision, before.decision
            assert decision is not None and previous is not None
            await drawn(app, before)
            await pilot.press("l")  # the log, chosen while another seat decides
            text = await drawn(app, game)
            decider = PLAYERS[decision.player]
            question = rf"{decider} decides \(remote player\)\.[ │]*$"  # and nothing after it
            assert any(re.search(question, line) for line in text.splitlines()), text
            assert f"[{decision.rule}: F1]" not in text
            assert screen.rule_section is None
            hidden_kinds = "move" not in (decision.kind, previous.kind)  # a move shows
            if hidden_kinds and previous.player == decision.player:
                kinds_passed += decision.kind != previous.kind
                assert screen._panel == "log", (previous.kind, decision.kind)
        assert kinds_passed >= 3


def _decider(game: Game) -> int:
    decision = game.decision
    assert decision is not None
    return decision.player
