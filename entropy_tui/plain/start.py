"""`entropy-tui --plain`: the game asked for on the command line (new, resumed or loaded), or a
new one set up with a plain question, played in plain lines."""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path

from entropy_tui.bots.registry import seat_words
from entropy_tui.plain.lines import Lines
from entropy_tui.plain.play import PlainPlay
from entropy_tui.play.config import GameConfig, parse_seats
from entropy_tui.play.session import Session

WELCOME = "Entropy in plain lines. Type an option's number and Enter, or help for the commands."
*_OTHER_BOTS, _LAST_BOT = seat_words(levels_only=True)
WHO_PLAYS = (
    f"Who plays? Names separated by commas, bots as {', '.join(_OTHER_BOTS)} or {_LAST_BOT}"
    " (for example: Ann, bot:casual): "
)
RESUME = "entropy-tui --plain --resume"


def play_plain(
    replay: bool,
    config: GameConfig | None,
    settings: GameConfig,
    open_file: tuple[str, Path | None] | None,
) -> int:
    """Plays the game the command line asks for (checked already) in plain lines: `config`,
    or a saved game, or a new one with `settings` whose seats are asked for."""
    if replay:
        print("entropy-tui: --replay needs the full screen; leave --plain out", file=sys.stderr)
        return 2
    sys.stdout.reconfigure(errors="replace")  # type: ignore[union-attr]  # a terminal without UTF-8
    lines = Lines(sys.stdin, sys.stdout)
    lines.say(WELCOME)
    session = _opened(lines, open_file) if open_file is not None else None
    if session is None and open_file is not None:
        return 1
    if session is None:
        config = config or _asked_config(lines, settings)
        if config is None:
            lines.say("Stopped before the game began.")
            return 0
        save_path, problem = _new_save_path()
        session = Session(config, save_path=save_path, unsaved_reason=problem)
    seats = ", ".join(f"{seat.name} ({seat.kind_label})" for seat in session.seats)
    lines.say(f"Seats: {seats}.")
    code = PlainPlay(session, lines, resume_command=RESUME).run()
    if _unread():
        # What is left unwritten would be flushed, and fail again, as Python exits.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return code


def _unread() -> bool:
    """Whether the output has been closed by its reader."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        return True
    return False


def _asked_config(lines: Lines, settings: GameConfig) -> GameConfig | None:
    """The seats, asked until they make a game (None if the input ends first)."""
    while True:
        answer = lines.ask(WHO_PLAYS)
        if answer is None:
            return None
        try:
            seats = parse_seats(answer)
        except ValueError as error:
            lines.say(f"{str(error).removeprefix('--seats ').capitalize()}; try again.")
            continue
        return replace(settings, seats=seats)


def _new_save_path() -> tuple[Path | None, str | None]:
    """A new game's autosave file, or why there is none (the game is played all the same)."""
    from entropy_tui.saves.files import new_autosave_path

    try:
        return new_autosave_path(), None
    except OSError as error:
        return None, f"{error.filename or 'the saves folder'}: {error.strerror or error}"


def _opened(lines: Lines, open_file: tuple[str, Path | None]) -> Session | None:
    """The saved game asked for; None, with a line saying why, if there is none to play."""
    from entropy_tui.saves.files import SaveError
    from entropy_tui.saves.folder import AUTOSAVE_PREFIX, latest_unfinished, saves_dir, summary

    kind, path = open_file
    if kind == "resume":
        latest = latest_unfinished()
        if latest is None:
            lines.say("There is no unfinished game to continue: leave --resume out to start one.")
            return None
        path = latest.path
    assert path is not None
    saved = summary(path)
    if saved is not None and saved.table:
        lines.say(f"{path} is a shared table's game: only entropy-tui host --resume opens it.")
        return None
    # A game's own autosave goes on being written; any other file is left as it is.
    try:
        own = path.name.startswith(AUTOSAVE_PREFIX) and path.resolve().parent == (
            saves_dir().resolve()
        )
    except OSError:
        own = False
    save_path, problem = (path, None) if own else _new_save_path()
    try:
        return Session.from_save(path, save_path=save_path, unsaved_reason=problem)
    except SaveError as error:
        lines.say(f"Could not open the game: {error}")
        return None
