"""What the other seats did since a seat's last turn, and what a seat did in its turn so far,
in a few lines made from the game log's public lines only (never a private one), so the
hand-off cover and the start of a turn can show them to anyone at the table.

It reads the log as dumped events (dicts with round, seat, kind, text, private), the shape of
`Game.dumped_log()` and of a view's log.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from entropy_tui.play.log_words import seen_by

Event = Mapping[str, Any]

# Lines that repeat what another line says (a Traffic Bonus is followed by its gains), or that
# a recap can do without (tokens placed, undo notes). A Biome's lines are told but for its
# reward's ("Biome BA06 rewards Ann: +2 VP", the one not led by the seat's name): its gains are.
LEFT_OUT = frozenset({"turn", "note", "bonus", "wild", "token", "focus", "retrieve", "end"})
GAIN = re.compile(r"^(?:gained|added) (\d+) (.+?)(?: \(.*\))?$")


@dataclass(frozen=True, slots=True)
class TurnRecap:
    seat: int
    round: int
    text: str  # the turn in a line: "moved 2 to Set Biome (O2); set Biome BA16 ...; gained 1 Mass"


@dataclass(slots=True)
class _Turn:
    seat: int
    round: int
    events: list[Event]


def since_last_turn(log: Sequence[Event], seat: int, names: Sequence[str]) -> list[TurnRecap]:
    """Each turn the other seats played since `seat`'s last turn ended, oldest first (before
    its first turn: every turn played so far)."""
    turns = _turns(_since_turns_of(log, seat, 2))
    own = [n for n, turn in enumerate(turns) if turn.seat == seat]
    if own and own[-1] == len(turns) - 1:  # its turn has begun: look back from before it
        end, own = own[-1], own[:-1]
    else:
        end = len(turns)
    start = own[-1] + 1 if own else 0
    recaps = [_recap(turn, names, seat) for turn in turns[start:end] if turn.seat != seat]
    return [recap for recap in recaps if recap.text]


def this_turn(log: Sequence[Event], seat: int, names: Sequence[str]) -> str:
    """What `seat` has done in its turn under way ("" if it is not its turn, or nothing yet)."""
    turns = _turns(_since_turns_of(log, None, 1))
    if not turns or turns[-1].seat != seat:
        return ""
    return _recap(turns[-1], names, seat).text


def _since_turns_of(log: Sequence[Event], seat: int | None, count: int) -> Sequence[Event]:
    """The end of the log from the `count`-th last turn of `seat` (None: of anyone) on, so a
    recap reads a few turns, not the whole game."""
    found = 0
    for place in range(len(log) - 1, -1, -1):
        event = log[place]
        if event["kind"] == "turn" and (seat is None or event["seat"] == seat):
            found += 1
            if found == count:
                return log[place:]
    return log


def _turns(log: Sequence[Event]) -> list[_Turn]:
    """The log cut at each turn's first line; lines before the first turn (set-up) and
    private lines are dropped."""
    turns: list[_Turn] = []
    for event in log:
        if event["private"]:
            continue
        if event["kind"] == "turn" and event["seat"] is not None:
            turns.append(_Turn(event["seat"], event["round"], []))
        elif turns:
            turns[-1].events.append(event)
    return turns


def _recap(turn: _Turn, names: Sequence[str], viewer: int) -> TurnRecap:
    """`turn` in a line, as `viewer` reads it."""
    phrases: list[str] = []
    gains: dict[str, int] = {}
    for event in turn.events:
        if event["kind"] in LEFT_OUT:
            continue
        seat = event["seat"]
        name = names[seat] if seat is not None and seat < len(names) else ""
        if event["kind"] == "biome" and not event["text"].startswith(f"{name} "):
            continue
        # Phrases are joined with "; ": a card's text keeps its inner full stops, not its last.
        phrase = seen_by(_without_name(event, names), seat, viewer, name).rstrip(".")
        gain = GAIN.match(phrase) if event["kind"] == "gain" else None
        if gain is not None and event["seat"] == turn.seat:
            what = gain.group(2)
            gains[what] = gains.get(what, 0) + int(gain.group(1))
            continue
        if event["kind"] == "objective" and "Objective" not in phrase:
            phrase = f"Objective: {phrase}"
        phrases.append(phrase)
    if gains:
        phrases.append("gained " + ", ".join(f"{n} {what}" for what, n in gains.items()))
    return TurnRecap(turn.seat, turn.round, "; ".join(phrases))


def _without_name(event: Event, names: Sequence[str]) -> str:
    """ "Bob moved 2 ..." -> "moved 2 ..." for Bob's own lines; other seats keep their name."""
    text: str = event["text"]
    seat = event["seat"]
    if seat is not None and seat < len(names):
        return text.removeprefix(f"{names[seat]} ")
    return text
