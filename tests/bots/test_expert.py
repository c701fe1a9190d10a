"""The expert bot: its budgets, its repeatable answers, and that it knows only what its seat
sees. (How strong it is is measured by benchmarks/bot_ladder.py, not tested.)"""

from __future__ import annotations

import pickle
import random
from dataclasses import dataclass
from typing import Any

import pytest

from entropy_tui.bots import ExpertBot, MasterBot, make_bot
from entropy_tui.rules import Decision, Game
from entropy_tui.rules.catalog import load_catalog
from entropy_tui.rules.decision import Option, disabled

from .test_bots import advanced_game

ITERATIONS = 12


@dataclass
class PlainOption:
    id: str
    enabled: bool


@dataclass
class PlainDecision:
    """What a bot may read of a Decision, as plain data (the app may think in another
    process)."""

    player: int
    kind: str
    prompt: str
    options: list[PlainOption]


def plain(decision: Decision) -> PlainDecision:
    options = [PlainOption(o.id, o.enabled) for o in decision.options]
    return PlainDecision(decision.player, decision.kind, decision.prompt, options)


def pending(game: Game) -> Decision:
    assert game.decision is not None
    return game.decision


def shuffled_hidden(game: Game, seat: int, seed: int) -> Game:
    """The same game as `seat` sees it, with everything it cannot see shuffled: the other
    hands and Missions dealt anew among their holders, every stack below its top, the box,
    and the generator."""
    snapshot = game.snapshot()
    rng = random.Random(seed)
    others = [p for i, p in enumerate(snapshot["players"]) if i != seat]
    for part in ("hand", "missions"):
        pooled = [item for player in others for item in player[part]]
        rng.shuffle(pooled)
        for player in others:
            size = len(player[part])
            player[part], pooled = pooled[:size], pooled[size:]
    board = snapshot["board"]
    stacks = [*board["planet_stacks"], *board["biome_stacks"], *board["life_decks"]]
    for stack in [*stacks, *board["asteroid_stacks"].values()]:
        below = stack[:-1]
        rng.shuffle(below)
        stack[:-1] = below
    rng.shuffle(board["box"])
    snapshot["rng"] = rng.getrandbits(63)
    return Game.restore(snapshot, game.catalog)


def hidden_parts(game: Game, seat: int) -> Any:
    snapshot = game.snapshot()
    board = snapshot["board"]
    return (
        [(p["hand"], p["missions"]) for i, p in enumerate(snapshot["players"]) if i != seat],
        [stack[:-1] for stack in [*board["planet_stacks"], *board["life_decks"]]],
        board["box"],
        snapshot["rng"],
    )


@pytest.mark.parametrize("bot", [ExpertBot, MasterBot])
def test_the_expert_knows_only_what_its_seat_sees(bot: type[ExpertBot]) -> None:
    """Its choices (and the Master's) are the same whether the hidden parts of the real game
    are shuffled or not."""
    catalog = load_catalog()
    game = advanced_game(3, 11, 160)
    checked = 0
    while checked < 4:
        decision = pending(game)
        seat = decision.player
        if len(decision.enabled) > 1:
            other = shuffled_hidden(game, seat, seed=checked)
            assert hidden_parts(other, seat) != hidden_parts(game, seat)
            assert other.view(seat) == game.view(seat)
            bots = [bot(5, iterations=ITERATIONS, catalog=catalog) for _ in range(2)]
            games = (game, other)
            answers = [b.decide(g.view(seat), pending(g)) for b, g in zip(bots, games, strict=True)]
            assert answers[0] == answers[1]
            checked += 1
        game.choose(random.Random(checked).choice(decision.enabled).id)


def test_the_same_seed_and_iterations_give_the_same_choices() -> None:
    def choices(seed: int) -> list[str]:
        game = Game.new(["Ann", "Bob"], seed=2)
        bots = [ExpertBot(seed, iterations=ITERATIONS), ExpertBot(seed + 1, iterations=ITERATIONS)]
        made = []
        for _ in range(30):
            decision = pending(game)
            made.append(bots[decision.player].decide(game.view(decision.player), decision))
            game.choose(made[-1])
        return made

    assert choices(3) == choices(3)


def test_one_enabled_option_is_answered_without_thinking() -> None:
    """No search is made: the view is not even looked at."""
    options = [
        disabled("evolve", "Evolve a Star", "no Energy"),
        Option("skip", "Skip the action", lambda: None),
    ]
    decision = Decision(player=0, prompt="Your action?", rule="", options=options)
    bot = ExpertBot(1, iterations=10**9)
    assert bot.decide({}, decision) == "skip"


def test_the_expert_answers_a_plain_stand_in_for_the_decision_alike() -> None:
    game = advanced_game(2, 4, 90)
    while len(pending(game).enabled) < 2:
        game.choose(pending(game).enabled[0].id)
    decision = pending(game)
    stand_in = pickle.loads(pickle.dumps(plain(decision)))
    view = game.view(decision.player)
    real = ExpertBot(8, iterations=ITERATIONS).decide(view, decision)
    assert ExpertBot(8, iterations=ITERATIONS).decide(view, stand_in) == real  # type: ignore[arg-type]


def test_analyse_values_every_enabled_option_and_decide_takes_the_best() -> None:
    game = advanced_game(2, 6, 120)
    looked = 0
    while looked < 3:
        decision = pending(game)
        enabled = [o.id for o in decision.enabled]
        if len(enabled) > 1:
            view = game.view(decision.player)
            values = ExpertBot(2, iterations=ITERATIONS).analyse(view, decision)
            assert list(values) == enabled
            choice = ExpertBot(2, iterations=ITERATIONS).decide(view, decision)
            assert values[choice] == max(values.values())
            looked += 1
        game.choose(decision.enabled[-1].id)


def test_a_time_budget_gives_an_enabled_option() -> None:
    game = advanced_game(4, 3, 200)
    while len(pending(game).enabled) < 2:
        game.choose(pending(game).enabled[0].id)
    decision = pending(game)
    bot = make_bot("expert", 1, seconds=0.05)
    assert bot.decide(game.view(decision.player), decision) in {o.id for o in decision.enabled}


@pytest.mark.parametrize(
    ("name", "budget", "message"),
    [
        ("greedy", {"seconds": 1.0}, "greedy bot does not search"),
        ("random", {"iterations": 5}, "random bot does not search"),
        ("expert", {"seconds": 1.0, "iterations": 5}, "either seconds or iterations"),
        ("expert", {"seconds": 0.0}, "seconds must be positive"),
        ("expert", {"iterations": 0}, "iterations must be at least 1"),
    ],
)
def test_budgets_are_for_the_expert_only_and_must_make_sense(
    name: str, budget: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(name, 1, **budget)


def test_the_expert_thinks_a_second_by_default() -> None:
    bot = make_bot("expert", 1)
    assert isinstance(bot, ExpertBot) and bot.seconds == 1.0 and bot.iterations is None
