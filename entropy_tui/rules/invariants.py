"""Facts that hold in every reachable state; the random playouts and `simulate` check them."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from entropy_tui.rules.actions.create_life import MAX_CARDS_PER_PLANET
from entropy_tui.rules.biomes import can_fulfil
from entropy_tui.rules.counters import planets
from entropy_tui.rules.effects import MAX_LIFEFORMS
from entropy_tui.rules.missions import final_space
from entropy_tui.rules.vocabulary import LIFEFORMS

if TYPE_CHECKING:
    from entropy_tui.rules.context import Context, Playable
    from entropy_tui.rules.state import PlayerState

MAX_ASTEROIDS_PER_PLANET = 2
TOKENS_PER_PLAYER = 4


def violations(game: Playable) -> list[str]:
    """Every broken invariant, in words; empty when all hold."""
    problems: list[str] = []
    state = game.state
    catalog = game.catalog
    for player in state.players:
        for resource in ("energy", "mass", "entropy", "vp"):
            if getattr(player, resource) < 0:
                problems.append(f"{player.name} has {getattr(player, resource)} {resource}")
        if len(player.tokens) != TOKENS_PER_PLAYER:
            problems.append(f"{player.name} has {len(player.tokens)} Creation tokens")
        for planet in planets(player):
            if any(not 0 <= n <= MAX_LIFEFORMS for n in planet.life.values()):
                problems.append(f"{player.name}'s Planet {planet.tile} has {planet.life}")
            if len(planet.cards) > MAX_CARDS_PER_PLANET:
                problems.append(
                    f"{player.name}'s Planet {planet.tile} has {len(planet.cards)} cards"
                )
            if len(planet.asteroids) > MAX_ASTEROIDS_PER_PLANET:
                problems.append(f"{player.name}'s Planet {planet.tile} has too many Asteroids")
            if planet.fulfilled and planet.biome is None:
                problems.append(f"{player.name}'s Planet {planet.tile} is fulfilled with no Biome")
        problems += _stale_sums(game, player)
        if len(player.systems) > catalog.board.solar_systems:
            problems.append(f"{player.name} has {len(player.systems)} Solar Systems")
        for system in player.systems:
            if len(system.planets) > catalog.board.planet_spaces:
                problems.append(f"{player.name} has a Solar System with too many Planets")
    for i in range(len(catalog.main_objectives)):
        on_final = sum(p.objectives[i] == final_space(game, i) for p in state.players)
        if on_final > 1:
            problems.append(f"{on_final} players on the final space of Main Objective {i + 1}")
    problems += _conservation(game)
    if not state.over and game.decision is None:
        problems.append("the game is not over but nothing is pending")
    return problems


def _stale_sums(game: Context, player: PlayerState) -> list[str]:
    """The sums a play area keeps agree with the Planets they were worked out from."""
    problems = []
    if player.biome_ready is not None:
        ready = any(can_fulfil(game.index, planet) for planet in planets(player))
        if player.biome_ready != ready:
            problems.append(f"{player.name}'s play area keeps a stale Biome test")
    if player.life_totals is not None:
        totals = {life: sum(p.life[life] for p in planets(player)) for life in LIFEFORMS}
        if player.life_totals != totals:
            problems.append(f"{player.name}'s play area keeps stale Lifeform totals")
    return problems


def _conservation(game: Context) -> list[str]:
    """Limited components: board + supply + players + box = the printed count."""
    state, catalog, board = game.state, game.catalog, game.state.board
    where: Counter[str] = Counter()
    for player in state.players:
        for system in player.systems:
            if system.star is not None:
                where[system.star] += 1
            for planet in system.planets:
                where[planet.tile] += 1
                where.update(planet.asteroids.values())
                if planet.biome is not None:
                    where[planet.biome] += 1
                where.update(planet.cards)
        where.update(player.hand)
        where.update(player.missions)
    for stack in [*board.planet_stacks, *board.biome_stacks, *board.life_decks]:
        where.update(stack)
    for stack in board.asteroid_stacks.values():
        where.update(stack)
    where.update(board.box)
    for task in state.pending:  # taken from the offer, waiting to be placed
        if task.kind == "place_planet":
            where[task.args["planet"]] += 1
        elif task.kind == "place_biome":
            where[task.args["biome"]] += 1
        elif task.kind == "place_life_card":  # played, placed once its effect is resolved
            where[task.args["card"]] += 1
    problems = []
    star_counts = {s.id: s.count for s in catalog.stars}
    for star_id, printed in star_counts.items():
        total = board.star_stacks[star_id] + where[star_id]
        if total != printed:
            problems.append(f"Star {star_id}: {total} in play, {printed} printed")
    singles = [
        *(s.id for s in catalog.starting_stars),
        *(p.id for p in catalog.planets),
        *(p.id for p in catalog.starting_planets),
        *(a.id for a in catalog.asteroids),
        *(b.id for b in catalog.biomes),
        *(c.id for c in catalog.life_cards),
        *(m.id for m in catalog.missions),
    ]
    problems += [f"{item} appears {where[item]} times" for item in singles if where[item] != 1]
    systems = board.solar_systems + sum(len(p.systems) for p in state.players)
    if systems != catalog.board.solar_systems:
        problems.append(f"{systems} Solar System tiles, {catalog.board.solar_systems} printed")
    tiles = (
        sum(len(v) for v in board.small_objectives.values())
        + sum(1 for v in board.big_objectives.values() if v is None)
        + sum(len(p.lifeform_tiles) for p in state.players)
        + sum(1 for item in board.box if item.startswith("lifeform-tile:"))
    )
    printed = sum(1 + len(o.small) for o in catalog.lifeform_objectives)
    if tiles != printed:
        problems.append(f"{tiles} Lifeform Objective tiles, {printed} printed")
    return problems
