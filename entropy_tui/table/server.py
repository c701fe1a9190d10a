"""The table in the host process: the one authoritative game (a Session, with its autosave and
bots), the seats and who holds them, and the local socket every screen connects to.

Each screen is a process of its own (`entropy-tui join`) that keeps a replica of the game: the
table sends it the game once, then every choice made, and a screen sends back only option ids.
A choice counts only from the connection holding the seat whose decision is pending.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import socket
import stat
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from entropy_tui.play.bot_seats import BotFactory
from entropy_tui.play.config import GameConfig
from entropy_tui.play.session import Session, hint_note
from entropy_tui.rules import InvalidChoice
from entropy_tui.table.protocol import MAX_CLIENT_LINE, ProtocolError, client_message, encode
from entropy_tui.table.seats import Claim, SeatState, new_code, same_code

Role = Literal["lobby", "player", "spectator", "host"]
MAX_TICKETS = 256  # tickets not yet used (a login whose screen never connected is forgotten)
HELLO_SECONDS = 10.0  # a connection must say hello within this, or it is closed
# Wrong seat codes a connection may type before it is closed: 31^8 codes can't be guessed.
MAX_WRONG_CODES = 5


@dataclass(frozen=True, slots=True)
class Ticket:
    """What a screen's ticket lets it in as: the host's own console, or a login (its user
    name as typed and the public key it used; no user: a browser visitor, to the lobby)."""

    host: bool = False
    user: str | None = None
    key: str | None = None


@dataclass(eq=False, slots=True)
class Connection:
    writer: asyncio.StreamWriter
    ticket: Ticket | None = None
    role: Role = "lobby"
    seats: frozenset[int] = frozenset()  # the seats this screen decides for
    in_game: bool = False  # has the game: gets every choice
    wrong_codes: int = 0  # seat codes typed in the lobby that matched no seat

    def send(self, message: dict[str, Any]) -> None:
        if not self.writer.is_closing():
            self.writer.write(encode(message))


@dataclass(slots=True)
class BotTurn:
    """A bot's decision being worked out, for the position it was asked at."""

    position: tuple[str, ...]
    ready_at: float  # its answer is made no sooner: bots play at a watchable pace
    handle: asyncio.TimerHandle | None = None


@dataclass(slots=True)
class Table:
    session: Session
    remote: frozenset[int]  # the seats played over the network
    socket_path: Path
    bot_delay: float = 0.6
    claims: dict[int, Claim] = field(default_factory=dict)  # remote seats taken, by whom
    # How a screen is started: this Python, running the app.
    program: Sequence[str] = (sys.executable, "-m", "entropy_tui")
    connect_info: str = ""  # how players connect, for the host's own screen
    _tickets: dict[str, Ticket] = field(default_factory=dict)
    _connections: set[Connection] = field(default_factory=set)
    _serving: set[asyncio.Task[None]] = field(default_factory=set)  # one task a connection
    _holders: dict[int, Connection] = field(default_factory=dict)  # seat -> its screen now
    _host: Connection | None = None
    _server: asyncio.AbstractServer | None = None
    _bot: BotTurn | None = None
    _loop: asyncio.AbstractEventLoop | None = None

    # ------------------------------------------------------------------ seats
    @property
    def local(self) -> frozenset[int]:
        """The seats of people at the host's own keyboard."""
        return frozenset(
            seat
            for seat, spec in enumerate(self.session.seats)
            if spec.bot is None and seat not in self.remote
        )

    def seat_state(self, seat: int) -> SeatState:
        if self.session.is_bot(seat):
            return "bot"
        if seat in self.remote:
            if seat in self._holders:
                return "playing"
            return "away" if seat in self.claims else "free"
        return "playing" if self._host is not None else "away"

    def seat_list(self) -> list[dict[str, Any]]:
        return [
            {
                "name": spec.name,
                "colour": spec.colour,
                "bot": spec.bot,
                "remote": seat in self.remote,
                "state": self.seat_state(seat),
            }
            for seat, spec in enumerate(self.session.seats)
        ]

    def table_message(self) -> dict[str, Any]:
        spectators = sum(1 for c in self._connections if c.role == "spectator")
        return {"op": "table", "seats": self.seat_list(), "spectators": spectators}

    def _save_claims(self) -> None:
        """The seats go into the save with the game (so --resume knows them), at once."""
        self.session.table = {
            "remote": [
                {"seat": seat, **(self.claims[seat].as_data() if seat in self.claims else {})}
                for seat in sorted(self.remote)
            ]
        }
        self.session.autosave()

    # ------------------------------------------------------------------ tickets
    def issue(self, ticket: Ticket) -> str:
        while len(self._tickets) >= MAX_TICKETS:
            self._tickets.pop(next(iter(self._tickets)))
        token = secrets.token_urlsafe(18)
        self._tickets[token] = ticket
        return token

    def join_command(self, ticket: Ticket, *extra: str) -> list[str]:
        token = self.issue(ticket)
        # One argument: a token may begin with "-", which would otherwise read as an option.
        socket = f"--socket={self.socket_path}"
        return [*self.program, "join", socket, f"--ticket={token}", *extra]

    def command_for(self, user: str, key_fingerprint: str | None) -> list[str]:
        """The screen for an SSH login: the seat named like the user (any case), else the
        lobby. Mouse reports are left off: not every SSH client passes them well."""
        return self.join_command(Ticket(user=user, key=key_fingerprint), "--no-mouse")

    def web_command(self) -> list[str]:
        """The screen for a browser visitor: the lobby (each run is a ticket of its own)."""
        return [*self.program, "join", "--socket", str(self.socket_path), "--lobby"]

    def host_command(self) -> list[str]:
        return self.join_command(Ticket(host=True))

    # ------------------------------------------------------------------ serving
    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self.socket_path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        with contextlib.suppress(FileNotFoundError):
            self.socket_path.unlink()
        self._server = await asyncio.start_unix_server(
            self._serve, path=str(self.socket_path), limit=MAX_CLIENT_LINE
        )
        os.chmod(self.socket_path, 0o600)  # only the host's own user reaches the table
        self._save_claims()
        self._play_bots()

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for connection in list(self._connections):
            connection.send({"op": "bye", "reason": "The table has closed."})
            connection.writer.close()
        if self._serving:  # each ends as its connection closes
            await asyncio.wait(set(self._serving), timeout=HELLO_SECONDS)
        if self._server is not None:
            with contextlib.suppress(Exception):
                await self._server.wait_closed()
        if self._bot is not None and self._bot.handle is not None:
            self._bot.handle.cancel()
        self.session.stop_thinking()
        self.session.autosave()
        if self.session.saver is not None:
            await asyncio.to_thread(self.session.saver.flush)
        with contextlib.suppress(FileNotFoundError):
            self.socket_path.unlink()
        with contextlib.suppress(OSError):  # its folder, unless something else is in it
            self.socket_path.parent.rmdir()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        connection = Connection(writer)
        self._connections.add(connection)
        task = asyncio.current_task()
        if task is not None:
            self._serving.add(task)
            task.add_done_callback(self._serving.discard)
        try:
            first = await asyncio.wait_for(reader.readline(), HELLO_SECONDS)
            if self._hello(connection, first):
                # A connection the table closed reads no more of what it had sent.
                while not writer.is_closing() and (line := await reader.readline()):
                    self.handle(connection, line)
        except (TimeoutError, ConnectionError):
            pass
        except (asyncio.LimitOverrunError, ValueError):  # a line longer than any message
            connection.send({"op": "bye", "reason": "That line is too long for this table."})
        finally:
            self._leave(connection)
            writer.close()

    def _hello(self, connection: Connection, line: bytes) -> bool:
        try:
            message = client_message(line)
        except ProtocolError as error:
            connection.send({"op": "bye", "reason": f"Not a screen of this table ({error})."})
            return False
        ticket = self._tickets.pop(message.get("ticket", ""), None)
        if message["op"] == "hello" and message.get("lobby") is True and not message["ticket"]:
            ticket = Ticket()  # a browser visitor: the lobby
        if message["op"] != "hello" or ticket is None:
            connection.send(
                {"op": "bye", "reason": "This ticket is not valid here: connect again."}
            )
            return False
        connection.ticket = ticket
        if ticket.host:
            self._seat_host(connection)
        else:
            self._arrive(connection, ticket)
        return True

    def _arrive(self, connection: Connection, ticket: Ticket) -> None:
        """A login takes the free seat named like its user, or comes back to the seat its key
        took; anyone else reaches the lobby. A seat once taken is given again only to the key
        that took it or to its code (typed in the lobby): never by its name alone."""
        named = next(
            (
                seat
                for seat in sorted(self.remote)
                if ticket.user is not None
                and self.session.seats[seat].name.casefold() == ticket.user.casefold()
            ),
            None,
        )
        notice = ""
        if named is not None:
            claim = self.claims.get(named)
            if claim is None or (claim.key is not None and claim.key == ticket.key):
                self._seat(connection, named)
                return
            notice = self._taken_notice(named)
        if ticket.key is not None:
            for seat, claim in sorted(self.claims.items()):
                if claim.key == ticket.key:
                    self._seat(connection, seat)
                    return
        self._to_lobby(connection, notice)

    def _to_lobby(self, connection: Connection, notice: str = "") -> None:
        connection.role = "lobby"
        connection.send({**self.table_message(), "op": "lobby", "notice": notice})

    def _taken_notice(self, seat: int) -> str:
        """What the lobby tells a login named like a seat someone has taken."""
        name = self.session.seats[seat].name
        if self.claims[seat].key is None:
            return (
                f"{name}'s seat is taken: if it is yours, type the seat code you were shown"
                " when you took it."
            )
        return (
            f"{name}'s seat is kept for the key that took it: log in with that key, or type"
            " its seat code."
        )

    def _seat(self, connection: Connection, seat: int, *, by_code: bool = False) -> None:
        """Gives `seat` to `connection`, which the caller has found may have it: the seat is
        free, or the connection came with the key that took it, or (`by_code`) typed its
        code. A screen that held it is told and closed."""
        claim = self.claims.get(seat)
        key = connection.ticket.key if connection.ticket is not None else None
        if claim is None:
            claim = self.claims[seat] = Claim(key, new_code())
            self._save_claims()
        elif by_code and claim.key is None and key is not None:
            claim.key = key  # the code proves the seat theirs: from now on their key brings them
            self._save_claims()
        old = self._holders.get(seat)
        if old is not None and old is not connection:
            name = self.session.seats[seat].name
            if by_code:
                self._drop(old, f"{name}'s seat was taken with its seat code on another screen.")
            else:
                self._drop(old, f"{name} logged in again elsewhere.")
        self._holders[seat] = connection
        connection.role, connection.seats = "player", frozenset({seat})
        self._send_game(connection, code=claim.code)
        self._broadcast_table()

    def _seat_host(self, connection: Connection) -> None:
        old = self._host
        if old is not None and old is not connection:
            self._drop(old, "The host's console was opened again elsewhere.")
        self._host = connection
        connection.role, connection.seats = "host", self.local
        self._send_game(connection)
        self._broadcast_table()

    def _drop(self, connection: Connection, reason: str) -> None:
        connection.send({"op": "bye", "reason": reason})
        self._release(connection)
        connection.writer.close()

    def _release(self, connection: Connection) -> None:
        for seat in connection.seats:
            if self._holders.get(seat) is connection:
                del self._holders[seat]
        if self._host is connection:
            self._host = None
        connection.seats, connection.in_game = frozenset(), False

    def _leave(self, connection: Connection) -> None:
        if connection not in self._connections:
            return
        self._connections.discard(connection)
        held = bool(connection.seats) or connection.role in ("host", "spectator")
        self._release(connection)
        if held:
            self._broadcast_table()

    def _send_game(self, connection: Connection, code: str | None = None) -> None:
        session = self.session
        connection.in_game = True
        connection.send(
            {
                **self.table_message(),
                "op": "game",
                "role": connection.role,
                "mine": sorted(connection.seats),
                "code": code,
                "connect": self.connect_info if connection.role == "host" else "",
                # The seed is left to the snapshot (only the game-over screen shows it).
                "settings": {
                    "alternative_objectives": session.config.alternative_objectives,
                    "open_hands": session.config.open_hands,
                    "confirm_turn_end": session.config.confirm_turn_end,
                    "hints": session.config.hints,
                    "edition": session.game.catalog.edition,  # of the component data
                },
                "snapshot": session.game.snapshot(),
                "notes": [note.as_data() for note in session.timeline.notes],
            }
        )

    def _broadcast(self, message: dict[str, Any], *, lobby: bool = False) -> None:
        for connection in self._connections:
            if connection.in_game or (lobby and connection.role == "lobby"):
                connection.send(message)

    def _broadcast_table(self) -> None:
        self._broadcast(self.table_message(), lobby=True)

    # ------------------------------------------------------------------ messages
    def handle(self, connection: Connection, line: bytes) -> None:
        """One line from a screen; anything wrong is refused with the reason, changing
        nothing."""
        try:
            message = client_message(line)
        except ProtocolError as error:
            connection.send({"op": "refused", "reason": f"Not understood: {error}."})
            return
        op = message["op"]
        refusal: str | None
        if op == "choose":
            refusal = self._choose(connection, message["step"], message["option"])
        elif op == "hint":
            refusal = self._hint(connection, message["step"])
        elif op in ("take", "code", "watch"):
            refusal = self._lobby_choice(connection, message)
        else:
            refusal = "This screen has said hello already."
        if refusal is not None:
            connection.send({"op": "refused", "to": op, "reason": refusal})

    def _decision_refusal(self, connection: Connection, step: int) -> str | None:
        """Why `connection` may not act on the decision at `step` (None: it may)."""
        session = self.session
        decision = session.decision
        if not connection.seats:
            return "Only a seat's player decides for it; this screen holds no seat."
        if decision is None:
            return "The game is over."
        now = len(session.game.state.choices)
        if step != now:
            return f"That decision is no longer pending (the game is at step {now}, not {step})."
        if decision.player not in connection.seats:
            return f"It is {session.seats[decision.player].name}'s decision, not yours."
        return None

    def _choose(self, connection: Connection, step: int, option: str) -> str | None:
        refusal = self._decision_refusal(connection, step)
        if refusal is not None:
            return refusal
        decision = self.session.decision
        assert decision is not None
        try:
            # Only the pending decision's own options: the engine also takes a seat changing
            # hands (a `control:` id), which is the host's to make, never a screen's.
            decision.option(option)
            self.session.choose(option)
        except InvalidChoice as error:
            return str(error)
        self._chosen(step, option)
        return None

    def _chosen(self, step: int, option: str) -> None:
        """Every replica makes the same choice; the game is saved; bots play on."""
        self._broadcast({"op": "chose", "step": step, "option": option})
        self.session.autosave()
        self._play_bots()

    def _hint(self, connection: Connection, step: int) -> str | None:
        refusal = self._decision_refusal(connection, step)
        if refusal is not None:
            return refusal
        if not self.session.config.hints:
            return "Hints are off in this game."
        decision = self.session.decision
        assert decision is not None
        seat = decision.player
        note = self.session.timeline.note(seat, hint_note(self.session.game.name(seat)))
        self._broadcast({"op": "note", **note.as_data()})
        self.session.autosave()
        return None

    def _lobby_choice(self, connection: Connection, message: dict[str, Any]) -> str | None:
        if connection.role != "lobby":
            return "Only the lobby takes seats; this screen is at the table already."
        op = message["op"]
        if op == "watch":
            connection.role = "spectator"
            self._send_game(connection)
            self._broadcast_table()
            return None
        if op == "take":
            seat = message["seat"]
            if seat not in self.remote:
                return "That is not a seat taken over the network."
            if seat in self.claims:
                name = self.session.seats[seat].name
                return f"{name}'s seat is taken: its player comes back with its seat code."
            self._seat(connection, seat)
            return None
        for seat, claim in sorted(self.claims.items()):
            if same_code(message["code"], claim.code):
                self._seat(connection, seat, by_code=True)
                return None
        connection.wrong_codes += 1
        if connection.wrong_codes >= MAX_WRONG_CODES:
            self._drop(
                connection,
                "Too many wrong seat codes, so this screen is closed: check the code and log in"
                " again.",
            )
            return None
        return "No seat has that code."

    # ------------------------------------------------------------------ bots
    def _play_bots(self) -> None:
        """Starts the pending bot decision, if a bot is to move and nobody is working it out.
        Bots never decide for a person, away or not: the game waits for them."""
        session = self.session
        if session.game.over or not session.bot_to_move():
            return
        position = session.position
        if self._bot is not None and self._bot.position == position:
            return
        loop = self._loop
        assert loop is not None

        def reply(answer: object) -> None:  # in the worker's thread
            loop.call_soon_threadsafe(self._bot_answered, position, answer)

        self._bot = BotTurn(position, time.monotonic() + self.bot_delay)
        session.ask_bot(reply)

    def _bot_answered(self, position: tuple[str, ...], answer: object) -> None:
        turn = self._bot
        if turn is None or turn.position != position or position != self.session.position:
            return
        assert self._loop is not None
        wait = max(0.0, turn.ready_at - time.monotonic())
        turn.handle = self._loop.call_later(wait, self._bot_choice, position, answer)

    def _bot_choice(self, position: tuple[str, ...], answer: object) -> None:
        session = self.session
        self._bot = None
        if position != session.position or not session.bot_to_move():
            return
        step = len(position)
        if isinstance(answer, str):
            try:
                made = session.choose_for_bot(position, answer)
            except InvalidChoice:
                made = False
            if made:
                self._chosen(step, answer)
                return
        self._chosen(step, session.bot_step())  # the worker failed: the bot thinks here instead


def resume_table(
    path: Path,
    socket_path: Path,
    *,
    bot_delay: float = 0.6,
    bot_factory: BotFactory | None = None,
) -> Table:
    """The table whose game is saved in `path`, its seats as they were (raises SaveError)."""
    from entropy_tui.saves.files import SaveError, load_game

    game, save = load_game(path)
    if save.table is None:
        raise SaveError(f"{path}: not the game of a shared table")
    session = Session(
        GameConfig.of_save(save), game, bot_factory, notes=list(save.notes), save_path=path
    )
    remote = frozenset(seat.seat for seat in save.table.remote)
    claims = {seat.seat: Claim(seat.key, seat.code) for seat in save.table.remote if seat.code}
    return Table(session, remote, socket_path, bot_delay, claims)


SOCKET_FOLDER_PREFIX = "entropy-table-"
SOCKET_NAME = "table.sock"


def private_socket_path() -> Path:
    """A socket in a folder only this user may enter; the folders that killed hosts left behind
    are removed first."""
    remove_stale_socket_folders(Path(tempfile.gettempdir()))
    return Path(tempfile.mkdtemp(prefix=SOCKET_FOLDER_PREFIX)) / SOCKET_NAME


def remove_stale_socket_folders(parent: Path) -> None:
    """Removes this user's table folders in `parent` whose socket nobody listens on. A folder
    with no socket yet (its host is on its set-up screen) or anything else in it stays."""
    for folder in parent.glob(f"{SOCKET_FOLDER_PREFIX}*"):
        path = folder / SOCKET_NAME
        try:
            if _stale(folder, path):
                path.unlink()
                folder.rmdir()
        except OSError:
            continue  # gone meanwhile, not ours, or not empty: left as it is


def _stale(folder: Path, path: Path) -> bool:
    info = folder.lstat()
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid():
        return False
    if not stat.S_ISSOCK(path.lstat().st_mode):
        return False
    with socket.socket(socket.AF_UNIX) as probe:
        probe.setblocking(False)  # a listener whose backlog is full answers at once too
        try:
            probe.connect(str(path))
        except ConnectionRefusedError:
            return True  # nobody listens: its host was killed
        except BlockingIOError:
            return False
    return False
