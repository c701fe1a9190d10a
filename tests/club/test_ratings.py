"""Ratings: places from final scores, and OpenSkill's update of a free-for-all."""

from __future__ import annotations

import pytest

from entropy_tui.club.ratings import FIRST_RATING, places, rated
from entropy_tui.club.records import Rating


def test_places_follow_the_totals_and_ties_share_a_place() -> None:
    assert places([80, 95, 80, 60]) == [2, 1, 2, 4]
    assert places([70, 70]) == [1, 1]


def test_the_winner_rises_and_the_last_falls_in_a_four_player_game() -> None:
    after = rated(["a", "b", "c", "d"], [FIRST_RATING] * 4, [1, 2, 3, 4])
    assert after[0].mu > after[1].mu > after[2].mu > after[3].mu
    assert after[0].mu > FIRST_RATING.mu > after[3].mu
    assert all(r.sigma < FIRST_RATING.sigma and r.games == 1 for r in after)


def test_a_tie_moves_equal_players_equally() -> None:
    after = rated(["a", "b"], [FIRST_RATING] * 2, [1, 1])
    assert after[0] == after[1]


def test_beating_a_stronger_player_gains_more() -> None:
    strong = Rating(35.0, 3.0, 40)
    upset = rated(["a", "pro"], [FIRST_RATING, strong], [1, 2])[0]
    expected = rated(["a", "weak"], [FIRST_RATING, Rating(15.0, 3.0, 40)], [1, 2])[0]
    assert upset.mu > expected.mu > FIRST_RATING.mu


def test_a_bot_level_at_two_seats_moves_once_by_their_mean() -> None:
    after = rated(["ann", "casual", "casual"], [FIRST_RATING] * 3, [1, 2, 3])
    assert after[1] == after[2]
    alone = rated(["ann", "x", "y"], [FIRST_RATING] * 3, [1, 2, 3])
    assert after[1].mu == pytest.approx((alone[1].mu + alone[2].mu) / 2)
    assert after[1].games == 1
