"""The review of a game: each decision weighed from its seat's own view by the hint's own
evaluation, the costliest named with the hint's words, the same every time, stored beside the
save, and the command line's text and JSON."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from entropy_tui.__main__ import main as entropy_tui
from entropy_tui.bots import make_bot
from entropy_tui.play.hints import advise, why
from entropy_tui.play.review import (
    FEWEST_LESSONS,
    MOST_LESSONS,
    PER_OPTION,
    POINTS_LOST_MEANING,
    Review,
    _position,
    cached_review,
    decision_seed,
    game_key,
    review_game,
    review_path,
    short_label,
    store_review,
    weighing,
)
from entropy_tui.rules import Game
from entropy_tui.rules.control import is_control
from entropy_tui.saves.files import write_save
from tests.bots.test_bots import advanced_game
from tests.bots.test_expert import hidden_parts, shuffled_hidden

ITERATIONS = 2  # small: every option is still tried (at least PER_OPTION times)
CHOICES = 40  # a short game: a few rounds of two greedy seats


def greedy_game(choices: int = CHOICES, seed: int = 3) -> Game:
    game = Game.new(["Ann", "Bob"], seed=seed)
    bots = [make_bot("greedy", seat) for seat in range(2)]
    for _ in range(choices):
        decision = game.decision
        assert decision is not None
        game.choose(bots[decision.player].decide(game.view(decision.player), decision))
    return game


@pytest.fixture(scope="module")
def game() -> Game:
    return greedy_game()


@pytest.fixture(scope="module")
def review(game: Game) -> Review:
    return review_game(game, iterations=ITERATIONS)


def replayed(game: Game, steps: int) -> Game:
    return Game.replay(game.config(), list(game.state.choices[:steps]))


def test_every_decision_with_a_choice_is_weighed_as_taken(game: Game, review: Review) -> None:
    replay = Game.new(**game.config())
    expected = []
    for step, choice in enumerate(game.state.choices):
        decision = replay.decision
        assert decision is not None
        if not is_control(choice) and len(decision.enabled) > 1:
            expected.append((step, decision.player, choice))
        replay.choose(choice)
    assert [(v.step, v.seat, v.taken) for v in review.verdicts] == expected
    assert len(expected) < len(game.state.choices)  # forced decisions are left out
    for verdict in review.verdicts:
        assert verdict.best_value >= verdict.taken_value
        assert verdict.cost == pytest.approx(verdict.best_value - verdict.taken_value)
        if verdict.best == verdict.taken:
            assert verdict.cost == 0


def test_the_review_takes_the_hints_pick_and_says_the_hints_why(game: Game, review: Review) -> None:
    named = [lesson for lessons in review.lessons for lesson in lessons]
    assert named
    for lesson in named:
        verdict = lesson.verdict
        at = replayed(game, verdict.step)
        position = _position(at, verdict.step, verdict.taken)
        seed = decision_seed(game.state.seed, verdict.seat, verdict.step)
        iterations = max(ITERATIONS, PER_OPTION * len(position.decision.enabled))
        hint = advise(position.view, position.decision, seed=seed, iterations=iterations)
        assert hint.option_id == verdict.best
        assert (
            lesson.why == hint.why == why(position.view, position.decision, verdict.best, seed=seed)
        )
        labels = {o.id: o.label for o in at.decision.options}  # type: ignore[union-attr]
        assert (lesson.taken_label, lesson.best_label) == (
            labels[verdict.taken],
            labels[verdict.best],
        )


def test_the_costliest_decisions_are_named_costliest_first_one_a_round(review: Review) -> None:
    for seat, lessons in enumerate(review.lessons):
        costs = [lesson.verdict.cost for lesson in lessons]
        assert costs == sorted(costs, reverse=True)
        rounds = [lesson.verdict.round for lesson in lessons]
        assert len(set(rounds)) == len(rounds)
        costly_rounds = {v.round for v in review.verdicts if v.seat == seat and v.cost > 0}
        assert min(FEWEST_LESSONS, len(costly_rounds)) <= len(lessons) <= MOST_LESSONS
        worst = max(v.cost for v in review.verdicts if v.seat == seat)
        assert costs[0] == worst


def test_leads_follow_each_seats_first_decision_of_each_round(game: Game, review: Review) -> None:
    assert len(review.leads) == 2
    for seat, leads in enumerate(review.leads):
        assert len(leads) == game.state.round
        first = next(v for v in review.verdicts if v.seat == seat)
        assert leads[first.round - 1] == first.best_value


def test_the_same_review_twice_is_the_same(game: Game, review: Review) -> None:
    assert review_game(game, iterations=ITERATIONS).as_data() == review.as_data()
    assert Review.from_data(json.loads(json.dumps(review.as_data()))) == review


def test_the_review_weighs_only_what_the_deciding_seat_sees() -> None:
    """A decision gets the same values when what its seat can't see is dealt differently."""
    game = advanced_game(3, 11, 160)
    rng = random.Random(1)
    checked = 0
    while checked < 4:
        decision = game.decision
        assert decision is not None
        seat = decision.player
        if len(decision.enabled) > 1:
            other = shuffled_hidden(game, seat, seed=checked)
            assert hidden_parts(other, seat) != hidden_parts(game, seat)
            step = len(game.state.choices)
            jobs = [weighing(g, step, iterations=ITERATIONS) for g in (game, other)]
            # All the search is given of the game is the same in both: the seat's view.
            assert jobs[0].args == jobs[1].args and jobs[0].keywords == jobs[1].keywords
            values = [job() for job in jobs]
            assert values[0] == values[1]
            assert len(set(values[0].values())) > 1  # the options were told apart
            checked += 1
        game.choose(rng.choice(decision.enabled).id)


# ----------------------------------------------------------------------------- labels
def test_a_short_label_ends_at_the_first_detail() -> None:
    assert short_label("Take Plant card L28; needs 1 Heat 1 Carbon; remove 1 Bacteria") == (
        "Take Plant card L28"
    )
    kept_whole = "Activate Star IIC (3 Entropy: advance Lifeform x2) in Solar System 2"
    assert short_label(kept_whole) == kept_whole


def test_a_short_label_cut_inside_brackets_closes_them() -> None:
    label = (
        "Take Abundant Biome BA16 (each landing on Catch an Asteroid: +1 Entropy; once fulfilled"
        " with 1 Bacteria 1 Plant on its Planet, each reward becomes +2 VP)"
    )
    assert short_label(label) == (
        "Take Abundant Biome BA16 (each landing on Catch an Asteroid: +1 Entropy; …)"
    )
    assert short_label("Pick [a (b; c) d]; e") == "Pick [a (b; …)]"


# ----------------------------------------------------------------------------- stored
@pytest.fixture
def saved(tmp_path: Path, game: Game) -> Path:
    path = tmp_path / "a game.json"
    write_save(game, path)
    return path


def test_a_review_is_stored_beside_the_save_and_read_back(
    saved: Path, game: Game, review: Review, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = cached_review(game, saved, iterations=ITERATIONS)
    assert review_path(saved) == saved.with_name("a game.review.json")
    assert review_path(saved).exists()
    assert first == review

    def worked_out_again(*args: object, **kwargs: object) -> Review:
        raise AssertionError("the stored review should have been read")

    monkeypatch.setattr("entropy_tui.play.review.review_game", worked_out_again)
    assert cached_review(game, saved, iterations=ITERATIONS) == review


def test_a_stale_review_is_worked_out_again(saved: Path, game: Game, review: Review) -> None:
    store_review(review_path(saved), review)
    longer = greedy_game(CHOICES + 6)  # the same game, saved again further on
    again = cached_review(longer, saved, iterations=ITERATIONS)
    assert again.key == game_key(longer) != game_key(game)
    assert len(again.verdicts) > len(review.verdicts)
    assert json.loads(review_path(saved).read_text())["key"] == game_key(longer)
    other_budget = cached_review(longer, saved, iterations=ITERATIONS + 1)
    assert other_budget.iterations == ITERATIONS + 1
    assert json.loads(review_path(saved).read_text())["iterations"] == ITERATIONS + 1


def test_a_broken_stored_review_is_worked_out_again(saved: Path, game: Game) -> None:
    review_path(saved).write_text("{not json")
    assert cached_review(game, saved, iterations=ITERATIONS).verdicts
    assert json.loads(review_path(saved).read_text())["format"] == 1


# ----------------------------------------------------------------------------- command line
@pytest.fixture
def reviewed(saved: Path, review: Review) -> Path:
    """The save with its review stored beside it (the command line reads it back)."""
    store_review(review_path(saved), review)
    return saved


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = entropy_tui(["review", *args, "--iterations", str(ITERATIONS), "--processes", "0"])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_line_prints_each_seats_costliest_decisions_and_the_chart(
    reviewed: Path, review: Review, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, str(reviewed))
    assert code == 0
    assert "Ann:" in out and "Bob:" in out
    assert POINTS_LOST_MEANING in out  # why the points given away outgrow the final margin
    for lessons in review.lessons:
        for lesson in lessons:
            assert f"replay step {lesson.verdict.step}:" in out
            assert f"Why: {lesson.why}" in out
    assert "Expected lead over the best other seat" in out
    assert "rounds 1-" in out


def test_the_command_line_reviews_one_seat_in_json(
    reviewed: Path, review: Review, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, str(reviewed), "--seat", "bob", "--json")
    assert code == 0
    data = json.loads(out)
    assert [seat["name"] for seat in data["seats"]] == ["Bob"]
    bob = data["seats"][0]
    assert [v["step"] for v in bob["verdicts"]] == [v.step for v in review.verdicts if v.seat == 1]
    assert [lesson["verdict"]["step"] for lesson in bob["lessons"]] == [
        lesson.verdict.step for lesson in review.lessons[1]
    ]
    assert bob["leads"] == [round(lead, 2) for lead in review.leads[1]]
    assert data["stored"] == str(review_path(reviewed))


def test_the_command_line_names_the_seats_when_one_is_unknown(
    saved: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, str(saved), "--seat", "Cy")
    assert code == 2
    assert "No seat named 'Cy'" in err and "Ann, Bob" in err
    code, _, err = run(capsys, str(saved.with_name("missing.json")))
    assert code == 2 and "Could not review the game" in err
