"""The shape of a save file, as pydantic checks it when a save is read (writing needs none of
this: saves.save_bytes writes plain JSON)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from entropy_tui.saves.notes import LogNote


class GameConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seats: list[str] = Field(min_length=2, max_length=4)
    seed: int
    bots: list[Literal["random", "greedy", "expert"] | None]
    alternative_objectives: bool = False
    open_hands: bool = False
    confirm_turn_end: bool = False  # absent from saves made before the setting existed
    edition: int = Field(default=1, ge=1)  # of the component data (saves of format 1: 1)


class Tutorial(BaseModel):
    """A guided game's coach: what it has taught, each name with the step it happened at."""

    model_config = ConfigDict(extra="forbid")

    shown: dict[str, int] = {}
    landed: dict[str, int] = {}
    acted: dict[str, int] = {}


class RemoteSeat(BaseModel):
    """A seat of a shared table played over the network, and who took it (see
    entropy_tui.table.seats.Claim)."""

    model_config = ConfigDict(extra="forbid")

    seat: int = Field(ge=0, le=3)
    key: Annotated[str, StringConstraints(max_length=200)] | None = None
    code: Annotated[str, StringConstraints(pattern=r"^[A-Z0-9-]{1,20}$")] | None = None


class TableSeats(BaseModel):
    """A game played at a shared table: which seats are remote."""

    model_config = ConfigDict(extra="forbid")

    remote: list[RemoteSeat] = Field(default=[], max_length=4)


class SaveFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: int
    saved_at: str
    config: GameConfig
    choices: list[str]
    snapshot: dict[str, Any]
    notes: list[LogNote] = []  # lines the app adds to the log, like undos
    # How the app shows each seat (a colour name); not part of the rules.
    colours: list[Annotated[str, StringConstraints(pattern=r"^[a-z]{1,16}$")]] = Field(
        default=[], max_length=4
    )
    tutorial: Tutorial | None = None  # set for a guided game (Learn to play)
    hints: bool = True  # off: `h` gives no hints in this game (set when it was started)
    table: TableSeats | None = None  # set for a game of a shared table (entropy-tui host)
