"""A plain seat at a table over SSH, with the real OpenSSH client: `ssh -t ... plain`, or a
client whose TERM is dumb, plays its own seat in plain lines."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from entropy_tui.plain.join import LEFT_A_SEAT
from entropy_tui.table.server import Table
from tests.table.support import make_table

from .support import ServerThread, needs_openssh, ssh_options

pytestmark = [needs_openssh, pytest.mark.ssh, pytest.mark.process]
PASSWORD = "table-password"
WAIT = 30  # seconds for one answer: a login starts a screen of its own, slow on a busy machine
PROMPT = "Choose 1 to 3, or type a command: "
ESCAPE = "\x1b"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[ServerThread, Table]]:
    """The table (Ann and Bob remote, a bot) and its SSH server, in a thread of their own."""
    table = make_table(tmp_path)
    server = ServerThread(tmp_path, table.command_for, password=PASSWORD)  # type: ignore[arg-type]
    server.call(table.start())
    yield server, table
    server.call(table.close())
    server.close()


@pytest.fixture
def clients() -> Iterator[list[pexpect.spawn]]:
    started: list[pexpect.spawn] = []
    yield started
    for child in started:
        child.close(force=True)


def login(
    clients: list[pexpect.spawn], port: int, user: str, *args: str, term: str = "xterm-256color"
) -> pexpect.spawn:
    """`ssh ARGS user@HOST`, the table's password typed at its prompt."""
    options = [*ssh_options(port, None), "-o", "NumberOfPasswordPrompts=1"]
    child = pexpect.spawn(
        "ssh",
        [*options, *args[:1], f"{user}@127.0.0.1", *args[1:]],
        encoding="utf-8",
        timeout=WAIT,
        env={**os.environ, "TERM": term},
        dimensions=(24, 200),
    )
    clients.append(child)
    child.expect("password:")
    child.sendline(PASSWORD)
    return child


def test_ssh_t_plain_plays_the_seat_in_plain_lines(
    served: tuple[ServerThread, Table], clients: list[pexpect.spawn]
) -> None:
    server, table = served
    ann = login(clients, server.port, "ann", "-t", "plain")
    ann.expect("You play Ann's seat.")
    ann.expect(PROMPT)
    said = ann.before
    assert "Ann: move your Scientist 1-3 spaces" in said and table.claims[0].code in said
    ann.sendline("1")
    ann.expect("Choose 1")  # her next decision: the table made the choice
    said += ann.before
    assert len(table.session.game.state.choices) >= 1
    ann.sendintr()  # Ctrl+C
    ann.expect(LEFT_A_SEAT)
    ann.expect(pexpect.EOF)
    assert ESCAPE not in said + ann.before


def test_a_client_whose_term_is_dumb_gets_plain_lines(
    served: tuple[ServerThread, Table], clients: list[pexpect.spawn]
) -> None:
    server, _ = served
    bob = login(clients, server.port, "bob", "-t", term="dumb")
    bob.expect("You play Bob's seat.")
    bob.expect("Round 1: waiting for Ann.")
    bob.sendline("hand")
    bob.expect("Bob's hand:")
    said = bob.before
    bob.sendeof()  # Ctrl+D
    bob.expect(LEFT_A_SEAT)
    bob.expect(pexpect.EOF)
    assert ESCAPE not in said + bob.before


def test_plain_without_a_terminal_is_told_how_to_ask_for_one(
    served: tuple[ServerThread, Table], clients: list[pexpect.spawn]
) -> None:
    server, _ = served
    ann = login(clients, server.port, "ann", "-T", "plain")
    ann.expect(pexpect.EOF)
    assert f"connect with ssh -t -p {server.port} ann@HOST plain" in ann.before
