"""Upgrade Console: 3 Energy turns one Focus card to its next tier; then that card's Creation
token comes back from the board, lying down, without a reward."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from entropy_tui.rules.actions.common import can_pay, pay, resolved, skip_option
from entropy_tui.rules.decision import Decision, Option, disabled, option
from entropy_tui.rules.describe import effects_words
from entropy_tui.rules.vocabulary import FOCUS_TOKENS, title

if TYPE_CHECKING:
    from entropy_tui.rules.catalog import FocusCard
    from entropy_tui.rules.context import Context
    from entropy_tui.rules.state import Task

RULE = "Upgrade Console"
COST = 3
TOP_TIER = 2


def upgrade_console(game: Context, task: Task) -> Decision:
    seat = task.player
    player = game.state.players[seat]
    options: list[Option] = []
    for token in FOCUS_TOKENS:
        tier = player.focus[token]
        card = game.index.focus[(player.focus_set, token)]
        option_id = f"focus:{token}"
        if tier >= TOP_TIER:
            options.append(
                disabled(
                    option_id, f"Upgrade your {title(token)} Focus card", "it is already at tier 2"
                )
            )
            continue
        on_board = player.tokens[token].where == "board"
        label = partial(_upgrade_label, card, token, tier, on_board)
        ok, why = can_pay(game, seat, "energy", COST)
        options.append(
            option(option_id, label, partial(_upgrade, game, task, token))
            if ok
            else disabled(option_id, label, why)
        )
    options.append(skip_option(game, task))
    return Decision(seat, "Upgrade Console: choose a Focus card to upgrade", RULE, options)


def _upgrade_label(card: FocusCard, token: str, tier: int, on_board: bool) -> str:
    effects = effects_words(list(card.tier1 if tier == 0 else card.tier2))
    label = (
        f"Upgrade your {title(token)} Focus card to tier {tier + 1}: pay {COST} Energy; "
        f"your {title(token)} token then triggers {effects}"
    )
    if tier == 1:
        label += f" instead of {effects_words(list(card.tier1))}"
    if on_board:
        label += f"; your {title(token)} token comes back from the board (no reward)"
    return label


def _upgrade(game: Context, task: Task, token: str) -> None:
    seat = task.player
    player = game.state.players[seat]
    game.pop(task)
    pay(game, seat, "energy", COST)
    player.focus[token] += 1
    game.note(
        seat,
        "action",
        f"{player.name} upgraded the {title(token)} Focus card to tier {player.focus[token]}",
    )
    creation = player.tokens[token]
    if creation.where == "board":
        creation.where, creation.slot = "lying", None
        game.note(seat, "retrieve", f"{player.name} took back their {title(token)} token")
    resolved(game, task)
