"""The save file's one schema: saves.files writes a save from these classes and reads it back
into them with msgspec, strictly (no value is coerced, no key the schema lacks is let in), so
what is written and what is accepted can't drift apart.

A field added later takes a default: the saves written before it still read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeAlias

from msgspec import Meta, Struct

from entropy_tui.bots.registry import BOT_LEVELS
from entropy_tui.saves.notes import LogNote, Seat

if TYPE_CHECKING:
    BotKind: TypeAlias = str
else:
    # What a seat may be played by: a kind of the bots' registry.
    BotKind = Literal[tuple(level.kind for level in BOT_LEVELS)]

# Python's `$` also matches before a final newline; `\Z` only at the very end.
ColourName = Annotated[str, Meta(pattern=r"^[a-z]{1,16}\Z")]
SeatCode = Annotated[str, Meta(pattern=r"^[A-Z0-9-]{1,20}\Z")]


class SavedConfig(Struct, forbid_unknown_fields=True):
    """The keywords of Game.new that made the game, as Game.config() gives them."""

    seats: Annotated[list[str], Meta(min_length=2, max_length=4)]
    seed: int
    bots: list[BotKind | None]
    alternative_objectives: bool = False
    open_hands: bool = False
    confirm_turn_end: bool = False  # absent from saves made before the setting existed
    edition: Annotated[int, Meta(ge=1)] = 1  # of the component data (saves of format 1: 1)

    def as_data(self) -> dict[str, Any]:
        return {
            "seats": list(self.seats),
            "seed": self.seed,
            "bots": list(self.bots),
            "alternative_objectives": self.alternative_objectives,
            "open_hands": self.open_hands,
            "confirm_turn_end": self.confirm_turn_end,
            "edition": self.edition,
        }


class Tutorial(Struct, forbid_unknown_fields=True):
    """A guided game's coach: what it has taught, each name with the step it happened at."""

    shown: dict[str, int] = {}
    landed: dict[str, int] = {}
    acted: dict[str, int] = {}

    def as_data(self) -> dict[str, dict[str, int]]:
        return {"shown": dict(self.shown), "landed": dict(self.landed), "acted": dict(self.acted)}


class RemoteSeat(Struct, forbid_unknown_fields=True, omit_defaults=True):
    """A seat of a shared table played over the network, and who took it (see
    entropy_tui.table.seats.Claim); a seat nobody has taken is written without a key or code."""

    seat: Seat
    key: Annotated[str, Meta(max_length=200)] | None = None
    code: SeatCode | None = None


class TableSeats(Struct, forbid_unknown_fields=True):
    """A game played at a shared table: which seats are remote."""

    remote: Annotated[list[RemoteSeat], Meta(max_length=4)] = []


# Left out when at its default: a save holds no tutorial, table or hints setting it does not use.
class SaveFile(Struct, forbid_unknown_fields=True, omit_defaults=True):
    format: int
    saved_at: str
    config: SavedConfig
    choices: list[str]
    snapshot: dict[str, Any]  # checked by replaying `choices` (see saves.files.load_game)
    notes: list[LogNote] = []  # lines the app adds to the log, like undos
    # How the app shows each seat (a colour name); not part of the rules.
    colours: Annotated[list[ColourName], Meta(max_length=4)] = []
    tutorial: Tutorial | None = None  # set for a guided game (Learn to play)
    hints: bool = True  # off: `h` gives no hints in this game (set when it was started)
    table: TableSeats | None = None  # set for a game of a shared table (entropy-tui host)
