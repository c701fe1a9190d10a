"""Game over: the ranking (ties shared), the score breakdown, and everyone's score over the
rounds (what it would have been had the game ended then)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from entropy_tui.play.session import Session
from entropy_tui.rules import explained_scores, totals_by_round, winners
from entropy_tui.tui.keys import bindings_for
from entropy_tui.tui.scene import seat_tag
from entropy_tui.tui.widgets.key_footer import KeyFooter
from entropy_tui.tui.widgets.score_table import ScoreTable
from entropy_tui.tui.widgets.vp_chart import VpChart


def ranking_lines(session: Session) -> list[Content]:
    scores = session.game.scores()
    totals = [score["total"] for score in scores]
    won = set(winners(session.game))
    order = sorted(range(len(totals)), key=lambda seat: -totals[seat])
    lines = []
    for seat in order:
        place = 1 + sum(total > totals[seat] for total in totals)
        shared = sum(total == totals[seat] for total in totals) > 1
        note = " (shared)" if shared else ""
        verdict = "  wins" if seat in won else ""
        lines.append(
            Content.styled(f"{place}.{note} ", "bold")
            + seat_tag(session.seats[seat])
            + Content(f"  {totals[seat]} VP")
            + Content.styled(verdict, "bold")
        )
    return lines


class GameOverScreen(Screen[None]):
    SCOPE = "game_over"
    BINDINGS: ClassVar = bindings_for("game_over")

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        session = self.session
        state = session.game.state
        with VerticalScroll(id="game-over"):
            yield Static(
                Content.styled("Game over", "bold")
                + Content(f" after {state.round} rounds (seed {state.seed})"),
                id="game-over-title",
            )
            yield Static(Content("\n").join(ranking_lines(session)), id="ranking")
            table = ScoreTable(id="score-table")
            table.border_title = "Final scoring"
            yield table
            chart = VpChart(session.seats, totals_by_round(session.game), id="vp-chart")
            chart.border_title = "Score at the end of each round, had the game ended then"
            yield chart
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(ScoreTable).show(self.session.seats, explained_scores(self.session.game))

    def action_replay(self, at_step: int = 0) -> None:
        save = self.session.saver.path if self.session.saver is not None else None
        self.app.replay(self.session, source=save, at_step=at_step)  # type: ignore[attr-defined]

    def action_review(self) -> None:
        """The expert's review; a costly decision picked there opens the replay at it."""
        from entropy_tui.tui.screens.review import ReviewScreen

        session = self.session
        save = session.saver.path if session.saver is not None else None
        review = ReviewScreen(session.game, session.seats, save)
        self.app.push_screen(
            review, lambda step: None if step is None else self.action_replay(step)
        )

    def action_new_game(self) -> None:
        self.app.new_game(after_game=True)  # type: ignore[attr-defined]
