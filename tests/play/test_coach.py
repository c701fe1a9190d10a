"""The coach of the guided game: each lesson once, the first time its situation arises; every
suggestion an enabled option; and a game that follows the suggestions against the greedy bot
meets all nine actions and every lesson, and ends.

The guided game depends on the rules and the bots: if a change to them makes it miss a lesson,
pick another TUTORIAL_SEED (scan a few seeds with `guided_game`) and say so in its comment."""

from __future__ import annotations

import random
import textwrap
from dataclasses import dataclass, field
from functools import cache

import pytest

from entropy_tui.bots import make_bot
from entropy_tui.play.bot_seats import bot_seed
from entropy_tui.play.coach import (
    TUTORIAL_OPPONENT,
    TUTORIAL_SEED,
    Advice,
    Coach,
    lesson,
    lessons,
)
from entropy_tui.play.config import tutorial_config
from entropy_tui.play.rules_text import sections
from entropy_tui.rules import Decision, Game
from entropy_tui.rules.vocabulary import ACTIONS, title

LEARNER = 0
PANEL_WIDTH = 76  # an 80-column window, less the panel's padding
PANEL_LINES = 5
REQUIRED_TOPICS = {
    "movement",
    "passing_tokens",
    "traffic_bonus",
    *(f"action:{action}" for action in ACTIONS),
    "free_actions",
    "biomes",
    "focus_cards",
    "missions",
    "objectives",
    "end_trigger",
    "final_scoring",
}


def tutorial_game(seed: int = TUTORIAL_SEED) -> Game:
    """The game Learn to play starts (on another seed if asked)."""
    config = tutorial_config()
    return Game.new(
        [seat.name for seat in config.seats],
        seed=seed,
        bots=[seat.bot for seat in config.seats],
        confirm_turn_end=config.confirm_turn_end,
    )


@dataclass
class Step:
    """One of the learner's decisions in the guided game."""

    kind: str
    rule: str
    round: int
    enabled: list[str]
    advice: Advice
    turn_player: int
    turn_action: str | None
    end_round: int | None


@dataclass
class Guided:
    steps: list[Step] = field(default_factory=list)
    carried_out: set[str] = field(default_factory=set)  # actions resolved from their space
    game: Game | None = None
    coach: Coach | None = None

    def fired(self) -> dict[str, list[int]]:
        """Each topic and the decisions (indexes into steps) it was taught at."""
        found: dict[str, list[int]] = {}
        for index, step in enumerate(self.steps):
            if step.advice.lesson is not None:
                found.setdefault(step.advice.lesson.topic, []).append(index)
        return found


@cache
def guided_game(seed: int = TUTORIAL_SEED) -> Guided:
    """The learner takes every suggestion; the opponent is the greedy bot the game seats."""
    game = tutorial_game(seed)
    opponent = make_bot(TUTORIAL_OPPONENT[1], bot_seed(seed, 1))
    coach = Coach(seed)
    guided = Guided(game=game, coach=coach)
    while not game.over:
        decision = game.decision
        assert decision is not None
        if decision.player != LEARNER:
            game.choose(opponent.decide(game.view(decision.player), decision))
            continue
        step = len(game.state.choices)
        advice = coach.advise(game.view(LEARNER), decision, step)
        assert coach.advise(game.view(LEARNER), decision, step) == advice  # asked again
        state = game.state
        guided.steps.append(
            Step(
                decision.kind,
                decision.rule,
                state.round,
                [o.id for o in decision.enabled],
                advice,
                state.turn.player,
                state.turn.action,
                state.end_round,
            )
        )
        turn = state.turn  # a turn's own record, kept whole when the next turn starts
        game.choose(advice.suggestion)
        if turn.action_done and turn.action is not None:
            guided.carried_out.add(turn.action)
        assert len(guided.steps) < 400, "the guided game does not end"
    return guided


# ---------------------------------------------------------------------- the lessons as data
def test_the_lessons_cover_every_topic_once() -> None:
    topics = [found.topic for found in lessons()]
    assert len(topics) == len(set(topics))
    assert set(topics) == REQUIRED_TOPICS


def test_every_lesson_names_a_section_of_the_rules() -> None:
    titles = {section.title for section in sections()}
    assert [found.rule for found in lessons() if found.rule not in titles] == []


def test_every_lesson_fits_the_panel_at_80_columns() -> None:
    too_long = {
        found.topic: len(textwrap.wrap(found.text, PANEL_WIDTH))
        for found in lessons()
        if len(textwrap.wrap(found.text, PANEL_WIDTH)) > PANEL_LINES
    }
    assert too_long == {}


# ---------------------------------------------------------------------- the guided game
def test_every_suggestion_is_an_enabled_option() -> None:
    guided = guided_game()
    assert [s.advice.suggestion for s in guided.steps if s.advice.suggestion not in s.enabled] == []
    assert all(s.advice.why for s in guided.steps)


def test_following_the_suggestions_ends_the_game_having_carried_out_every_action() -> None:
    guided = guided_game()
    assert guided.game is not None and guided.game.over
    assert guided.carried_out == set(ACTIONS)
    assert guided.coach is not None and guided.coach.untried == []


def test_every_topic_is_taught_exactly_once() -> None:
    fired = guided_game().fired()
    assert {topic: at for topic, at in fired.items() if len(at) > 1} == {}
    assert set(fired) == REQUIRED_TOPICS


def plain_situations(step: Step) -> set[str]:
    """The situations that make a topic matter, read from the decision itself (the coach may
    teach some earlier: an action when it suggests moving there, Missions when half met)."""
    found = set()
    if step.kind == "move":
        found.add("movement")
    if step.kind in ("retrieve", "wild_unlock"):
        found.add("passing_tokens")
    if step.kind == "play_mission":
        found.add("missions")
    if step.rule == "Traffic Bonus":
        found.add("traffic_bonus")
    if step.kind == "place_token":
        found.add("focus_cards")
    if step.kind == "scarce_biome" or any(i.startswith("fulfil:") for i in step.enabled):
        found.add("biomes")
    if any(i.startswith("exchange:") for i in step.enabled):
        found.add("free_actions")
    if step.end_round is not None:
        found.add("end_trigger")
    for action in ACTIONS:
        if step.kind == action or (step.turn_player == LEARNER and step.turn_action == action):
            found.add(f"action:{action}")
    return found


def test_each_topic_is_taught_when_it_first_matters_unless_another_lesson_is_showing() -> None:
    guided = guided_game()
    fired = {topic: at[0] for topic, at in guided.fired().items()}
    late = {}
    for topic in REQUIRED_TOPICS:
        first = next(
            (i for i, step in enumerate(guided.steps) if topic in plain_situations(step)), None
        )
        if first is None or fired[topic] <= first:
            continue
        # Taught later: only because another lesson held the panel at every decision between.
        between = guided.steps[first : fired[topic]]
        if any(step.advice.lesson is None for step in between):
            late[topic] = (first, fired[topic])
    assert late == {}


def test_the_first_lesson_is_about_moving() -> None:
    first = guided_game().steps[0]
    assert first.kind == "move"
    assert first.advice.lesson == lesson("movement")


def test_the_guided_game_is_short_enough_to_learn_in_one_sitting() -> None:
    """Under 30 minutes: at most 130 of the learner's decisions (about 8 s each, the lessons
    read on top); the figures are in docs/design-decisions.md."""
    guided = guided_game()
    assert len(guided.steps) <= 130
    fired = guided.fired()
    last_action = max(fired[f"action:{action}"][0] for action in ACTIONS)
    assert last_action < len(guided.steps) // 2  # every action is met in the first half


# ---------------------------------------------------------------------- the coach's memory
def first_decisions(game: Game, count: int) -> list[tuple[dict, Decision, int]]:
    """The learner's first `count` decisions of the guided game, each as the coach is asked it,
    the game following the suggestions of a coach of its own."""
    opponent = make_bot(TUTORIAL_OPPONENT[1], bot_seed(TUTORIAL_SEED, 1))
    leader = Coach()
    found = []
    while len(found) < count:
        decision = game.decision
        assert decision is not None
        if decision.player != LEARNER:
            game.choose(opponent.decide(game.view(decision.player), decision))
            continue
        step = len(game.state.choices)
        found.append((game.view(LEARNER), decision, step))
        game.choose(leader.advise(game.view(LEARNER), decision, step).suggestion)
    return found


def test_an_undo_forgets_the_lessons_taught_after_it_and_teaches_them_again() -> None:
    asked = first_decisions(tutorial_game(), 3)
    coach = Coach()
    taught = [coach.advise(*question).lesson for question in asked]
    assert taught[0] == lesson("movement") and taught[1] is not None
    view, decision, step = asked[0]
    assert coach.advise(view, decision, step).lesson == lesson("movement")
    assert set(coach.progress()["shown"]) == {"movement"}
    assert coach.advise(*asked[1]).lesson == taught[1]


def test_a_coach_restored_from_its_progress_teaches_nothing_twice() -> None:
    asked = first_decisions(tutorial_game(), 4)
    coach = Coach()
    for question in asked[:2]:
        coach.advise(*question)
    restored = Coach(progress=coach.progress())
    later = [restored.advise(*question) for question in asked[2:]]
    fresh = Coach()
    straight = [fresh.advise(*question) for question in asked]
    assert later == straight[2:]
    assert restored.progress() == fresh.progress()


def test_a_move_is_steered_to_an_action_not_yet_tried() -> None:
    view, decision, step = first_decisions(tutorial_game(), 1)[0]
    lands = {}
    for option in decision.enabled:
        moved = tutorial_game()
        moved.choose(option.id)
        lands[option.id] = moved.state.turn.action
    assert len(set(lands.values())) >= 2
    for action in lands.values():
        coach = Coach()
        coach.landed = {tried: 0 for tried in ACTIONS if tried != action}
        steered = coach.advise(view, decision, step)
        assert lands[steered.suggestion] == action
        assert steered.why == f"You have not tried {title(action)} yet."
    seasoned = Coach()
    seasoned.landed = {tried: 0 for tried in ACTIONS}
    assert "not tried" not in seasoned.advise(view, decision, step).why


@pytest.mark.parametrize("seed", [1, 2])
def test_suggestions_stay_enabled_when_the_learner_goes_their_own_way(seed: int) -> None:
    game = tutorial_game(seed)
    rng = random.Random(seed)
    opponent = make_bot("random", seed)
    coach = Coach(seed)
    for _ in range(250):
        decision = game.decision
        if decision is None:
            break
        if decision.player != LEARNER:
            game.choose(opponent.decide(game.view(decision.player), decision))
            continue
        advice = coach.advise(game.view(LEARNER), decision, len(game.state.choices))
        assert advice.suggestion in {o.id for o in decision.enabled}
        game.choose(rng.choice(decision.enabled).id)
