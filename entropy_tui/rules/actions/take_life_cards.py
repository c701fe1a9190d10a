"""Take Life Cards: two cards from the face-up offer; an empty deck is refilled from its twin."""

from __future__ import annotations

from collections.abc import Callable
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


class CardOption(Option):
    """Taking the top card of a Life deck: a few are offered at every Take Life Cards decision,
    so the option holds what it takes, its words are written only when read and its `apply` is
    a method (no function made per card)."""

    __slots__ = ("_words", "card", "deck", "game", "seat", "then")
    _words: str | None  # its label, once written (Option's `_label` is left unused)
    game: Context
    seat: int
    deck: int
    card: str
    then: Callable[[], None]
    # The same for every card on offer, so read from the class (they shadow Option's slots,
    # which a card option never writes).
    enabled = True
    rule = ""
    _reason = ""

    @property
    def label(self) -> str:
        if self._words is None:
            self._words = f"Take {card_words(self.game.index, self.card)}"
        return self._words

    def apply(self) -> None:
        game, seat = self.game, self.seat
        board = game.state.board
        card = take_top(board, board.life_decks, self.deck)
        game.state.players[seat].hand.append(card)
        game.note(seat, "card", f"{game.name(seat)} took Life card {card}")
        self.then()


_new = object.__new__


def card_offer_options(game: Context, seat: int, then: Callable[[], None]) -> list[Option]:
    """One option per card on offer; `then()` runs after the card is taken."""
    options: list[Option] = []
    for deck, card in offer(game.state.board.life_decks):
        made = _new(CardOption)
        made.id = f"card:{card}"
        made._words = None
        made.game, made.seat, made.deck, made.card, made.then = game, seat, deck, card, then
        options.append(made)
    return options


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
