"""Bots: they answer with enabled options, see only their own view, leave the real game alone,
and the greedy bot plays better than the random one."""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
from typing import Any

import pytest

from entropy_tui.bots import BOTS, SEARCHING, ExpertBot, GreedyBot, MasterBot, RandomBot, make_bot
from entropy_tui.bots.determinize import determinize
from entropy_tui.bots.heuristic import DEFAULT_WEIGHTS, evaluate
from entropy_tui.bots.master import MASTER_WEIGHTS
from entropy_tui.rules import Decision, Game
from entropy_tui.rules.catalog import load_catalog
from entropy_tui.rules.invariants import violations
from entropy_tui.rules.visibility import HIDDEN
from tests.support import blank_game, planet, system


def advanced_game(seats: int, seed: int, steps: int) -> Game:
    """A game some random steps in, so that hands, stacks and the box have changed."""
    game = Game.new([f"Seat {i}" for i in range(seats)], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        assert game.decision is not None
        game.choose(rng.choice(game.decision.enabled).id)
    return game


def without_rng(snapshot: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in snapshot.items() if k != "rng"}


def assert_agrees_with_view(view: Any, filled: Any, path: str = "") -> None:
    """Every visible value is kept; every "?" is replaced by something real."""
    if view == HIDDEN:
        assert isinstance(filled, str) and filled != HIDDEN, path
    elif isinstance(view, dict):
        assert view.keys() == filled.keys(), path
        for key in view:
            assert_agrees_with_view(view[key], filled[key], f"{path}.{key}")
    elif isinstance(view, list):
        assert len(view) == len(filled), path
        for i, (shown, real) in enumerate(zip(view, filled, strict=True)):
            assert_agrees_with_view(shown, real, f"{path}[{i}]")
    else:
        assert view == filled, path


def small_budget(name: str) -> dict[str, int]:
    """A searching bot thinks a little, so tests stay quick."""
    return {"iterations": 4} if name in SEARCHING else {}


def test_the_registry_makes_every_bot_and_refuses_unknown_names() -> None:
    assert set(BOTS) == {"random", "greedy", "expert", "master"}
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("greedy", 1), GreedyBot)
    assert type(make_bot("expert", 1)) is ExpertBot
    master = make_bot("master", 1)
    assert isinstance(master, MasterBot) and master.evaluate.keywords["weights"] == MASTER_WEIGHTS
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        make_bot("clever", 1)


@pytest.mark.parametrize("name", BOTS)
def test_bots_answer_only_with_enabled_options_and_leave_the_game_alone(name: str) -> None:
    game = Game.new(["Ann", "Bob", "Cy"], seed=4)
    bots = [make_bot(name, seat, **small_budget(name)) for seat in range(3)]
    global_state = random.getstate()
    for _ in range(120):
        decision = game.decision
        assert decision is not None
        before = game.snapshot()
        choice = bots[decision.player].decide(game.view(decision.player), decision)
        assert game.snapshot() == before, "deciding changed the real game"
        assert choice in {o.id for o in decision.options if o.enabled}
        game.choose(choice)
    assert random.getstate() == global_state, "a bot drew from the global generator"


@pytest.mark.parametrize(
    ("seats", "seed", "steps"), [(2, 1, 0), (2, 5, 200), (3, 2, 250), (4, 4, 300)]
)
def test_determinize_fills_every_hidden_entry_consistently(
    seats: int, seed: int, steps: int
) -> None:
    game = advanced_game(seats, seed, steps)
    catalog = load_catalog()
    seat = game.decision.player if game.decision else 0
    view = game.view(seat)
    filled = determinize(view, catalog, random.Random(9))

    assert HIDDEN in str(view["board"]) and HIDDEN not in str(filled["board"])
    assert_agrees_with_view(without_rng(view), without_rng(filled))
    imagined = Game.restore(filled, catalog)
    assert violations(imagined) == []
    assert without_rng(imagined.view(seat)) == without_rng(view)
    assert imagined.decision is not None and game.decision is not None
    assert [o.id for o in imagined.decision.options] == [o.id for o in game.decision.options]
    assert determinize(view, catalog, random.Random(9)) == filled, "same seed, same filling"
    assert determinize(view, catalog, random.Random(10)) != filled


def test_determinize_does_not_change_the_view() -> None:
    view = advanced_game(3, 7, 200).view(1)
    before = repr(view)
    determinize(view, load_catalog(), random.Random(1))
    assert repr(view) == before


def test_determinize_refuses_an_inconsistent_view() -> None:
    view = advanced_game(2, 3, 50).view(0)
    view["board"]["box"].append(HIDDEN)  # one more hidden thing than there are components
    with pytest.raises(ValueError, match="inconsistent"):
        determinize(view, load_catalog(), random.Random(1))


def test_the_greedy_choice_depends_only_on_what_its_seat_sees() -> None:
    """Two games that differ only in what seat `s` cannot see get the same answer."""
    catalog = load_catalog()
    game = advanced_game(3, 11, 150)
    checked = 0
    while checked < 6:
        decision = game.decision
        assert decision is not None
        seat = decision.player
        if len(decision.enabled) > 1:
            view = game.view(seat)
            first = Game.restore(determinize(view, catalog, random.Random(1)), catalog)
            second = Game.restore(determinize(view, catalog, random.Random(2)), catalog)
            assert without_rng(first.snapshot()) != without_rng(second.snapshot())
            assert without_rng(first.view(seat)) == without_rng(second.view(seat))
            answers = [
                GreedyBot(5, catalog=catalog).decide(g.view(seat), _decision(g))
                for g in (first, second)
            ]
            assert answers[0] == answers[1]
            checked += 1
        game.choose(random.Random(checked).choice(decision.enabled).id)


def _decision(game: Game) -> Decision:
    assert game.decision is not None
    return game.decision


def test_the_same_seed_gives_the_same_greedy_choices() -> None:
    def choices(seed: int) -> list[str]:
        game = Game.new(["Ann", "Bob"], seed=2)
        bot = GreedyBot(seed)
        made = []
        for _ in range(60):
            decision = _decision(game)
            made.append(bot.decide(game.view(decision.player), decision))
            game.choose(made[-1])
        return made

    assert choices(3) == choices(3)


@pytest.mark.slow
def test_greedy_does_not_exchange_for_nothing() -> None:
    """Once the action is done an exchange buys nothing this turn: the bot ends its Action
    step instead of trading Entropy away (unless it holds more than it can use)."""
    game = Game.new(["Ann", "Bob"], seed=1)
    bots = [GreedyBot(1), GreedyBot(2)]
    offered = 0
    while not game.over:
        decision = _decision(game)
        choice = bots[decision.player].decide(game.view(decision.player), decision)
        entropy = game.state.players[decision.player].entropy
        if decision.kind == "post_action" and any(
            o.id.startswith("exchange:") for o in decision.enabled
        ):
            offered += 1
            # An exchange into an empty stock buys next turn's action; in the last round only
            # the final score counts, where an exchange may tie. Otherwise it buys nothing.
            if choice.startswith("exchange:") and game.state.end_round is None:
                stock = getattr(game.state.players[decision.player], choice.split(":")[1])
                useful = DEFAULT_WEIGHTS.useful_resources
                assert entropy > useful or stock == 0, (choice, stock, entropy)
        game.choose(choice)
    assert offered > 10


def test_a_star_one_evolution_from_the_stars_condition_is_worth_its_energy() -> None:
    """The Stars condition takes two evolutions (tier I to II, then to III): the first one is
    worth the Energy it costs, or a bot would never begin the Stars Objective."""

    def with_star(star: str, energy: int) -> float:
        game = blank_game(2, seed=4, edition=None)
        player = game.state.players[0]
        player.systems = [system(star, planet("C01"), planet("C02"))]
        player.energy = energy
        return evaluate(game, 0)

    cost = load_catalog().index.star["IA"].evolves_to["IIA"]
    assert with_star("IIA", 0) > with_star("IA", cost) + 1.0


def play(game: Game, bots: list[Any], round_cap: int = 200) -> list[int]:
    while not game.over and game.state.round <= round_cap:
        decision = _decision(game)
        game.choose(bots[decision.player].decide(game.view(decision.player), decision))
    return [score["total"] for score in game.scores()]


def test_greedy_beats_random_on_average() -> None:
    greedy, random_ = [], []
    for seed, greedy_seat in [(21, 0), (22, 1)]:
        bots: list[Any] = [RandomBot(seed), RandomBot(seed + 1)]
        bots[greedy_seat] = GreedyBot(seed)
        totals = play(Game.new(["A", "B"], seed=seed), bots)
        greedy.append(totals[greedy_seat])
        random_.append(totals[1 - greedy_seat])
    assert statistics.mean(greedy) > statistics.mean(random_) + 20
    assert all(g > r for g, r in zip(greedy, random_, strict=True))


def test_a_game_without_an_expert_never_loads_its_search() -> None:
    """A start with greedy or random bots does not pay for the expert's import."""
    program = (
        "import sys\n"
        "from entropy_tui.bots import make_bot\n"
        "make_bot('random', 1), make_bot('greedy', 2)\n"
        "assert 'entropy_tui.bots.expert' not in sys.modules, 'the expert was imported'\n"
        "make_bot('expert', 3, iterations=1)\n"
        "assert 'entropy_tui.bots.expert' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", program], check=True)


def test_the_registry_refuses_to_load_unless_it_makes_each_kind_the_engine_allows() -> None:
    from entropy_tui.bots.registry import unmatched_kinds

    assert unmatched_kinds(("random", "greedy"), ("random", "greedy")) is None
    assert unmatched_kinds(("greedy", "random"), ("random", "greedy")) is None
    missing = unmatched_kinds(("random",), ("random", "greedy"))
    assert missing is not None and "a kind must be in both" in missing
    assert unmatched_kinds(("random", "greedy", "oracle"), ("random", "greedy")) is not None
    assert unmatched_kinds(("random", "random"), ("random",)) is not None


def test_each_bot_that_searches_thinks_for_a_budget_and_the_others_answer_at_once() -> None:
    from entropy_tui.bots.registry import BOT_LEVELS

    searching = {level.kind for level in BOT_LEVELS if level.seconds > 0}
    assert SEARCHING == searching == {"expert", "master"}
    with pytest.raises(ValueError, match="does not search"):
        make_bot("greedy", 1, iterations=4)


def test_every_way_the_help_names_a_bot_for_a_seat_names_that_bot() -> None:
    from entropy_tui.bots.registry import BOT_LEVELS, bot_kind, seat_words

    assert seat_words() == [
        "bot:beginner or bot:random",
        "bot:casual or bot:greedy",
        "bot:expert",
        "bot:master",
    ]
    levels = ["bot:beginner", "bot:casual", "bot:expert", "bot:master"]
    assert seat_words(levels_only=True) == levels
    for level, words in zip(BOT_LEVELS, seat_words(), strict=True):
        for word in words.split(" or "):
            assert bot_kind(word.removeprefix("bot:")) == level.kind
