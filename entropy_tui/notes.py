"""Lines for the players' log that the rules did not write, such as "Ann took back: ..."."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class LogNote(BaseModel):
    """A line placed before the rules' event number `at_event` (the log's length when it was
    written), so it keeps its place as the game goes on."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    at_event: int = Field(ge=0)
    seat: int | None = Field(default=None, ge=0, le=3)
    text: str = Field(max_length=500)

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
