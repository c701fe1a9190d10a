"""The engine benchmark's worker protocol: a long-lived worker plays exactly the seeds it is
asked for and times copies, without catanatron."""

from __future__ import annotations

import statistics

import pytest

from benchmarks import engine_speed


def test_a_worker_plays_the_requested_seeds_and_times_copies() -> None:
    worker = engine_speed.Worker("entropy")
    try:
        assert worker.ask() == "ready"
        played = worker.ask({"games": [3, 5]})
        copied = worker.ask({"copy": 3})
    finally:
        worker.close()
    assert worker.process.returncode == 0
    here = [engine_speed.entropy_game(seed) for seed in (3, 4, 5)]
    assert played["decisions"] == sum(game["decisions"] for game in here) > 0
    assert played["rounds"] == [game["rounds"][0] for game in here]
    assert played["seconds"] > 0
    assert copied["copy"] > 0 and copied["copy_decision"] > 0


def test_percentiles_interpolate_as_the_statistics_module_does() -> None:
    ratios = [1.9, 1.7, 2.3, 2.0, 1.8, 2.1]
    deciles = statistics.quantiles(ratios, n=10, method="inclusive")
    assert engine_speed.percentile(ratios, 0.1) == pytest.approx(deciles[0])
    assert engine_speed.percentile(ratios, 0.9) == pytest.approx(deciles[-1])
    assert engine_speed.percentile([2.0], 0.9) == 2.0
