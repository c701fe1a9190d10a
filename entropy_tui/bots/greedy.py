"""The greedy bot: one step of look-ahead on a determinized copy of its view.

Once per decision it imagines a full game behind its view (see determinize). For each enabled
option it copies that game, chooses the option, lets the game run to the next decision and
scores the position with the heuristic. Where the next decision is part of the same move the
bot plays on greedily first: after a free action (an exchange pays for something), after a
"choose the type" prompt, and after a Movement choice through the landed action, so that a move
is judged by what it lets the bot do there.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from entropy_tui.bots.base import DecisionSeen, enabled_ids
from entropy_tui.bots.determinize import determinize
from entropy_tui.bots.heuristic import evaluate
from entropy_tui.rules import Catalog, Game, View, load_catalog

# Declining a reward or skipping an action costs this much, so that a bot acts when acting
# looks no worse than doing nothing.
DECLINE_PENALTY = 0.3
DECLINES = frozenset({"skip"})
FREE_ACTIONS = ("exchange:", "fulfil:")
# A free action pays for a choice before the Mission step; a chain going on into that step
# would see further ahead (a Mission played) than the options it is compared with.
# Choices that only finish what the previous choice began; the heuristic cannot value them
# while they wait, so the look-ahead makes them.
FOLLOW_UPS = frozenset({"choose_type"})
Evaluation = Callable[[Game, int], float]  # position, seat -> value for that seat
MAX_CHAIN = 8  # choices made after the option judged, at most
# Second steps are searched through every path while the paths stay this few; past that, each
# further step takes its best-looking option. A long chain of second steps (Asteroids placed
# one by one, Planets from the offer) then costs in proportion to its length, not to the
# product of its widths: one move's look-ahead took 46,610 evaluations, now 1,241.
MAX_PATHS = 64


def stepped_value(game: Game, seat: int, evaluate: Evaluation, paths: int = 1) -> float:
    """The value of a position for `seat`; at a second step of its own (a Life card chosen,
    its Planet next), the value of its best second step: a first step is worth what it
    leads to. `paths`: how many ways the steps before this one branched."""
    decision = game.decision
    if decision is None or not decision.back or decision.player != seat:
        return evaluate(game, seat)
    ids = [option.id for option in decision.options if option.enabled]
    paths *= len(ids)
    if paths <= MAX_PATHS:
        return max(stepped_value(child, seat, evaluate, paths) for _, child in children(game, ids))
    _, best = max(
        ((evaluate(child, seat), child) for _, child in children(game, ids)),
        key=lambda valued: valued[0],
    )
    return stepped_value(best, seat, evaluate, paths)


def children(game: Game, ids: list[str]) -> Iterator[tuple[str, Game]]:
    """Each option with the position it leads to. The last one is played on `game` itself,
    saving a copy: the caller must not use `game` afterwards."""
    for n, option_id in enumerate(ids):
        child = game if n == len(ids) - 1 else game.copy()
        child.choose(option_id)
        yield option_id, child


class GreedyBot:
    name = "greedy"

    def __init__(
        self,
        seed: int,
        *,
        catalog: Catalog | None = None,
        evaluate: Evaluation = evaluate,
    ) -> None:
        self.rng = random.Random(seed)
        self.catalog = catalog or load_catalog()
        self.evaluate = evaluate

    def decide(self, view: View, decision: DecisionSeen) -> str:
        ids = enabled_ids(decision)
        if len(ids) == 1:
            return ids[0]
        game = self.imagine(view)
        imagined = game.decision
        if imagined is None or not set(ids) <= {o.id for o in imagined.enabled}:
            return self.rng.choice(ids)  # the view did not rebuild this decision: play safe
        seat = decision.player
        through_action = decision.kind == "move"
        values = {
            option_id: self.value_after(child, seat, option_id, through_action=through_action)
            for option_id, child in children(game, ids)
        }
        best = max(values.values())
        return self.rng.choice([i for i in ids if values[i] >= best - 1e-9])

    def imagine(self, view: View) -> Game:
        """A full game consistent with the view; the log and choice history are dropped, as
        the rules never read them and copying them would slow the look-ahead."""
        trimmed: View = {**view, "log": [], "choices": []}
        return Game.restore_trusted(determinize(trimmed, self.catalog, self.rng), self.catalog)

    def value_after(
        self, child: Game, seat: int, option_id: str, *, through_action: bool = False
    ) -> float:
        """The heuristic value of the position `option_id` led to, once the choices it calls
        for are made."""
        child = self.play_on(child, seat, option_id, through_action=through_action)
        return self.evaluate(child, seat) - (DECLINE_PENALTY if option_id in DECLINES else 0.0)

    def play_on(self, game: Game, seat: int, last: str, *, through_action: bool) -> Game:
        """Makes, greedily, the choices that the last one calls for: after a free action the
        choice it was taken for, after a move the rest of the Movement step and the landed
        action's choice (so a move is judged by what it lets the bot do)."""
        acted = False
        for _ in range(MAX_CHAIN):
            decision = game.decision
            if decision is None or decision.player != seat:
                break
            on_action = through_action and decision.kind == game.state.turn.action
            movement = through_action and game.state.turn.step == "movement"
            wanted = (
                (last.startswith(FREE_ACTIONS) and game.state.turn.step != "mission")
                or decision.kind in FOLLOW_UPS
                or bool(decision.back)  # the second step of the choice just made
                or movement
                or (on_action and not acted)
            )
            if not wanted:
                break
            game, last = self.best_child(game, seat)
            acted = acted or (on_action and not last.startswith(FREE_ACTIONS))
        return game

    def best_child(self, game: Game, seat: int) -> tuple[Game, str]:
        """The position after the option with the best one-step value, and that option."""
        decision = game.decision
        assert decision is not None
        ids = enabled_ids(decision)
        if len(ids) == 1:
            game.choose(ids[0])
            return game, ids[0]
        best_value, best, best_id = float("-inf"), game, ids[0]
        for option_id, child in children(game, ids):
            value = stepped_value(child, seat, self.evaluate) - (
                DECLINE_PENALTY if option_id in DECLINES else 0.0
            )
            if value > best_value:
                best_value, best, best_id = value, child, option_id
        return best, best_id
