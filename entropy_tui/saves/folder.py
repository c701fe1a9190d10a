"""The saves folder and the games in it, read lightly (plain JSON, no validation, no rules):
enough to list them on the start screen without holding up its first frame. Opening a game
checks it in full (saves.load_game), and a file that fails says why then."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from platformdirs import user_data_dir

APP_NAME = "entropy-tui"
AUTOSAVE_PREFIX = "game-"  # every game autosaves to a file of its own: game-<started>.json
MAX_SAVE_BYTES = 16 * 1024 * 1024


def saves_dir() -> Path:
    """Where saves live (created on first use, for this user's eyes only: a table's save holds
    every hand, and the folder the table's SSH key); ENTROPY_TUI_DATA overrides it (tests,
    kiosks)."""
    folder = Path(os.environ.get("ENTROPY_TUI_DATA") or user_data_dir(APP_NAME, appauthor=False))
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder


@dataclass(frozen=True, slots=True)
class SaveSummary:
    path: Path
    saved_at: str
    seats: list[str]
    round: int
    over: bool
    tutorial: bool = False  # a guided game (Learn to play)
    table: bool = False  # a shared table's game (entropy-tui host)

    @property
    def is_autosave(self) -> bool:
        return self.path.name.startswith(AUTOSAVE_PREFIX)

    @property
    def when(self) -> str:
        """The save's local date and time, to the minute."""
        try:
            moment = datetime.fromisoformat(self.saved_at).astimezone()
        except ValueError:
            return self.saved_at
        return moment.strftime("%Y-%m-%d %H:%M")


def summary(path: Path) -> SaveSummary | None:
    """What the list shows of a save, or None for a file that is plainly not one."""
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            return None
        data = json.loads(path.read_bytes())
        snapshot, seats = data["snapshot"], data["config"]["seats"]
        found = SaveSummary(
            path,
            data["saved_at"],
            seats,
            snapshot["round"],
            snapshot["over"],
            tutorial=data.get("tutorial") is not None,
            table=data.get("table") is not None,
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None
    shapes = (
        isinstance(found.saved_at, str)
        and isinstance(seats, list)
        and all(isinstance(name, str) for name in seats)
        and type(found.round) is int
        and isinstance(found.over, bool)
    )
    return found if shapes else None


def list_saves(*, tables: bool = False) -> list[SaveSummary]:
    """Saves, newest first: the plain game's, or with `tables` the shared tables' (which only
    `entropy-tui host --resume` opens); files that are plainly not saves are left out (and left
    alone)."""
    try:
        folder = saves_dir()
    except OSError:
        return []  # no folder, no saves (starting a game says why it can't be saved)
    summaries = [
        found
        for path in folder.glob("*.json")
        # A name starting with a dot is a write cut short by a crash (see write_atomically).
        if not path.name.startswith(".")
        and (found := summary(path)) is not None
        and found.table == tables
    ]
    return sorted(summaries, key=lambda s: s.saved_at, reverse=True)


def latest_unfinished() -> SaveSummary | None:
    """The game saved most recently that has not ended."""
    return next((save for save in list_saves() if not save.over), None)
