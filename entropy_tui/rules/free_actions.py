"""Free actions: the Entropy exchange (in the Action step) and fulfilling a Biome (at any
decision of your own turn until its Objectives are checked)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .biomes import fulfil_biome, requirement_met
from .decision import Option
from .effects import planet_label, planet_refs
from .vocabulary import title

if TYPE_CHECKING:
    from .game import Game

EXCHANGE_COST = 2  # Entropy for 1 Energy or 1 Mass


def free_action_options(game: Game, seat: int, exchange: bool = True) -> list[Option]:
    """What the player may do besides the pending choice (never ends the current Task);
    `exchange`: the Entropy exchange too."""
    player = game.player(seat)
    options = []
    if exchange and player.entropy >= EXCHANGE_COST:
        for resource in ("energy", "mass"):

            def exchange(resource: str = resource) -> None:
                player.entropy -= EXCHANGE_COST
                setattr(player, resource, getattr(player, resource) + 1)
                gained = f"1 {title(resource)}"
                game.note(seat, "exchange", f"{player.name} exchanged 2 Entropy for {gained}")

            options.append(
                Option(
                    f"exchange:{resource}",
                    f"Free action: exchange 2 Entropy for 1 {title(resource)}",
                    exchange,
                    rule="Actions",
                )
            )
    for ref in planet_refs(game, seat):
        if requirement_met(game, seat, ref):
            options.append(
                Option(
                    f"fulfil:{ref}",
                    f"Free action: fulfil the Biome on {planet_label(game, seat, ref)}",
                    lambda ref=ref: fulfil_biome(game, seat, ref),
                    rule="Set Biome",
                )
            )
    return options
