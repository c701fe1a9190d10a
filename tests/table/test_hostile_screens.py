"""A screen that sends what no screen of the game sends: a seat changing hands, JSON nested too
deeply, a number too long to read, bytes that are not UTF-8, a line at the size limit. Each is
refused with its reason; the game, the connection and the host's own screen carry on."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from entropy_tui.saves.files import load_game
from entropy_tui.table.protocol import MAX_CLIENT_LINE

from .test_table_server import first_enabled, human_to_decide, login, started


@pytest.mark.parametrize(
    "option",
    [
        "control:1:person:oracle",  # Bob's seat to a bot there is none of
        "control:1:person:greedy",  # Bob's seat to a real bot: still not a screen's to hand
        "control:0:person:random",  # even one's own seat
    ],
)
async def test_a_seat_changing_hands_is_not_a_screens_choice(tmp_path: Path, option: str) -> None:
    table = await started(tmp_path, "remote:Ann,remote:Bob")
    ann, bob = await login(table, "ann", "SHA256:ann"), await login(table, "bob", "SHA256:bob")
    screens = {0: ann, 1: bob}
    for screen in screens.values():
        await screen.next("game")
    seat = await human_to_decide(table)
    step = len(table.session.game.state.choices)
    await screens[seat].send({"op": "choose", "step": step, "option": option})
    refusal = await screens[seat].next("refused")
    assert refusal["reason"].startswith(f"No option {option!r} for ")
    assert [player.bot for player in table.session.game.state.players] == [None, None]
    assert len(table.session.game.state.choices) == step
    # The game goes on, and its save still loads.
    await screens[seat].send({"op": "choose", "step": step, "option": first_enabled(table)})
    await screens[seat].next("chose")
    assert table.session.saver is not None
    table.session.saver.flush()
    game, _ = load_game(tmp_path / "table.json")
    assert game.state.choices == table.session.game.state.choices
    for screen in screens.values():
        await screen.close()
    await table.close()


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (b"[" * (MAX_CLIENT_LINE - 1) + b"\n", "Not understood: its JSON is nested too deeply."),
        (b'{"op": "hint", "step": ' + b"7" * 5000 + b"}\n", "Not understood: a number in it"
         " is too long."),
        (b'{"op": "code", "code": "\xff\xfe"}\n', "Not understood: not a JSON line."),
    ],
    ids=["nested", "long-number", "not-utf-8"],
)  # fmt: skip
async def test_a_line_no_screen_sends_is_refused_and_the_connection_goes_on(
    tmp_path: Path, line: bytes, reason: str, caplog: pytest.LogCaptureFixture
) -> None:
    table = await started(tmp_path, "remote:Ann,bot:greedy")
    ann = await login(table, "ann")
    await ann.next("game")
    await human_to_decide(table)
    before = table.session.game.snapshot()
    with caplog.at_level(logging.WARNING):
        await ann.send(line)
        assert (await ann.next("refused"))["reason"] == reason
        step = len(table.session.game.state.choices)
        await ann.send({"op": "choose", "step": step, "option": first_enabled(table)})
        await ann.next("chose")
    assert len(table.session.game.state.choices) == step + 1
    assert table.session.game.state.choices[:-1] == before["choices"]
    assert [record.getMessage() for record in caplog.records] == []  # nothing on the host's screen
    await ann.close()
    await table.close()


async def test_a_line_at_the_size_limit_is_read_and_one_byte_more_is_not(
    tmp_path: Path,
) -> None:
    table = await started(tmp_path, "remote:Ann,bot:greedy")
    ann = await login(table, "ann")
    await ann.next("game")
    message = b'{"op": "code", "code": "x"}'
    padded = message[:-1] + b" " * (MAX_CLIENT_LINE - len(message)) + b"}"
    assert len(padded) == MAX_CLIENT_LINE
    await ann.send(padded + b"\n")
    assert (await ann.next("refused"))["to"] == "code"  # read: a seat's screen takes no seat
    await ann.send(b" " + padded + b"\n")
    assert (await ann.next("bye"))["reason"] == "That line is too long for this table."
    assert await ann.closed()
    await table.close()
