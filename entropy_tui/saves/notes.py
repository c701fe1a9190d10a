"""Lines for the players' log that the rules did not write, such as "Ann took back: ..."."""

from __future__ import annotations

from typing import Annotated, Any

from msgspec import Meta, Struct

MAX_NOTE_LENGTH = 500
Seat = Annotated[int, Meta(ge=0, le=3)]


class LogNote(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A line placed before the rules' event number `at_event` (the log's length when it was
    written), so it keeps its place as the game goes on. Part of the save file's schema (see
    saves.schema.SaveFile)."""

    at_event: Annotated[int, Meta(ge=0)]
    seat: Seat | None = None
    text: Annotated[str, Meta(max_length=MAX_NOTE_LENGTH)]

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
