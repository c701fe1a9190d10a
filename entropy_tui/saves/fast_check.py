"""A save file's contents as plain data, and a quick check that reads a save in the exact shape
this version writes without pydantic (whose import and save model cost a resumed game about
50 ms before its first frame).

The check only ever accepts: anything it is not sure of (another version's shape, a value
pydantic would coerce, a damaged or hostile file) returns None, and saves.read_save then checks
the file with pydantic (save_file.SaveFile), which names the problem or accepts the file."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from typing import Any

from entropy_tui.saves.files import READABLE_FORMATS
from entropy_tui.saves.notes import MAX_NOTE_LENGTH, LogNote

BOT_KINDS = ("random", "greedy", "expert")  # what a saved seat may be played by (or None)
SEATS = range(2, 5)
MAX_COLOURS = 4
MAX_REMOTE_SEATS = 4
COLOUR_NAME = re.compile(r"[a-z]{1,16}")
MAX_SEAT = 3  # a note's seat
TUTORIAL_PARTS = ("shown", "landed", "acted")
MAX_KEY_LENGTH = 200  # a remote seat's key
SEAT_CODE = re.compile(r"[A-Z0-9-]{1,20}")
FLAGS = ("alternative_objectives", "open_hands", "confirm_turn_end")  # in SavedConfig's order
# The classes are not frozen: a frozen dataclass takes twice as long to create, and a resumed
# game creates these before its first frame.


@dataclass(slots=True)
class SavedConfig:
    seats: list[str]
    seed: int
    bots: list[str | None]
    alternative_objectives: bool = False
    open_hands: bool = False
    confirm_turn_end: bool = False  # absent from saves made before the setting existed
    edition: int = 1  # of the component data; absent from saves made before there were two

    def as_data(self) -> dict[str, Any]:
        """The keywords of Game.new, as Game.config() gives them."""
        return {
            "seats": list(self.seats),
            "seed": self.seed,
            "bots": list(self.bots),
            "alternative_objectives": self.alternative_objectives,
            "open_hands": self.open_hands,
            "confirm_turn_end": self.confirm_turn_end,
            "edition": self.edition,
        }


@dataclass(slots=True)
class SavedTutorial:
    """A guided game's coach: what it has taught, each name with the step it happened at."""

    shown: dict[str, int] = field(default_factory=dict)
    landed: dict[str, int] = field(default_factory=dict)
    acted: dict[str, int] = field(default_factory=dict)

    def as_data(self) -> dict[str, dict[str, int]]:
        return {"shown": dict(self.shown), "landed": dict(self.landed), "acted": dict(self.acted)}


@dataclass(slots=True)
class SavedRemoteSeat:
    """A seat of a shared table played over the network, and who took it."""

    seat: int
    key: str | None = None
    code: str | None = None


@dataclass(slots=True)
class SavedTable:
    """A game played at a shared table: which seats are remote."""

    remote: list[SavedRemoteSeat] = field(default_factory=list)


@dataclass(slots=True)
class Save:
    format: int
    saved_at: str
    config: SavedConfig
    choices: list[str]
    snapshot: dict[str, Any]
    notes: list[LogNote] = field(default_factory=list)  # lines the app adds, like undos
    colours: list[str] = field(default_factory=list)  # how the app shows each seat
    tutorial: SavedTutorial | None = None  # set for a guided game (Learn to play)
    hints: bool = True  # off: `h` gives no hints in this game
    table: SavedTable | None = None  # set for a game of a shared table (entropy-tui host)


def plain_save(data: Any) -> Save | None:
    """The save in `data` (parsed JSON) if it has exactly the shape save_file.SaveFile accepts
    without coercing anything; None if it has not, or not certainly."""
    if not _keys(data, {"format", "saved_at", "config", "choices", "snapshot"}, Save):
        return None
    config = _config(data["config"])
    notes = _notes(data.get("notes", []))
    colours = data.get("colours", [])
    tutorial = data.get("tutorial")
    hints = data.get("hints", True)
    if (
        not _is_int(data["format"])
        or data["format"] not in READABLE_FORMATS
        or type(data["saved_at"]) is not str
        or config is None
        or not _strings(data["choices"])
        or type(data["snapshot"]) is not dict
        or notes is None
        or not _strings(colours)
        or len(colours) > MAX_COLOURS
        or not all(COLOUR_NAME.fullmatch(colour) for colour in colours)
        or type(hints) is not bool
    ):
        return None
    if tutorial is not None:
        tutorial = _tutorial(tutorial)
        if tutorial is None:
            return None
    table = data.get("table")
    if table is not None:
        table = _table(table)
        if table is None:
            return None
    return Save(
        data["format"],
        data["saved_at"],
        config,
        list(data["choices"]),
        data["snapshot"],
        notes,
        list(colours),
        tutorial,
        hints,
        table,
    )


def _keys(data: Any, required: set[str], shape: type) -> bool:
    """A JSON object with every required key and no key the shape lacks."""
    return (
        type(data) is dict
        and required <= data.keys()
        and data.keys() <= {part.name for part in fields(shape)}
    )


def _is_int(value: Any) -> bool:
    return type(value) is int  # not a bool, a float or a string of digits


def _strings(value: Any) -> bool:
    return type(value) is list and all(type(item) is str for item in value)


def _config(data: Any) -> SavedConfig | None:
    if not _keys(data, {"seats", "seed", "bots"}, SavedConfig):
        return None
    seats, bots = data["seats"], data["bots"]
    flags = [data.get(name, False) for name in FLAGS]
    edition = data.get("edition", 1)
    if (
        not _strings(seats)
        or len(seats) not in SEATS
        or not _is_int(data["seed"])
        or type(bots) is not list
        or not all(bot is None or (type(bot) is str and bot in BOT_KINDS) for bot in bots)
        or not all(type(flag) is bool for flag in flags)
        or not (_is_int(edition) and edition >= 1)
    ):
        return None
    return SavedConfig(list(seats), data["seed"], list(bots), *flags, edition)


def _notes(data: Any) -> list[LogNote] | None:
    if type(data) is not list:
        return None
    notes = []
    for note in data:
        if not _keys(note, {"at_event", "text"}, LogNote):
            return None
        at_event, seat, text = note["at_event"], note.get("seat"), note["text"]
        if (
            not _is_int(at_event)
            or at_event < 0
            or not (seat is None or (_is_int(seat) and 0 <= seat <= MAX_SEAT))
            or type(text) is not str
            or len(text) > MAX_NOTE_LENGTH
        ):
            return None
        notes.append(LogNote(at_event=at_event, seat=seat, text=text))
    return notes


def _tutorial(data: Any) -> SavedTutorial | None:
    if not _keys(data, set(), SavedTutorial):
        return None
    parts = {name: data.get(name, {}) for name in TUTORIAL_PARTS}
    for part in parts.values():
        if type(part) is not dict or not all(_is_int(step) for step in part.values()):
            return None  # JSON keys are always strings
    return SavedTutorial(**{name: dict(part) for name, part in parts.items()})


def _table(data: Any) -> SavedTable | None:
    if not _keys(data, set(), SavedTable):
        return None
    remote = data.get("remote", [])
    if type(remote) is not list or len(remote) > MAX_REMOTE_SEATS:
        return None
    seats = []
    for seat in remote:
        if not _keys(seat, {"seat"}, SavedRemoteSeat):
            return None
        number, key, code = seat["seat"], seat.get("key"), seat.get("code")
        if (
            not (_is_int(number) and 0 <= number <= MAX_SEAT)
            or not (key is None or (type(key) is str and len(key) <= MAX_KEY_LENGTH))
            or not (code is None or (type(code) is str and SEAT_CODE.fullmatch(code)))
        ):
            return None
        seats.append(SavedRemoteSeat(number, key, code))
    return SavedTable(seats)
