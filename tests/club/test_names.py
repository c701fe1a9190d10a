"""A member's display name: bounded, in words a person can fix, and one name in any case."""

from __future__ import annotations

import pytest

from entropy_tui.club.names import MAX_NAME, NameRefused, display_name, name_key


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("Ann", "Ann"),
        ("  Mary   Jane ", "Mary Jane"),
        ("O'Brien", "O'Brien"),
        ("Zoë-2", "Zoë-2"),
        ("ＡＮＮ", "ANN"),  # full-width letters are the letters
    ],
)
def test_a_good_name_is_kept_tidied(typed: str, shown: str) -> None:
    assert display_name(typed) == shown


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        ("A", "at least 2 characters"),
        ("   ", "at least 2 characters"),
        ("x" * (MAX_NAME + 1), f"at most {MAX_NAME} characters"),
        ("x" * 100_000, f"at most {MAX_NAME} characters"),
        ("Robert'); DROP TABLE players; --", r"not '\)' ';'"),
        ("ann\x1b[2J", r"not '\\x1b' '\['"),
        ("bob\u202eevil", "not '\\\\u202e'"),
        ("-dash", "starts with a letter or a digit"),
        ("Casual", "a bot's name"),
        ("expert BOT", "a bot's name"),
    ],
)
def test_a_bad_name_is_refused_in_words(typed: str, why: str) -> None:
    with pytest.raises(NameRefused, match=why):
        display_name(typed)


def test_names_are_compared_in_any_case_and_width() -> None:
    assert name_key("ANN") == name_key("ann") == name_key("ａｎｎ")
    assert name_key("Straße") == name_key("STRASSE")
    assert name_key("Ann") != name_key("Anne")
