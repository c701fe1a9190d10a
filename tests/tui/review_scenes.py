"""The expert's review of a game Ann lost, finished: for the snapshot tests and the screenshots.

A review's search takes seconds, so the scene reads a game and its review kept as test data,
as the app keeps a review beside a save: tests/data/review/lost-to-casual.json (a save) and
lost-to-casual.review.json. A change to the rules, the bots or the review's search makes them
stale, and the scene says so; `python -m tests.tui.review_scenes` makes them again."""

from __future__ import annotations

import os
from pathlib import Path
from typing import ClassVar

from textual.app import App
from textual.events import Mount

import entropy_tui.tui.app as app_module
from entropy_tui.play.config import SeatConfig
from entropy_tui.play.review import (
    REVIEW_ITERATIONS,
    Review,
    game_key,
    review_game,
    review_path,
    store_review,
    stored_review,
)
from entropy_tui.play.session import Session
from entropy_tui.rules import Game
from entropy_tui.saves.files import write_save
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.screens.review import ReviewScreen

SAVE = Path(__file__).parents[1] / "data" / "review" / "lost-to-casual.json"
COLOURS = ["orange", "blue"]


class KeptReviewScreen(ReviewScreen):
    """The review screen showing a review already worked out."""

    def __init__(self, game: Game, seats: tuple[SeatConfig, ...], review: Review) -> None:
        super().__init__(game, seats, None)
        self.kept = review

    def _work_out(self, app: App[object]) -> None:
        """The review at once, instead of a search on a thread: the same picture every time."""
        self._show(self.kept)


class ReviewApp(EntropyApp):
    """The review alone, as `a` opens it after the game."""

    # A style sheet's path is read beside the module of the class naming it.
    CSS_PATH: ClassVar = [
        str(Path(app_module.__file__).parent / name) for name in EntropyApp.CSS_PATH
    ]

    def __init__(
        self, session: Session, review: Review, seats: tuple[SeatConfig, ...] | None = None
    ) -> None:
        """`seats`: the seats as the review shows them (default: the game's)."""
        super().__init__(session=session, bot_delay=0)
        self.reviewed = session
        self.review = review
        self.review_seats = seats or session.seats

    def on_mount(self, event: Mount) -> None:
        event.prevent_default()
        self.push_screen(KeptReviewScreen(self.reviewed.game, self.review_seats, self.review))


def lost_game_review() -> ReviewApp:
    """Ann (played as the Casual bot would) loses 42 to 68 to the Casual bot in 22 rounds."""
    session = Session.from_save(SAVE)
    review = stored_review(review_path(SAVE), game_key(session.game), REVIEW_ITERATIONS)
    if review is None:
        raise AssertionError(f"{SAVE.name}'s review is stale: python -m tests.tui.review_scenes")
    return ReviewApp(session, review)


def main() -> None:
    """The game played again and its review worked out at the app's budget."""
    from .scenes import _config, _played

    game = _played(_config("Ann,bot:greedy", 1)).game
    write_save(game, SAVE, colours=COLOURS)
    store_review(review_path(SAVE), review_game(game, workers=os.cpu_count() or 1))


if __name__ == "__main__":
    main()
