"""What can be typed at any prompt besides an option's number: each command answers in a few
lines (long ones are paged by the caller)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from entropy_tui.plain import panels
from entropy_tui.plain.reference import glossary_lines, rules_lines
from entropy_tui.plain.turn import decision_lines
from entropy_tui.rules import InvalidChoice

if TYPE_CHECKING:
    from entropy_tui.plain.play import PlainPlay

Answer = list[str]


@dataclass(frozen=True, slots=True)
class Command:
    name: str
    argument: str  # how its argument is written in the help ("" when it takes none)
    help: str
    run: Callable[[PlainPlay, str], Answer]


def _seat_named(play: PlainPlay, name: str) -> int | None:
    """The seat a name (or its start) names; without a name, the player's own."""
    if not name:
        return panels.me(play.session)
    wanted = name.casefold()
    seats = play.session.seats
    return next((n for n, s in enumerate(seats) if s.name.casefold().startswith(wanted)), None)


def _systems(play: PlainPlay, name: str) -> Answer:
    seat = _seat_named(play, name)
    if seat is None:
        return [f"No seat called {name!r}: the seats are {_names(play)}."]
    return panels.systems_lines(play.session, seat)


def _names(play: PlainPlay) -> str:
    return ", ".join(seat.name for seat in play.session.seats)


def _log(play: PlainPlay, count: str) -> Answer:
    if not count:
        return panels.log_lines(play.session)
    if not count.isdigit():
        return [f"log takes a number of lines, like log 20, not {count!r}."]
    return panels.log_lines(play.session, int(count))


def _options(play: PlainPlay, _: str) -> Answer:
    decision = play.shown_decision()
    if decision is None:
        return ["No decision of yours is waiting."]
    return decision_lines(play.session, decision)


def _undo(play: PlainPlay, _: str) -> Answer:
    try:
        note = play.session.undo()
    except InvalidChoice as refusal:
        return [str(refusal)]
    play.changed()
    return [f"{note.text}."]


def _redo(play: PlainPlay, _: str) -> Answer:
    try:
        note = play.session.redo()
    except InvalidChoice as refusal:
        return [str(refusal)]
    play.changed()
    return [f"{note.text}."]


def _status(play: PlainPlay, _: str) -> Answer:
    session = play.session
    return panels.status_lines(session) + panels.focus_lines(session, panels.me(session))


def _help(play: PlainPlay, _: str) -> Answer:
    lines = ["Type an option's number and Enter to choose it, or one of these commands:"]
    for command in COMMANDS:
        name = f"{command.name} {command.argument}".strip()
        lines.append(f"  {name}: {command.help}")
    return lines


def _rules(play: PlainPlay, topic: str) -> Answer:
    decision = play.shown_decision()
    return rules_lines(topic, decision.rule if decision is not None else None)


COMMANDS: tuple[Command, ...] = (
    Command("options", "", "the decision waiting for you, again", _options),
    Command("status", "", "the round, your resources, score and Lifeforms", _status),
    Command("board", "", "the rondel, a space a line", lambda p, _: panels.board_lines(p.session)),
    Command(
        "offers",
        "[stars|planets|biomes|asteroids|cards|objectives]",
        "what can be taken from the Main board",
        lambda play, part: panels.offers_lines(play.session, part),
    ),
    Command("systems", "[name]", "your Solar Systems (or another seat's)", _systems),
    Command(
        "hand",
        "",
        "your Life cards and Missions",
        lambda play, _: panels.hand_lines(play.session, panels.me(play.session)),
    ),
    Command(
        "others", "", "the other seats at a glance", lambda p, _: panels.others_lines(p.session)
    ),
    Command(
        "score",
        "",
        "every seat's score if the game ended now",
        lambda p, _: panels.score_lines(p.session),
    ),
    Command("log", "[N]", f"the last N lines of the log (default {panels.LOG_LINES})", _log),
    Command("rules", "[topic]", "the rules of this decision, or of a topic", _rules),
    Command(
        "glossary",
        "[word]",
        "the full screen's short words and symbols",
        lambda _, w: glossary_lines(w),
    ),
    Command("hint", "", "the expert's pick for this decision, and why", lambda p, _: p.hint()),
    Command("undo", "", "take back your last decision", _undo),
    Command("redo", "", "make a decision taken back again", _redo),
    Command(
        "save",
        "[name]",
        "keep a copy of this moment (every decision is saved anyway)",
        lambda p, n: p.save_copy(n),
    ),
    Command("help", "", "this list", _help),
    Command(
        "quit", "", "stop here; the game is saved, --resume continues it", lambda p, _: p.quit()
    ),
)
BY_NAME: dict[str, Command] = {command.name: command for command in COMMANDS}


WHOLE_WORD_ONLY = frozenset({"quit"})  # a slip of one letter must not end the game


def find(word: str) -> Command | None:
    """The command a word names: its name, or the start of one name only ("sc" for score)."""
    word = word.casefold()
    if word in BY_NAME:
        return BY_NAME[word]
    starting = [
        command
        for command in COMMANDS
        if command.name.startswith(word) and command.name not in WHOLE_WORD_ONLY
    ]
    return starting[0] if len(starting) == 1 else None
