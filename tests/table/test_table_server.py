"""The table server over its own protocol: who may decide, bad messages, away and back, the
lobby, and a table brought back from its save."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from entropy_tui.rules.catalog import load_catalog
from entropy_tui.table.protocol import MAX_CLIENT_LINE
from entropy_tui.table.replica import ReplicaSession
from entropy_tui.table.server import Table, resume_table

from .support import Screen, make_table, ticket_of

SAVES = Path(__file__).parent.parent / "data" / "saves"


async def started(tmp_path: Path, spec: str = "remote:Ann,remote:Bob,bot:greedy") -> Table:
    table = make_table(tmp_path, spec)
    await table.start()
    return table


async def login(table: Table, user: str, key: str | None = None) -> Screen:
    return await Screen.open(table, ticket_of(table.command_for(user, key)))


async def human_to_decide(table: Table) -> int:
    """Waits until the bots have played and a person's decision is pending; its seat."""
    for _ in range(500):
        decision = table.session.decision
        if decision is not None and not table.session.is_bot(decision.player):
            return decision.player
        await asyncio.sleep(0.01)
    raise AssertionError("no person's decision came up")


def first_enabled(table: Table) -> str:
    decision = table.session.decision
    assert decision is not None
    return next(option.id for option in decision.options if option.enabled)


async def test_a_login_by_a_seat_name_takes_that_seat_in_any_case(tmp_path: Path) -> None:
    table = await started(tmp_path)
    ann = await login(table, "ANN")
    game = await ann.next("game")
    assert game["mine"] == [0] and game["role"] == "player"
    assert game["code"]
    assert [seat["state"] for seat in game["seats"]] == ["playing", "free", "bot"]
    await ann.close()
    await table.close()


async def test_a_forged_decision_for_another_seat_is_refused(tmp_path: Path) -> None:
    table = await started(tmp_path)
    screens = {0: await login(table, "ann"), 1: await login(table, "bob")}
    for screen in screens.values():
        await screen.next("game")
    seat = await human_to_decide(table)
    other = screens[1 - seat]
    before = table.session.game.snapshot()
    step = len(table.session.game.state.choices)
    await other.send({"op": "choose", "step": step, "option": first_enabled(table)})
    refusal = await other.next("refused")
    name = table.session.seats[seat].name
    assert refusal["reason"] == f"It is {name}'s decision, not yours."
    assert table.session.game.snapshot() == before
    # The owner's own choice is taken, and every screen gets it.
    option = first_enabled(table)
    await screens[seat].send({"op": "choose", "step": step, "option": option})
    for screen in screens.values():
        assert await screen.next("chose") == {"op": "chose", "step": step, "option": option}
    for screen in screens.values():
        await screen.close()
    await table.close()


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (b"not json at all\n", "Not understood: not a JSON line."),
        (b'["op", "choose"]\n', 'Not understood: not a message (a JSON object with an "op").'),
        (b'{"op": "teleport"}\n', "Not understood: unknown message 'teleport'."),
        (b'{"op": "choose", "step": "one", "option": "x"}\n', "Not understood: choose: step"
         " must be a int."),
        (b'{"op": "take", "seat": 1}\n', "Only the lobby takes seats; this screen is at the"
         " table already."),
    ],
)  # fmt: skip
async def test_bad_messages_are_refused_and_change_nothing(
    tmp_path: Path, line: bytes, reason: str
) -> None:
    table = await started(tmp_path)
    ann = await login(table, "ann")
    await ann.next("game")
    await human_to_decide(table)
    before = table.session.game.snapshot()
    await ann.send(line)
    assert (await ann.next("refused"))["reason"] == reason
    assert table.session.game.snapshot() == before
    await ann.close()
    await table.close()


async def test_a_wrong_step_or_an_unknown_option_is_refused(tmp_path: Path) -> None:
    table = await started(tmp_path, "remote:Ann,bot:greedy")
    ann = await login(table, "ann")
    await ann.next("game")
    await human_to_decide(table)
    before = table.session.game.snapshot()
    step = len(table.session.game.state.choices)
    await ann.send({"op": "choose", "step": step + 3, "option": first_enabled(table)})
    refusal = await ann.next("refused")
    assert refusal["reason"] == (
        f"That decision is no longer pending (the game is at step {step}, not {step + 3})."
    )
    await ann.send({"op": "choose", "step": step, "option": "no-such-option"})
    assert "no-such-option" in (await ann.next("refused"))["reason"]
    assert table.session.game.snapshot() == before
    await ann.close()
    await table.close()


async def test_an_unknown_ticket_is_turned_away(tmp_path: Path) -> None:
    table = await started(tmp_path)
    command = table.command_for("ann", None)
    first = await Screen.open(table, ticket_of(command))
    await first.next("game")
    reused = await Screen.open(table, ticket_of(command))  # a ticket serves once
    assert (await reused.next("bye"))["reason"] == "This ticket is not valid here: connect again."
    assert await reused.closed()
    await first.close()
    await table.close()


async def test_a_dropped_seat_is_away_and_comes_back_to_the_same_decision(
    tmp_path: Path,
) -> None:
    table = await started(tmp_path)
    ann, bob = await login(table, "ann", "SHA256:ann"), await login(table, "bob")
    await ann.next("game")
    await bob.next("game")
    await ann.close()
    while True:  # Bob's screen hears that Ann is away
        message = await bob.next("table")
        if message["seats"][0]["state"] == "away":
            break
    await human_to_decide(table)
    step = len(table.session.game.state.choices)
    decision = table.session.decision
    assert decision is not None
    again = await login(table, "Ann", "SHA256:ann")
    game = await again.next("game")
    assert game["mine"] == [0]
    assert len(game["snapshot"]["choices"]) == step
    assert table.session.decision is not None
    assert table.session.decision.prompt == decision.prompt
    assert (await bob.next("table"))["seats"][0]["state"] == "playing"
    await again.close()
    await bob.close()
    await table.close()


async def test_a_second_login_with_the_same_key_takes_the_seat_over(tmp_path: Path) -> None:
    table = await started(tmp_path)
    first = await login(table, "ann", "SHA256:ann")
    await first.next("game")
    second = await login(table, "ann-laptop", "SHA256:ann")
    assert (await second.next("game"))["mine"] == [0]
    assert (await first.next("bye"))["reason"] == "Ann logged in again elsewhere."
    assert await first.closed()
    await second.close()
    await table.close()


async def test_the_lobby_takes_a_free_seat_then_its_code_or_key_gives_it_back(
    tmp_path: Path,
) -> None:
    table = await started(tmp_path)
    carol = await login(table, "carol", "SHA256:carol")
    lobby = await carol.next("lobby")
    assert [seat["state"] for seat in lobby["seats"]] == ["free", "free", "bot"]
    await carol.send({"op": "take", "seat": 2})
    assert (await carol.next("refused"))["reason"] == "That is not a seat taken over the network."
    await carol.send({"op": "take", "seat": 1})
    game = await carol.next("game")
    assert game["mine"] == [1]
    code = game["code"]
    await carol.close()
    # Someone else finds the seat taken, and only its code gives it to them.
    dave = await login(table, "dave")
    assert (await dave.next("lobby"))["seats"][1]["state"] == "away"
    await dave.send({"op": "take", "seat": 1})
    assert (await dave.next("refused"))["reason"] == (
        "Bob's seat is taken: its player comes back with its seat code."
    )
    await dave.send({"op": "code", "code": "WRONG-CODE"})
    assert (await dave.next("refused"))["reason"] == "No seat has that code."
    await dave.send({"op": "code", "code": code.lower().replace("-", " ")})
    assert (await dave.next("game"))["mine"] == [1]
    await dave.close()
    # The key that took the seat brings its player straight back, under any name.
    back = await login(table, "carol-laptop", "SHA256:carol")
    assert (await back.next("game"))["mine"] == [1]
    # A login by the seat's name with another key reaches the lobby instead.
    bob = await login(table, "bob", "SHA256:someone-else")
    notice = (await bob.next("lobby"))["notice"]
    assert notice == (
        "Bob's seat is kept for the key that took it: log in with that key, or type its seat code."
    )
    await back.close()
    await bob.close()
    await table.close()


async def test_a_spectator_watches_and_may_not_decide(tmp_path: Path) -> None:
    table = await started(tmp_path)
    ann = await login(table, "ann")
    await ann.next("game")
    watcher = await Screen.open(table, "", lobby=True)  # a browser visitor
    await watcher.next("lobby")
    await watcher.send({"op": "watch"})
    game = await watcher.next("game")
    assert (game["role"], game["mine"]) == ("spectator", [])
    await human_to_decide(table)
    step = len(table.session.game.state.choices)
    await watcher.send({"op": "choose", "step": step, "option": first_enabled(table)})
    assert (await watcher.next("refused"))["reason"] == (
        "Only a seat's player decides for it; this screen holds no seat."
    )
    assert len(table.session.game.state.choices) == step
    await watcher.close()
    await ann.close()
    await table.close()


async def test_a_killed_table_resumes_from_its_save_with_no_decision_lost(
    tmp_path: Path,
) -> None:
    table = await started(tmp_path)
    ann, bob = await login(table, "ann"), await login(table, "bob", "SHA256:bob")
    screens = {0: ann, 1: bob}
    code = (await ann.next("game"))["code"]
    await bob.next("game")
    for _ in range(6):
        seat = await human_to_decide(table)
        step = len(table.session.game.state.choices)
        await screens[seat].send({"op": "choose", "step": step, "option": first_enabled(table)})
        await screens[seat].next("chose")
    await human_to_decide(table)
    assert table.session.saver is not None
    table.session.saver.flush()  # the autosave of the last decision is on disk
    made = list(table.session.game.state.choices)
    # No close(): the host process is gone as if killed.
    for screen in screens.values():
        screen.writer.close()
    assert table._server is not None
    table._server.close()

    resumed = resume_table(tmp_path / "table.json", tmp_path / "again" / "table.sock")
    await resumed.start()
    assert list(resumed.session.game.state.choices) == made
    assert resumed.remote == frozenset({0, 1})
    assert resumed.claims[0].code == code and resumed.claims[1].key == "SHA256:bob"
    again = await login(resumed, "bob", "SHA256:bob")
    assert len((await again.next("game"))["snapshot"]["choices"]) == len(made)
    await again.close()
    await resumed.close()


async def test_a_hint_asked_is_noted_on_every_screen_and_only_its_owner_may_ask(
    tmp_path: Path,
) -> None:
    table = await started(tmp_path, "remote:Ann,remote:Bob")
    screens = {0: await login(table, "ann"), 1: await login(table, "bob")}
    for screen in screens.values():
        await screen.next("game")
    seat = await human_to_decide(table)
    step = len(table.session.game.state.choices)
    await screens[1 - seat].send({"op": "hint", "step": step})
    assert (await screens[1 - seat].next("refused"))["to"] == "hint"
    await screens[seat].send({"op": "hint", "step": step})
    name = table.session.seats[seat].name
    for screen in screens.values():
        note = await screen.next("note")
        assert (note["seat"], note["text"]) == (seat, f"{name} asked for a hint")
    assert [note.text for note in table.session.timeline.notes] == [f"{name} asked for a hint"]
    for screen in screens.values():
        await screen.close()
    await table.close()


async def test_a_line_longer_than_any_message_closes_the_connection(tmp_path: Path) -> None:
    table = await started(tmp_path)
    ann = await login(table, "ann")
    await ann.next("game")
    await ann.send(b"x" * (MAX_CLIENT_LINE * 2) + b"\n")
    assert (await ann.next("bye"))["reason"] == "That line is too long for this table."
    assert await ann.closed()
    assert table.seat_state(0) == "away"
    await table.close()


async def test_a_resumed_old_save_tells_every_screen_the_edition_it_was_played_with(
    tmp_path: Path,
) -> None:
    """A save of save format 1 (edition 1 of the component data) resumed as a table: the
    host plays on with edition 1 and every screen's copy of the game uses it too."""
    data = json.loads((SAVES / "three-seats-format-1.json").read_text())
    data["table"] = {"remote": [{"seat": 0}]}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    table = resume_table(path, tmp_path / "sock" / "table.sock", bot_delay=0)
    await table.start()
    ann = await login(table, "ann")
    welcome = await ann.next("game")
    replica = ReplicaSession(welcome, lambda message: None)
    assert welcome["settings"]["edition"] == table.session.game.catalog.edition == 1
    assert replica.game.catalog is table.session.game.catalog is load_catalog(1)
    assert replica.game.snapshot() == table.session.game.snapshot()
    host_decision, replica_decision = table.session.decision, replica.decision
    assert host_decision is not None and replica_decision is not None
    assert [o.id for o in replica_decision.options] == [o.id for o in host_decision.options]
    await ann.close()
    await table.close()
