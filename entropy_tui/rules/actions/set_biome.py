"""Set Biome: take a Biome from the offer and place it by a Planet that has none."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from entropy_tui.rules.actions.common import resolved, skip_option
from entropy_tui.rules.decision import Decision, Option, disabled, option
from entropy_tui.rules.describe import biome_words
from entropy_tui.rules.effects import planet_label
from entropy_tui.rules.refs import planet_ref
from entropy_tui.rules.supply import offer, take_top

if TYPE_CHECKING:
    from entropy_tui.rules.context import Context
    from entropy_tui.rules.state import Task

RULE = "Set Biome"


def planets_without_biome(game: Context, seat: int) -> list[str]:
    refs = []
    for s, system in enumerate(game.state.players[seat].systems):
        for p, planet in enumerate(system.planets):
            if planet.biome is None:
                refs.append(planet_ref(s, p))
    return refs


def _take_label(game: Context, biome_id: str) -> str:
    return f"Take {biome_words(game.index, biome_id)}"


def set_biome(game: Context, task: Task) -> Decision:
    seat = task.player
    free = planets_without_biome(game, seat)
    options: list[Option] = []
    for stack, biome_id in offer(game.state.board.biome_stacks):
        label = partial(_take_label, game, biome_id)
        if not free:
            options.append(
                disabled(f"biome:{biome_id}", label, "every Planet of yours has a Biome")
            )
            continue

        def take(stack: int = stack) -> None:
            game.pop(task)
            taken = take_top(game.state.board, game.state.board.biome_stacks, stack)
            resolved(game, task)
            game.push("place_biome", seat, biome=taken)

        options.append(option(f"biome:{biome_id}", label, take))
    options.append(skip_option(game, task))
    return Decision(seat, "Set Biome: choose a Biome from the offer", RULE, options)


def place_biome(game: Context, task: Task) -> Decision | None:
    seat = task.player
    biome_id: str = task.args["biome"]

    def place(ref: str) -> None:
        game.pop(task)
        game.planet(seat, ref).biome = biome_id
        game.player(seat).area_changed()
        game.note(
            seat,
            "action",
            f"{game.name(seat)} set Biome {biome_id} on Planet {game.planet(seat, ref).tile}",
        )

    refs = planets_without_biome(game, seat)
    if len(refs) == 1:
        place(refs[0])
        return None
    options = [
        option(f"planet:{r}", partial(_place_label, game, seat, r), partial(place, r)) for r in refs
    ]
    return Decision(seat, f"Which Planet gets Biome {biome_id}?", RULE, options)


def _place_label(game: Context, seat: int, ref: str) -> str:
    return f"Place it by {planet_label(game, seat, ref)}"
