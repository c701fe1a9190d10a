"""The coach of the guided first game: at each of the learner's decisions, the lesson to show
(each topic once, the first time it matters) and the option it suggests, with a one-line why.

coach = Coach(seed=TUTORIAL_SEED)
advice = coach.advise(game.view(seat), game.decision, step=len(game.state.choices))

The coach sees what the learner may see and nothing more: the view, and the decision's options.
Its suggestion is the greedy bot's look-ahead on a game imagined behind that view, steered
toward the actions the learner has not yet carried out, so that a game following the
suggestions meets all nine. What it has taught is its `progress`, saved with the game.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from entropy_tui.bots.greedy import GreedyBot
from entropy_tui.rules import (
    ACTIONS,
    Catalog,
    Decision,
    Game,
    View,
    count,
    load_catalog,
    space_action,
    title,
)

# The guided game: two seats, the learner first, against the greedy bot. The seed was chosen
# so that following the suggestions meets all nine actions by round 9 and every lesson, and
# the game ends after 23 rounds (106 of the learner's decisions, 23 of them ending a turn;
# the greedy bot wins it, 99 to 66).
TUTORIAL_SEED = 7
TUTORIAL_OPPONENT = ("Bob", "greedy")
# Option ids that decline what the decision offers.
DECLINES = frozenset({"skip", "done"})
FREE_ACTIONS = ("exchange:", "fulfil:")
ONLY_MOVE = "It is the only move possible: the other spaces say why not."
CLOSE_CALL = 0.15  # look-ahead values closer than this (in rough VP) are "about as good"


@dataclass(frozen=True, slots=True)
class Lesson:
    topic: str  # "movement", "action:set_biome", ...
    title: str
    text: str
    rule: str  # the rules section it explains (a title in rules.md)


@dataclass(frozen=True, slots=True)
class Advice:
    lesson: Lesson | None  # a lesson taught at this decision, or None
    suggestion: str  # an enabled option's id
    why: str  # one line


@cache
def lessons() -> tuple[Lesson, ...]:
    """Every lesson, in the order they take precedence (lessons.toml, shipped in the package)."""
    text = resources.files("entropy_tui.play").joinpath("lessons.toml").read_text(encoding="utf-8")
    return tuple(Lesson(**entry) for entry in tomllib.loads(text)["lesson"])


def lesson(topic: str) -> Lesson:
    return next(found for found in lessons() if found.topic == topic)


class Coach:
    def __init__(
        self,
        seed: int = TUTORIAL_SEED,
        progress: dict[str, dict[str, int]] | None = None,
        catalog: Catalog | None = None,
    ) -> None:
        self.seed = seed
        self.catalog = catalog or load_catalog()
        progress = progress or {}
        # Each maps a name to the step (choices made) at which it first happened.
        self.shown: dict[str, int] = dict(progress.get("shown", {}))  # lessons taught
        self.landed: dict[str, int] = dict(progress.get("landed", {}))  # actions landed on
        self.acted: dict[str, int] = dict(progress.get("acted", {}))  # action prompts met

    def progress(self) -> dict[str, dict[str, int]]:
        """What the coach has taught and seen, for the save."""
        return {"shown": dict(self.shown), "landed": dict(self.landed), "acted": dict(self.acted)}

    @property
    def untried(self) -> list[str]:
        """The actions the learner has not yet landed on."""
        return [action for action in ACTIONS if action not in self.landed]

    def advise(self, view: View, decision: Decision, step: int) -> Advice:
        """The advice for `decision`, which the learner (`decision.player`) faces after `step`
        choices. Asked again at the same step, it gives the same advice; asked at an earlier
        step (after an undo), it forgets what came later."""
        self._forget_after(step)
        bot = GreedyBot(self.seed * 1_000_003 + step, catalog=self.catalog)
        game = bot.imagine(view)
        self._observe(game, decision, step)
        suggestion, why, preview = self._suggest(bot, game, decision, step)
        return Advice(self._lesson(game, decision, step, preview), suggestion, why)

    # ------------------------------------------------------------------ lessons
    def arising(
        self, game: Game, decision: Decision, step: int, preview: str | None = None
    ) -> list[str]:
        """The topics whose situation this decision is, in order of precedence. `preview`:
        the untried action the suggested move lands on."""
        state = game.state
        seat = decision.player
        kind = decision.kind
        turn = state.turn
        mine = turn.player == seat
        ids = [option.id for option in decision.enabled]
        player = game.player(seat)
        situations = {
            "movement": kind == "move",
            "missions": kind == "play_mission" or _mission_half_met(game, seat),
            "end_trigger": state.end_round is not None,
            "final_scoring": state.end_round is not None
            and (state.round == state.end_round or "end_trigger" in self.shown),
            "passing_tokens": kind in ("retrieve", "wild_unlock"),
            "focus_cards": kind == "place_token"
            or any(player.focus.values())
            or (decision.rule == "Upgrade Console" and kind != "upgrade_console"),
            "biomes": kind == "scarce_biome"
            or any(i.startswith("fulfil:") for i in ids)
            or (mine and turn.action is not None and turn.action in _biome_triggers(game, seat)),
            "objectives": kind == "lifeform_objectives"
            or any(player.objectives)
            or bool(player.lifeform_tiles),
            "traffic_bonus": decision.rule == "Traffic Bonus"
            or (kind == "move" and self.shown.get("movement", step) < step),
            "free_actions": any(i.startswith(FREE_ACTIONS) for i in ids),
        }
        for action in ACTIONS:
            situations[f"action:{action}"] = (
                action == preview or kind == action or (mine and turn.action == action)
            )
        return [found.topic for found in lessons() if situations.get(found.topic)]

    def _lesson(
        self, game: Game, decision: Decision, step: int, preview: str | None
    ) -> Lesson | None:
        for topic, at in self.shown.items():
            if at == step:
                return lesson(topic)  # asked again for the same decision
        fresh = [t for t in self.arising(game, decision, step, preview) if t not in self.shown]
        if not fresh:
            return None
        self.shown[fresh[0]] = step
        return lesson(fresh[0])

    # ------------------------------------------------------------------ what happened
    def _forget_after(self, step: int) -> None:
        for record in (self.shown, self.landed, self.acted):
            for name in [name for name, at in record.items() if at > step]:
                del record[name]

    def _observe(self, game: Game, decision: Decision, step: int) -> None:
        """Notes the actions landed on: this turn's, and at a move, the space the Scientist
        stands on (where the last turn ended, once the learner has moved before)."""
        seat = decision.player
        turn = game.state.turn
        if turn.player == seat and turn.action is not None:
            self.landed.setdefault(turn.action, step)
        if decision.kind == "move" and self.shown.get("movement", step) < step:
            self.landed.setdefault(space_action(game, game.player(seat).scientist), step)
        if decision.kind in ACTIONS:
            self.landed.setdefault(decision.kind, step)
            self.acted.setdefault(decision.kind, step)

    # ------------------------------------------------------------------ suggestions
    def _suggest(
        self, bot: GreedyBot, game: Game, decision: Decision, step: int
    ) -> tuple[str, str, str | None]:
        """(option id, why, the untried action a suggested move lands on)."""
        ids = [option.id for option in decision.enabled]
        imagined = game.decision
        if imagined is None or not set(ids) <= {o.id for o in imagined.enabled}:
            return ids[0], "The first option possible here.", None  # no look-ahead to trust
        seat = decision.player
        moving = decision.kind == "move"
        if decision.kind == "confirm_turn_end":
            return ids[0], "Nothing is left to do this turn.", None
        if len(ids) == 1 and not moving:
            return ids[0], "It is the only option possible here.", None
        values: dict[str, float] = {}
        lands: dict[str, str | None] = {}
        for option_id in ids:
            child = game.copy()
            child.choose(option_id)
            lands[option_id] = child.state.turn.action if moving else None
            values[option_id] = bot.value_after(child, seat, option_id, through_action=moving)
        if moving:  # free actions (a Biome to fulfil) may be offered beside the moves
            moves = [i for i in ids if i.startswith("move:")]
            new = [i for i in moves if lands[i] not in self.landed]
            if new:
                best = _best(new, values)
                action = lands[best] or ""
                why = ONLY_MOVE if len(moves) == 1 else f"You have not tried {title(action)} yet."
                return best, why, action
            best = _best(ids, values)
            if len(moves) == 1 and best in moves:
                return best, ONLY_MOVE, None
            return best, _margin(best, ids, values), None
        claims = [i for i in ids if i.startswith("claim:")]
        if claims:  # the bot would wait, but a first game should see its end
            return claims[0], "The big tile scores well and completes an Objective.", None
        if decision.kind in ACTIONS and self.acted.get(decision.kind) == step:
            acting = [i for i in ids if i not in DECLINES and not i.startswith(FREE_ACTIONS)]
            if acting:
                best = _best(acting, values)
                why = f"Carry out {title(decision.kind)} once to see what it does"
                return best, f"{why}; of its options, this one looks best.", None
        best = _best(ids, values)
        if best == "skip":
            return best, "Nothing here is worth its cost now: every reward is optional.", None
        if best == "done":
            return best, "Nothing more here is worth doing now.", None
        return best, _margin(best, ids, values), None


def _best(ids: list[str], values: dict[str, float]) -> str:
    """The highest value; on a tie, the first listed."""
    return max(ids, key=lambda option_id: values[option_id])


def _margin(best: str, ids: list[str], values: dict[str, float]) -> str:
    others = [values[i] for i in ids if i != best]
    margin = values[best] - max(others) if others else 0.0
    if margin < CLOSE_CALL:
        return "The options here are about equally good."
    return f"Looking one step ahead, it is worth about {margin:.1f} VP more than the next best."


def _mission_half_met(game: Game, seat: int) -> bool:
    """One of the seat's Missions is at least half done: the moment to explain them."""
    player = game.player(seat)
    for mission_id in player.missions:
        mission = game.index.mission[mission_id]
        if 2 * count(game.index, player, mission.requirement) >= mission.at_least:
            return True
    return False


def _biome_triggers(game: Game, seat: int) -> set[str]:
    """The actions that make this seat's Biomes pay."""
    return {
        game.index.biome[planet.biome].trigger
        for system in game.player(seat).systems
        for planet in system.planets
        if planet.biome is not None
    }
