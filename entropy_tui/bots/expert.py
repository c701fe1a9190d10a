"""The expert bot: information-set Monte Carlo tree search over determinized games.

Each iteration imagines one full game behind the bot's view (see determinize), walks down a
tree of choices shared by all those imagined games (each seat picks, by UCB1, what looks best
for itself), adds one new choice to the tree, then plays on with a cheap one-step policy to a
horizon a few turns ahead and scores the position with the heuristic. A seat's reward is its
heuristic lead over the best other seat, so the search wants to win, not just to score.

Determinizations are made once per decision and re-used round-robin: restoring a game from a
snapshot costs many copies of one.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from functools import partial

from entropy_tui.bots.base import DecisionSeen, enabled_ids
from entropy_tui.bots.determinize import determinize
from entropy_tui.bots.greedy import DECLINE_PENALTY, DECLINES, children, stepped_value
from entropy_tui.bots.heuristic import DEFAULT_WEIGHTS, Weights, evaluate
from entropy_tui.rules import Catalog, Game, View, load_catalog

DEFAULT_SECONDS = 1.0
TIME_SHARE = 0.97  # of `seconds` the search plans to use; the rest absorbs the last iteration


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """The knobs of the search, measured with benchmarks/bot_ladder.py."""

    worlds: int = 12  # determinizations made per decision, then re-used
    horizon_turns: int = 1  # turn ends after the root before a position is scored
    exploration: float = 2.0  # UCB1's constant, in heuristic points (roughly VP)
    max_rollout_choices: int = 40  # safety cap on one simulation's length


@dataclass(slots=True)
class _Edge:
    visits: int = 0
    total: float = 0.0
    available: int = 0  # iterations in which this option could be chosen here
    child: _Node | None = None

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass(slots=True)
class _Node:
    edges: dict[str, _Edge] = field(default_factory=dict)


def _turn(game: Game) -> tuple[int, int]:
    state = game.state
    return state.round, state.turn.player


class ExpertBot:
    name = "expert"
    weights = DEFAULT_WEIGHTS  # what a position is worth to it, unless it is given others

    def __init__(
        self,
        seed: int,
        *,
        seconds: float | None = None,
        iterations: int | None = None,
        catalog: Catalog | None = None,
        settings: SearchSettings | None = None,
        weights: Weights | None = None,
    ) -> None:
        if seconds is not None and iterations is not None:
            raise ValueError("give the expert either seconds or iterations, not both")
        if seconds is None and iterations is None:
            seconds = DEFAULT_SECONDS
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be positive, got {seconds}")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {iterations}")
        self.seconds = seconds
        self.iterations = iterations
        self.rng = random.Random(seed)
        self.catalog = catalog or load_catalog()
        self.settings = settings or SearchSettings()
        self.evaluate = partial(evaluate, weights=weights or self.weights)

    def decide(self, view: View, decision: DecisionSeen) -> str:
        ids = enabled_ids(decision)
        if len(ids) == 1:
            return ids[0]
        values = self.analyse(view, decision)
        best = max(values.values())
        return next(i for i in ids if values[i] >= best)

    def analyse(self, view: View, decision: DecisionSeen) -> dict[str, float]:
        """Each enabled option's estimated value for the deciding seat: its expected heuristic
        lead over the best other seat a few turns ahead. The option `decide` takes is the best."""
        ids = enabled_ids(decision)
        root = self._search(view, ids)
        if root is None:  # the view did not rebuild this decision: no opinion
            return dict.fromkeys(ids, 0.0)
        # An option never tried (only with a tiny budget) is ranked below every tried one.
        floor = min((e.mean for e in root.edges.values() if e.visits), default=0.0) - 1.0
        return {
            i: root.edges[i].mean if i in root.edges and root.edges[i].visits else floor
            for i in ids
        }

    # ----------------------------------------------------------------- search
    def _search(self, view: View, ids: list[str]) -> _Node | None:
        started = time.perf_counter()
        budget = self.iterations
        worlds: list[Game] = []
        root = _Node()
        done = 0
        while True:
            if budget is not None and done >= budget:
                break
            if self.seconds is not None and done:
                # Stop while two more iterations of the average length would still fit: one
                # may run long, and the median decision must stay within the budget.
                elapsed = time.perf_counter() - started
                if elapsed * (done + 2) / done >= self.seconds * TIME_SHARE:
                    break
            if len(worlds) < self.settings.worlds:
                world = self._imagine(view)
                imagined = world.decision
                if imagined is None or not set(ids) <= {o.id for o in imagined.enabled}:
                    if not worlds:
                        return None
                else:
                    worlds.append(world)
            world = worlds[done % len(worlds)]
            self._iterate(world.copy(), root, ids)
            done += 1
        return root

    def _imagine(self, view: View) -> Game:
        trimmed: View = {**view, "log": [], "choices": []}
        return Game.restore_trusted(determinize(trimmed, self.catalog, self.rng), self.catalog)

    def _iterate(self, game: Game, root: _Node, root_ids: list[str]) -> None:
        """One iteration on `game`, a copy of an imagined game at the root decision."""
        settings = self.settings
        turn = _turn(game)
        turns_left = settings.horizon_turns
        path: list[tuple[_Edge, int]] = []  # the tree edges taken, with the seat that chose
        node: _Node | None = root
        ids = root_ids  # the root offers only what the real decision enables
        for _ in range(settings.max_rollout_choices):
            if game.over:
                break
            decision = game.decision
            assert decision is not None
            if ids is not root_ids:
                ids = [o.id for o in decision.options if o.enabled]
            if len(ids) == 1:
                game.choose(ids[0])
            elif node is None:
                game = self._policy(game, ids, decision.player)
            else:
                choice, edge = self._select(node, ids)
                path.append((edge, decision.player))
                if edge.child is None:
                    edge.child = _Node()
                    node = None  # expanded: from here on the cheap policy plays
                else:
                    node = edge.child
                game.choose(choice)
            ids = []
            if _turn(game) != turn:
                turn = _turn(game)
                turns_left -= 1
                if turns_left <= 0:
                    break
        values = [self.evaluate(game, seat) for seat in range(len(game.state.players))]
        for edge, mover in path:
            best_other = max(v for seat, v in enumerate(values) if seat != mover)
            edge.visits += 1
            edge.total += values[mover] - best_other

    def _select(self, node: _Node, ids: list[str]) -> tuple[str, _Edge]:
        """UCB1 over the options available in this imagined game; an untried one first."""
        edges = node.edges
        for option_id in ids:
            edge = edges.get(option_id)
            if edge is None:
                edge = edges[option_id] = _Edge()
            edge.available += 1
        untried = [i for i in ids if edges[i].visits == 0]
        if untried:
            choice = untried[self.rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
            return choice, edges[choice]
        c = self.settings.exploration
        best_score, choice = -math.inf, ids[0]
        for option_id in ids:
            edge = edges[option_id]
            score = edge.mean + c * math.sqrt(math.log(edge.available) / edge.visits)
            if score > best_score:
                best_score, choice = score, option_id
        return choice, edges[choice]

    def _policy(self, game: Game, ids: list[str], seat: int) -> Game:
        """The one-step choice, made: the position after the option the heuristic values most
        for `seat`. `game` itself becomes the last option's position, saving a copy."""
        best_value, best = -math.inf, game
        for option_id, child in children(game, ids):
            value = stepped_value(child, seat, self.evaluate) - (
                DECLINE_PENALTY if option_id in DECLINES else 0.0
            )
            if value > best_value:
                best_value, best = value, child
        return best
