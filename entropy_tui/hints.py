"""Hints: which option the expert would take, from one seat's own view, and one plain line
saying why.

hint = advise(game.view(seat), PlainDecision.of(game.decision), seed=7, seconds=1.0)
hint.option_id, hint.why   # "move:3", "completes Mission M3 this turn; +4 VP now"

The advice reads the view and the decision's option ids only, so it knows what the seat knows and
nothing more. The why is worked out on a game imagined behind the view: the seat's score, its
Missions, its Objective tracks and its Lifeform totals before the option, right after it (with the
choices it calls for at once), and at the end of the seat's turn, played on as the Casual bot
would.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .bots.expert import ExpertBot
from .bots.greedy import GreedyBot
from .rules.catalog import load_catalog
from .rules.counters import count
from .rules.missions import lifeform_totals
from .rules.scoring import explain_score
from .rules.vocabulary import LIFEFORMS, title

if TYPE_CHECKING:
    from .rules import Game
    from .rules.catalog import Catalog
    from .thinking import PlainDecision

MAX_TURN_CHOICES = 40  # the rest of a turn is a few choices; a guard against an endless one
RESOURCES = ("Entropy", "Mass", "Energy")
MAX_PARTS = 3  # one line: the three most lasting gains


@dataclass(frozen=True, slots=True)
class Hint:
    option_id: str
    why: str


@dataclass(frozen=True, slots=True)
class Standing:
    """What a hint compares for one seat at one moment."""

    total: int  # the score if the game ended now
    resources: tuple[int, int, int]  # Entropy, Mass, Energy
    life_cards: int
    missions: dict[str, tuple[int, int]]  # Mission id -> (counted, needed)
    mission_done: str | None
    # Each Main Objective: its track's name, the marker's space, the units it counts and how
    # they read ("3 Radiation Planets").
    tracks: tuple[tuple[str, int, int, str], ...]
    tiles: frozenset[tuple[str, bool]]  # Lifeform tiles held: (lifeform, big)
    lifeforms: dict[str, int]  # each Lifeform counted over the play area

    @classmethod
    def of(cls, game: Game, seat: int) -> Standing:
        player = game.player(seat)
        score = explain_score(game, player)
        missions = {}
        for mission_id in player.missions:
            mission = game.index.mission[mission_id]
            missions[mission_id] = (
                count(game.index, player, mission.requirement),
                mission.at_least,
            )
        return cls(
            total=score.total,
            resources=(player.entropy, player.mass, player.energy),
            life_cards=len(player.hand),
            missions=missions,
            mission_done=player.mission_done,
            tracks=tuple((o.name, o.space, o.units, o.counted) for o in score.objectives),
            tiles=frozenset((tile.lifeform, tile.big) for tile in player.lifeform_tiles),
            lifeforms=lifeform_totals(player),
        )


def advise(
    view: dict[str, Any],
    decision: PlainDecision,
    *,
    seed: int,
    seconds: float | None = None,
    iterations: int | None = None,
    catalog: Catalog | None = None,
    edition: int | None = None,
) -> Hint:
    """The option the expert would take for the deciding seat (thinking `seconds`, or a fixed
    `iterations` of search: the same hint every time), and why. `catalog`: the game's, or the
    shipped one of its `edition` (None: the newest)."""
    catalog = catalog or load_catalog(edition)
    expert = ExpertBot(seed, seconds=seconds, iterations=iterations, catalog=catalog)
    option_id = expert.decide(view, decision)  # type: ignore[arg-type]
    return Hint(option_id, why(view, decision, option_id, seed=seed, catalog=catalog))


def why(
    view: dict[str, Any],
    decision: PlainDecision,
    option_id: str,
    *,
    seed: int,
    catalog: Catalog | None = None,
) -> str:
    """One line on what `option_id` gains now and toward which Mission, Objective or score."""
    if len(decision.enabled) == 1:
        return "It is the only option here."
    bot = GreedyBot(seed, catalog=catalog)
    game = bot.imagine(view)
    seat = decision.player
    imagined = game.decision
    if imagined is None or option_id not in {o.id for o in imagined.enabled}:
        return "It is the option the look-ahead rates best."
    before = Standing.of(game, seat)
    after = game.copy()
    after.choose(option_id)
    through_action = decision.kind == "move"
    after = bot.play_on(after, seat, option_id, through_action=through_action)
    now = Standing.of(after, seat)
    end = Standing.of(rest_of_turn(bot, after.copy(), seat), seat)
    return describe(game, before, now, end)


def rest_of_turn(bot: GreedyBot, game: Game, seat: int) -> Game:
    """The game once the seat's turn is over (or at once, when it is not the seat's turn), the
    seat's remaining choices made as the Casual bot makes them."""
    turn_round = (game.state.round, game.state.turn.player)
    for _ in range(MAX_TURN_CHOICES):
        decision = game.decision
        state = game.state
        if decision is None or (state.round, state.turn.player) != turn_round:
            break
        if decision.player != seat or state.turn.player != seat:
            break
        game, _ = bot.best_child(game, seat)
    return game


def describe(game: Game, before: Standing, now: Standing, end: Standing) -> str:
    """The line, most lasting gain first: Missions, Objectives and Lifeform tiles, then the score,
    then (when the score does not move) what is gained or spent now."""
    parts = [*_missions(game, before, end), *_tracks(before, end), *_tiles(game, before, end)]
    gained, by_end = now.total - before.total, end.total - before.total
    if gained > 0:
        parts.append(f"+{gained} VP now")
        if by_end > gained:
            parts.append(f"+{by_end - gained} more by the end of your turn")
    elif by_end > 0:
        parts.append(f"+{by_end} VP by the end of your turn")
    else:
        parts += _resources(before, now)
    if not parts:
        return "Nothing changes at once: it keeps the most options open for later turns."
    line = "; ".join(parts[:MAX_PARTS])
    return line[0].upper() + line[1:]


def _missions(game: Game, before: Standing, end: Standing) -> list[str]:
    if end.mission_done is not None and before.mission_done != end.mission_done:
        return [f"completes Mission {end.mission_done} this turn"]
    parts = []
    for mission_id, (counted, needed) in before.missions.items():
        after, _ = end.missions.get(mission_id, (counted, needed))
        if after >= needed > counted:
            parts.append(f"meets Mission {mission_id} (fulfil it at your Mission step)")
        elif counted < after < needed:
            parts.append(f"brings Mission {mission_id} to {after} of {needed}")
    return parts[:1]


def _tracks(before: Standing, end: Standing) -> list[str]:
    """A marker moved on, else more units counted for a track (whose VP they multiply)."""
    moved, counted = [], []
    for (name, was, units, _), (_, space, now_units, words) in zip(
        before.tracks, end.tracks, strict=True
    ):
        if space > was:
            moved.append(f"advances you on the {name}")
        elif now_units > units:
            counted.append(f"raises the {name}'s count to {words}")
    return moved or counted[:1]


def _tiles(game: Game, before: Standing, end: Standing) -> list[str]:
    parts = [
        f"claims the {'big' if big else 'small'} {title(life)} tile"
        for life, big in sorted(end.tiles - before.tiles)
    ]
    if parts:
        return parts
    for life in LIFEFORMS:
        was, total = before.lifeforms[life], end.lifeforms[life]
        if total <= was:
            continue
        objective = game.index.lifeform_objective[life]
        held = {big for lifeform, big in end.tiles if lifeform == life}
        if False not in held and total < objective.small_threshold:
            return [f"{title(life)} {total} of {objective.small_threshold} toward the small tile"]
        unclaimed = game.state.board.big_objectives[life] is None
        if True not in held and unclaimed and total < objective.big_threshold:
            return [f"{title(life)} {total} of {objective.big_threshold} toward the big tile"]
    return []


def _resources(before: Standing, now: Standing) -> list[str]:
    """ "gains 1 Mass, 1 Life card" or "spends 3 Mass" (gains first)."""
    changes = [
        (after - was, name)
        for name, was, after in zip(RESOURCES, before.resources, now.resources, strict=True)
    ]
    cards = now.life_cards - before.life_cards
    changes.append((cards, "Life card" if abs(cards) == 1 else "Life cards"))
    gains = ", ".join(f"{n} {name}" for n, name in changes if n > 0)
    costs = ", ".join(f"{-n} {name}" for n, name in changes if n < 0)
    return [f"gains {gains}"] * bool(gains) + [f"spends {costs}"] * bool(costs)
