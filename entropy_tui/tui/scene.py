"""What one refresh of the game screen shows, gathered once and handed to every widget."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual.content import Content

from entropy_tui.rules import Decision, Game
from entropy_tui.rules.scoring import ScoreBreakdown

from .config import SeatConfig

if TYPE_CHECKING:
    from entropy_tui.coach import Advice
    from entropy_tui.hints import Hint


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

    @property
    def players(self) -> list[dict[str, Any]]:
        return self.view["players"]

    @property
    def board(self) -> dict[str, Any]:
        return self.view["board"]

    @property
    def nothing_hidden(self) -> bool:
        """Every seat's hand may show (open hands, or a finished game): nothing is private."""
        return len(self.private) == len(self.seats)


def seat_tag(seat: SeatConfig, *, name: bool = True) -> Content:
    """The seat's symbol in its colour, and its name: "@ Ann"."""
    look = seat.look
    symbol = Content.styled(look.symbol, look.style)
    return symbol + Content(f" {seat.name}") if name else symbol
