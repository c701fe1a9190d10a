"""Biomes: rewards when landing on their trigger, and fulfilling them (a free action)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from entropy_tui.rules.decision import Decision, disabled, option
from entropy_tui.rules.describe import SCARCE_PRICE, biome_words, effects_words, improvement_words
from entropy_tui.rules.effects import (
    lifeforms_lost,
    local_gains,
    lost_words,
    planet_label,
    planet_refs,
    push_effects,
    reward_decision,
)
from entropy_tui.rules.refs import planet_ref

if TYPE_CHECKING:
    from entropy_tui.rules.catalog import CatalogIndex, Effect
    from entropy_tui.rules.context import Context
    from entropy_tui.rules.state import PlanetState, Task
    from entropy_tui.rules.vocabulary import TaskKind

RULE = "Set Biome"
SCARCE_COST = 1  # Entropy to collect a Scarce Biome's reward


def requirement_met(game: Context, seat: int, ref: str) -> bool:
    return can_fulfil(game.index, game.planet(seat, ref))


def can_fulfil(index: CatalogIndex, planet: PlanetState) -> bool:
    """The Planet's Biome is not fulfilled yet and its Lifeforms meet the requirement."""
    if planet.biome is None or planet.fulfilled:
        return False
    life = planet.life
    # A loop rather than all(): this runs for every Biome at every decision of a turn.
    for kind, n in index.biome[planet.biome].requirement.items():  # noqa: SIM110
        if life[kind] < n:
            return False
    return True


def fulfil_biome(game: Context, seat: int, ref: str) -> None:
    """Flips the Biome; it counts toward the Main Objective "Fulfill a Biome"."""
    planet = game.planet(seat, ref)
    planet.fulfilled = True
    game.player(seat).area_changed()
    game.state.turn.events[2] += 1
    game.note(seat, "biome", f"{game.name(seat)} fulfilled Biome {planet.biome}")


def current_reward(game: Context, seat: int, ref: str) -> list[Effect]:
    planet = game.planet(seat, ref)
    assert planet.biome is not None
    biome = game.index.biome[planet.biome]
    return list(biome.improved if planet.fulfilled else biome.reward)


def biome_rewards(game: Context, task: Task) -> None:
    """End of the Movement step: each Biome triggered by the landed action gives its reward."""
    seat = task.player
    game.pop(task)
    action = game.state.turn.action
    steps: list[tuple[TaskKind, dict[str, str]]] = []
    biomes = game.index.biome
    for s, system in enumerate(game.state.players[seat].systems):
        for p, planet in enumerate(system.planets):
            if planet.biome is None:
                continue
            biome = biomes[planet.biome]
            if biome.trigger == action:
                kind: TaskKind = "scarce_biome" if biome.kind == "scarce" else "biome_reward"
                steps.append((kind, {"planet": planet_ref(s, p)}))
    game.push_in_order(seat, steps)


def abundant_reward(game: Context, task: Task) -> None:
    seat, ref = task.player, task.args["planet"]
    game.pop(task)
    reward = current_reward(game, seat, ref)
    biome = game.planet(seat, ref).biome
    game.note(seat, "biome", f"Biome {biome} rewards {game.name(seat)}: {effects_words(reward)}")
    push_effects(game, seat, reward, planet=ref, origin=f"Biome {biome}", rule=RULE)


def scarce_reward(game: Context, task: Task) -> Decision:
    seat, ref = task.player, task.args["planet"]
    player = game.state.players[seat]
    reward = current_reward(game, seat, ref)
    biome = game.planet(seat, ref).biome

    def collect() -> None:
        game.pop(task)
        player.entropy -= SCARCE_COST
        game.note(seat, "biome", f"{player.name} paid 1 Entropy for Biome {biome}")
        push_effects(game, seat, reward, planet=ref, origin=f"Biome {biome}", rule=RULE)

    label = partial(_collect_label, game, seat, ref, reward)
    take = (
        option("collect", label, collect)
        if player.entropy >= SCARCE_COST
        else disabled("collect", label, f"needs 1 Entropy, you have {player.entropy}")
    )
    return Decision(
        seat,
        f"{biome_words(game.index, biome or '')} on {planet_label(game, seat, ref)}",
        RULE,
        [take, option("skip", "Decline the reward", lambda: game.pop(task))],
    )


def _collect_label(game: Context, seat: int, ref: str, reward: list[Effect]) -> str:
    entropy = game.player(seat).entropy
    return f"Pay 1 Entropy (you have {entropy}): {_reward_and_loss(game, seat, ref, reward)}"


def _reward_and_loss(game: Context, seat: int, ref: str, reward: list[Effect]) -> str:
    """ "+1 Bacteria here: 1 Bacteria lost to the limit of 5 on C01"."""
    lost = lifeforms_lost(game.planet(seat, ref).life, local_gains(game, seat, reward))
    words = effects_words(reward)
    return f"{words}: {lost_words(game, seat, ref, lost)}" if lost else words


def landing_words(game: Context, seat: int, action: str, entropy: int) -> str:
    """What each Biome of the seat's play area gives at a landing on `action`, with what the
    limit of 5 throws away and a Scarce Biome's Entropy against the `entropy` the seat will
    have then ("; Scarce Biome BS09: +2 VP for 1 Entropy (you have 0)")."""
    words = ""
    biomes = game.index.biome
    for s, system in enumerate(game.player(seat).systems):
        for p, planet in enumerate(system.planets):
            if planet.biome is None or biomes[planet.biome].trigger != action:
                continue
            ref = planet_ref(s, p)
            reward = _reward_and_loss(game, seat, ref, current_reward(game, seat, ref))
            if biomes[planet.biome].kind == "scarce":
                words += (
                    f"; Scarce Biome {planet.biome}: {reward}{SCARCE_PRICE} (you have {entropy})"
                )
            else:
                words += f"; Biome {planet.biome}: {reward}"
    return words


def fulfil_label(game: Context, seat: int, ref: str, verb: str) -> str:
    """ "Fulfil the Biome on …: from now on each landing on … gives … instead of …"."""
    biome = game.planet(seat, ref).biome or ""
    where = planet_label(game, seat, ref)
    return f"{verb} the Biome on {where}: {improvement_words(game.index, biome)}"


def free_fulfil(game: Context, task: Task) -> Decision | None:
    seat = task.player
    refs = [
        r
        for r in planet_refs(game, seat)
        if game.planet(seat, r).biome is not None and not game.planet(seat, r).fulfilled
    ]

    def fulfil(ref: str) -> None:
        game.pop(task)
        fulfil_biome(game, seat, ref)

    options = [
        option(f"planet:{r}", partial(fulfil_label, game, seat, r, "Fulfil"), partial(fulfil, r))
        for r in refs
    ]
    prompt = "Fulfil a Biome without meeting its requirement"
    return reward_decision(game, task, options, prompt, "Set Biome")
