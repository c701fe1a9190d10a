"""Log notes keep their place among the rules' events, and only visible events show."""

from __future__ import annotations

from entropy_tui.saves.notes import LogNote, interleave


def events(count: int) -> list[dict]:
    return [
        {"round": 1 + n // 2, "seat": n % 2, "kind": "k", "text": f"e{n}", "private": n == 2}
        for n in range(count)
    ]


def test_notes_sit_before_their_event_and_hidden_events_stay_hidden() -> None:
    log = events(4)
    shown = [event for event in log if not event["private"]]
    notes = [
        LogNote(at_event=2, seat=0, text="n2"),
        LogNote(at_event=0, text="n0"),
        LogNote(at_event=9, seat=1, text="end"),
    ]
    merged = interleave(log, shown, notes)
    assert [event["text"] for event in merged] == ["n0", "e0", "e1", "n2", "e3", "end"]
    assert merged[3]["round"] == 1 and merged[-1]["round"] == 2
    assert all(not event["private"] for event in merged)


def test_without_notes_the_shown_list_is_returned_as_it_is() -> None:
    log = events(3)
    assert interleave(log, log, []) is log
