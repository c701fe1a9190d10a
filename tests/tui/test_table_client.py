"""The screen of a shared table (`entropy-tui join`) against a table in the test's own event loop:
its seat's view, choices sent and played on every screen, away seats, the lobby, spectators."""

from __future__ import annotations

from pathlib import Path

from entropy_tui.table.server import Table
from entropy_tui.tui.screens.confirm_quit import ConfirmQuitScreen
from entropy_tui.tui.screens.lobby import LobbyScreen
from entropy_tui.tui.screens.table_game import TableGameOverScreen, TableScreen
from entropy_tui.tui.screens.table_open import TableOpenScreen
from entropy_tui.tui.table_app import CLOSE_THE_TABLE, TableApp
from entropy_tui.tui.table_setup import TableSetupApp
from entropy_tui.tui.widgets.console import Console
from entropy_tui.tui.widgets.prompt import Prompt

from ..table.support import Screen, make_table, ticket_of
from .helpers import press, screen_text, settle, until

SIZE = (80, 24)


def person_to_move(table: Table) -> int | None:
    decision = table.session.decision
    if decision is None or table.session.is_bot(decision.player):
        return None
    return decision.player


async def test_a_player_sees_their_own_seat_and_their_choice_is_made_everywhere(
    tmp_path: Path,
) -> None:
    table = make_table(tmp_path, "remote:Ann,remote:Bob,bot:greedy")
    await table.start()
    app = TableApp(table.socket_path, ticket_of(table.command_for("ann", None)))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        bob = await Screen.open(table, ticket_of(table.command_for("bob", None)))
        await bob.next("game")
        await until(pilot, lambda: person_to_move(table) == 0)
        text = screen_text(app)
        assert "Ann: move your Scientist" in text
        # Shown once: it takes the seat back from the lobby.
        assert any("gives you this seat back" in note.message for note in app._notifications)
        step = len(table.session.game.state.choices)
        await press(pilot, "1")
        await until(pilot, lambda: len(table.session.game.state.choices) > step)
        assert (await bob.next("chose"))["step"] == step
        assert app.replica is not None
        await until(pilot, lambda: app.replica.position == table.session.position)
        # Ann's own hand is on her screen; Bob's is not.
        view = app.replica.view()
        assert view["players"][0]["hand"] == table.session.game.view(0)["players"][0]["hand"]
        assert view["players"][1]["hand"] != table.session.game.state.players[1].hand
        await bob.close()
    await table.close()


async def test_i_shows_the_seat_code_again_once_its_first_notice_is_gone(tmp_path: Path) -> None:
    table = make_table(tmp_path, "remote:Ann,remote:Bob,bot:greedy")
    await table.start()
    app = TableApp(table.socket_path, ticket_of(table.command_for("ann", None)))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        code = table.claims[0].code
        app.clear_notifications()
        await press(pilot, "i")
        await until(pilot, lambda: any(code in note.message for note in app._notifications))
    await table.close()


async def test_another_seat_away_at_its_decision_is_said_on_screen(tmp_path: Path) -> None:
    table = make_table(tmp_path, "remote:Ann,remote:Bob")
    await table.start()
    bob = await Screen.open(table, ticket_of(table.command_for("bob", "SHA256:bob")))
    await bob.next("game")
    app = TableApp(table.socket_path, ticket_of(table.command_for("ann", None)))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        # Ann plays until it is Bob's decision.
        while person_to_move(table) == 0:
            step = len(table.session.game.state.choices)
            await press(pilot, "1")
            await until(pilot, lambda step=step: len(table.session.game.state.choices) > step)
            await until(
                pilot, lambda step=step: app.replica is not None and app.replica.step > step
            )
        assert person_to_move(table) == 1
        assert "Bob decides (remote player)." in screen_text(app)
        await bob.close()
        prompt = app.screen.query_one(Prompt)
        away = "Bob is away: the game waits for them to come back"
        await until(pilot, lambda: prompt.border_title == away)
        assert away in screen_text(app)
        # Ann's keys do not decide for Bob.
        step = len(table.session.game.state.choices)
        await press(pilot, "1")
        await settle(pilot)
        assert len(table.session.game.state.choices) == step
        # Bob comes back: the note goes, and his decision is the same one.
        back = await Screen.open(table, ticket_of(table.command_for("Bob", "SHA256:bob")))
        assert len((await back.next("game"))["snapshot"]["choices"]) == step
        await until(pilot, lambda: prompt.border_title != away)
        await back.close()
    await table.close()


async def test_the_lobby_takes_a_free_seat(tmp_path: Path) -> None:
    table = make_table(tmp_path, "remote:Ann,remote:Bob,bot:greedy")
    await table.start()
    app = TableApp(table.socket_path, ticket_of(table.command_for("carol", None)))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        text = screen_text(app)
        assert "Ann  free (take it below)" in text and "Casual 3  Casual bot" in text
        await press(pilot, "down", "enter")  # Bob's seat
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app.replica is not None and app.replica.mine == {1}
        assert table.seat_state(1) == "playing" and table.seat_state(0) == "free"
    await table.close()


async def test_the_lobby_watches_with_public_information_only(tmp_path: Path) -> None:
    table = make_table(tmp_path, "remote:Ann,remote:Bob")
    await table.start()
    app = TableApp(table.socket_path, None)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await press(pilot, "end", "enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        replica = app.replica
        assert replica is not None and replica.mine == frozenset()
        assert (
            replica.view()["players"][0]["hand"]
            == table.session.game.view(None)["players"][0]["hand"]
        )
        assert "1-9 Pick" not in screen_text(app)  # nothing here to decide
    await table.close()


async def test_a_seat_code_typed_in_the_lobby_gives_the_seat_back(tmp_path: Path) -> None:
    table = make_table(tmp_path, "remote:Ann,remote:Bob")
    await table.start()
    first = await Screen.open(table, ticket_of(table.command_for("dee", None)))
    await first.next("lobby")
    await first.send({"op": "take", "seat": 0})
    code = (await first.next("game"))["code"]
    await first.close()
    app = TableApp(table.socket_path, None)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await until(pilot, lambda: table.seat_state(0) == "away")
        await press(pilot, "tab", *"nope", "enter")
        await until(pilot, lambda: "No seat has that code." in screen_text(app))
        code_input = app.screen.query_one("#lobby-code")
        code_input.value = code  # type: ignore[attr-defined]
        await press(pilot, "enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app.replica is not None and app.replica.mine == {0}
    await table.close()


async def test_the_host_set_up_screen_offers_remote_seats() -> None:
    app = TableSetupApp(seed=12)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "host a shared table" in text and "< Remote >" in text
        assert "Learn to play" not in text and "End your turn yourself" not in text
        await press(pilot, "ctrl+g")
        await settle(pilot)
    assert app.chosen is not None
    config = app.chosen
    assert [(seat.name, seat.bot) for seat in config.seats] == [("Ann", None), ("Bob", None)]
    assert (
        config.remote_seats == frozenset({1}) and config.seed == 12 and not config.confirm_turn_end
    )


async def test_a_finished_table_game_offers_no_new_game(tmp_path: Path) -> None:
    table = make_table(tmp_path, "bot:greedy,bot:random")
    table.session.play_bots()  # to the end
    assert table.session.game.over
    await table.start()
    app = TableApp(table.socket_path, None)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await press(pilot, "enter")  # watch: the only choice
        await until(pilot, lambda: isinstance(app.screen, TableGameOverScreen))
        text = screen_text(app)
        assert "Game over" in text and "Replay" in text and "New game" not in text
    await table.close()


async def test_the_host_is_asked_before_closing_the_table(tmp_path: Path) -> None:
    table = make_table(tmp_path, "remote:Ann,remote:Bob")
    await table.start()
    app = TableApp(table.socket_path, ticket_of(table.host_command()))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await press(pilot, "q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmQuitScreen)
        assert app.screen.question == CLOSE_THE_TABLE
        assert "Close the table?" in screen_text(app)
        await press(pilot, "n")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
    await table.close()


async def test_a_lobby_shown_while_the_terminal_had_lost_focus_takes_the_first_key(
    tmp_path: Path,
) -> None:
    """A browser tab (or a terminal reporting focus) that is not focused when the lobby arrives:
    the first key still reaches the lobby's choices."""
    table = make_table(tmp_path, "remote:Ann,remote:Bob")
    await table.start()
    app = TableApp(table.socket_path, None)
    async with app.run_test(size=SIZE) as pilot:
        app.app_focus = False  # before the table has answered
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert app.screen.focused is None
        await press(pilot, "enter")  # takes the first free seat, Ann's
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app.replica is not None and app.replica.mine == {0}
    await table.close()


async def test_a_table_notice_leaves_the_options_readable(tmp_path: Path) -> None:
    """The seat code's notice shows over the board, not over the prompt's options."""
    table = make_table(tmp_path, "remote:Ann,remote:Bob")
    await table.start()
    app = TableApp(table.socket_path, ticket_of(table.command_for("ann", None)))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await until(pilot, lambda: bool(app.screen.query("Toast")))
        toast = app.screen.query_one("Toast").region
        options = app.screen.query_one("#prompt-options").region
        assert toast.height > 0 and not toast.overlaps(options)
    await table.close()


async def test_the_host_reads_how_players_join_until_closing_it_and_j_shows_it_again(
    tmp_path: Path,
) -> None:
    table = make_table(tmp_path, "remote:Ann,remote:Bob")
    table.connect_info = "The table is open: players connect with ssh on port 2222."
    await table.start()
    app = TableApp(table.socket_path, ticket_of(table.host_command()))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableOpenScreen))
        assert table.connect_info in str(app.screen.query_one("#table-open-text").render())
        await press(pilot, "escape")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await press(pilot, "j")
        await until(pilot, lambda: isinstance(app.screen, TableOpenScreen))
    await table.close()


async def test_a_players_screen_has_no_join_window(tmp_path: Path) -> None:
    table = make_table(tmp_path, "remote:Ann,remote:Bob")
    table.connect_info = "The table is open: players connect with ssh on port 2222."
    await table.start()
    app = TableApp(table.socket_path, ticket_of(table.command_for("ann", None)))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await press(pilot, "j")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
    await table.close()


async def test_a_player_keeps_their_own_console_while_another_seat_decides(
    tmp_path: Path,
) -> None:
    table = make_table(tmp_path, "remote:Ann,remote:Bob")
    await table.start()
    bob = await Screen.open(table, ticket_of(table.command_for("bob", None)))
    await bob.next("game")
    app = TableApp(table.socket_path, ticket_of(table.command_for("ann", None)))
    async with app.run_test(size=(110, 32)) as pilot:  # the Console beside the board
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        while person_to_move(table) == 0:
            step = len(table.session.game.state.choices)
            await press(pilot, "1")
            await until(
                pilot, lambda step=step: app.replica is not None and app.replica.step > step
            )
        assert person_to_move(table) == 1
        text = screen_text(app)
        assert "Console: Ann" in text and "Console: Bob" not in text
        console = app.screen.query_one(Console)
        console_text = console.render().plain
        assert "Hand (private)" in console_text  # her own cards, not Bob's count of them
        assert "(hidden)" not in console_text
        # Bob plays his turn: Ann's screen marks what he changed, on her own screen.
        while person_to_move(table) == 1:
            step = len(table.session.game.state.choices)
            decision = table.session.decision
            assert decision is not None
            await bob.send({"op": "choose", "step": step, "option": decision.enabled[0].id})
            await until(
                pilot, lambda step=step: app.replica is not None and app.replica.step > step
            )
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.scene is not None
        assert screen.scene.changes.seat(1, "scientist")
        assert "*: changed since your last turn" in screen_text(app)
        await bob.close()
    await table.close()


async def test_the_palette_at_a_table_offers_no_undo_nor_a_step_back(tmp_path: Path) -> None:
    """A move the others have seen stays made: the palette lists only what works there."""
    table = make_table(tmp_path, "remote:Ann,remote:Bob")
    await table.start()
    app = TableApp(table.socket_path, ticket_of(table.command_for("ann", None)))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert {"Help", "Rules", "Seat consoles"} <= titles
        assert not {"Undo", "Redo", "Back a step", "Save a copy"} & titles
        await press(pilot, "ctrl+z", "escape")  # nothing to refuse: neither is bound here
        await settle(pilot)
        assert "Undo is off" not in screen_text(app)
    await table.close()
