"""The bot ladder's pieces: the tested bot takes every seat equally often, no two games share a
seed, and the Wilson interval brackets the win rate as the textbook formula does."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from benchmarks import bot_ladder
from benchmarks.bot_ladder import Match


@pytest.mark.parametrize("seats", [2, 4])
def test_the_tested_bot_takes_every_seat_equally_often(seats: int) -> None:
    match = Match("master vs experts", seats, "master", "expert", games=8 * seats)
    seats_taken: Counter[int] = Counter()
    for game_index in range(match.games):
        line_up = match.line_up(game_index)
        assert len(line_up) == seats and line_up.count("master") == 1
        assert line_up.count("expert") == seats - 1
        seats_taken[line_up.index("master")] += 1
    assert seats_taken == dict.fromkeys(range(seats), 8)


def test_no_two_games_of_the_ladder_share_a_seed() -> None:
    matches = [
        Match("expert vs greedy", 2, "expert", "greedy", 200),
        Match("master vs 3 experts", 4, "master", "expert", 160),
    ]
    jobs = list(bot_ladder.jobs(matches, iterations=30, seconds=None))
    assert len(jobs) == 360
    assert len({job.seed for job in jobs}) == 360
    assert {job.match for job in jobs} == {0, 1}
    assert all(job.iterations == 30 for job in jobs)


def test_the_wilson_interval_brackets_the_win_rate() -> None:
    low, high = bot_ladder.wilson(134, 200)
    p, n, z = 0.67, 200, 1.959964
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert (low, high) == pytest.approx((centre - half, centre + half))
    assert low < p < high
    # More games, a narrower interval around the same rate.
    wider = bot_ladder.wilson(67, 100)
    assert wider[0] < low and wider[1] > high
    assert bot_ladder.wilson(0, 0) == (0.0, 1.0)
    assert bot_ladder.wilson(0, 10)[0] == 0.0
    assert bot_ladder.wilson(10, 10)[1] == pytest.approx(1.0)
