"""A table as its creator asks for it, checked in a player's words before anything is made."""

from __future__ import annotations

import pytest

from entropy_tui.club.requests import ASYNC_SECONDS, LIVE_SECONDS, SeatRequest, TableRequest

ME = SeatRequest("creator")
CASUAL = SeatRequest("bot", bot="greedy")


def test_a_table_of_the_creator_and_a_bot_is_fine() -> None:
    assert TableRequest((ME, CASUAL)).problems() == []
    assert (
        TableRequest(
            (
                SeatRequest("open"),
                ME,
                SeatRequest("invited", "Bob"),
                SeatRequest("bot", bot="expert"),
            ),
            rated=True,
            pace="async",
            pace_seconds=86_400,
            on_timeout="forfeit",
            timeout_bot="random",
        ).problems()
        == []
    )


@pytest.mark.parametrize(
    ("seats", "words"),
    [
        ((ME,), "A table has 2 to 4 seats, not 1."),
        ((ME, CASUAL, CASUAL, CASUAL, CASUAL), "A table has 2 to 4 seats, not 5."),
        ((CASUAL, CASUAL), "You take exactly one seat yourself, not 0."),
        ((ME, ME), "You take exactly one seat yourself, not 2."),
        ((ME, SeatRequest("invited", "  ")), "An invited seat names the member it is kept for."),
        ((ME, SeatRequest("invited", "x" * 201)), "A member's name is at most 200 characters."),
        (
            (ME, SeatRequest("invited", "Bob"), SeatRequest("invited", "BOB")),
            "Each member is invited to one seat only.",
        ),
        ((ME, SeatRequest("bot")), "A bot's seat names its level: random (Beginner)"),
        ((ME, SeatRequest("bot", bot="grandmaster")), "A bot's seat names its level"),
    ],
)
def test_seats_that_cannot_be_are_said_why(seats: tuple[SeatRequest, ...], words: str) -> None:
    problems = TableRequest(seats).problems()
    assert any(problem.startswith(words) for problem in problems), problems


def test_the_pace_stays_within_its_bounds() -> None:
    low, high = LIVE_SECONDS
    assert TableRequest((ME, CASUAL), pace_seconds=low).problems() == []
    assert TableRequest((ME, CASUAL), pace_seconds=high + 1).problems() == [
        "A live table gives each player 1 minute to 3 hours for the whole game."
    ]
    low, high = ASYNC_SECONDS
    assert TableRequest((ME, CASUAL), pace="async", pace_seconds=high).problems() == []
    assert TableRequest((ME, CASUAL), pace="async", pace_seconds=low - 1).problems() == [
        "An async table gives each move 10 minutes to 14 days."
    ]
    assert TableRequest((ME, CASUAL), pace_seconds=-5).problems() != []


def test_the_timeout_bot_must_be_a_level_and_a_rated_game_hides_hands() -> None:
    assert TableRequest((ME, CASUAL), timeout_bot="nobody").problems() == [
        "The bot that plays a turn whose time ran out is one of random (Beginner), greedy"
        " (Casual), expert (Expert) or master (Master)."
    ]
    assert TableRequest((ME, CASUAL), rated=True, open_hands=True).problems() == [
        "A rated game is played with hidden hands: turn open hands off."
    ]
    assert TableRequest((ME, CASUAL), rated=True).problems() == []  # bots count as players
    everything = TableRequest((CASUAL,), rated=True, open_hands=True, timeout_bot="x")
    assert len(everything.problems()) == 4
