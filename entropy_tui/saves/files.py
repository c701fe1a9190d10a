"""Save files: JSON holding a game's configuration, seed and choice log (the truth) plus a
snapshot for fast loading, checked against the log.

Writes are atomic (temporary file, flush, fsync, rename): a crash at any instant leaves the old
file or the new one, never a broken one. A save is written from its schema (saves.schema) and
read back through it; loading never runs code: JSON checked against the schema, then every
choice replayed through the rules.
"""

from __future__ import annotations

import os
import re
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from entropy_tui.saves.folder import AUTOSAVE_PREFIX, MAX_SAVE_BYTES, saves_dir

if TYPE_CHECKING:  # the schema (and the engine) load when a game is, not when saves are listed
    from msgspec import ValidationError

    from entropy_tui.rules import Game
    from entropy_tui.saves.notes import LogNote
    from entropy_tui.saves.schema import SaveFile

# 2: the game's settings name the edition of the component data it is played with (saves of
# format 1, which lack it, were all played with edition 1).
FORMAT_VERSION = 2
READABLE_FORMATS = (1, 2)
MAX_NAME_LENGTH = 60


class SaveError(Exception):
    """A save file that can't be loaded; the message names the file and the problem."""


def new_autosave_path() -> Path:
    """A file of its own for a game starting now."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return _unused(saves_dir(), f"{AUTOSAVE_PREFIX}{stamp}")


def copy_path(name: str) -> Path:
    """Where a copy saved under `name` goes: always inside the saves folder, whatever the name
    holds (separators, dots and the like become dashes), never over another save."""
    stem = re.sub(r"[^A-Za-z0-9_ ,-]+", "-", name).strip(" ,-")[:MAX_NAME_LENGTH] or "saved game"
    if stem.startswith(AUTOSAVE_PREFIX):
        stem = f"copy of {stem}"  # game- files are autosaves
    return _unused(saves_dir(), stem)


def _unused(folder: Path, stem: str) -> Path:
    path, number = folder / f"{stem}.json", 1
    while path.exists():
        number += 1
        path = folder / f"{stem} ({number}).json"
    return path


def save_bytes(
    game: Game,
    notes: list[LogNote] | None = None,
    colours: list[str] | None = None,
    *,
    tutorial: dict[str, dict[str, int]] | None = None,
    hints: bool = True,
    table: dict[str, Any] | None = None,
) -> bytes:
    """The save of `game` as written to its file (schema.SaveFile). `tutorial` (a guided game's
    coach's progress) and `table` (a shared table's seats) come as plain data, and are taken
    into the schema as a read takes them: one the schema refuses raises msgspec.ValidationError
    here, before anything is written."""
    import msgspec

    from entropy_tui.saves.schema import SavedConfig, SaveFile, TableSeats, Tutorial

    save = SaveFile(
        format=FORMAT_VERSION,
        saved_at=datetime.now(UTC).isoformat(timespec="milliseconds"),
        config=msgspec.convert(game.config(), SavedConfig),
        choices=list(game.state.choices),
        snapshot=game.snapshot(),
        notes=list(notes or []),
        colours=list(colours or []),
        tutorial=None if tutorial is None else msgspec.convert(tutorial, Tutorial),
        hints=hints,
        table=None if table is None else msgspec.convert(table, TableSeats),
    )
    return msgspec.json.encode(save)


def write_save(
    game: Game,
    path: Path,
    notes: list[LogNote] | None = None,
    colours: list[str] | None = None,
) -> None:
    write_atomically(path, save_bytes(game, notes, colours))


def write_atomically(path: Path, data: bytes) -> None:
    """Readers see the old file or the new one, whole, whenever the writer stops."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".saving-", suffix=".json", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Makes the rename itself durable (where the platform allows opening a folder)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def read_save(path: Path) -> SaveFile:
    """Parses and checks a save without replaying it."""
    import msgspec

    from entropy_tui.saves.schema import SaveFile

    try:
        raw = path.read_bytes()
    except OSError as error:
        raise SaveError(f"{path}: can't be read ({error.strerror or error})") from None
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(f"{path}: too large to be a save ({len(raw):,} bytes)")
    try:
        save = msgspec.json.decode(raw, type=SaveFile)
    except msgspec.ValidationError as error:
        raise SaveError(f"{path}: {_refusal(raw, error)}") from None
    except msgspec.DecodeError as error:
        raise SaveError(f"{path}: not a save file (broken JSON: {error})") from None
    if save.format > FORMAT_VERSION:
        raise SaveError(f"{path}: {_newer(save.format)}")
    if save.format not in READABLE_FORMATS:
        raise SaveError(f"{path}: unknown save format {save.format}")
    return save


def _newer(version: int) -> str:
    return (
        f"made by a newer entropy-tui (save format {version}; this one reads "
        f"{FORMAT_VERSION}). Update entropy-tui to open it."
    )


def _refusal(raw: bytes, error: ValidationError) -> str:
    """Why the schema refused `raw`, with what matters first: broken JSON (the schema may stop
    before the break), not a JSON object, a newer version's save, then the place and problem."""
    import msgspec

    try:
        data = msgspec.json.decode(raw)
    except msgspec.DecodeError as broken:
        return f"not a save file (broken JSON: {broken})"
    if not isinstance(data, dict):
        return "not a save file (expected a JSON object)"
    version = data.get("format")
    if type(version) is int and version > FORMAT_VERSION:
        return _newer(version)
    problem, found, at = str(error).rpartition(" - at `")
    if not found:  # a problem of the whole file, such as a key it should not have
        return f"not a valid save (the file: {error})"
    return f"not a valid save ({_place(at)}: {problem})"


def _place(path: str) -> str:
    """msgspec's path to the refused value ($.notes[0].text) as the save's words (notes.0.text);
    a dict's keys show as [...], left out."""
    parts = re.findall(r"\.(\w+)|\[(\d+)\]", path)
    return ".".join(name or index for name, index in parts) or "the file"


def _wordless(snapshot: dict[str, Any]) -> dict[str, Any]:
    """The snapshot with its log lines' wording left out (see _comparable)."""
    log = snapshot.get("log")
    if not isinstance(log, list) or not all(isinstance(event, dict) for event in log):
        return snapshot
    return {**snapshot, "log": [{**event, "text": ""} for event in log]}


def _same_game(replayed: dict[str, Any], saved: dict[str, Any]) -> bool:
    """Does the saved snapshot describe the replayed game? Compared as written first (a save
    of this version, the usual case, needs no model), then with what versions differ in."""
    return _wordless(replayed) == _wordless(saved) or _comparable(replayed) == _comparable(saved)


def _comparable(snapshot: dict[str, Any]) -> dict[str, Any]:
    """A snapshot as the check against the choice log sees it: the fields a newer version
    added take their defaults, and the log's lines are compared without their wording, which
    belongs to the version that writes them (the loaded game speaks today's)."""
    from pydantic import ValidationError

    from entropy_tui.rules import checked_state

    try:
        data = checked_state(snapshot).dump()
    except ValidationError:
        return snapshot
    data["log"] = [{**event, "text": ""} for event in data["log"]]
    return data


def load_game(path: Path) -> tuple[Game, SaveFile]:
    """The saved game, rebuilt by replaying its choices; the stored snapshot must agree."""
    from entropy_tui.rules import Game, InvalidChoice, UnknownEdition

    save = read_save(path)
    try:
        game = Game.new(**save.config.as_data())
    except UnknownEdition as error:
        raise SaveError(f"{path}: {error}") from None
    except (ValueError, TypeError) as error:
        raise SaveError(f"{path}: its game settings are not valid ({error})") from None
    for step, choice in enumerate(save.choices, start=1):
        try:
            game.choose(choice)
        except InvalidChoice as error:
            raise SaveError(
                f"{path}: choice {step} ({choice!r}) is not legal there: {error}"
            ) from None
    if not _same_game(game.snapshot(), save.snapshot):
        raise SaveError(
            f"{path}: its snapshot does not match its choice log (edited by hand, or saved by"
            " an entropy-tui playing other rules?)"
        )
    for note in save.notes:
        if note.at_event > len(game.state.log) or (note.seat or 0) >= len(save.config.seats):
            raise SaveError(f"{path}: a log note does not fit the game ({note.text!r})")
    return game, save
