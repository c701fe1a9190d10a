"""Take Life Cards: two cards from the face-up offer; an empty deck is refilled from its twin."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from ..decision import Decision, Option, option
from ..describe import card_words
from ..supply import offer, take_top
from .common import resolved, skip_option

if TYPE_CHECKING:
    from ..game import Game
    from ..state import Task

RULE = "Take Life Cards"
CARDS = 2


def card_offer_options(game: Game, seat: int, then: Callable[[], None]) -> list[Option]:
    """One option per card on offer; `then()` runs after the card is taken."""

    def take(deck: int) -> None:
        card = take_top(game.state.board, game.state.board.life_decks, deck)
        game.player(seat).hand.append(card)
        game.note(seat, "card", f"{game.name(seat)} took Life card {card}")
        then()

    options = []
    for deck, card in offer(game.state.board.life_decks):
        label = partial(_take_label, game, card)
        options.append(option(f"card:{card}", label, partial(take, deck)))
    return options


def _take_label(game: Game, card: str) -> str:
    return f"Take {card_words(game.index, card)}"


def take_life_cards(game: Game, task: Task) -> Decision | None:
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
