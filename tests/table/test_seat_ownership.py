"""A claimed seat is taken again only with the key that claimed it or its seat code: never by
its name alone, never by another key, and a connected player is never sent away without one."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from entropy_tui.table.server import MAX_WRONG_CODES, Table, resume_table

from .support import Screen, ticket_of
from .test_table_server import first_enabled, human_to_decide, login, started


def holder_key(table: Table, seat: int) -> str | None:
    """The key the seat is bound to, as the save keeps it."""
    assert table.session.table is not None
    return next(
        entry.get("key") for entry in table.session.table["remote"] if entry["seat"] == seat
    )


async def seat_away(table: Table, seat: int) -> None:
    """Waits until the table has seen the seat's screen go."""
    for _ in range(500):
        if table.seat_state(seat) == "away":
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"seat {seat} is still {table.seat_state(seat)}")


async def lobby_of(screen: Screen) -> dict[str, Any]:
    """The screen's first message, which must be the lobby."""
    message = await screen.next()
    assert message["op"] == "lobby", message["op"]
    return message


async def still_playing(table: Table, screen: Screen, seat: int) -> None:
    """`screen` holds `seat`: the table takes its choice when the seat decides."""
    assert table.seat_state(seat) == "playing"
    assert await human_to_decide(table) == seat
    step = len(table.session.game.state.choices)
    option = first_enabled(table)
    await screen.send({"op": "choose", "step": step, "option": option})
    assert await screen.next("chose") == {"op": "chose", "step": step, "option": option}


async def test_a_password_login_by_a_taken_seats_name_reaches_the_lobby(tmp_path: Path) -> None:
    table = await started(tmp_path, "remote:Ann,bot:greedy")
    ann = await login(table, "ann")  # by password: no key
    code = (await ann.next("game"))["code"]
    mallory = await login(table, "ANN")
    lobby = await lobby_of(mallory)
    assert lobby["notice"] == (
        "Ann's seat is taken: if it is yours, type the seat code you were shown when you took it."
    )
    assert code not in json.dumps(mallory.received)
    # Ann is still connected, and still decides for her seat.
    await still_playing(table, ann, 0)
    assert not any(message["op"] == "bye" for message in ann.received)
    for screen in (ann, mallory):
        await screen.close()
    await table.close()


async def test_a_seat_taken_by_password_comes_back_with_its_code_not_its_name(
    tmp_path: Path,
) -> None:
    table = await started(tmp_path, "remote:Ann,bot:greedy")
    ann = await login(table, "ann")
    code = (await ann.next("game"))["code"]
    await ann.close()
    await seat_away(table, 0)
    again = await login(table, "ann")
    assert (await lobby_of(again))["notice"].startswith("Ann's seat is taken")
    await again.send({"op": "code", "code": code})
    assert (await again.next("game"))["mine"] == [0]
    assert holder_key(table, 0) is None
    await again.close()
    await table.close()


async def test_another_key_by_a_password_seats_name_neither_gets_nor_binds_it(
    tmp_path: Path,
) -> None:
    table = await started(tmp_path, "remote:Ann,bot:greedy")
    ann = await login(table, "ann")
    await ann.next("game")
    other = await login(table, "ann", "SHA256:someone-else")
    assert (await lobby_of(other))["notice"].startswith("Ann's seat is taken")
    assert table.claims[0].key is None and holder_key(table, 0) is None
    await still_playing(table, ann, 0)
    for screen in (ann, other):
        await screen.close()
    await table.close()


async def test_a_key_seat_is_not_given_to_a_password_or_another_key(tmp_path: Path) -> None:
    table = await started(tmp_path, "remote:Ann,bot:greedy")
    ann = await login(table, "ann", "SHA256:ann")
    await ann.next("game")
    notice = (
        "Ann's seat is kept for the key that took it: log in with that key, or type its seat code."
    )
    for key in (None, "SHA256:someone-else"):
        visitor = await login(table, "Ann", key)
        assert (await lobby_of(visitor))["notice"] == notice
        await visitor.close()
    assert holder_key(table, 0) == "SHA256:ann"
    await still_playing(table, ann, 0)
    await ann.close()
    await table.close()


async def test_the_code_takes_the_seat_over_from_a_live_screen(tmp_path: Path) -> None:
    """The code is the way back from a new device, even while the old screen hangs on."""
    table = await started(tmp_path, "remote:Ann,bot:greedy")
    ann = await login(table, "ann", "SHA256:ann")
    code = (await ann.next("game"))["code"]
    tablet = await login(table, "guest")
    await lobby_of(tablet)
    await tablet.send({"op": "code", "code": code})
    assert (await tablet.next("game"))["mine"] == [0]
    assert (await ann.next("bye"))["reason"] == (
        "Ann's seat was taken with its seat code on another screen."
    )
    assert holder_key(table, 0) == "SHA256:ann"  # a code typed without a key unbinds nothing
    await tablet.close()
    await table.close()


async def test_a_password_seat_typed_back_with_a_key_is_bound_to_that_key(
    tmp_path: Path,
) -> None:
    table = await started(tmp_path, "remote:Ann,bot:greedy")
    ann = await login(table, "ann")
    code = (await ann.next("game"))["code"]
    await ann.close()
    with_key = await login(table, "ann", "SHA256:ann")
    await lobby_of(with_key)
    await with_key.send({"op": "code", "code": code})
    await with_key.next("game")
    assert holder_key(table, 0) == "SHA256:ann"
    await with_key.close()
    back = await login(table, "anyone", "SHA256:ann")  # the key alone now
    assert (await back.next("game"))["mine"] == [0]
    await back.close()
    await table.close()


async def test_wrong_seat_codes_close_the_screen_after_a_few(tmp_path: Path) -> None:
    table = await started(tmp_path, "remote:Ann,bot:greedy")
    ann = await login(table, "ann")
    code = (await ann.next("game"))["code"]
    # A right code after a few wrong ones still works.
    careful = await login(table, "guest")
    await lobby_of(careful)
    for _ in range(MAX_WRONG_CODES - 1):
        await careful.send({"op": "code", "code": "AAAA-AAAA"})
        assert (await careful.next("refused"))["reason"] == "No seat has that code."
    await careful.send({"op": "code", "code": code})
    assert (await careful.next("game"))["mine"] == [0]
    # One more wrong code than that and the screen is closed.
    guesser = await login(table, "guesser")
    await lobby_of(guesser)
    for _ in range(MAX_WRONG_CODES - 1):
        await guesser.send({"op": "code", "code": "AAAA-AAAA"})
        await guesser.next("refused")
    # The last wrong code and the right one at once: the table reads nothing after the bye.
    last = {"op": "code", "code": "AAAA-AAAA"}, {"op": "code", "code": code}
    await guesser.send(b"".join(json.dumps(message).encode() + b"\n" for message in last))
    assert (await guesser.next("bye"))["reason"] == (
        "Too many wrong seat codes, so this screen is closed: check the code and log in again."
    )
    assert await guesser.closed()
    assert [message["op"] for message in guesser.received].count("game") == 0
    assert table.seat_state(0) == "playing"
    await careful.close()
    await table.close()


async def test_a_resumed_table_keeps_its_seats_owners(tmp_path: Path) -> None:
    table = await started(tmp_path)
    ann = await login(table, "ann")
    ann_code = (await ann.next("game"))["code"]
    await still_playing(table, ann, 0)
    bob = await login(table, "bob", "SHA256:bob")  # after the last save of a choice
    bob_code = (await bob.next("game"))["code"]
    for screen in (ann, bob):
        await screen.close()
    await table.close()

    resumed = resume_table(tmp_path / "table.json", tmp_path / "again" / "table.sock")
    await resumed.start()
    for user, key in (("ann", None), ("ann", "SHA256:mallory"), ("bob", None)):
        visitor = await login(resumed, user, key)
        assert (await lobby_of(visitor))["notice"]
        await visitor.close()
    assert [holder_key(resumed, seat) for seat in (0, 1)] == [None, "SHA256:bob"]
    bob = await login(resumed, "bob", "SHA256:bob")
    assert (await bob.next("game"))["code"] == bob_code
    ann = await login(resumed, "guest")
    await lobby_of(ann)
    await ann.send({"op": "code", "code": ann_code})
    assert (await ann.next("game"))["mine"] == [0]
    for screen in (ann, bob):
        await screen.close()
    await resumed.close()


async def test_a_seat_at_the_hosts_keyboard_is_never_a_logins(tmp_path: Path) -> None:
    table = await started(tmp_path, "remote:Ann,Cy")
    host = await Screen.open(table, ticket_of(table.host_command()))
    assert (await host.next("game"))["mine"] == [1]
    for key in (None, "SHA256:cy"):
        visitor = await login(table, "cy", key)
        await lobby_of(visitor)
        await visitor.send({"op": "take", "seat": 1})
        refusal = await visitor.next("refused")
        assert refusal["reason"] == "That is not a seat taken over the network."
        await visitor.close()
    assert table.seat_state(1) == "playing" and 1 not in table.claims
    await host.close()
    await table.close()
