"""How good a position is for one seat: the final score it would get now, plus what its
resources, board and progress are likely to be worth before the game ends.

The weights are rough VP equivalents. Resources and other potential fade toward the end of the
game, where only the real score (and 1 VP per 4 leftovers) counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from entropy_tui.rules import (
    CHOICE_COUNTERS,
    LEFTOVERS_PER_VP,
    LIFEFORMS,
    count,
    final_space,
    planets,
    score_breakdown,
)

if TYPE_CHECKING:
    from entropy_tui.rules import Game, PlanetState, PlayerState

LEFTOVER = 1 / LEFTOVERS_PER_VP  # what any resource or card is worth at the final scoring
ADVANCEMENT = 0.8  # a Bacteria gained, or one Lifeform moved up a step


@dataclass(frozen=True, slots=True)
class Weights:
    """What each part of a position is worth, in rough VP, while the game has a long way to go.
    The Expert plays with these; the Master with weights tuned by match play (bots/master.py)."""

    # Two Entropy buy one Energy or Mass, so Entropy is worth a little more than half of
    # those: an exchange alone loses value and is made only for what it pays for, or to turn
    # Entropy beyond a useful stock into something.
    resource: Mapping[str, float] = field(
        default_factory=lambda: {"energy": 0.6, "mass": 0.6, "entropy": 0.32}
    )
    hand_card: float = 1.0
    # A stock beyond what a few turns can spend is worth only its leftover VP: hoarding is not
    # play.
    useful_resources: int = 5
    useful_cards: int = 4
    # Each step up (Bacteria to Plant, Plant to Animal) is one advancement, as gaining a
    # Bacteria is: an upgrade is worth as much as a new Bacteria, or bots would hardly ever make
    # Plants.
    lifeform: Mapping[str, float] = field(
        default_factory=lambda: {
            "bacteria": ADVANCEMENT,
            "plant": 2 * ADVANCEMENT,
            "animal": 3 * ADVANCEMENT,
        }
    )
    played_card: float = 0.6
    planet: float = 2.5
    star: float = 0.8
    star_tier: float = 1.1
    asteroid: float = 0.8
    biome: float = 1.2
    fulfilled: float = 1.5
    biome_progress: float = 1.0  # an unfulfilled Biome, scaled by the share of its requirement met
    focus_tier: float = 1.2
    generator_step: float = 0.6
    small_tile_share: float = 0.6  # of the next small Lifeform tile, at full progress
    big_tile_share: float = 0.4
    # A tile's hope grows faster than its count (it pays only at its threshold), but not as
    # the square: that left the first Plants and Animals worth almost nothing, so bots never
    # began them.
    tile_progress_exponent: float = 1.5
    mission_potential: float = 3.0  # an unmet Mission, at full progress
    objective_growth: float = 1.0  # the scoring count expected to grow by this before the end
    next_space_share: float = 0.4  # of the step to the next track space, as a hope to get there
    # More hope when one action meets the condition. Only the Stars condition takes two actions
    # (a Star evolves from tier I to II, then to III); without this the first of them looked
    # like Energy spent for one tier, and bots hardly ever began the Stars Objective.
    one_action_away_share: float = 0.3
    # Rewards still waiting on the task stack, per unit (a look-ahead stops before they
    # resolve).
    pending_reward: Mapping[str, float] = field(
        default_factory=lambda: {
            "advance_lifeform": 0.5,
            "activate_star": 0.4,
            "take_life_cards": 1.0,
            "advance_generator": 0.6,
            "free_catch": 1.8,
            "free_fulfil": 1.5,
            "action": 1.0,
        }
    )
    caught_asteroid: float = 1.0  # net of its cost, with the Planet effect it triggers


DEFAULT_WEIGHTS = Weights()


def future_weight(game: Game) -> float:
    """1 while the end is not in sight, less once it is triggered, 0 when the game is over."""
    state = game.state
    if state.over:
        return 0.0
    if state.end_round is None:
        return 1.0
    return 0.5 if state.round < state.end_round else 0.2


def evaluate(game: Game, seat: int, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """The heuristic value of the position for `seat` (higher is better)."""
    w = weights
    breakdown = score_breakdown(game, seat)
    if game.state.over:
        return float(breakdown["total"])
    future = future_weight(game)
    player = game.player(seat)
    objectives_now = sum(v for k, v in breakdown.items() if k.startswith("objective_"))
    value = float(breakdown["total"] - breakdown["leftovers"] - objectives_now)
    value += _resources(w, player, future)
    value += _objectives(w, game, seat, future)
    value += future * (
        _board(w, game, player) + _lifeform_progress(w, game, seat) + _missions(w, game, seat)
    )
    value += future * _pending(w, game, seat)
    return value


def _fading(full: float, future: float) -> float:
    """A unit's worth: `full` early on, the leftover VP share at the very end."""
    return LEFTOVER + future * (full - LEFTOVER)


def _stock(amount: int, full: float, useful: int, future: float) -> float:
    """A stock's worth: the first `useful` units at their fading value, the rest as leftovers."""
    kept = min(amount, useful)
    return _fading(full, future) * kept + LEFTOVER * (amount - kept)


def _resources(w: Weights, player: PlayerState, future: float) -> float:
    value = sum(
        _stock(getattr(player, r), worth, w.useful_resources, future)
        for r, worth in w.resource.items()
    )
    return value + _stock(len(player.hand), w.hand_card, w.useful_cards, future)


def _board(w: Weights, game: Game, player: PlayerState) -> float:
    index = game.index
    value = 0.0
    for system in player.systems:
        if system.star is not None:
            value += w.star + w.star_tier * index.any_star[system.star].tier
    for planet in planets(player):
        value += w.planet + w.asteroid * len(planet.asteroids) + w.played_card * len(planet.cards)
        value += sum(w.lifeform[life] * planet.life[life] for life in LIFEFORMS)
        if planet.biome is not None:
            value += w.biome + (
                w.fulfilled if planet.fulfilled else _biome_progress(w, game, planet)
            )
    value += w.focus_tier * sum(player.focus.values())
    value += w.generator_step * player.generator
    return value


def _biome_progress(w: Weights, game: Game, planet: PlanetState) -> float:
    assert planet.biome is not None
    needs = game.index.biome[planet.biome].requirement
    have = sum(min(planet.life[life], n) for life, n in needs.items())
    return w.biome_progress * have / max(1, sum(needs.values()))


def _lifeform_progress(w: Weights, game: Game, seat: int) -> float:
    """Hope of the Lifeform Objective tiles not yet claimed, growing with the count."""
    player = game.player(seat)
    board = game.state.board
    value = 0.0
    for life in LIFEFORMS:
        objective = game.index.lifeform_objective[life]
        total = count(game.index, player, f"lifeforms:{life}")
        has_small = any(t.lifeform == life and not t.big for t in player.lifeform_tiles)
        if not has_small and board.small_objectives[life]:
            share = min(1.0, total / objective.small_threshold)
            hope = share**w.tile_progress_exponent
            value += w.small_tile_share * board.small_objectives[life][-1] * hope
        if board.big_objectives[life] is None:
            share = min(1.0, total / objective.big_threshold)
            value += w.big_tile_share * objective.big_vp * share**w.tile_progress_exponent
    return value


def _missions(w: Weights, game: Game, seat: int) -> float:
    """Hope of the best unmet Mission in hand; a met one is worth its reward, when played."""
    player = game.player(seat)
    best = 0.0
    for mission_id in player.missions:
        mission = game.index.mission[mission_id]
        share = count(game.index, player, mission.requirement) / mission.at_least
        if share < 1:
            best = max(best, w.mission_potential * share**2)
    return best


def _objectives(w: Weights, game: Game, seat: int, future: float) -> float:
    """Each Main Objective: its track multiplier (with the advances this turn has earned but not
    yet moved, and some hope of the next space) times its scoring count (with some growth)."""
    state = game.state
    player = game.player(seat)
    spec_list = game.catalog.main_objectives
    alternative = state.settings.alternative_objectives
    unmoved = _unmoved_events(game, seat)
    value = 0.0
    for i, spec in enumerate(spec_list):
        final = final_space(game, i)
        taken = any(p.objectives[i] == final for s, p in enumerate(state.players) if s != seat)
        top = final - 1 if taken else final
        position = max(player.objectives[i], min(player.objectives[i] + unmoved[i], top))
        following = min(position + 1, top)
        track = spec.track_vp
        hope = w.next_space_share
        if spec.event == "star_tier3" and _evolution_from_the_condition(game, player):
            hope += w.one_action_away_share
        multiplier = track[position] + future * hope * (track[following] - track[position])
        counter = spec.alt_scoring if alternative else spec.scoring
        value += multiplier * (count(game.index, player, counter) + future * w.objective_growth)
    return value


def _evolution_from_the_condition(game: Game, player: PlayerState) -> bool:
    """Whether one evolution of a Star in play would meet the Stars condition (tier III or IV)."""
    index = game.index
    return any(
        system.star is not None and index.any_star[system.star].tier in (2, 3)
        for system in player.systems
    )


def _pending(w: Weights, game: Game, seat: int) -> float:
    """What the tasks this seat still has to resolve are likely to bring."""
    value = 0.0
    for task in game.state.pending:
        if task.player != seat:
            continue
        args = task.args
        match task.kind:
            case "place_planet":
                value += w.planet
            case "place_biome":
                value += w.biome
            case "place_life_card":
                value += w.played_card
            case "place_asteroid":
                value += w.caught_asteroid
            case "life_discard":  # the card is played once a discard is chosen
                card = game.index.card[args["card"]]
                gained = sum(w.lifeform[life] * n for life, n in card.gains.items())
                value += gained + w.played_card - 2 * w.hand_card
            case "place_lifeform":
                value += w.lifeform[args["what"]] * args["remaining"]
            case "advance":
                value += w.pending_reward["advance_lifeform"] * args["remaining"]
            case "take_cards":
                value += w.hand_card * args["remaining"]
            case "activate_one":
                value += w.pending_reward["activate_star"] * args["remaining"]
            case "effect":
                value += _effect_value(w, game, seat, args)
    return value


def _effect_value(w: Weights, game: Game, seat: int, args: dict[str, Any]) -> float:
    effect = args["effect"]
    times: int = effect.get("n", 1)
    per = effect.get("per")
    if per is not None:
        chosen = args.get("chosen")
        if per in CHOICE_COUNTERS and chosen is None:
            return 0.0
        times *= count(game.index, game.player(seat), per, chosen)
    do, what = effect["do"], effect.get("what")
    if do == "gain":
        return times * (1.0 if what == "vp" else w.resource[what])
    if do == "gain_lifeform":
        return times * w.lifeform[what]
    return times * w.pending_reward.get(do, 0.0)


def _unmoved_events(game: Game, seat: int) -> list[int]:
    """Objective conditions met this turn whose advances the Mission step has yet to make."""
    state = game.state
    if state.turn.player != seat:
        return [0, 0, 0]
    waiting = any(
        t.player == seat and t.kind in ("mission_step", "objectives") for t in state.pending
    )
    return list(state.turn.events) if waiting else [0, 0, 0]
