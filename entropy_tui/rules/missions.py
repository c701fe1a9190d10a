"""The Mission step: Missions, Main Objectives, Lifeform Objectives, readying tokens."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from entropy_tui.rules.catalog import Effect
from entropy_tui.rules.counters import CHOICE_COUNTERS, choice_domain, count
from entropy_tui.rules.decision import Decision, option
from entropy_tui.rules.describe import amount, effect_words
from entropy_tui.rules.effects import push_effects
from entropy_tui.rules.state import LifeformTile, Task
from entropy_tui.rules.vocabulary import LIFEFORMS, title

if TYPE_CHECKING:
    from entropy_tui.rules.context import Context
    from entropy_tui.rules.state import PlayerState

RULE_MISSION = "Fulfill a Mission"
RULE_LIFEFORM = "Lifeform Objective"
OBJECTIVES_TO_END = 2


def mission_step(game: Context, task: Task) -> Decision | None:
    """Missions, then Main Objectives, Lifeform Objectives and readying tokens (all in
    `lifeform_objectives`, which only stops to offer a big tile)."""
    seat = task.player
    state = game.state
    game.pop(task)
    state.turn.step = "mission"
    player = state.players[seat]
    for mission_id in player.missions:
        if mission_met(game, seat, mission_id):
            game.push_in_order(seat, [("play_mission", {}), ("lifeform_objectives", {})])
            return None
    if not any(state.turn.events) and not _tile_in_reach(game, player):
        # Most turns: no Objective advances and no Lifeform reaches a tile, so the step only
        # readies the tokens (as `lifeform_objectives` would, without its Task).
        ready_tokens(game, seat)
        return None
    # Nothing comes between: its Task is resolved here, without a turn of the Task loop.
    return lifeform_objectives(game, game.push("lifeform_objectives", seat))


def mission_met(game: Context, seat: int, mission_id: str) -> bool:
    index = game.index
    counter, parameter, at_least = index.mission_tests[mission_id]
    return counter(index, game.state.players[seat], parameter) >= at_least


def missions_lost_if(game: Context, seat: int, change: Callable[[PlayerState], None]) -> str:
    """What `change` (made to a copy of the play area) would cost in Missions now met, in
    words ("; you would no longer have 3 Water icons in 1 Solar System for M11"), or ""."""
    player = game.player(seat)
    met = [m for m in player.missions if mission_met(game, seat, m)]
    if not met:
        return ""
    changed = player.copy()
    change(changed)
    changed.area_changed()  # `change` edits the copy directly: its kept sums are stale
    words = ""
    for mission_id in met:
        mission = game.index.mission[mission_id]
        if count(game.index, changed, mission.requirement) < mission.at_least:
            words += f"; {_no_longer(mission.text)} for {mission_id}"
    return words


def _no_longer(text: str) -> str:
    """ "Have 3 Water Life Condition icons in 1 Solar System. Reward: ..." -> "you would no
    longer have 3 Water icons in 1 Solar System"."""
    requirement = text.split(". Reward")[0].replace(" Life Condition icons", " icons")
    if requirement.startswith("Have "):
        return "you would no longer h" + requirement[1:]
    return f"you would no longer meet '{requirement}'"


def reward_now(game: Context, seat: int, effects: list[Effect]) -> str:
    """What a reward "for each X" is worth in this position ("gain 4 Mass, take 2 Life
    cards"); a reward whose type is chosen is counted for the best type."""
    player = game.player(seat)
    totals: dict[tuple[str, str | None], int] = {}
    best = ""
    for effect in effects:
        n = effect.n
        if effect.per in CHOICE_COUNTERS:
            counts = {
                v: count(game.index, player, effect.per, v) for v in choice_domain(effect.per)
            }
            best = max(counts, key=lambda v: counts[v])
            n *= counts[best]
        elif effect.per:
            n *= count(game.index, player, effect.per)
        key = (effect.do, effect.what)
        totals[key] = totals.get(key, 0) + n
    parts = []
    for (do, what), n in totals.items():
        match do:
            case "gain" | "gain_lifeform":
                parts.append(f"gain {amount(n, what or '')}")
            case "take_life_cards":
                parts.append(f"take {n} Life card" + ("s" if n != 1 else ""))
            case _:
                parts.append(effect_words(Effect(do=do, n=n, what=what)))  # type: ignore[arg-type]
    words = ", ".join(parts)
    return words + (f" (counting {title(best)})" if best else "")


def play_mission(game: Context, task: Task) -> Decision | None:
    seat = task.player
    player = game.player(seat)
    ready = [m for m in player.missions if mission_met(game, seat, m)]
    if not ready:
        game.pop(task)
        return None

    def play(mission_id: str) -> None:
        game.pop(task)
        mission = game.index.mission[mission_id]
        game.state.board.box.extend(player.missions)
        player.missions = []
        player.mission_done = mission_id
        game.note(seat, "mission", f"{player.name} fulfilled Mission {mission_id}: {mission.text}")
        push_effects(
            game, seat, list(mission.reward), origin=f"Mission {mission_id}", rule=RULE_MISSION
        )

    options = [
        option(
            f"mission:{m}",
            partial(_mission_label, game, seat, m),
            partial(play, m),
        )
        for m in ready
    ]
    options.append(option("skip", "Keep your Missions for later", lambda: game.pop(task)))
    return Decision(seat, "Fulfil a Mission?", RULE_MISSION, options)


def _mission_label(game: Context, seat: int, mission_id: str) -> str:
    mission = game.index.mission[mission_id]
    return (
        f"Play Mission {mission_id}: {mission.text} Worth now: "
        f"{reward_now(game, seat, list(mission.reward))} (discards both Missions)"
    )


def final_space(game: Context, objective: int) -> int:
    return game.index.final_spaces[objective]


def completed_objectives(game: Context) -> int:
    """Main Objectives whose final space is taken, plus big Lifeform tiles claimed."""
    state = game.state
    players = state.players
    done = 0
    for i, final in enumerate(game.index.final_spaces):
        for player in players:
            if player.objectives[i] == final:
                done += 1
                break
    for seat in state.board.big_objectives.values():
        if seat is not None:
            done += 1
    return done


def _check_end(game: Context) -> None:
    state = game.state
    if state.end_round is not None:
        return
    if completed_objectives(game) >= OBJECTIVES_TO_END:
        state.end_round = state.round + 1
        game.note(None, "end", "Two Objectives are complete: this round and one more are played")


def advance_objectives(game: Context, seat: int) -> None:
    """You must advance 1 space per condition met; the final space holds one player only."""
    state = game.state
    events = state.turn.events
    if not any(events):
        # Most turns meet no condition: nothing advances, so no Objective completes (the end
        # is checked whenever one may: here after an advance, and when a big tile is claimed).
        return
    player = state.players[seat]
    for i, times in enumerate(events):
        if not times:
            continue
        final = final_space(game, i)
        for _ in range(times):
            target = player.objectives[i] + 1
            taken = any(p.objectives[i] == final for s, p in enumerate(state.players) if s != seat)
            if target > final or (target == final and taken):
                break
            player.objectives[i] = target
            objective = game.catalog.main_objectives[i]
            game.note(
                seat,
                "objective",
                f"{player.name} advanced on '{objective.condition}'"
                + (" to the final space" if target == final else ""),
            )
    _check_end(game)


def lifeform_objectives(game: Context, task: Task) -> Decision | None:
    """Small tiles are claimed at once (a pure gain); the big one ends the game sooner, so it
    is offered."""
    seat = task.player
    state = game.state
    player = state.players[seat]
    board = state.board
    if not task.args.get("advanced"):
        task.args["advanced"] = True
        advance_objectives(game, seat)
    if not _tile_in_reach(game, player):  # nothing to claim or to offer
        game.pop(task)
        ready_tokens(game, seat)
        return None
    totals = lifeform_totals(player)
    objectives = game.index.lifeform_objective
    small_objectives = board.small_objectives
    big_objectives = board.big_objectives
    declined: list[str] = task.args.setdefault("declined", [])
    claimable = []
    held_small = set()  # the Lifeforms whose small tile the player holds (claimed below: others)
    for tile in player.lifeform_tiles:
        if not tile.big:
            held_small.add(tile.lifeform)
    for life in LIFEFORMS:
        total = totals[life]
        objective = objectives[life]
        if total >= objective.small_threshold and small_objectives[life] and life not in held_small:
            vp = small_objectives[life].pop()
            _claim(game, seat, life, big=False, vp=vp)
        # A small tile claimed changes nothing here: the big ones are offered after them all.
        if (
            total >= objective.big_threshold
            and big_objectives[life] is None
            and life not in declined
        ):
            claimable.append(life)
    if not claimable:
        # The end was checked when the Objectives advanced and when a big tile was claimed,
        # the only steps here that complete one.
        game.pop(task)
        ready_tokens(game, seat)
        return None
    life = claimable[0]
    objective = game.index.lifeform_objective[life]

    def claim() -> None:
        board.big_objectives[life] = seat
        _claim(game, seat, life, big=True, vp=objective.big_vp)
        _check_end(game)

    def decline() -> None:
        declined.append(life)

    return Decision(
        seat,
        f"You have {objective.big_threshold}+ {title(life)}: claim the big Lifeform Objective?",
        RULE_LIFEFORM,
        [
            option(
                f"claim:{life}",
                f"Claim the big {title(life)} tile ({objective.big_vp} VP at "
                "the end); it completes an Objective",
                claim,
            ),
            option("skip", "Not now", decline),
        ],
    )


def _tile_in_reach(game: Context, player: PlayerState) -> bool:
    """Whether some Lifeform of the play area reaches the least that claims one of its tiles."""
    totals = lifeform_totals(player)
    for life, least in game.index.lifeform_tile_least:  # noqa: SIM110 - a loop: every turn
        if totals[life] >= least:
            return True
    return False


def lifeform_totals(player: PlayerState) -> dict[str, int]:
    """Each Lifeform type counted over the whole play area (kept in the play area until its
    Lifeforms change: not to be changed)."""
    totals = player.life_totals
    if totals is None:
        totals = player.life_totals = _count_lifeforms(player)
    return totals


def lifeform_goals(game: Context, seat: int) -> list[tuple[str, int, int | None]]:
    """Each Lifeform with the seat's total of it and the least that claims the next tile still
    open to them (a small tile while they hold none and the stack has one, else the big one
    while nobody holds it; None when no tile of it is left to them)."""
    player = game.state.players[seat]
    board = game.state.board
    held_small = {tile.lifeform for tile in player.lifeform_tiles if not tile.big}
    totals = lifeform_totals(player)
    goals: list[tuple[str, int, int | None]] = []
    for life in LIFEFORMS:
        objective = game.index.lifeform_objective[life]
        open_thresholds = []
        if board.small_objectives[life] and life not in held_small:
            open_thresholds.append(objective.small_threshold)
        if board.big_objectives[life] is None:
            open_thresholds.append(objective.big_threshold)
        # A threshold already reached is claimed at the Mission step: the next one is ahead.
        ahead = [least for least in open_thresholds if least > totals[life]]
        goals.append((life, totals[life], min(ahead or open_thresholds, default=None)))
    return goals


def _count_lifeforms(player: PlayerState) -> dict[str, int]:
    bacteria = plant = animal = 0
    for system in player.systems:
        for planet in system.planets:
            life = planet.life
            bacteria += life["bacteria"]
            plant += life["plant"]
            animal += life["animal"]
    return {"bacteria": bacteria, "plant": plant, "animal": animal}


def _claim(game: Context, seat: int, life: str, *, big: bool, vp: int) -> None:
    player = game.player(seat)
    player.lifeform_tiles.append(LifeformTile(lifeform=life, big=big, vp=vp))
    size = "big" if big else "small"
    game.note(seat, "lifeform", f"{player.name} claimed the {size} {title(life)} tile ({vp} VP)")


def ready_tokens(game: Context, seat: int) -> None:
    """The last step of the turn: lying Creation tokens stand again."""
    for token in game.state.players[seat].tokens.values():
        if token.where == "lying":
            token.where = "ready"
