"""Club tables with the keyboard, at 80x24 and 160x50: the lobby's tables are entries to move
to and open, a table is created with its seats, pace and options (what is wrong said in words),
played at the member's seat as a shared table's game, joined from another connection (both
apps over one store and one set of rooms), watched, replayed, and left for the lobby; a turn
at another table rings the bell."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList

from entropy_tui.club.records import Player
from entropy_tui.club.requests import SeatRequest, TableRequest
from entropy_tui.club.rooms import Rooms
from entropy_tui.club.store import Store
from entropy_tui.club.tables import ClubTable, open_table
from entropy_tui.tui.club_app import ClubApp, Visitor
from entropy_tui.tui.screens.club_join import ConfirmJoinScreen
from entropy_tui.tui.screens.club_lobby import ClubLobbyScreen
from entropy_tui.tui.screens.club_new_table import ClubNewTableScreen
from entropy_tui.tui.screens.club_table import ClubTableScreen
from entropy_tui.tui.screens.replay import ReplayScreen
from entropy_tui.tui.screens.table_game import TableScreen
from entropy_tui.tui.widgets.cycler import Cycler
from entropy_tui.tui.widgets.prompt import Prompt
from tests.club.conftest import Clock
from tests.club.helpers import config, member, play_out
from tests.tui.helpers import keys_for, press, screen_text, settle, shown, until

SIZES = [(80, 24), (160, 50)]


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(tmp_path: Path, clock: Clock) -> Iterator[Store]:
    with Store(tmp_path / "club.db", clock=clock) as opened:
        yield opened


@pytest.fixture
def rooms(store: Store) -> Rooms:
    return Rooms(store, bot_delay=0.0)


def app_of(store: Store, rooms: Rooms, name: str) -> ClubApp:
    """The app of `name`'s connection (a member already: `member` made their key)."""
    return ClubApp(Visitor(store, f"SHA256:{name}-key", False, rooms=rooms))


def player(store: Store, name: str) -> Player:
    found = store.player_named(name.casefold())
    assert found is not None
    return found


def lobby_entries(app: ClubApp) -> list[str]:
    listed = app.screen.query_one("#club-lobby-list", OptionList)
    return [option.id for option in listed.options if option.id is not None]


def highlighted(app: ClubApp) -> str | None:
    listed = app.screen.query_one("#club-lobby-list", OptionList)
    return None if listed.highlighted is None else listed.options[listed.highlighted].id


def decisions(store: Store, table_id: int) -> int:
    return len(store.decisions(table_id))


async def my_decisions(pilot: Pilot, app: ClubApp, count: int) -> None:
    """Makes `count` of this member's decisions by keys (the first option open each time),
    waiting out the others' turns."""
    for _ in range(count):
        await until(
            pilot, lambda: app.replica is not None and app.replica.human_to_move() is not None
        )
        assert app.replica is not None
        step = app.replica.step
        await shown(pilot)
        choices = app.screen.query_one(Prompt).choices
        first = next(choice for choice in choices if choice.enabled)
        await press(pilot, *keys_for(first.number, len(choices)))
        await until(pilot, lambda step=step: app.replica is not None and app.replica.step > step)


@pytest.mark.parametrize("size", SIZES)
async def test_a_table_with_a_bot_is_created_by_keys_and_played_at_your_seat(
    store: Store, rooms: Rooms, size: tuple[int, int]
) -> None:
    member(store, "Ann")
    app = app_of(store, rooms, "Ann")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ClubLobbyScreen)
        await press(pilot, "n")
        await settle(pilot)
        assert isinstance(app.screen, ClubNewTableScreen)
        text = screen_text(app)
        assert "ENTROPY club - a new table" in text and "Seat 1" in text
        # Seat 2: from "Open to anyone" to the Casual bot, Left/Right as on the new-game screen.
        await press(pilot, "tab", "right", "right", "right")
        await settle(pilot)
        assert "< Casual bot >" in screen_text(app)
        await press(pilot, "ctrl+g")
        await until(pilot, lambda: isinstance(app.screen, ClubTableScreen))
        assert app.table_id is not None and app.replica is not None
        assert app.replica.mine == {0} and app.replica.role == "player"
        table = app.table_id
        record = store.table(table)
        assert record is not None and record.status == "playing"
        assert [seat.bot for seat in record.seats] == [None, "greedy"]
        await my_decisions(pilot, app, 3)
        assert decisions(store, table) >= 3  # every decision stored, the bot's too
        assert "Ann" in screen_text(app)
        # Leaving goes back to the lobby, the table waiting there for Ann.
        await press(pilot, "q")
        await until(pilot, lambda: isinstance(app.screen, ClubLobbyScreen))
        assert app.visit is None and app.is_running
        assert highlighted(app) == f"play:{table}"
        assert f"Table {table}: you, Casual bot" in screen_text(app)


async def test_bad_choices_and_a_too_long_invited_name_are_refused_in_words(
    store: Store, rooms: Rooms
) -> None:
    member(store, "Ann")
    app = app_of(store, rooms, "Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "n")
        await settle(pilot)
        # Seat 1 from "You" to "Open to anyone": nobody is the creator.
        await press(pilot, "right", "ctrl+g")
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "You take exactly one seat yourself, not 0." in text
        assert isinstance(app.screen, ClubNewTableScreen)
        await press(pilot, "left")  # "You" again
        # Seat 2 invites a name too long to be any member's.
        await press(pilot, "tab", "right")
        await settle(pilot)
        assert app.screen.query_one("#club-seat-2 Input", Input).display
        await pilot.press("tab", *("x" * 30), "ctrl+g")  # waits for the refusal to scroll in
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "can't be invited: A name has at most 24 characters." in text
        assert store.tables_of(player(store, "Ann").id) == []
        # A name that is no member's: the rooms say so.
        name = app.screen.query_one("#club-seat-2 Input", Input)
        name.value = ""
        await press(pilot, *"Nobody", "ctrl+g")
        await settle(pilot)
        assert "Nobody" in screen_text(app) and isinstance(app.screen, ClubNewTableScreen)
        await press(pilot, "escape")
        await settle(pilot)
        assert isinstance(app.screen, ClubLobbyScreen)
        assert store.tables_of(player(store, "Ann").id) == []


@pytest.mark.parametrize("size", SIZES)
async def test_an_open_table_is_joined_from_the_lobby_and_each_sees_the_others_move(
    store: Store, rooms: Rooms, size: tuple[int, int]
) -> None:
    member(store, "Ann"), member(store, "Bob")
    made = rooms.create(
        player(store, "Ann"),
        TableRequest((SeatRequest("creator"), SeatRequest("open")), pace="async",
                     pace_seconds=86_400),
    )  # fmt: skip
    ann, bob = app_of(store, rooms, "Ann"), app_of(store, rooms, "Bob")
    async with ann.run_test(size=size) as ann_pilot, bob.run_test(size=size) as pilot:
        await settle(pilot)
        assert f"join:{made.id}" in lobby_entries(bob)
        # The cursor skips the headings: Down reaches the open table.
        while highlighted(bob) != f"join:{made.id}":
            await press(pilot, "down")
        await press(pilot, "enter")
        await settle(pilot)
        assert isinstance(bob.screen, ConfirmJoinScreen)
        assert f"Table {made.id}" in screen_text(bob)
        await press(pilot, "n")  # not yet: nothing taken
        await settle(pilot)
        assert isinstance(bob.screen, ClubLobbyScreen)
        record = store.table(made.id)
        assert record is not None and record.seats[1].player_id is None
        await press(pilot, "enter", "y")
        await until(pilot, lambda: isinstance(bob.screen, ClubTableScreen))
        assert bob.replica is not None and bob.replica.mine == {1}
        # Ann opens her table from her lobby.
        await until(ann_pilot, lambda: f"play:{made.id}" in lobby_entries(ann))
        while highlighted(ann) != f"play:{made.id}":
            await ann_pilot.press("down")
        await ann_pilot.press("enter")
        await until(ann_pilot, lambda: isinstance(ann.screen, ClubTableScreen))
        assert ann.replica is not None and bob.replica is not None
        # Whoever moves, the other's screen gets the move.
        first, first_pilot, other = (
            (ann, ann_pilot, bob) if ann.replica.human_to_move() is not None else (bob, pilot, ann)
        )
        step = first.replica.step if first.replica is not None else 0
        await my_decisions(first_pilot, first, 1)
        await until(pilot, lambda: other.replica is not None and other.replica.step > step)
        assert other.replica is not None and first.replica is not None
        assert other.replica.game.state.choices == first.replica.game.state.choices


async def test_a_game_you_are_not_at_is_watched_with_public_information_only(
    store: Store, rooms: Rooms
) -> None:
    member(store, "Ann"), member(store, "Bob"), member(store, "Cy")
    bot_game = TableRequest((SeatRequest("creator"), SeatRequest("bot", bot="greedy")))
    made = rooms.create(player(store, "Ann"), bot_game)
    app = app_of(store, rooms, "Cy")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.open_table("watch", made.id)
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app.replica is not None and app.replica.role == "spectator"
        assert not app.replica.mine and app.replica.public_only
        await press(pilot, "1")  # a spectator decides nothing
        assert decisions(store, made.id) == len(app.replica.game.state.choices)
        await press(pilot, "escape")
        await until(pilot, lambda: isinstance(app.screen, ClubLobbyScreen))
        assert app.visit is None


async def test_a_finished_game_opens_as_its_replay_at_the_end(store: Store, rooms: Rooms) -> None:
    member(store, "Ann")
    made = rooms.create(
        player(store, "Ann"),
        TableRequest((SeatRequest("creator"), SeatRequest("bot", bot="random"))),
    )
    table = ClubTable.load(store, made.id)
    play_out(table)
    app = app_of(store, rooms, "Ann")
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        assert f"replay:{made.id}" in lobby_entries(app)
        while highlighted(app) != f"replay:{made.id}":
            await press(pilot, "down")
        await press(pilot, "enter")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.step == replay.steps > 0
        await press(pilot, "escape")
        await until(pilot, lambda: isinstance(app.screen, ClubLobbyScreen))


async def test_a_turn_at_another_table_is_said_with_the_bell(
    store: Store, rooms: Rooms, monkeypatch: pytest.MonkeyPatch
) -> None:
    member(store, "Ann"), member(store, "Bob")
    made = rooms.create(
        player(store, "Bob"),
        TableRequest((SeatRequest("creator"), SeatRequest("invited", name="Ann"))),
    )
    rooms.join(made.id, player(store, "Ann"))
    app = app_of(store, rooms, "Ann")
    rings: list[int] = []
    monkeypatch.setattr(app, "bell", lambda: rings.append(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        room = rooms.room(made.id)
        # Each seat plays (as the rooms take its keys from another screen) until Bob's turn;
        # then Bob, until Ann's.
        seated = {
            seat: rooms.visit(made.id, player(store, name), lambda message: None)
            for seat, name in ((0, "Bob"), (1, "Ann"))
        }
        for waits_for in (0, 1):
            while (decision := room.table.game.decision) is not None and (
                decision.player != waits_for
            ):
                option = next(o for o in decision.options if o.enabled)
                seated[decision.player].send(
                    {"op": "choose", "step": room.step, "option": option.id}
                )
            if waits_for == 0:
                await settle(pilot)
                rings.clear()
        await until(pilot, lambda: bool(rings))
        assert f"Your turn at table {made.id}." in screen_text(app)
        assert f"play:{made.id}" == lobby_entries(app)[0]


async def test_the_lobby_keys_open_the_new_table_screen_and_leave_the_club(
    store: Store, rooms: Rooms
) -> None:
    member(store, "Ann")
    app = app_of(store, rooms, "Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "not yet" not in screen_text(app) and "next version" not in screen_text(app)
        await press(pilot, "n")
        await settle(pilot)
        assert isinstance(app.screen, ClubNewTableScreen)
        assert app.screen.query(Cycler).first().value == "creator"
        await press(pilot, "escape")
        await settle(pilot)
        assert isinstance(app.screen, ClubLobbyScreen)
        await press(pilot, "enter", "j")  # no table to open: nothing happens
        await settle(pilot)
        assert isinstance(app.screen, ClubLobbyScreen)
        await press(pilot, "escape")
        await settle(pilot)
    assert not app.is_running


@pytest.mark.parametrize("size", SIZES)
async def test_a_game_of_others_is_listed_to_watch_and_enter_watches_it(
    store: Store, rooms: Rooms, size: tuple[int, int]
) -> None:
    member(store, "Ann"), member(store, "Cy")
    bot_game = TableRequest((SeatRequest("creator"), SeatRequest("bot", bot="greedy")))
    made = rooms.create(player(store, "Ann"), bot_game)
    app = app_of(store, rooms, "Cy")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert "Games to watch" in screen_text(app)
        assert f"Table {made.id}: Ann, Casual bot" in screen_text(app)
        assert lobby_entries(app) == [f"watch:{made.id}"]
        assert highlighted(app) == f"watch:{made.id}"
        await press(pilot, "enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app.replica is not None and app.replica.role == "spectator"


@pytest.mark.parametrize("size", SIZES)
async def test_a_seat_kept_for_a_member_reads_kept_for_them_and_they_join_it(
    store: Store, rooms: Rooms, size: tuple[int, int]
) -> None:
    member(store, "Ann"), member(store, "Bob")
    kept = TableRequest((SeatRequest("creator"), SeatRequest("invited", name="Bob")))
    made = rooms.create(player(store, "Ann"), kept)
    ann = app_of(store, rooms, "Ann")
    async with ann.run_test(size=size) as pilot:
        await settle(pilot)
        assert f"Table {made.id}: you, kept for Bob" in screen_text(ann)
        assert "a free seat" not in screen_text(ann)
    bob = app_of(store, rooms, "Bob")
    async with bob.run_test(size=size) as pilot:
        await settle(pilot)
        assert f"Table {made.id}: Ann, kept for you" in screen_text(bob)
        assert lobby_entries(bob) == [f"join:{made.id}"]
        await press(pilot, "enter")
        await until(pilot, lambda: isinstance(bob.screen, ConfirmJoinScreen))
        await press(pilot, "y")
        await until(pilot, lambda: isinstance(bob.screen, ClubTableScreen))
        assert bob.replica is not None and bob.replica.role == "player"


@pytest.mark.parametrize("size", SIZES)
async def test_a_finished_rated_game_shows_the_members_rating_before_and_after(
    store: Store, rooms: Rooms, size: tuple[int, int]
) -> None:
    ann, bob = member(store, "Ann"), member(store, "Bob")
    record = open_table(
        store, config(("Ann", None), ("Bob", None)), [ann, bob], rated=True, pace="live",
        pace_seconds=900,
    )  # fmt: skip
    play_out(ClubTable.load(store, record.id))
    (change,) = [c for c in store.rating_changes(record.id) if c.seat == record.seat_of(ann)]
    app = app_of(store, rooms, "Ann")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        rating = f"rating {change.before.shown:.1f} -> {change.after.shown:.1f}"
        assert f"Table {record.id}: " in text and rating in text
        assert change.after.shown != change.before.shown


async def test_esc_at_a_second_step_goes_back_to_the_lobby_since_a_shared_table_has_no_undo(
    store: Store, rooms: Rooms
) -> None:
    member(store, "Ann")
    bot_game = TableRequest((SeatRequest("creator"), SeatRequest("bot", bot="greedy")))
    made = rooms.create(player(store, "Ann"), bot_game)
    app = app_of(store, rooms, "Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        await until(pilot, lambda: isinstance(app.screen, ClubTableScreen))
        for _ in range(40):  # to a second step of Ann's (a choice that goes on in another)
            await my_decisions(pilot, app, 1)
            await until(
                pilot, lambda: app.replica is not None and app.replica.human_to_move() is not None
            )
            decision = app.replica.decision if app.replica is not None else None
            if decision is not None and decision.back:
                break
        assert decision is not None and decision.back
        await press(pilot, "escape")
        await until(pilot, lambda: isinstance(app.screen, ClubLobbyScreen))
        assert highlighted(app) == f"play:{made.id}"
