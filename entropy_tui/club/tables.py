"""A club table in play: created from the game's settings, its game rebuilt from the stored
settings and decisions by the engine's own replay, each decision checked by the rules before it
is stored (in a transaction of its own), and the game kept as the usual save file."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import msgspec

from entropy_tui.bots.registry import level_name
from entropy_tui.club import ratings
from entropy_tui.club.records import (
    Decider,
    NoteRecord,
    Pace,
    Rating,
    RatingChange,
    SeatRecord,
    SeatResult,
    TableRecord,
)
from entropy_tui.club.store import Store
from entropy_tui.play.config import COLOURS, GameConfig, SeatConfig
from entropy_tui.rules import Game, InvalidChoice
from entropy_tui.saves.files import save_bytes
from entropy_tui.saves.notes import LogNote
from entropy_tui.saves.schema import SavedConfig

MAX_OPTION_ID = 200  # characters: longer than any option the rules offer


class NotYourSeat(Exception):
    """A decision offered by someone who does not play the seat that decides now."""


def seat_names(members: Sequence[str | None], bots: Sequence[str | None]) -> list[str]:
    """The names a game gives its seats: each member's own, each bot's level ("Casual bot",
    "Casual bot 2" for a second), a seat nobody has taken yet "Seat 3"; never two alike."""
    names: list[str] = []
    taken = {name.casefold() for name in members if name is not None}
    for seat, (member, bot) in enumerate(zip(members, bots, strict=True)):
        if member is not None:
            names.append(member)
            continue
        base = f"{level_name(bot)} bot" if bot is not None else f"Seat {seat + 1}"
        name, count = base, 1
        while name.casefold() in taken:
            count += 1
            name = f"{base} {count}"
        taken.add(name.casefold())
        names.append(name)
    return names


def new_settings(
    names: Sequence[str],
    bots: Sequence[str | None],
    *,
    seed: int,
    alternative_objectives: bool,
    open_hands: bool,
) -> tuple[bytes, int | None]:
    """A new game's settings as the save file's schema writes them, and the seat it waits
    for first."""
    config = GameConfig(
        tuple(
            SeatConfig(name, bot, COLOURS[seat].key)
            for seat, (name, bot) in enumerate(zip(names, bots, strict=True))
        ),
        seed=seed,
        alternative_objectives=alternative_objectives,
        open_hands=open_hands,
    )
    game = config.new_game()
    settings = msgspec.convert(game.config(), SavedConfig)
    return msgspec.json.encode(settings), _to_move(game)


def renamed_settings(config: bytes, names: Sequence[str]) -> tuple[bytes, int | None]:
    """The stored settings with the seats' names as they are now (a table's last seat is
    taken), and the seat its game waits for first."""
    settings = msgspec.json.decode(config, type=SavedConfig)
    settings.seats = list(names)
    return msgspec.json.encode(settings), _to_move(Game.new(**settings.as_data()))


def open_table(
    store: Store,
    config: GameConfig,
    members: Sequence[int | None],
    *,
    rated: bool,
    pace: Pace,
    pace_seconds: int,
) -> TableRecord:
    """A table whose game starts at once: `members[seat]` is the member at each person's seat
    (None at a bot's). The settings are kept as the save file's schema writes them."""
    seats = [
        SeatRecord(n, member, seat.bot)
        for n, (seat, member) in enumerate(zip(config.seats, members, strict=True))
    ]
    if any((seat.player_id is None) == (seat.bot is None) for seat in seats):
        raise ValueError("every seat is a member's or a bot's, not both or neither")
    game = config.new_game()
    settings = msgspec.convert(game.config(), SavedConfig)
    return store.create_table(
        msgspec.json.encode(settings),
        seats,
        rated=rated,
        pace=pace,
        pace_seconds=pace_seconds,
        status="playing",
        to_move=_to_move(game),
    )


@dataclass(slots=True)
class ClubTable:
    store: Store
    record: TableRecord
    game: Game

    @classmethod
    def load(cls, store: Store, table_id: int) -> ClubTable:
        """The table's game as its decisions left it; a game that ended just before a crash,
        before its results were kept, is finished now."""
        record = store.table(table_id)
        if record is None:
            raise KeyError(f"there is no table {table_id}")
        table = cls(store, record, _rebuilt(store, record))
        if table.game.over and record.status == "playing":
            table._finish()
        return table

    def decide(self, option_id: str, decided_by: Decider, member: int | None = None) -> None:
        """Makes the choice at the seat that decides now, then stores it. Raises the rules'
        InvalidChoice (nothing changes) or NotYourSeat; if storing fails (someone decided
        first), the game is rebuilt from what was stored, and the error raised."""
        if len(option_id) > MAX_OPTION_ID:
            raise InvalidChoice("That is not an option of this game.")
        decision = self.game.decision
        if self.record.status == "open":
            raise NotYourSeat("The game begins once every seat is taken.")
        if decision is None or self.record.status != "playing":
            raise NotYourSeat("The game is over.")
        self._check_decider(self.record.seats[decision.player], decided_by, member)
        step = len(self.game.state.choices)
        self.game.choose(option_id)
        try:
            self.store.append_decision(
                self.record.id, step, option_id, decided_by, _to_move(self.game)
            )
        except BaseException:
            self.game = _rebuilt(self.store, self.record)
            raise
        if self.game.over:
            self._finish()

    @staticmethod
    def _check_decider(seat: SeatRecord, decided_by: Decider, member: int | None) -> None:
        if decided_by == "bot" and seat.bot is None:
            raise NotYourSeat(f"Seat {seat.seat + 1} is a person's: a bot does not decide there.")
        if decided_by == "clock" and seat.player_id is None:
            raise NotYourSeat(f"Seat {seat.seat + 1} is a bot's: no clock runs there.")
        if decided_by == "player" and (member is None or member != seat.player_id):
            raise NotYourSeat(f"Seat {seat.seat + 1} decides now, and it is not yours.")

    def forfeit(self, seat: int) -> None:
        """Ends the game before its end: `seat` lost on time and is placed last, the others by
        their scores as they stand; a rated table rates that outcome. Conflict when the table
        is not being played."""
        totals = [score["total"] for score in self.game.scores()]
        others = ratings.places([total for n, total in enumerate(totals) if n != seat])
        finished = [*others[:seat], len(totals), *others[seat:]]
        self._keep_results(totals, finished, forfeited=seat)

    def _finish(self) -> None:
        totals = [score["total"] for score in self.game.scores()]
        self._keep_results(totals, ratings.places(totals))

    def _keep_results(
        self, totals: list[int], finished: list[int], *, forfeited: int | None = None
    ) -> None:
        results = [
            SeatResult(seat, total, place)
            for seat, (total, place) in enumerate(zip(totals, finished, strict=True))
        ]
        changes = self._rating_changes(finished) if self.record.rated else []
        self.store.finish(self.record.id, results, changes, forfeited=forfeited)
        self.record = self.store.table(self.record.id) or self.record

    def _rating_changes(self, finished: list[int]) -> list[RatingChange]:
        seats = self.record.seats
        before = [self._rating(seat) for seat in seats]
        subjects = [(seat.player_id, seat.bot) for seat in seats]
        after = ratings.rated(subjects, before, finished)
        return [RatingChange(s.seat, b, a) for s, b, a in zip(seats, before, after, strict=True)]

    def _rating(self, seat: SeatRecord) -> Rating:
        """The seat's rating before this game: its member's, or its bot level's."""
        if seat.player_id is not None:
            rating = self.store.player_rating(seat.player_id)
        else:
            rating = self.store.bot_rating(seat.bot or "")
        return rating or ratings.FIRST_RATING

    def save(self, notes: Sequence[NoteRecord] = ()) -> bytes:
        """The game as the usual save file, to open with `entropy-tui play --load`: the club's
        own lines of its log (`notes`) in it, its seats in their club colours, and no hints
        where the table was rated (and played without them)."""
        return save_bytes(
            self.game,
            [LogNote(at_event=n.at_event, seat=n.seat, text=n.text) for n in notes],
            [COLOURS[seat.seat].key for seat in self.record.seats],
            hints=not self.record.rated,
        )


def _to_move(game: Game) -> int | None:
    """The seat the game waits for now (None once it is over)."""
    return None if game.decision is None else game.decision.player


def _rebuilt(store: Store, record: TableRecord) -> Game:
    settings = msgspec.json.decode(record.config, type=SavedConfig)
    choices = [decision.option_id for decision in store.decisions(record.id)]
    return Game.replay(settings.as_data(), choices)
