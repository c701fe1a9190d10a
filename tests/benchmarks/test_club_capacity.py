"""The club capacity benchmark's smallest steps, so it cannot rot: the real `entropy-tui club`
serves members logged in by key, one at their game against a Casual bot and one in their lobby,
and every key moves the prompt's highlight or the lobby's selection; the real `entropy-tui host`
serves its two seats and a spectator, and every key shows another panel."""

from __future__ import annotations

import argparse
import asyncio

import pytest

from benchmarks import club_capacity


@pytest.mark.process
def test_a_player_at_their_game_and_one_in_their_lobby_see_every_key_on_the_real_club() -> None:
    args = argparse.Namespace(players=[2, 3], key_interval=0.2, seconds=1.0)
    step, second = asyncio.run(club_capacity.measure_way("club", args))
    assert step["way"] == "club" and step["players"] == 2 and second["players"] == 3
    assert step["playing"] == 1 and step["pressing"] == 2
    assert step["keys"] > 0
    assert step["lost"] == 0  # each Down or Up redrew the lobby within the time allowed
    assert second["lost"] == 0
    assert step["p95_ms"] is not None and step["pss_per_player_mb"] > 0
    assert "entropy-tui club" in club_capacity.WAYS["club"]


@pytest.mark.process
def test_the_hosts_two_seats_and_a_spectator_see_every_key_on_the_real_host() -> None:
    args = argparse.Namespace(players=[3], key_interval=0.2, seconds=1.0)
    (step,) = asyncio.run(club_capacity.measure_way("host", args))
    assert step["way"] == "host" and step["players"] == 3 and step["playing"] == 2
    assert step["pressing"] == 2 and step["keys"] > 0
    assert step["lost"] == 0  # each o or b drew another panel within the time allowed
    assert step["pss_per_player_mb"] > 0 and step["p95_ms"] is not None
    assert "entropy-tui host" in club_capacity.WAYS["host"]


@pytest.mark.slow
def test_finished_games_grow_the_club_database_by_some_kilobytes_each() -> None:
    assert 1 <= club_capacity.database_kb_per_game(games=2) < 1000
