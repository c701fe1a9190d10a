"""Hints: which option the expert would take, from one seat's own view, and one plain line
saying why.

hint = advise(game.view(seat), PlainDecision.of(game.decision), seed=7, seconds=1.0)
hint.option_id, hint.why
# "move:1", "+2 Mass now; then +1 Planet, -3 Mass by the end of your turn (score 13 → 14)"

The advice reads the view and the decision's option ids only, so it knows what the seat knows and
nothing more. The why is worked out on a game imagined behind the view: what the seat holds (its
resources, VP, Life cards, Lifeforms and components) and its score if the game ended now, before
the option, right after choosing it, and at the end of the seat's turn, played on as the Casual
bot would; and what that turn brings toward its Missions, Objective tracks and Lifeform tiles.
The line opens with the net effect of the option itself, so its numbers are those of the state
it leads to.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from entropy_tui.bots.expert import ExpertBot
from entropy_tui.bots.greedy import GreedyBot
from entropy_tui.rules import (
    LIFEFORMS,
    View,
    count,
    explain_score,
    lifeform_totals,
    load_catalog,
    title,
)

if TYPE_CHECKING:
    from entropy_tui.play.thinking import PlainDecision
    from entropy_tui.rules import Catalog, Game

MAX_TURN_CHOICES = 40  # the rest of a turn is a few choices; a guard against an endless one
MAX_TOWARD = 2  # one line: the net effect now, then by the end of the turn, and two aims
MAX_THEN = 3  # changes named for the rest of the turn, gains first
# What a hint counts of a seat, most lasting first: (one, several, counter or player field).
COUNTED: tuple[tuple[str, str, str], ...] = (
    ("Planet", "Planets", "planets"),
    ("Star", "Stars", "stars"),
    ("Star tier", "Star tiers", "star_tier_sum"),  # counted as tiers gained by evolving
    ("Asteroid", "Asteroids", "asteroids"),
    ("Biome", "Biomes", "biomes"),
    ("fulfilled Biome", "fulfilled Biomes", "fulfilled_biomes"),
    ("Focus tier", "Focus tiers", "focus_tiers"),
    ("Generator step", "Generator steps", "generator_advances"),
    ("Bacteria", "Bacteria", "lifeforms:bacteria"),
    ("Plant", "Plants", "lifeforms:plant"),
    ("Animal", "Animals", "lifeforms:animal"),
    ("Life card", "Life cards", "hand"),
    ("VP", "VP", "vp"),
    ("Entropy", "Entropy", "entropy"),
    ("Mass", "Mass", "mass"),
    ("Energy", "Energy", "energy"),
)
PLAYER_FIELDS = frozenset({"vp", "entropy", "mass", "energy"})


@dataclass(frozen=True, slots=True)
class Hint:
    option_id: str
    why: str


@dataclass(frozen=True, slots=True)
class Standing:
    """What a hint compares for one seat at one moment."""

    total: int  # the score if the game ended now
    held: tuple[int, ...]  # what COUNTED counts, in its order
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
            held=held(game, seat),
            missions=missions,
            mission_done=player.mission_done,
            tracks=tuple((o.name, o.space, o.units, o.counted) for o in score.objectives),
            tiles=frozenset((tile.lifeform, tile.big) for tile in player.lifeform_tiles),
            lifeforms=lifeform_totals(player),
        )


def held(game: Game, seat: int) -> tuple[int, ...]:
    """What COUNTED counts of the seat, in its order."""
    player = game.player(seat)
    counts = []
    for _, _, name in COUNTED:
        if name in PLAYER_FIELDS:
            counts.append(getattr(player, name))
        elif name == "hand":
            counts.append(len(player.hand))
        elif name == "generator_advances":
            counts.append(player.generator_advances)
        elif name == "star_tier_sum":  # a new Star is counted once, as a Star
            counts.append(count(game.index, player, name) - count(game.index, player, "stars"))
        else:
            counts.append(count(game.index, player, name))
    return tuple(counts)


def advise(
    view: View,
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
    values = option_values(
        view, decision, seed=seed, seconds=seconds, iterations=iterations, catalog=catalog
    )
    option_id = best_option(values)
    return Hint(option_id, why(view, decision, option_id, seed=seed, catalog=catalog))


def option_values(
    view: View,
    decision: PlainDecision,
    *,
    seed: int,
    seconds: float | None = None,
    iterations: int | None = None,
    catalog: Catalog | None = None,
    edition: int | None = None,
) -> dict[str, float]:
    """Each enabled option's value for the deciding seat, in points of lead over the best other
    seat, as the expert reckons it from the seat's own view. A hint takes the best; a game's
    review (entropy_tui.play.review) weighs the option taken against it, so the two always agree.
    A decision with one enabled option is not searched."""
    enabled = [option.id for option in decision.enabled]
    if len(enabled) == 1:
        return {enabled[0]: 0.0}
    catalog = catalog or load_catalog(edition)
    expert = ExpertBot(seed, seconds=seconds, iterations=iterations, catalog=catalog)
    return expert.analyse(view, decision)


def best_option(values: dict[str, float]) -> str:
    """The option the expert takes: the first of the best valued, in the decision's order."""
    best = max(values.values())
    return next(option_id for option_id, value in values.items() if value >= best)


def why(
    view: View,
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
    now = Standing.of(after, seat)
    through_action = decision.kind == "move"
    after = bot.play_on(after, seat, option_id, through_action=through_action)
    end = Standing.of(rest_of_turn(bot, after, seat), seat)
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
    """The line: the option's net effect now, then what the rest of the turn adds, then what
    it brings toward a Mission, an Objective track or a Lifeform tile."""
    parts = [_net_effect(before, now)]
    then = _changes(now, end)[:MAX_THEN]
    if then:
        parts.append(f"then {', '.join(then)} by the end of your turn{_score(now, end)}")
    elif end.total != now.total:
        parts.append(f"then score {now.total} → {end.total} by the end of your turn")
    toward = [*_missions(game, before, end), *_tracks(before, end), *_tiles(game, before, end)]
    line = "; ".join(parts + toward[:MAX_TOWARD])
    return line[0].upper() + line[1:]


def _net_effect(before: Standing, now: Standing) -> str:
    """ "+2 Mass, -1 Entropy now (score 13 → 14)", "score 13 → 15 now", or that nothing
    changes."""
    changes = _changes(before, now)
    if changes:
        return f"{', '.join(changes)} now{_score(before, now)}"
    if now.total != before.total:
        return f"score {before.total} → {now.total} now"
    return "nothing changes at once"


def _changes(before: Standing, after: Standing) -> list[str]:
    """ "+1 Planet", "-3 Mass": gains first, each in COUNTED's order."""
    gains: list[str] = []
    costs: list[str] = []
    for (one, several, _), was, now in zip(COUNTED, before.held, after.held, strict=True):
        n = now - was
        if n:
            words = f"{n:+d} {one if abs(n) == 1 else several}"
            (gains if n > 0 else costs).append(words)
    return gains + costs


def _score(before: Standing, after: Standing) -> str:
    return f" (score {before.total} → {after.total})" if after.total != before.total else ""


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
