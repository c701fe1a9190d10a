"""Free actions: the Entropy exchange (in the Action step) and fulfilling a Biome (at any
decision of your own turn until its Objectives are checked)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from entropy_tui.rules.biomes import can_fulfil, fulfil_biome, fulfil_label
from entropy_tui.rules.decision import Option, option
from entropy_tui.rules.refs import planet_ref
from entropy_tui.rules.vocabulary import title

if TYPE_CHECKING:
    from entropy_tui.rules.context import Context
    from entropy_tui.rules.state import PlayerState

EXCHANGE_COST = 2  # Entropy for 1 Energy or 1 Mass
# Offered at nearly every decision of a turn: the fixed words are written once.
EXCHANGES = tuple(
    (f"exchange:{resource}", f"Free action: exchange 2 Entropy for 1 {title(resource)}", resource)
    for resource in ("energy", "mass")
)


def free_action_options(game: Context, seat: int, exchange: bool = True) -> list[Option]:
    """What the player may do besides the pending choice (never ends the current Task);
    `exchange`: the Entropy exchange too."""
    player = game.state.players[seat]
    options = []
    if exchange and player.entropy >= EXCHANGE_COST:
        for option_id, label, resource in EXCHANGES:
            exchanged = partial(_exchange, game, seat, resource)
            options.append(option(option_id, label, exchanged, rule="Actions"))
    if _biome_to_fulfil(game, player):
        index = game.index
        for s, system in enumerate(player.systems):
            for p, planet in enumerate(system.planets):
                if planet.biome is not None and not planet.fulfilled and can_fulfil(index, planet):
                    ref = planet_ref(s, p)
                    options.append(
                        option(
                            f"fulfil:{ref}",
                            partial(_fulfil_label, game, seat, ref),
                            partial(fulfil_biome, game, seat, ref),
                            rule="Set Biome",
                        )
                    )
    return options


def _biome_to_fulfil(game: Context, player: PlayerState) -> bool:
    """Whether a Biome of the play area can be fulfilled now: asked at nearly every decision,
    so the answer is kept in the play area until its Lifeforms or Biomes change."""
    ready = player.biome_ready
    if ready is None:
        ready = player.biome_ready = _any_biome_ready(game, player)
    return ready


def _any_biome_ready(game: Context, player: PlayerState) -> bool:
    """Most Planets have no Biome waiting, so they are tested before the requirement, read as
    pairs from the catalog's index (can_fulfil, inlined)."""
    requirements = game.index.biome_requirement
    for system in player.systems:
        for planet in system.planets:
            biome = planet.biome
            if biome is None or planet.fulfilled:
                continue
            life = planet.life
            for kind, n in requirements[biome]:
                if life[kind] < n:
                    break
            else:
                return True
    return False


def _exchange(game: Context, seat: int, resource: str) -> None:
    player = game.player(seat)
    player.entropy -= EXCHANGE_COST
    setattr(player, resource, getattr(player, resource) + 1)
    gained = f"1 {title(resource)}"
    game.note(seat, "exchange", f"{player.name} exchanged 2 Entropy for {gained}")


def has_free_action(game: Context, seat: int) -> bool:
    """Whether `free_action_options` offers anything (exchange included), without making
    the options."""
    player = game.state.players[seat]
    return player.entropy >= EXCHANGE_COST or _biome_to_fulfil(game, player)


def _fulfil_label(game: Context, seat: int, ref: str) -> str:
    return fulfil_label(game, seat, ref, "Free action: fulfil")
