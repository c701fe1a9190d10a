"""A table played over SSH end to end: `entropy-tui host` in tmux, players joining with the
real OpenSSH client, each screen read back as text."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.tui.tmux import Tmux, needs_tmux

from .support import needs_openssh
from .table import SshTable, game_drawn, names_on, own_hand, secrets_hidden_from

pytestmark = [needs_openssh, needs_tmux, pytest.mark.ssh, pytest.mark.tmux]
PLAYERS = ["Ann", "Bob"]


@pytest.fixture
def table(tmp_path: Path) -> Iterator[SshTable]:
    opened = SshTable(tmp_path, PLAYERS, seed=11)
    yield opened
    opened.close()


def join_both(table: SshTable) -> None:
    for name in PLAYERS:
        # A login starts a screen of its own on the host machine: slow on a busy machine.
        table.join(name).wait_for(game_drawn, f"{name}'s seat", timeout=45)


def console_pages(terminal: Tmux, pages: int = 3) -> str:
    """Every page of the console panel (`c`, pressed again for the next page)."""
    seen = []
    for _ in range(pages):
        before = terminal.screen()
        terminal.keys("c")
        try:
            shown = terminal.wait_for(lambda s, b=before: s != b, "the next page", timeout=3)
        except AssertionError:  # a console of one page, already shown: nothing changes
            shown = before
        seen.append(terminal.wait_for(lambda s: True, "a settled screen", steady=True) + shown)
    return "\n".join(seen)


def test_two_players_each_see_their_own_hand_and_never_the_other(table: SshTable) -> None:
    table.open()
    join_both(table)
    spectator = table.join_with_password("Carol")
    spectator.wait_for(lambda s: "Watch" in s, "the lobby")
    spectator.keys("End", "Enter")
    spectator.wait_for(game_drawn, "the game, watched", timeout=45)

    hands_seen: set[str] = set()
    game = table.game()
    while game.state.round < 3 or hands_seen != set(PLAYERS):  # two rounds, and both hands
        seat = game.decision.player
        name = PLAYERS[seat]
        if name not in hands_seen:  # the console at the seat's own decision shows its hand
            pages = console_pages(table.terminals[name])
            assert own_hand(game, seat) and names_on(pages, own_hand(game, seat)) == own_hand(
                game, seat
            )
            assert "Hand (private)" in pages
            hands_seen.add(name)
        table.decide()
        game = table.game()
        for seat, name in enumerate(PLAYERS):
            screen = table.terminals[name].screen()
            assert names_on(screen, secrets_hidden_from(game, seat)) == set(), screen
        watched = spectator.screen() + console_pages(spectator, pages=1)
        assert names_on(watched, secrets_hidden_from(game, None)) == set(), watched
        assert "Hand (private)" not in watched
    assert all(secrets_hidden_from(game, seat) for seat in range(len(PLAYERS)))


def test_a_player_killed_mid_turn_rejoins_to_the_same_decision(table: SshTable) -> None:
    table.open()
    join_both(table)
    for _ in range(3):
        table.decide()
    game = table.game()
    decision = game.decision
    assert decision is not None
    name = PLAYERS[decision.player]
    other = PLAYERS[1 - decision.player]
    prompt = decision.prompt[:40]
    before = table.terminals[name].wait_for(lambda s: prompt in s, "the decision")
    choices = table.saved_choices()

    table.kill_client(name)
    table.terminals[other].wait_for(lambda s: f"{name} is away" in s, f"{name} shown away")
    again = table.join(name).wait_for(lambda s: prompt in s, "the same decision", steady=True)
    assert option_rows(again) == option_rows(before)
    assert table.saved_choices() == choices
    table.decide()  # and the game goes on from there
    assert len(table.saved_choices()) == len(choices) + 1


def test_the_host_killed_and_resumed_loses_no_decision(table: SshTable) -> None:
    table.open()
    join_both(table)
    for _ in range(4):
        table.decide()
    choices = table.saved_choices()
    decision = table.game().decision
    assert decision is not None
    prompt = decision.prompt[:40]

    table.kill_host()
    for name in PLAYERS:  # the players' connections end with the host
        table.wait_client_gone(name)
    table.open("--resume")
    assert table.saved_choices() == choices
    join_both(table)
    table.terminals[PLAYERS[decision.player]].wait_for(lambda s: prompt in s, "the same decision")
    table.decide()
    assert table.saved_choices()[: len(choices)] == choices
    assert len(table.saved_choices()) == len(choices) + 1


def option_rows(screen: str) -> list[str]:
    """The prompt and its options: the rows below the rule line."""
    rows = screen.splitlines()
    start = next(n for n, row in enumerate(rows) if row.startswith("━━━"))
    return [row.split("▌")[0].rstrip() for row in rows[start + 1 : start + 6]]
