"""The club's screens with the keyboard, at 80x24 and 160x50: a new key registers a name (with
the club's password unless the club is open; refusals in words, guesses paused, counted and
cut off), a second key joins its member with a one-time code from their lobby (a wrong or
expired code counted as a guess), a known key goes straight to its lobby, and the lobby lists
the member's tables (the one waiting for them first, with how long), open tables, finished
games and the leaderboard. What the lobby's tables open is in test_club_tables.py."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input, Static

from entropy_tui.club import identity
from entropy_tui.club.lobby import lobby
from entropy_tui.club.names import MAX_NAME
from entropy_tui.club.records import Player, SeatRecord
from entropy_tui.club.store import Store
from entropy_tui.club.tables import ClubTable, open_table
from entropy_tui.ssh import logins
from entropy_tui.ssh.logins import AddressGuard
from entropy_tui.tui.club_app import ClubApp, Visitor
from entropy_tui.tui.screens import club_register
from entropy_tui.tui.screens.club_key_code import KeyCodeScreen
from entropy_tui.tui.screens.club_lobby import ClubLobbyScreen
from entropy_tui.tui.screens.club_register import TOO_MANY_GUESSES, RegisterScreen
from tests.club.conftest import Clock
from tests.club.helpers import config, member, play_out
from tests.tui.helpers import press, screen_text, settle

SIZES = [(80, 24), (160, 50)]
PASSWORD = "club password"
KEY = "SHA256:new-visitor-key"


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(tmp_path: Path, clock: Clock) -> Iterator[Store]:
    with Store(tmp_path / "club.db", clock=clock) as opened:
        identity.set_password(opened, PASSWORD)
        yield opened


@pytest.fixture(autouse=True)
def no_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wrong password's pause is the SSH logins' own; the tests need not sit through it."""
    monkeypatch.setattr(club_register, "FAILED_PASSWORD_DELAY", 0.0)


def visitor(store: Store, *, open_club: bool = False, guard: AddressGuard | None = None) -> Visitor:
    return Visitor(store, KEY, open_club, "192.0.2.7", guard or AddressGuard())


@pytest.mark.parametrize("size", SIZES)
async def test_a_new_key_registers_with_the_password_and_lands_in_its_lobby(
    store: Store, size: tuple[int, int]
) -> None:
    app = ClubApp(visitor(store))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, RegisterScreen)
        text = screen_text(app)
        assert "This SSH key is new here" in text and "Club password or invitation" in text
        await press(pilot, *"Ann Lee", "tab", *PASSWORD, "enter")
        await settle(pilot)
        assert isinstance(app.screen, ClubLobbyScreen)
        text = screen_text(app)
        assert "ENTROPY club - Ann Lee" in text and "this key is your account now" in text
        assert "No table waits for you." in text
    assert identity.member(store, KEY) == store.player_named("ann lee")


async def test_keys_that_arrive_together_fill_each_field_in_turn(store: Store) -> None:
    """Over SSH a burst of keys reaches the app at once: Tab has moved to the password before
    the keys after it are handed to a field."""
    app = ClubApp(visitor(store))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in [*"Ann Lee", "tab", *PASSWORD]:
            app.post_message(events.Key(key, key if len(key) == 1 else None))
        await settle(pilot)
        assert app.screen.query_one("#club-name", Input).value == "Ann Lee"
        assert app.screen.query_one("#club-secret", Input).value == PASSWORD


async def test_a_known_key_goes_straight_to_its_members_lobby(store: Store) -> None:
    ann = member(store, "Ann")
    app = ClubApp(Visitor(store, "SHA256:Ann-key", False))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ClubLobbyScreen) and app.screen.player.id == ann
        assert "ENTROPY club - Ann" in screen_text(app)


async def test_an_open_club_asks_only_for_a_name_and_refuses_bad_ones_in_words(
    store: Store,
) -> None:
    member(store, "Ann")
    app = ClubApp(visitor(store, open_club=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not app.screen.query("#club-secret") and "password" not in screen_text(app)
        await press(pilot, "enter")
        assert "Type the name you want to be known by first." in screen_text(app)
        await press(pilot, *"ANN", "enter")
        await settle(pilot)
        assert "The name 'ANN' is taken: choose another." in screen_text(app)
        name = app.screen.query_one("#club-name", Input)
        name.value = ""
        await press(pilot, *"a<b>", "enter")
        await settle(pilot)
        assert "A name is letters, digits, spaces" in screen_text(app)
        assert isinstance(app.screen, RegisterScreen) and identity.member(store, KEY) is None


async def test_typed_input_is_bounded(store: Store) -> None:
    app = ClubApp(visitor(store))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, *("x" * (MAX_NAME + 10)))
        assert app.screen.query_one("#club-name", Input).value == "x" * MAX_NAME
        secret = app.screen.query_one("#club-secret", Input)
        assert secret.max_length == 128 and secret.password


async def test_a_wrong_password_is_refused_counted_and_the_third_closes_the_connection(
    store: Store,
) -> None:
    guard = AddressGuard()
    app = ClubApp(visitor(store, guard=guard))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, *"Ann", "tab", *"guess one", "enter")
        await settle(pilot)
        shown = " ".join(screen_text(app).split())
        assert "That is neither the club's password nor an unused invitation code." in shown
        assert "Joining this club needs its password or an invitation code." in shown
        assert app.screen.query_one("#club-secret", Input).value == ""  # typed again, afresh
        await press(pilot, *"guess two", "enter")
        await settle(pilot)
        assert app.is_running
        await press(pilot, *"guess three", "enter")
        await settle(pilot)
        assert TOO_MANY_GUESSES in screen_text(app) or not app.is_running
        await pilot.pause(0.1)
    assert app.return_code == 1
    assert identity.member(store, KEY) is None
    # Three wrong passwords counted for the address: seven more lock it, six do not.
    for _ in range(logins.FAILURES_PER_ADDRESS - 4):
        guard.failed("192.0.2.7")
    assert not guard.locked("192.0.2.7")
    guard.failed("192.0.2.7")
    assert guard.locked("192.0.2.7")


async def test_an_address_locked_for_guessing_may_not_try_but_a_member_still_gets_in(
    store: Store,
) -> None:
    guard = AddressGuard()
    for _ in range(logins.FAILURES_PER_ADDRESS):
        guard.failed("192.0.2.7")
    app = ClubApp(visitor(store, guard=guard))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, *"Ann", "tab", *PASSWORD, "enter")  # even the right password
        await settle(pilot)
        assert "Too many wrong passwords from your address" in screen_text(app)
        assert identity.member(store, KEY) is None
    ann = member(store, "Ann")  # a known key is let in from that address
    known = ClubApp(Visitor(store, "SHA256:Ann-key", False, "192.0.2.7", guard))
    async with known.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(known.screen, ClubLobbyScreen) and known.screen.player.id == ann


async def test_an_invitation_code_lets_a_key_in_once(store: Store) -> None:
    code = identity.invite(store)
    app = ClubApp(visitor(store))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, *"Bea", "tab", *code.lower(), "enter")
        await settle(pilot)
        assert isinstance(app.screen, ClubLobbyScreen)


@pytest.mark.parametrize("size", SIZES)
async def test_the_lobby_lists_the_table_waiting_first_then_the_rest(
    store: Store, clock: Clock, size: tuple[int, int]
) -> None:
    ann, bob, cy = member(store, "Ann"), member(store, "Bob"), member(store, "Cy")
    record = open_table(
        store, config(("Ann", None), ("Bob", None)), [ann, bob], rated=True, pace="async",
        pace_seconds=86_400,
    )  # fmt: skip
    table = ClubTable.load(store, record.id)
    while (decision := table.game.decision) is None or decision.player != 0:
        play_out(table, 1)
    waiting = table.record.id
    finished = open_table(
        store, config(("Ann", None), ("Cy", None), seed=9), [ann, cy], rated=True,
        pace="live", pace_seconds=900,
    )  # fmt: skip
    play_out(ClubTable.load(store, finished.id))
    free = store.create_table(
        b"{}", [SeatRecord(0, bob), SeatRecord(1), SeatRecord(2, bot="greedy")],
        rated=False, pace="live", pace_seconds=1800,
    )  # fmt: skip
    clock.now += 3 * 3600 + 5 * 60
    anns = store.player(ann)
    assert anns is not None
    app = ClubApp(Visitor(store, "SHA256:Ann-key", False))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        text = screen_text(app)
        if size == (80, 24):  # the rest is below: the lobby scrolls
            await press(pilot, "end")
            await settle(pilot)
            text += screen_text(app)
    assert text.index("Your turn (1)") < text.index("Your other tables")
    assert f"Table {waiting}: you, Bob - waiting 3 h 05 min (async, 1 day a move, rated)" in text
    assert f"Table {free.id}: Bob, a free seat, Casual bot (live, 30 min each)" in text
    assert f"Table {finished.id}: " in text and "- ended 3 h 05 min ago" in text
    board = lobby(store, anns).leaderboard
    assert f" 1. {board[0][0].name:<24}" in text and "Leaderboard" in text


def shown_code(app: ClubApp) -> str:
    """The one-time code the key-code screen shows."""
    words = str(app.screen.query_one("#club-key-code-words", Static).render())
    found = re.search(r"Your code: ([0-9A-Z]{5}-[0-9A-Z]{5})", words)
    assert found is not None, words
    return found[1]


@pytest.mark.parametrize("size", SIZES)
async def test_a_code_from_the_lobby_adds_a_second_key_that_reaches_the_same_lobby(
    store: Store, clock: Clock, size: tuple[int, int]
) -> None:
    ann = member(store, "Ann")
    first = ClubApp(Visitor(store, "SHA256:Ann-key", False))
    async with first.run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "k")
        await settle(pilot)
        assert isinstance(first.screen, KeyCodeScreen)
        text = " ".join(screen_text(first).split())
        until = time.strftime("%H:%M UTC", time.gmtime(clock.now + 600))
        assert f"It is good once, for 10 minutes (until {until})" in text, text
        assert 'type this code in the field "Code from your other device"' in text
        code = shown_code(first)
        await press(pilot, "escape")
        await settle(pilot)
        assert isinstance(first.screen, ClubLobbyScreen)
    second = ClubApp(visitor(store))
    async with second.run_test(size=size) as pilot:
        await settle(pilot)
        assert "Code from your other device" in screen_text(second)
        await press(pilot, "tab", "tab", *code.lower(), "enter")
        await settle(pilot)
        assert isinstance(second.screen, ClubLobbyScreen) and second.screen.player.id == ann
        assert "Welcome back, Ann: this key is yours too now." in screen_text(second)
    assert set(store.keys_of(ann)) == {"SHA256:Ann-key", KEY}


@pytest.mark.parametrize("size", SIZES)
async def test_a_wrong_or_expired_code_is_refused_in_words_and_counted_as_a_guess(
    store: Store, clock: Clock, size: tuple[int, int]
) -> None:
    ann = member(store, "Ann")
    expired = identity.key_code(store, Player(ann, "Ann"))
    clock.now += identity.CODE_SECONDS + 1
    guard = AddressGuard()
    app = ClubApp(visitor(store, guard=guard))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "tab", "tab", *"ABCDE-12345", "enter")
        await settle(pilot)
        refusal = "That code is not one the club is waiting for (or it has expired)."
        assert refusal in " ".join(screen_text(app).split())
        assert app.screen.query_one("#club-key-code", Input).value == ""  # typed again, afresh
        await press(pilot, *expired, "enter")
        await settle(pilot)
        assert refusal in " ".join(screen_text(app).split())
        assert isinstance(app.screen, RegisterScreen) and app.is_running
    assert identity.member(store, KEY) is None and store.keys_of(ann) == ["SHA256:Ann-key"]
    # Two guesses counted for the address: the rest of its allowance locks it.
    for _ in range(logins.FAILURES_PER_ADDRESS - 3):
        guard.failed("192.0.2.7")
    assert not guard.locked("192.0.2.7")
    guard.failed("192.0.2.7")
    assert guard.locked("192.0.2.7")
