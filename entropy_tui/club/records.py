"""What the club's store gives back: plain records, no SQL, so the code above the store reads
the same whatever database holds them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# live: each player has a time bank for the whole game; async: each move has its own limit.
Pace = Literal["live", "async"]
# open: waiting for players; playing; finished (results kept); abandoned (never finished).
TableStatus = Literal["open", "playing", "finished", "abandoned"]
# Who made a decision: the person at the seat, the seat's own bot, or the bot the clock called
# in for a person whose time ran out.
Decider = Literal["player", "bot", "clock"]
# What a member's running out of time does: a bot of the table's level plays that turn, or the
# member forfeits the game.
OnTimeout = Literal["bot", "forfeit"]


@dataclass(frozen=True, slots=True)
class Player:
    id: int
    name: str


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """A seat of a club table: a member (player_id) or a bot (its kind), never both; neither
    while a free seat waits for someone to take it: anyone, or only the member `invited`."""

    seat: int
    player_id: int | None = None
    bot: str | None = None
    invited: int | None = None

    @property
    def free(self) -> bool:
        return self.player_id is None and self.bot is None


@dataclass(frozen=True, slots=True)
class TableRecord:
    id: int
    config: bytes  # the game's settings as the save file's schema writes them (SavedConfig)
    seats: tuple[SeatRecord, ...]
    rated: bool
    pace: Pace
    pace_seconds: int  # live: each player's time bank; async: the limit per move
    status: TableStatus
    created_at: float
    on_timeout: OnTimeout = "bot"
    timeout_bot: str = "greedy"  # the bot level that plays a timed-out member's turn
    created_by: int | None = None  # None: a table of a club database made before it was kept
    forfeited: int | None = None  # the seat that lost on time, ending the game
    started_at: float | None = None  # when the game began (None: the table is open still)

    def seat_of(self, player_id: int) -> int | None:
        """The member's seat at this table, if they sit at it."""
        return next((s.seat for s in self.seats if s.player_id == player_id), None)


@dataclass(frozen=True, slots=True)
class DecisionRecord:
    step: int  # 0 for the game's first decision
    option_id: str
    decided_at: float
    decided_by: Decider


@dataclass(frozen=True, slots=True)
class NoteRecord:
    """A line of the club's own in a table's log, before the rules' event number at_event."""

    at_event: int
    seat: int | None
    text: str


@dataclass(frozen=True, slots=True)
class SeatResult:
    seat: int
    total: int  # final score
    place: int  # 1 for the winners; tied seats share a place


@dataclass(frozen=True, slots=True)
class Rating:
    """A Weng-Lin (OpenSkill) rating: the skill's estimate and its uncertainty."""

    mu: float
    sigma: float
    games: int = 0

    @property
    def shown(self) -> float:
        """The leaderboard's figure: a skill the player very likely has (mu - 3 sigma)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class RatingChange:
    """A rated seat's rating before and after a game (a member's, or its bot level's)."""

    seat: int
    before: Rating
    after: Rating


@dataclass(frozen=True, slots=True)
class Invitation:
    """A stored invitation code: only its salt and scrypt hash, never the code."""

    id: int
    salt: bytes
    digest: bytes
    used_by: int | None


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """A seat as the lobby lists it: its member's name, or its bot's kind, or neither (free);
    a free seat kept for an invited member names them."""

    seat: int
    player_id: int | None
    name: str | None
    bot: str | None
    invited: int | None = None
    invited_name: str | None = None


@dataclass(frozen=True, slots=True)
class TableSummary:
    """A table as the lobby lists it, without its game."""

    id: int
    status: TableStatus
    rated: bool
    pace: Pace
    pace_seconds: int
    seats: tuple[SeatSummary, ...]
    to_move: int | None  # the seat that decides now (None: the game waits for no one)
    since: float  # when the last decision was made (or the game began, before any)
    decisions: int
    places: tuple[int, ...] = ()  # a finished table's place of each seat, in seat order

    def seat_of(self, player_id: int) -> int | None:
        """The member's seat at this table (their first, should they hold two)."""
        return next((s.seat for s in self.seats if s.player_id == player_id), None)
