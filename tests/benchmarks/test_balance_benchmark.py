"""The balance benchmark's counting: Objective completion shares, the winner's score by
category, game length, and the docs section it writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import balance
from entropy_tui.play import simulate
from entropy_tui.rules import Game
from entropy_tui.rules.missions import final_space
from entropy_tui.rules.scoring import explain_score

OBJECTIVES = ["stars", "asteroids", "biomes", "big bacteria", "big plant", "big animal"]


def scores(**categories: int) -> dict[str, int]:
    """A score breakdown with every category (0 unless given) and its total."""
    score = dict.fromkeys(balance.CATEGORY_WORDS, 0) | categories
    return score | {"total": sum(score.values())}


def result(
    seed: int, rounds: int, completed: list[str], seat_scores: list[dict[str, int]]
) -> simulate.GameResult:
    return simulate.GameResult(
        seed=seed,
        rounds=rounds,
        finished=True,
        totals=[s["total"] for s in seat_scores],
        scores=seat_scores,
        completed=completed,
    )


def test_objective_names_are_the_six_objectives_simulate_reports() -> None:
    assert balance.objective_names() == OBJECTIVES


def test_the_winner_shares_count_the_winner_only_and_average_tied_winners() -> None:
    loser = scores(vp_tokens=50)
    assert balance.winner_shares([loser, scores(vp_tokens=30, leftovers=70)]) == {
        **dict.fromkeys(balance.CATEGORY_WORDS, 0.0),
        "vp_tokens": 0.3,
        "leftovers": 0.7,
    }
    tied = balance.winner_shares([scores(vp_tokens=40), scores(lifeform_tiles=40)])
    assert tied["vp_tokens"] == tied["lifeform_tiles"] == 0.5
    assert sum(tied.values()) == pytest.approx(1.0)


def test_a_tally_of_constructed_games_gives_their_shares() -> None:
    games = [
        result(1, 20, ["asteroids", "biomes"], [scores(vp_tokens=10), scores(leftovers=30)]),
        result(2, 30, ["asteroids", "big plant"], [scores(lifeform_tiles=40), scores(vp_tokens=1)]),
        result(3, 25, ["stars", "asteroids"], [scores(objective_stars=20), scores(vp_tokens=5)]),
        simulate.GameResult(seed=4, crash="Traceback ..."),
    ]
    capped = result(5, 200, ["biomes"], [scores(vp_tokens=10), scores(objective_biomes=30)])
    capped.finished = False
    tally = balance.tally(2, [*games, capped], seconds=50.0, objectives=OBJECTIVES)
    assert tally.games == 4 and tally.crashes == 1
    assert tally.trigger_share == 0.75
    assert tally.median_rounds == 27.5
    assert tally.objective_shares == {
        "stars": 0.25,
        "asteroids": 0.75,
        "biomes": 0.5,
        "big bacteria": 0.0,
        "big plant": 0.25,
        "big animal": 0.0,
    }
    # Each game's winner scored everything in one category.
    assert tally.winner_shares == {
        **dict.fromkeys(balance.CATEGORY_WORDS, 0.0),
        "leftovers": 0.25,
        "lifeform_tiles": 0.25,
        "objective_stars": 0.25,
        "objective_biomes": 0.25,
    }
    assert tally.mean_winning_score == (30 + 40 + 20 + 30) / 4
    assert tally.seconds_per_game == 10.0
    assert not tally.objectives_met and not tally.length_met


def test_the_targets() -> None:
    shares = dict.fromkeys(OBJECTIVES, 0.1)
    tally = balance.Tally(2, 100, 0, 0.99, 35, shares, {}, None, 1.0)
    assert tally.objectives_met and tally.length_met
    tally.objective_shares["big animal"] = 0.09
    tally.median_rounds = 36
    assert not tally.objectives_met and not tally.length_met
    tally.median_rounds, tally.trigger_share = 12, 0.98
    assert not tally.length_met


def test_a_finished_game_is_counted_as_the_game_itself_reports() -> None:
    """A real greedy game played to its end: the tally agrees with the state and the score
    table the players see."""
    played = simulate.play_game(2, "greedy", 7, round_cap=200, check_every=False)
    tally = balance.tally(2, [played], seconds=1.0, objectives=OBJECTIVES)
    game = Game.new(["Bot 1", "Bot 2"], seed=7, bots=["greedy", "greedy"])
    for choice in _choices_of(played.seed):
        game.choose(choice)
    assert game.over and played.finished and tally.trigger_share == 1.0
    state = game.state
    main = [
        spec.id
        for i, spec in enumerate(game.catalog.main_objectives)
        if any(p.objectives[i] == final_space(game, i) for p in state.players)
    ]
    big = [f"big {life}" for life, seat in state.board.big_objectives.items() if seat is not None]
    assert len(main) + len(big) >= 2
    assert {n for n, share in tally.objective_shares.items() if share == 1.0} == {*main, *big}
    assert all(share in (0.0, 1.0) for share in tally.objective_shares.values())
    assert tally.median_rounds == state.round
    explained = [explain_score(game, player) for player in state.players]
    best = max(e.total for e in explained)
    winner = next(e for e in explained if e.total == best)
    objective_vp = {f"objective_{o.objective}": o.vp for o in winner.objectives}
    assert tally.winner_shares["lifeform_tiles"] == winner.lifeform_tiles / best
    assert tally.winner_shares["vp_tokens"] == winner.vp_tokens / best
    for category, vp in objective_vp.items():
        assert tally.winner_shares[category] == vp / best
    assert sum(tally.winner_shares.values()) == pytest.approx(1.0)


def _choices_of(seed: int) -> list[str]:
    """The choices of simulate's greedy game with this seed, replayed by the same bots."""
    from entropy_tui.bots import make_bot

    game = Game.new(["Bot 1", "Bot 2"], seed=seed, bots=["greedy", "greedy"])
    bots = [make_bot("greedy", simulate.bot_seed(seed, seat)) for seat in range(2)]
    while not game.over:
        decision = game.decision
        assert decision is not None
        game.choose(bots[decision.player].decide(game.view(decision.player), decision))
    return list(game.state.choices)


def test_the_report_and_its_section_in_the_docs(tmp_path: Path) -> None:
    shares = dict.fromkeys(OBJECTIVES, 0.5) | {"big animal": 0.04}
    winner = dict.fromkeys(balance.CATEGORY_WORDS, 0.0) | {"vp_tokens": 1.0}
    tally = balance.Tally(3, 30, 0, 1.0, 24.5, shares, winner, 88.0, 2.0)
    text = balance.report([tally], "expert", 30, 50, 40)
    assert text.startswith("## Expert bots in every seat, 40 iterations per decision\n")
    assert "--iterations 40" in text and "seeds 50-79" in text
    assert "| 3 | 30 | 100% | 24.5 | 50% | 50% | 50% | 50% | 50% | 4% | no |" in text
    assert "| 3 | 88.0 | 100% | 0% | 0% | 0% | 0% | 0% | 2.0 |" in text
    doc = tmp_path / "balance.md"
    balance.write_section(text, doc)
    greedy = balance.report([tally], "greedy", 30, 50, None)
    balance.write_section(greedy, doc)
    assert doc.read_text().count("## ") == 2
    again = text.replace("88.0", "91.0")
    balance.write_section(again, doc)
    written = doc.read_text()
    assert written.startswith("# Balance\n") and written.count("## ") == 2
    assert "91.0" in written and "88.0" in written.split("## Greedy")[1]
