"""Lines for the players' log that the rules did not write, such as "Ann took back: ..."."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

from entropy_tui.rules.constraints import STRICT_FIELDS, Bounds, Checked

MAX_NOTE_LENGTH = 500


def _short_enough(text: str) -> None:
    if len(text) > MAX_NOTE_LENGTH:
        raise ValueError(f"a note has at most {MAX_NOTE_LENGTH} characters")


@dataclass(frozen=True, slots=True, kw_only=True)
class LogNote:
    """A line placed before the rules' event number `at_event` (the log's length when it was
    written), so it keeps its place as the game goes on. Checked by pydantic when a save is read
    (see save_file.SaveFile)."""

    __pydantic_config__: ClassVar = STRICT_FIELDS

    at_event: Annotated[int, Bounds(ge=0)]
    seat: Annotated[int, Bounds(ge=0, le=3)] | None = None
    text: Annotated[str, Checked(_short_enough)]

    def as_data(self) -> dict[str, Any]:
        return {"at_event": self.at_event, "seat": self.seat, "text": self.text}

    def as_event(self, round_number: int) -> dict[str, Any]:
        """The note in the shape of a dumped rules event, for the log's readers."""
        return {
            "round": round_number,
            "seat": self.seat,
            "kind": "note",
            "text": self.text,
            "private": False,
        }


def interleave(
    events: list[dict[str, Any]], shown: list[dict[str, Any]], notes: list[LogNote]
) -> list[dict[str, Any]]:
    """`shown` (the events of `events` someone may see, the same objects) with the notes in
    their places; notes beyond the log's end come last."""
    if not notes:
        return shown
    visible = {id(event) for event in shown}
    by_place: dict[int, list[LogNote]] = {}
    for note in notes:
        by_place.setdefault(min(note.at_event, len(events)), []).append(note)
    merged: list[dict[str, Any]] = []
    round_number = 0
    for place, event in enumerate(events):
        for note in by_place.get(place, ()):
            merged.append(note.as_event(round_number))
        if id(event) in visible:
            merged.append(event)
        round_number = event["round"]
    merged += [note.as_event(round_number) for note in by_place.get(len(events), ())]
    return merged
