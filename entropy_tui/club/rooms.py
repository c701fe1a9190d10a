"""The club's live tables: one Rooms per club process, a Room for each table in use.

A Room speaks the shared table's messages (table/protocol.py) to the screens that visit it, in
process: a visit gets the `game` welcome as `entropy-tui host` builds it (a member seated there
as its player, anyone else as a spectator, whose screen shows only the public view, as a host's
spectator's does), then each `chose`, `note` and `table`. A visit's `choose` is checked as the
host checks it, kept by ClubTable.decide (stored before anyone hears of it), then sent to every
visit. Bots play on their own, whether anyone visits or not: every bot thinks off the loop (a
Casual bot's answer can take 100 ms, in a thread; an Expert's a second, in a process of its own:
club.thinkers) and hands its answer back to the loop, where it is dropped if the game moved on.

Everything here runs in the event loop's thread, as every screen of the club does.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from entropy_tui.bots import make_bot
from entropy_tui.bots.base import Bot
from entropy_tui.bots.registry import LEVEL_OF, level_name
from entropy_tui.club.archive import NotArchived, finished_save
from entropy_tui.club.names import NameRefused, display_name, name_key
from entropy_tui.club.records import Decider, NoteRecord, Player, SeatRecord, TableRecord
from entropy_tui.club.requests import TableRequest
from entropy_tui.club.store import Conflict, Store
from entropy_tui.club.tables import (
    MAX_OPTION_ID,
    ClubTable,
    NotYourSeat,
    new_settings,
    renamed_settings,
    seat_names,
)
from entropy_tui.club.thinkers import Thinkers, searched
from entropy_tui.play.bot_seats import bot_seed
from entropy_tui.play.config import COLOURS
from entropy_tui.play.session import hint_note
from entropy_tui.play.thinking import Job, PlainDecision
from entropy_tui.rules import Decision, InvalidChoice, new_seed
from entropy_tui.saves.notes import MAX_NOTE_LENGTH

Listener = Callable[[dict[str, Any]], None]  # gets table/protocol messages ("game", "chose", ...)
TurnListener = Callable[[int, int], None]  # (table id, the member whose turn it is now)
MAX_UNFINISHED = 50  # tables a member may sit at before any of them ends
# What a visit may send, and the type of each field.
VISIT_FIELDS: dict[str, dict[str, type]] = {
    "choose": {"step": int, "option": str},
    "hint": {"step": int},
}
# The bot that decides when a bot's own answer can't be used (its worker failed): it answers at
# once, in the loop's thread.
FALLBACK_BOT = "greedy"

log = logging.getLogger(__name__)


class Refused(Exception):
    """What a member asked for can't be done; str(error) says why, in a player's words."""


@dataclass(eq=False, slots=True)
class Visit:
    """A screen at a table: it gets the table's messages, and sends a player's choices."""

    rooms: Rooms
    table_id: int
    member: Player
    listener: Listener
    left: bool = False

    def send(self, message: dict[str, Any]) -> None:
        """From the screen: `choose` or `hint`; a refusal comes back as `refused`."""
        if not self.left:
            self.rooms._receive(self, message)

    def leave(self) -> None:
        if not self.left:
            self.left = True
            self.rooms._leave(self)


@dataclass(eq=False, slots=True)
class Room:
    """A table in use: its game, who visits it, and the bot thinking for it, if any."""

    table: ClubTable
    names: dict[int, str]  # the names of the members seated or invited here
    notes: list[NoteRecord]
    visits: list[Visit] = field(default_factory=list)
    bots: dict[tuple[int, str], Bot] = field(default_factory=dict)  # (seat, kind) -> its bot
    thinking: int | None = None  # the step a bot is working out
    handle: asyncio.TimerHandle | None = None  # a bot's answer, waiting for its pace
    clock_seat: int | None = None  # the seat whose turn the clock's bot is playing

    @property
    def record(self) -> TableRecord:
        return self.table.record

    @property
    def step(self) -> int:
        return len(self.table.game.state.choices)

    @property
    def busy(self) -> bool:
        """Anyone visits, or a bot is to play: the room stays loaded."""
        return bool(self.visits) or self.thinking is not None or self.clock_seat is not None

    def seats_of(self, member_id: int) -> frozenset[int]:
        return frozenset(s.seat for s in self.record.seats if s.player_id == member_id)

    def bot_to_move(self) -> int | None:
        """The bot seat the game waits for, if it waits for one."""
        decision = self.table.game.decision
        if self.record.status != "playing" or decision is None:
            return None
        return decision.player if self.record.seats[decision.player].bot is not None else None

    def member_to_move(self) -> int | None:
        decision = self.table.game.decision
        if self.record.status != "playing" or decision is None:
            return None
        return self.record.seats[decision.player].player_id

    def ended(self) -> str | None:
        """Why a finished game ended before its end (a forfeit), as its log says it."""
        if self.record.forfeited is None or not self.notes:
            return None
        return self.notes[-1].text


class Rooms:
    """Every live table of one club process."""

    def __init__(self, store: Store, *, bot_delay: float = 0.5) -> None:
        self.store = store
        self.bot_delay = bot_delay  # a bot's answer comes no sooner, while anyone watches
        self._rooms: dict[int, Room] = {}
        self._turn_listeners: list[TurnListener] = []
        self._thinkers = Thinkers()  # where the bots think

    # ------------------------------------------------------------------ tables
    def create(self, creator: Player, request: TableRequest) -> TableRecord:
        """Makes the table the creator asks for; it begins at once when no seat waits for
        anyone. Refused, saying why, when the request or its invitations can't be met."""
        problems = request.problems()
        if problems:
            raise Refused(" ".join(problems))
        self._check_room_for(creator)
        members: list[int | None] = []
        invited: list[int | None] = []
        names: dict[int, str] = {creator.id: creator.name}
        for seat in request.seats:
            guest = self._invited(creator, seat.name) if seat.kind == "invited" else None
            if guest is not None:
                names[guest.id] = guest.name
            members.append(creator.id if seat.kind == "creator" else None)
            invited.append(guest.id if guest is not None else None)
        bots = [seat.bot if seat.kind == "bot" else None for seat in request.seats]
        shown = [names[m] if m is not None else None for m in members]
        config, to_move = new_settings(
            seat_names(shown, bots),
            bots,
            seed=new_seed(),
            alternative_objectives=request.alternative_objectives,
            open_hands=request.open_hands,
        )
        full = all(seat.kind in ("creator", "bot") for seat in request.seats)
        record = self.store.create_table(
            config,
            [
                SeatRecord(n, member, bot, guest)
                for n, (member, bot, guest) in enumerate(zip(members, bots, invited, strict=True))
            ],
            rated=request.rated,
            pace=request.pace,
            pace_seconds=request.pace_seconds,
            status="playing" if full else "open",
            to_move=to_move if full else None,
            on_timeout=request.on_timeout,
            timeout_bot=request.timeout_bot,
            created_by=creator.id,
        )
        if full:
            self._begun(self.room(record.id), previous=None)
        return record

    def _invited(self, creator: Player, typed: str) -> Player:
        try:
            guest = self.store.player_named(name_key(display_name(typed)))
        except NameRefused:
            guest = None
        if guest is None:
            raise Refused(f"No member is called {typed.strip()[:40]!r}.")
        if guest.id == creator.id:
            raise Refused("You have a seat of your own: invite someone else.")
        return guest

    def _check_room_for(self, member: Player) -> None:
        if len(self.store.tables_of(member.id)) >= MAX_UNFINISHED:
            raise Refused(
                f"You sit at {MAX_UNFINISHED} tables whose games have not ended: finish some first."
            )

    def join(self, table_id: int, member: Player) -> TableRecord:
        """Seats the member in the seat kept for them, or else a free one; the last seat
        taken begins the game. Refused, saying why, when there is none (someone was first)."""
        self._check_room_for(member)
        try:
            record = self.store.take_seat(table_id, member.id, self._starting)
        except Conflict as error:
            raise Refused(str(error)) from None
        room = self._rooms.get(table_id)
        if room is None:
            room = self.room(table_id)
        else:
            room.table = ClubTable.load(self.store, table_id)
            room.names[member.id] = member.name
        if record.status == "playing":
            self._begun(room, previous=None)
        else:
            self._broadcast(room, self._table_message(room))
        return record

    def _starting(self, record: TableRecord) -> tuple[bytes, int | None]:
        """The settings of a table whose last seat was just taken: the members' names in."""
        members: list[str | None] = []
        for seat in record.seats:
            player = self.store.player(seat.player_id) if seat.player_id is not None else None
            members.append(player.name if player is not None else None)
        names = seat_names(members, [seat.bot for seat in record.seats])
        return renamed_settings(record.config, names)

    def room(self, table_id: int) -> Room:
        """The table's room, loaded when first asked for (KeyError: there is no such table).
        A room nobody visits and no bot plays at is let go; asking again loads it again."""
        room = self._rooms.get(table_id)
        if room is None:
            table = ClubTable.load(self.store, table_id)
            names: dict[int, str] = {}
            for seat in table.record.seats:
                for member_id in (seat.player_id, seat.invited):
                    player = self.store.player(member_id) if member_id is not None else None
                    if player is not None:
                        names[player.id] = player.name
            room = self._rooms[table_id] = Room(table, names, self.store.notes(table_id))
        return room

    def archive(self, table_id: int) -> bytes:
        """The finished table's game as the usual save file, for any member. Refused, saying
        why, while it is played (its save would show every hand: club.archive)."""
        try:
            return finished_save(self.store, table_id)
        except NotArchived as error:
            raise Refused(str(error)) from None

    def _let_go(self, room: Room) -> None:
        if not room.busy and self._rooms.get(room.record.id) is room:
            del self._rooms[room.record.id]

    def resume_bots(self) -> None:
        """After a start: every table being played whose game waits for a bot plays on (from
        within the running loop)."""
        for table_id in self.store.tables_waiting_for_bots():
            self._play_bots(self.room(table_id))

    def close(self) -> None:
        """Stops the bots' thinking; what they had not decided is decided after a restart."""
        for room in self._rooms.values():
            if room.handle is not None:
                room.handle.cancel()
            room.thinking = room.handle = room.clock_seat = None
        self._thinkers.close()

    # ------------------------------------------------------------------ visits
    def visit(self, table_id: int, member: Player, listener: Listener) -> Visit:
        """A screen at the table: at once it gets `game` (or, while the table waits for its
        players, `table`; `game` follows when it begins), then every later message."""
        try:
            room = self.room(table_id)
        except KeyError:
            raise Refused(f"There is no table {table_id}.") from None
        visit = Visit(self, table_id, member, listener)
        room.visits.append(visit)
        if room.record.status == "open":
            self._send(visit, self._table_message(room))
        else:
            self._send(visit, self._welcome(room, visit))
        self._broadcast(room, self._table_message(room), but=visit)
        return visit

    def _leave(self, visit: Visit) -> None:
        room = self._rooms.get(visit.table_id)
        if room is None or visit not in room.visits:
            return
        room.visits.remove(visit)
        self._broadcast(room, self._table_message(room))
        self._let_go(room)

    def _welcome(self, room: Room, visit: Visit) -> dict[str, Any]:
        """The `game` message as the host's Table._send_game builds it."""
        game, record = room.table.game, room.record
        mine = sorted(room.seats_of(visit.member.id))
        return {
            **self._table_message(room),
            "op": "game",
            "role": "player" if mine else "spectator",
            "mine": mine,
            "code": None,
            "connect": "",
            "settings": {
                "alternative_objectives": game.state.settings.alternative_objectives,
                "open_hands": game.state.settings.open_hands,
                "confirm_turn_end": game.state.settings.confirm_turn_end,
                "hints": not record.rated,  # a rated game is played without the expert's help
                "edition": game.catalog.edition,
            },
            "snapshot": game.snapshot(),
            "notes": [_note_data(note) for note in room.notes],
            "table_id": record.id,
            "status": record.status,
            "ended": room.ended(),
        }

    def _table_message(self, room: Room) -> dict[str, Any]:
        """Who sits where and who is here, as the host's `table` message says it."""
        record = room.record
        here = {visit.member.id for visit in room.visits}
        names = [player.name for player in room.table.game.state.players]
        seats = []
        for seat in record.seats:
            if seat.bot is not None:
                state = "bot"
            elif seat.player_id is not None:
                state = "playing" if seat.player_id in here else "away"
            else:
                state = "free"
            name = names[seat.seat]
            if record.status == "open" and seat.bot is None:  # names settle as the game begins
                member = seat.player_id if seat.player_id is not None else seat.invited
                name = room.names.get(member, "") if member is not None else ""
            seats.append(
                {
                    "name": name,
                    "colour": COLOURS[seat.seat].key,
                    "bot": seat.bot,
                    "remote": seat.bot is None,
                    "state": state,
                    "invited": seat.invited is not None,
                }
            )
        seated = {s.player_id for s in record.seats if s.player_id is not None}
        spectators = sum(1 for visit in room.visits if visit.member.id not in seated)
        return {"op": "table", "seats": seats, "spectators": spectators, "status": record.status}

    def _send(self, visit: Visit, message: dict[str, Any]) -> None:
        try:
            visit.listener(message)
        except Exception:  # one screen's failure never stops the table for the others
            log.exception("a visit of table %d failed on %r; it is let go", visit.table_id, message)
            visit.leave()

    def _broadcast(self, room: Room, message: dict[str, Any], but: Visit | None = None) -> None:
        for visit in list(room.visits):
            if visit is not but:
                self._send(visit, message)

    # ------------------------------------------------------------------ from a visit
    def _receive(self, visit: Visit, message: dict[str, Any]) -> None:
        room = self._rooms.get(visit.table_id)
        if room is None or visit not in room.visits:
            return
        op = message.get("op")
        refusal = _malformed(message)
        if refusal is None:
            if op == "choose":
                refusal = self._choose(room, visit, message["step"], message["option"])
            else:
                refusal = self._hint(room, visit, message["step"])
        if refusal is not None:
            self._send(visit, {"op": "refused", "to": op, "reason": refusal})

    def _decision_refusal(self, room: Room, visit: Visit, step: int) -> str | None:
        """Why the visit may not act on the decision at `step` (None: it may); the host's
        words."""
        mine = room.seats_of(visit.member.id)
        decision = room.table.game.decision
        if not mine:
            return "Only a seat's player decides for it; this screen holds no seat."
        if room.record.status == "open":
            return "The game begins once every seat is taken."
        if decision is None or room.record.status != "playing":
            return "The game is over."
        if step != room.step:
            return (
                f"That decision is no longer pending (the game is at step {room.step}, not {step})."
            )
        if decision.player not in mine:
            return f"It is {room.table.game.name(decision.player)}'s decision, not yours."
        return None

    def _choose(self, room: Room, visit: Visit, step: int, option_id: str) -> str | None:
        refusal = self._decision_refusal(room, visit, step)
        if refusal is not None:
            return refusal
        decision = room.table.game.decision
        assert decision is not None
        if len(option_id) > MAX_OPTION_ID:
            return "That is not an option of this game."
        previous = decision.player
        try:
            # Only the pending decision's own options: never a seat changing hands. The rules
            # refuse an option that is not open now, saying why.
            decision.option(option_id)
            room.table.decide(option_id, "player", visit.member.id)
        except (InvalidChoice, NotYourSeat, Conflict) as error:
            return str(error)
        room.clock_seat = None  # the member is back: their own turn is theirs again
        self._chosen(room, step, option_id, previous)
        return None

    def _hint(self, room: Room, visit: Visit, step: int) -> str | None:
        refusal = self._decision_refusal(room, visit, step)
        if refusal is not None:
            return refusal
        if room.record.rated:
            return "Hints are off in this game."
        decision = room.table.game.decision
        assert decision is not None
        seat = decision.player
        self._note(room, seat, hint_note(room.table.game.name(seat)))
        return None

    def _note(self, room: Room, seat: int | None, text: str) -> None:
        """A line of the club's own in the table's log: kept, then sent to every visit."""
        note = NoteRecord(len(room.table.game.state.log), seat, text[:MAX_NOTE_LENGTH])
        self.store.add_note(room.record.id, note)
        room.notes.append(note)
        self._broadcast(room, {"op": "note", **_note_data(note)})

    # ------------------------------------------------------------------ after a decision
    def _chosen(self, room: Room, step: int, option_id: str, previous: int | None) -> None:
        """Every visit makes the same choice; then the next seat is told, or its bot plays.
        Whatever a bot was working out for that step is dropped."""
        if room.handle is not None:
            room.handle.cancel()
        room.thinking = room.handle = None
        self._broadcast(room, {"op": "chose", "step": step, "option": option_id})
        self._begun(room, previous)

    def _begun(self, room: Room, previous: int | None) -> None:
        """The game goes on from a new position (its first, when `previous` is None: every
        visit gets the game): a bot to move plays, a member whose turn comes is told."""
        if previous is None:
            for visit in list(room.visits):
                self._send(visit, self._welcome(room, visit))
        decision = room.table.game.decision
        if room.record.status != "playing" or decision is None:
            room.clock_seat = None
            self._let_go(room)
            return
        if room.clock_seat is not None and room.clock_seat == decision.player:
            self._think(room, decision.player, room.record.timeout_bot, "clock")
            return
        room.clock_seat = None
        member = room.member_to_move()
        if member is not None and decision.player != previous:
            for listener in list(self._turn_listeners):
                listener(room.record.id, member)
        self._play_bots(room)
        self._let_go(room)

    def turn_changed(self, listener: TurnListener) -> Callable[[], None]:
        """`listener(table_id, member_id)` hears whenever a member's turn comes (the seat to
        move becomes theirs). Returns what stops it."""
        self._turn_listeners.append(listener)

        def stop() -> None:
            with contextlib.suppress(ValueError):
                self._turn_listeners.remove(listener)

        return stop

    # ------------------------------------------------------------------ bots
    def _play_bots(self, room: Room) -> None:
        seat = room.bot_to_move()
        if seat is not None:
            bot = room.record.seats[seat].bot
            assert bot is not None
            self._think(room, seat, bot, "bot")

    def _think(self, room: Room, seat: int, kind: str, decided_by: Decider) -> None:
        """Starts the bot of `kind` on the pending decision of `seat`, unless one already
        works it out. Needs the running loop: outside it, resume_bots() starts them later."""
        step = room.step
        if room.thinking == step:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        game, decision = room.table.game, room.table.game.decision
        assert decision is not None
        room.thinking = step
        # The clock's bot draws from a generator of its own, apart from the seat's.
        seed = bot_seed(game.state.seed, seat) * (1 if decided_by == "bot" else -1)
        view, plain = game.view(seat), PlainDecision.of(decision)
        level = LEVEL_OF.get(kind)
        searches = level is not None and level.searches
        job: Job
        if searches:
            job = partial(searched, kind, seed, game.catalog.edition, view, plain)
        else:
            bot = room.bots.get((seat, kind))
            if bot is None:
                bot = room.bots[seat, kind] = make_bot(kind, seed, catalog=game.catalog)
            job = partial(bot.decide, view, plain)
        ready_at = loop.time() + (self.bot_delay if room.visits else 0.0)
        answered = partial(self._answered, room, step, decided_by, ready_at)

        def reply(answer: object) -> None:  # in the worker's thread
            with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits
                loop.call_soon_threadsafe(answered, answer)

        if searches:
            self._thinkers.ask_searching(job, reply)
        else:
            self._thinkers.ask_quick(job, reply)

    def _answered(self, room: Room, step: int, decided_by: Decider, ready_at: float,
                  answer: object) -> None:  # fmt: skip
        if not self._current(room, step):
            return
        loop = asyncio.get_running_loop()
        wait = max(0.0, ready_at - loop.time())
        room.handle = loop.call_later(wait, self._bot_decides, room, step, decided_by, answer)

    def _current(self, room: Room, step: int) -> bool:
        """The room is still in use and its game where the bot was asked."""
        return (
            self._rooms.get(room.record.id) is room
            and room.thinking == step
            and room.step == step
            and room.record.status == "playing"
        )

    def _bot_decides(self, room: Room, step: int, decided_by: Decider, answer: object) -> None:
        room.handle = None
        if not self._current(room, step):
            return
        room.thinking = None
        decision = room.table.game.decision
        assert decision is not None
        previous = decision.player
        option_id = answer if isinstance(answer, str) else None
        if option_id is None or not _enabled(decision, option_id):
            log.warning("table %d: a bot's answer %r is not an option", room.record.id, answer)
            fallback = make_bot(FALLBACK_BOT, step, catalog=room.table.game.catalog)
            option_id = fallback.decide(room.table.game.view(previous), decision)
        try:
            room.table.decide(option_id, decided_by)
        except (InvalidChoice, NotYourSeat, Conflict):
            log.exception("table %d: a bot could not decide at step %d", room.record.id, step)
            return
        self._chosen(room, step, option_id, previous)

    # ------------------------------------------------------------------ the clocks
    def decide_by_clock(self, table_id: int) -> None:
        """The member to move has run out of time: the table's timeout bot plays their turn
        (each decision of that seat until another seat's comes), and the log says so."""
        room = self.room(table_id)
        decision = room.table.game.decision
        if room.record.status != "playing" or decision is None:
            raise Refused("The game is over.")
        seat = room.record.seats[decision.player]
        if seat.player_id is None:
            raise Refused(f"Seat {seat.seat + 1} is a bot's: no clock runs there.")
        if room.clock_seat == seat.seat:
            return
        room.clock_seat = seat.seat
        name = room.table.game.name(seat.seat)
        level = level_name(room.record.timeout_bot)
        self._note(room, seat.seat, f"{name}'s time ran out: the {level} bot plays this turn.")
        self._think(room, seat.seat, room.record.timeout_bot, "clock")

    def forfeit(self, table_id: int, seat: int) -> None:
        """The seat's member loses on time: the game ends with that seat last and the others
        placed by their scores as they stand (a rated table rates that); the log says why,
        and every visit is sent `bye` with the reason."""
        room = self.room(table_id)
        if room.record.status != "playing":
            raise Refused("The game is over.")
        if not 0 <= seat < len(room.record.seats) or room.record.seats[seat].player_id is None:
            raise Refused("Only a member's seat loses on time.")
        name = room.table.game.name(seat)
        reason = f"{name} ran out of time and forfeits: the game ends with {name} placed last."
        try:
            room.table.forfeit(seat)
        except Conflict as error:
            raise Refused(str(error)) from None
        if room.handle is not None:
            room.handle.cancel()
        room.thinking = room.handle = room.clock_seat = None
        self._note(room, seat, reason)
        for visit in list(room.visits):
            self._send(visit, {"op": "bye", "reason": reason})
        room.visits.clear()
        self._let_go(room)


def _malformed(message: dict[str, Any]) -> str | None:
    """What is wrong with a visit's message, as the host says it (None: nothing)."""
    op = message.get("op")
    fields = VISIT_FIELDS.get(op) if isinstance(op, str) else None
    if fields is None:
        return f"Not understood: unknown message {str(op)[:40]!r}."
    for name, kind in fields.items():
        value = message.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            return f"Not understood: {op}: {name} must be a {kind.__name__}."
    return None


def _enabled(decision: Decision, option_id: str) -> bool:
    return any(option.id == option_id and option.enabled for option in decision.options)


def _note_data(note: NoteRecord) -> dict[str, Any]:
    return {"at_event": note.at_event, "seat": note.seat, "text": note.text}
