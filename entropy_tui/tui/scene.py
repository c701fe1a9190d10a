"""What one refresh of the game screen shows, gathered once and handed to every widget."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual.content import Content

from entropy_tui.play.changes import NO_CHANGES, Changes
from entropy_tui.play.config import SeatConfig
from entropy_tui.play.glyphs import CHANGED
from entropy_tui.rules import Decision, Game, ScoreBreakdown, last_turn

if TYPE_CHECKING:
    from entropy_tui.play.coach import Advice
    from entropy_tui.play.hints import Hint


@dataclass(frozen=True, slots=True)
class Scene:
    game: Game  # for catalog look-ups and the engine's own previews; never mutated here
    view: dict[str, Any]  # the engine's view for the person at the screen
    seats: tuple[SeatConfig, ...]
    acting: int  # the seat whose decision is pending (or whose turn it is)
    viewer: int | None
    decision: Decision | None
    decision_visible: bool  # may the options be shown (owner at the screen, or open hands)?
    private: frozenset[int]  # seats whose hand and Missions the screen may show
    scores: tuple[ScoreBreakdown, ...]  # each seat's score if the game ended now (public)
    advice: Advice | None = None  # the coach's, in a guided game at a human's decision
    hint: Hint | None = None  # asked for with `h`, for the decision shown
    changes: Changes = NO_CHANGES  # since the seat at the screen last acted
    undo_refusal: str | None = None  # why `u` would take nothing back now (None: it would)

    def changed(self, seat: int, part: str) -> bool:
        return self.changes.seat(seat, part)

    @property
    def players(self) -> list[dict[str, Any]]:
        players: list[dict[str, Any]] = self.view["players"]
        return players

    @property
    def board(self) -> dict[str, Any]:
        board: dict[str, Any] = self.view["board"]
        return board

    @property
    def nothing_hidden(self) -> bool:
        """Every seat's hand may show (open hands, or a finished game): nothing is private."""
        return len(self.private) == len(self.seats)


def seat_tag(seat: SeatConfig, *, name: bool = True) -> Content:
    """The seat's symbol in its colour, and its name: "@ Ann"."""
    look = seat.look
    symbol = Content.styled(look.symbol, look.style)
    return symbol + Content(f" {seat.name}") if name else symbol


def end_banner(game: Game, seats: tuple[SeatConfig, ...]) -> tuple[str, str] | None:
    """Once the end is triggered, when the game ends, in words and in fewer words: ("Last
    round: the game ends after Cy's turn", "Ends after Cy"); None before."""
    end = last_turn(game.state)
    if end is None:
        return None
    end_round, seat = end
    name = seats[seat].name
    if game.state.round >= end_round:
        return f"Last round: the game ends after {name}'s turn", f"Ends after {name}"
    return (
        f"End in sight: round {end_round} is the last, ending after {name}'s turn",
        f"Ends after {name} in R{end_round}",
    )


# A change since the seat at the screen last acted: a mark, and a background from the theme.
CHANGED_STYLE = "bold on $changed"
CHANGES_KEY = Content.styled(CHANGED, CHANGED_STYLE) + Content(": changed since your last turn")


def marked(text: Content | str, changed: bool) -> Content:
    """`text` with the change mark ("*") when `changed`: in place of its first character if
    that is a space (an indented line keeps its place), else before it."""
    content = Content(text) if isinstance(text, str) else text
    if not changed:
        return content
    if content.plain.startswith(" "):
        content = content[1:]
    return Content.styled(CHANGED, CHANGED_STYLE) + content.stylize(CHANGED_STYLE)
