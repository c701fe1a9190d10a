"""The simulate command: its JSON report, its exit status, and its argument checking."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from entropy_tui.__main__ import main as entropy_tui
from entropy_tui.bots import make_bot
from entropy_tui.play import simulate
from entropy_tui.rules import Decision
from entropy_tui.rules.catalog import load_catalog
from entropy_tui.rules.visibility import HIDDEN

FIELDS = {
    "games",
    "seats",
    "bots",
    "expert_seconds",
    "expert_iterations",
    "edition",
    "seed",
    "round_cap",
    "check",
    "finished",
    "finished_share",
    "capped",
    "median_rounds",
    "median_decisions",
    "decisions",
    "seconds",
    "decisions_per_second",
    "games_per_second",
    "crashes",
    "first_crash",
    "violations",
    "games_with_violations",
    "first_violation",
    "mean_winning_score",
    "min_winning_score",
    "max_winning_score",
    "mean_score",
    "tie_share",
    "objectives_completed",
}
TIMING = {"seconds", "decisions_per_second", "games_per_second"}


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    status = entropy_tui(["simulate", *args, "--json"])
    out = capsys.readouterr().out
    assert len(out.strip().splitlines()) == 1, "exactly one JSON object on stdout"
    return status, json.loads(out)


def test_json_report_has_every_field(capsys: pytest.CaptureFixture[str]) -> None:
    status, report = run_json(capsys, "--games", "2", "--seats", "2", "--bots", "random")
    assert status == 0
    assert set(report) == FIELDS
    assert report["games"] == 2 and report["seats"] == 2 and report["bots"] == "random"
    assert report["finished"] == 2 and report["finished_share"] == 1.0
    assert report["crashes"] == 0 and report["violations"] == 0
    assert report["median_rounds"] > 1 and report["median_decisions"] > 10
    assert report["min_winning_score"] <= report["mean_winning_score"]
    assert report["mean_winning_score"] <= report["max_winning_score"]
    assert report["mean_score"] <= report["mean_winning_score"]
    assert 0 <= report["tie_share"] <= 1
    assert sum(report["objectives_completed"].values()) >= 2 * report["finished"]


def test_the_same_seed_gives_the_same_report(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--games", "1", "--seats", "3", "--bots", "greedy", "--seed", "4", "--round-cap", "3")
    first = run_json(capsys, *args)[1]
    second = run_json(capsys, *args)[1]
    assert {k: v for k, v in first.items() if k not in TIMING} == {
        k: v for k, v in second.items() if k not in TIMING
    }


@pytest.mark.slow
def test_an_older_edition_of_the_component_data_can_be_played(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("--games", "2", "--seats", "2", "--seed", "3")
    newest = run_json(capsys, *args)[1]
    older = run_json(capsys, *args, "--edition", "1")[1]
    assert newest["edition"] == load_catalog().edition > 1 and older["edition"] == 1
    # Edition 1 has other costs and thresholds: the same seeds play out otherwise.
    assert (older["decisions"], older["mean_score"]) != (newest["decisions"], newest["mean_score"])


def test_a_game_reaching_the_round_cap_is_not_finished(capsys: pytest.CaptureFixture[str]) -> None:
    status, report = run_json(capsys, "--games", "2", "--seats", "4", "--round-cap", "2")
    assert status == 0
    assert report["finished"] == 0 and report["capped"] == 2
    assert report["median_rounds"] == 2
    assert report["objectives_completed"] == {}


def test_an_invariant_violation_fails_the_run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(simulate, "violations", lambda game: ["the box is on fire"])
    status, report = run_json(capsys, "--games", "2", "--seats", "2", "--round-cap", "1")
    assert status == 1
    assert report["violations"] == 2 and report["games_with_violations"] == 2
    assert "the box is on fire" in report["first_violation"]


def test_check_end_checks_once_per_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []
    monkeypatch.setattr(simulate, "violations", lambda game: calls.append(1) or [])
    args = ("--games", "3", "--seats", "2", "--bots", "random", "--round-cap", "2")
    status, _ = run_json(capsys, *args, "--check", "end")
    assert status == 0 and len(calls) == 3
    calls.clear()
    status, report = run_json(capsys, *args)
    assert len(calls) == 3 + report["decisions"]  # once at the start, then after each decision


class WrongBot:
    name = "wrong"

    def decide(self, view: dict[str, Any], decision: Decision) -> str:
        return "no-such-option"


def test_a_crash_fails_the_run_and_shows_its_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(simulate, "make_bot", lambda name, seed, **_: WrongBot())
    status, report = run_json(capsys, "--games", "2", "--seats", "2")
    assert status == 1
    assert report["crashes"] == 2 and report["finished"] == 0
    assert "Traceback" in report["first_crash"] and "InvalidChoice" in report["first_crash"]
    assert report["mean_score"] is None


class SpyBot:
    """Plays randomly and records what it was shown."""

    name = "spy"

    def __init__(self, seed: int, seen: list[tuple[int, dict[str, Any]]]) -> None:
        self.inner = make_bot("random", seed)
        self.seen = seen

    def decide(self, view: dict[str, Any], decision: Decision) -> str:
        self.seen.append((decision.player, view))
        return self.inner.decide(view, decision)


def test_bots_are_shown_only_their_own_view(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[int, dict[str, Any]]] = []
    monkeypatch.setattr(simulate, "make_bot", lambda name, seed, **_: SpyBot(seed, seen))
    status, _ = run_json(capsys, "--games", "1", "--seats", "3", "--round-cap", "4")
    assert status == 0 and seen
    for seat, view in seen:
        for other, player in enumerate(view["players"]):
            if other != seat:
                assert set(player["hand"]) <= {HIDDEN} and set(player["missions"]) <= {HIDDEN}
        assert set(view["board"]["box"]) <= {HIDDEN}
        assert all(set(stack[:-1]) <= {HIDDEN} for stack in view["board"]["life_decks"])


def test_the_plain_report_shows_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    status = entropy_tui(["simulate", "--games", "1", "--seats", "2", "--round-cap", "2"])
    out = capsys.readouterr().out
    assert status == 0
    assert "median rounds" in out and "crashes" in out and "decisions per second" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seats", "5"], "invalid choice: 5"),
        (["--bots", "clever"], "unknown bot 'clever'"),
        (["--bots", "greedy,clever"], "unknown bot 'clever'"),
        (["--seats", "3", "--bots", "expert,greedy"], "2 bots named for 3 seats"),
        (["--bots", "greedy", "--iterations", "5"], "no seat plays it"),
        (["--bots", "expert", "--seconds", "0"], "must be a positive number of seconds"),
        (["--bots", "expert", "--seconds", "soon"], "expected a number of seconds"),
        (["--bots", "expert", "--iterations", "0"], "must be at least 1"),
        (["--seconds", "1", "--iterations", "5"], "not allowed with argument"),
        (["--games", "0"], "must be at least 1"),
        (["--games", "many"], "expected a whole number"),
        (["--round-cap", "-3"], "must be at least 1"),
        (["--check", "sometimes"], "invalid choice: 'sometimes'"),
        (["--seed", "x"], "invalid int value"),
        (["--edition", "0"], "must be at least 1"),
        (["--edition", "99"], "there is no edition 99 of the component data (editions 1 to"),
        (["--colour", "red"], "unrecognized arguments"),
    ],
)
def test_bad_arguments_exit_with_a_message(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert entropy_tui(["simulate", *args]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and "usage:" in captured.err
    assert captured.out == ""


def test_seats_take_one_bot_each_or_one_for_all() -> None:
    assert simulate.seat_bots("greedy", 3) == ["greedy"] * 3
    assert simulate.seat_bots(["random"], 2) == ["random", "random"]
    assert simulate.seat_bots(["expert", "greedy"], 2) == ["expert", "greedy"]
    with pytest.raises(ValueError, match="3 bots named for 2 seats"):
        simulate.seat_bots(["expert", "greedy", "random"], 2)


def test_a_mixed_game_gives_each_seat_its_bot_and_the_expert_its_budget(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[tuple[str, dict[str, Any]]] = []

    def recording_make_bot(name: str, seed: int, catalog: Any, **budget: Any) -> Any:
        assert catalog.edition == load_catalog().edition  # the game's own edition
        made.append((name, budget))
        return make_bot(name, seed, catalog=catalog, **budget)

    monkeypatch.setattr(simulate, "make_bot", recording_make_bot)
    args = ("--games", "1", "--seats", "3", "--bots", "expert,greedy,random", "--round-cap", "1")
    status, report = run_json(capsys, *args, "--iterations", "3")
    assert status == 0 and report["crashes"] == 0 and report["decisions"] > 5
    assert report["bots"] == "expert,greedy,random" and report["expert_iterations"] == 3
    assert made == [
        ("expert", {"seconds": None, "iterations": 3}),
        ("greedy", {}),
        ("random", {}),
    ]


def test_the_module_entry_point_runs_simulate() -> None:
    command = [sys.executable, "-m", "entropy_tui", "simulate", "--games", "1", "--seats", "2"]
    done = subprocess.run(
        [*command, "--round-cap", "1", "--json"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 1
