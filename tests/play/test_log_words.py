"""A log line on the screen of the seat it speaks of: "you" and "your", only there."""

from __future__ import annotations

import pytest

from entropy_tui.play.log_words import seen_by


@pytest.mark.parametrize(
    ("text", "viewer", "seen"),
    [
        ("Ann took back their Focus token", 0, "You took back your Focus token"),
        ("Ann took back their Focus token", 1, "Ann took back their Focus token"),
        ("Ann took back their Focus token", None, "Ann took back their Focus token"),
        ("Ann moved 2 to Primordial Soup (O0)", 0, "Ann moved 2 to Primordial Soup (O0)"),
        (
            "could not activate any Star: they have no Star",
            0,
            "could not activate any Star: you have no Star",
        ),
        ("Annette: theirs, thematic", 0, "Annette: theirs, thematic"),
    ],
)
def test_a_line_speaks_to_its_own_seat_only(text: str, viewer: int | None, seen: str) -> None:
    assert seen_by(text, 0, viewer, "Ann") == seen
