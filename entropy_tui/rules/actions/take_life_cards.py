"""Take Life Cards: two cards from the face-up offer; an empty deck is refilled from its twin."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from entropy_tui.rules.actions.common import resolved, skip_option
from entropy_tui.rules.decision import Decision, Option, option
from entropy_tui.rules.describe import card_words
from entropy_tui.rules.supply import offer, take_top

if TYPE_CHECKING:
    from entropy_tui.rules.context import Context
    from entropy_tui.rules.state import Task

RULE = "Take Life Cards"
CARDS = 2


def card_offer_options(game: Context, seat: int, then: Callable[[], None]) -> list[Option]:
    """One option per card on offer (the top of its deck, its words written when read);
    `then()` runs after the card is taken."""
    return [
        option(
            f"card:{card}",
            partial(_take_label, game, card),
            partial(_take_card, game, seat, deck, then=then),
        )
        for deck, card in offer(game.state.board.life_decks)
    ]


def _take_label(game: Context, card: str) -> str:
    return f"Take {card_words(game.index, card)}"


def _take_card(game: Context, seat: int, deck: int, *, then: Callable[[], None]) -> None:
    board = game.state.board
    card = take_top(board, board.life_decks, deck)
    game.state.players[seat].hand.append(card)
    game.note(seat, "card", f"{game.name(seat)} took Life card {card}")
    then()


def take_life_cards(game: Context, task: Task) -> Decision | None:
    seat = task.player
    taken = task.args.setdefault("taken", 0)

    def after() -> None:
        task.args["taken"] += 1
        resolved(game, task)
        if task.args["taken"] >= CARDS:
            game.pop(task)

    options = card_offer_options(game, seat, after)
    if not options:
        game.pop(task)
        return None
    if taken:
        options.append(option("done", "Take no more cards", lambda: game.pop(task)))
    else:
        options.append(skip_option(game, task))
    return Decision(seat, f"Take Life Cards: take card {taken + 1} of {CARDS}", RULE, options)
