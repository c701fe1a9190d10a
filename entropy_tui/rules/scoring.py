"""Final Scoring: VP tokens, Lifeform Objective tiles, Main Objectives, and 1 VP per 4 leftover
Life cards, Entropy, Mass and Energy."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .counters import count

if TYPE_CHECKING:
    from .game import Game

LEFTOVERS_PER_VP = 4


def objective_vp(game: Game, seat: int, objective: int) -> int:
    """Track VP at the marker's position times the objective's (or alternative's) count."""
    player = game.player(seat)
    spec = game.catalog.main_objectives[objective]
    counter = spec.alt_scoring if game.state.settings.alternative_objectives else spec.scoring
    return spec.track_vp[player.objectives[objective]] * count(game.index, player, counter)


def score_breakdown(game: Game, seat: int) -> dict[str, int]:
    player = game.player(seat)
    breakdown = {
        "vp_tokens": player.vp,
        "lifeform_tiles": sum(tile.vp for tile in player.lifeform_tiles),
    }
    for i, spec in enumerate(game.catalog.main_objectives):
        breakdown[f"objective_{spec.id}"] = objective_vp(game, seat, i)
    leftovers = len(player.hand) + player.entropy + player.mass + player.energy
    breakdown["leftovers"] = leftovers // LEFTOVERS_PER_VP
    breakdown["total"] = sum(breakdown.values())
    return breakdown


def winners(game: Game) -> list[int]:
    """Every seat with the top total: tied players share the victory."""
    totals = [s["total"] for s in game.scores()]
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]
