"""A plain seat at a shared table (`entropy-tui join --plain`) against a table in the test's own
event loop: the lobby, a decision said once and played on the other screens, each screen's
privacy, and bad input."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from entropy_tui.plain.join import LEFT_A_SEAT, LOBBY_PROMPT, SAVE_OFF, PlainSeat
from entropy_tui.plain.lines import MORE
from entropy_tui.table.replica import UNDO_OFF
from entropy_tui.table.server import Table
from tests.ssh.table import names_on, own_hand, secrets_hidden_from

from ..table.support import make_table, ticket_of

PROMPT = "Choose 1 to 3, or type a command: "
OPTION = re.compile(r"^(\d+)\. ", re.MULTILINE)
TURNS = 2000  # of the event loop, for one thing to happen: far more than any takes
DONE = "This screen holds no seat code."  # the answer to `code` of a screen without a seat


class PlainScreen:
    """A plain seat in the test's loop: lines typed into it, and what it printed."""

    def __init__(self, table: Table, user: str) -> None:
        self.typed = asyncio.StreamReader()
        self.output = io.StringIO()
        ticket = ticket_of(table.command_for(user, None))
        self.done = asyncio.ensure_future(PlainSeat(self.typed, self.output).run(
            table.socket_path, ticket
        ))  # fmt: skip
        self._read = 0  # what wait_for has returned so far

    @property
    def text(self) -> str:
        return self.output.getvalue()

    def type(self, *lines: str) -> None:
        for line in lines:
            self.typed.feed_data(f"{line}\n".encode())

    async def wait_for(self, wanted: str) -> str:
        """What was printed since the last wait, up to the end of `wanted`."""
        for _ in range(TURNS):
            found = self.text.find(wanted, self._read)
            if found >= 0:
                said, self._read = self.text[self._read : found + len(wanted)], found + len(wanted)
                return said
            if self.done.done():
                self.done.result()  # raises what stopped the screen, if anything did
            await asyncio.sleep(0.005)
        raise AssertionError(f"never printed {wanted!r}; it printed:\n{self.text[self._read :]}")

    async def answer(self, typed: str, end: str) -> str:
        self.type(typed)
        return await self.wait_for(end)

    async def leave(self) -> int:
        """The end of the input (Ctrl+D)."""
        self.typed.feed_eof()
        return await asyncio.wait_for(self.done, 10)


def first_enabled(said: str) -> int:
    """The number of the first option the decision just said allows."""
    return next(
        int(found.group(1))
        for found in OPTION.finditer(said)
        if "(not possible: " not in said[found.start() :].split("\n", 1)[0]
    )


async def until(condition: Callable[[], bool]) -> None:
    for _ in range(TURNS):
        if condition():
            return
        await asyncio.sleep(0.005)
    raise AssertionError("it never happened")


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    opened = make_table(tmp_path, "remote:Ann,remote:Bob,bot:greedy")
    await opened.start()
    yield opened
    await opened.close()


def steps(table: Table) -> int:
    return len(table.session.game.state.choices)


async def test_a_decision_is_said_once_and_its_choice_is_told_on_the_other_screen(
    table: Table,
) -> None:
    ann = PlainScreen(table, "ann")
    said = await ann.wait_for(PROMPT)
    code = table.claims[0].code
    assert "You play Ann's seat." in said and code in said
    assert "Ann: move your Scientist 1-3 spaces (rules: Movement)\n1. Move 1" in said
    bob = PlainScreen(table, "bob")
    assert "You play Bob's seat." in await bob.wait_for("Round 1: waiting for Ann.")
    await ann.wait_for("Bob is at the table.")
    assert code in await ann.answer("code", "(code says it again).")
    hinted = await ann.answer("hint", "Hint: option ")
    assert "The expert is looking for a hint..." in hinted
    await ann.wait_for(PROMPT)  # asked again after the hint
    await bob.wait_for("Ann asked for a hint")

    ann.type("1")
    await until(lambda: steps(table) == 1)
    await bob.wait_for("Ann moved 1 to")
    for _ in range(30):  # the rest of her turn, to its "End your turn" step
        said = await ann.wait_for("type a command: ")
        if "This turn: " in said:
            break
        ann.type(str(first_enabled(said)))
    else:
        pytest.fail("her turn did not come to its end")
    assert f"(no undo: {UNDO_OFF})" in said
    assert (
        "Ann moved" not in ann.text[ann.text.index("Hint: option") :]
    )  # her own move: she made it
    assert ann.text.count("Ann: move your Scientist") == 1
    assert ann.text.count(code) == 2
    assert "\x1b" not in ann.text + bob.text
    assert await ann.leave() == 0
    assert ann.text.endswith(f"{LEFT_A_SEAT}\n")
    await bob.wait_for("Ann is away: the game waits for them at their decisions.")
    assert await bob.leave() == 0


async def test_a_seat_never_hears_another_seat_s_hand_nor_a_spectator_any(table: Table) -> None:
    ann, bob, zed = PlainScreen(table, "ann"), PlainScreen(table, "bob"), PlainScreen(table, "zed")
    await ann.wait_for("type a command: ")
    await bob.wait_for("waiting for Ann.")
    await zed.answer("watch", "You are watching")
    game = table.session.game
    anns, bobs, nobodys = (
        own_hand(game, 0),
        secrets_hidden_from(game, 0),
        secrets_hidden_from(game, None),
    )
    assert anns and bobs and nobodys
    for screen in (ann, bob, zed):  # none of these answers is longer than a page
        screen.type("hand", "others", "status", "systems Bob", "log 20", "board")
        await screen.answer("code", "(code says it again)." if screen is not zed else DONE)
    assert names_on(ann.text, anns) == anns
    assert names_on(ann.text, bobs) == set()
    assert names_on(zed.text, nobodys) == set()
    assert "Ann's hand:" in ann.text and "Ann's hand is hidden:" in zed.text
    assert not zed.text.startswith(LOBBY_PROMPT)  # not before the lobby is said
    assert "Ann: move your Scientist" not in bob.text + zed.text  # nor her decision's details
    for screen in (ann, bob, zed):
        await screen.leave()


async def test_the_lobby_lists_the_seats_and_gives_one_by_number_or_by_its_code(
    table: Table,
) -> None:
    zed = PlainScreen(table, "zed")
    zed.type("take 1")  # before the table has said where this screen is
    said = await zed.wait_for(LOBBY_PROMPT)
    assert said.startswith("The table has not answered yet: type again in a moment.\n")
    assert "  1. Ann: free: type take 1 to take it\n" in said
    assert "  3. " in said and " bot\n" in said
    assert "There is no seat 9: the seats are 1 to 3." in await zed.answer("take 9", LOBBY_PROMPT)
    refused = await zed.answer("take 3", LOBBY_PROMPT)
    assert "That is not a seat taken over the network." in refused
    assert "'sit' is not a lobby command" in await zed.answer("sit", LOBBY_PROMPT)
    assert "take needs a seat's number" in await zed.answer("take Ann", LOBBY_PROMPT)
    said = await zed.answer("take 1", "(code says it again).")
    assert "You play Ann's seat." in said
    code = table.claims[0].code

    amy = PlainScreen(table, "amy")
    assert "  1. Ann: playing\n" in await amy.wait_for(LOBBY_PROMPT)
    assert "Ann's seat is taken" in await amy.answer("take 1", LOBBY_PROMPT)
    assert "No seat has that code." in await amy.answer("code ABCD-EFGH", LOBBY_PROMPT)
    said = await amy.answer(f"code {code.lower()}", "(code says it again).")
    assert "You play Ann's seat." in said
    assert await asyncio.wait_for(zed.done, 10) == 0
    assert zed.text.endswith("Ann's seat was taken with its seat code on another screen.\n")
    assert code not in zed.text[zed.text.index("was taken") :]
    amy.type("quit")
    assert await asyncio.wait_for(amy.done, 10) == 0
    assert amy.text.endswith(f"{LEFT_A_SEAT}\n")


async def test_bad_input_is_answered_in_one_line_and_changes_nothing(table: Table) -> None:
    ann, bob = PlainScreen(table, "ann"), PlainScreen(table, "bob")
    prompt = PROMPT
    await bob.wait_for("waiting for Ann.")
    await ann.wait_for(f"Bob is at the table.\n{prompt}")
    for typed, answer in (
        ("", "Type a number from 1 to 3, or help for the commands."),
        ("9", "There is no option 9: choose 1 to 3."),
        ("frobnicate", "'frobnicate' is neither an option's number nor a command"),
        ("undo", UNDO_OFF),
        ("save", SAVE_OFF),
        ("x" * 5000, "is neither an option's number nor a command"),
        ("x" * 70_000, "That line is too long: type a number or a command."),
    ):
        assert answer in await ann.answer(typed, prompt)
    for typed in ("1", ""):
        assert "It is Ann's decision" in await bob.answer(
            typed, "yours will be said when it comes."
        )
    said = await ann.answer("glossary", MORE)  # a long answer: a page, then "more?"
    assert said.count("\n") == 20
    assert (await ann.answer("", MORE)).count("\n") == 20  # Enter: the next page
    await ann.answer("q", prompt)
    assert ann.text.count("Ann: move your Scientist") == 1
    assert steps(table) == 0
    assert await bob.leave() == 0
    assert bob.text.endswith(f"{LEFT_A_SEAT}\n")
    await until(lambda: table.seat_state(1) == "away")
    await ann.leave()
