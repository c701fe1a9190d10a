"""`a` after a game or in a replay: the expert's review of the game. It is worked out in the
background (processes of their own, so the screen stays quick) under a progress bar that Esc
stops, and kept beside the save so that it opens at once the next time. Enter on a costly
decision closes the review with that decision's replay step."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import ClassVar

from textual import work
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from entropy_tui.play.config import SeatConfig
from entropy_tui.play.review import (
    POINTS_LOST_MEANING,
    REVIEW_ITERATIONS,
    Review,
    ReviewCancelled,
    cached_review,
    short_label,
)
from entropy_tui.rules import Game
from entropy_tui.tui.keys import bindings_for, key_for
from entropy_tui.tui.scene import seat_tag
from entropy_tui.tui.widgets.key_footer import KeyFooter
from entropy_tui.tui.widgets.vp_chart import VpChart

LEADS_TITLE = "Expected lead over the best other seat at each round's start (points)"


def marked_seat(seat: SeatConfig) -> Content:
    """The seat's symbol and name ("@ Ann"), the symbol on the list's own background: the
    highlighted row's colour is a seat's colour too (blue), which would hide that symbol."""
    look = seat.look
    return Content.styled(look.symbol, f"{look.style} on $surface") + Content(f" {seat.name}")


class ReviewScreen(Screen[int | None]):
    """Dismissed with the replay step of the decision picked, or None."""

    SCOPE = "review"
    BINDINGS: ClassVar = bindings_for("review")
    # Half the terminal for the decisions: at 80x24 the summary above them and the chart's top
    # below stay in sight, and the highlighted decision never moves off the screen.
    DEFAULT_CSS = """
    ReviewScreen #review { padding: 0 1; }
    ReviewScreen #review-title, ReviewScreen #review-status { height: auto; margin-bottom: 1; }
    ReviewScreen #review-lessons { height: auto; max-height: 50vh; margin-bottom: 1; }
    ReviewScreen #review-lessons, ReviewScreen #review-leads { border: round $primary; }
    ReviewScreen #review-leads { height: 16; }
    """
    # The search's budget and the processes it runs in (tests make them small).
    iterations: ClassVar[int] = REVIEW_ITERATIONS
    processes: ClassVar[int] = os.cpu_count() or 1

    def __init__(self, game: Game, seats: tuple[SeatConfig, ...], save: Path | None) -> None:
        super().__init__()
        self.game = game
        self.seats = seats
        self.save = save
        self.review: Review | None = None
        self._stop = threading.Event()
        self.bar = ProgressBar(id="review-progress", show_eta=False)

    def compose(self) -> ComposeResult:
        names = " vs ".join(seat.name for seat in self.seats)
        with VerticalScroll(id="review"):
            yield Static(
                Content.styled("Review", "bold")
                + Content(
                    f" of {names}: the expert weighs each decision from the deciding seat's"
                    " own view, in points of lead over the best other seat"
                ),
                id="review-title",
            )
            yield Static(f"Weighing every decision… ({key_for('close')} stops)", id="review-status")
            yield self.bar
            lessons = OptionList(id="review-lessons")
            lessons.border_title = "The costliest decisions (Enter shows one in the replay)"
            lessons.display = False
            yield lessons
        yield KeyFooter()

    def on_mount(self) -> None:
        self._work_out(self.app)

    @work(thread=True, exclusive=True, exit_on_error=False)
    def _work_out(self, app: App[object]) -> None:
        """Waits in a thread of `app` for the review (whose searches run in processes)."""

        def progress(done: int, total: int) -> None:
            if not self._stop.is_set():
                app.call_from_thread(self._progress, done, total)

        try:
            review = cached_review(
                self.game,
                self.save,
                iterations=self.iterations,
                workers=self.processes,
                progress=progress,
                stop=self._stop,
            )
        except ReviewCancelled:
            return
        if not self._stop.is_set():
            app.call_from_thread(self._show, review)

    def _progress(self, done: int, total: int) -> None:
        self.bar.update(total=total, progress=done)

    def _show(self, review: Review) -> None:
        if self._stop.is_set():
            return
        self.review = review
        self.bar.display = False
        summaries = [self._summary(review, seat) for seat in range(len(self.seats))]
        if any(review.lessons):
            summaries.append(Content.styled(POINTS_LOST_MEANING, "dim"))
        self.query_one("#review-status", Static).update(Content("\n").join(summaries))
        lessons = self.query_one("#review-lessons", OptionList)
        for seat, seat_lessons in enumerate(review.lessons):
            for lesson in seat_lessons:
                verdict = lesson.verdict
                # The cost early in the line, where it never wraps away from its unit.
                lessons.add_option(
                    Option(
                        Content.assemble(
                            marked_seat(self.seats[seat]),
                            f", round {verdict.round}, step {verdict.step} ",
                            (f"({verdict.cost:.1f} points)", "bold"),
                            f": took {short_label(lesson.taken_label)}; the expert:"
                            f" {short_label(lesson.best_label)}",
                            "\n",
                            (f"  {lesson.why}", "dim"),
                        ),
                        id=str(verdict.step),
                    )
                )
        lessons.display = lessons.option_count > 0
        chart = VpChart(
            self.seats,
            [[round(lead) for lead in leads] for leads in review.leads],
            id="review-leads",
        )
        chart.border_title = LEADS_TITLE
        self.query_one("#review", VerticalScroll).mount(chart)
        if lessons.display:
            lessons.highlighted = 0
            lessons.focus()

    def _summary(self, review: Review, seat: int) -> Content:
        count, lost = review.decisions(seat), review.points_lost(seat)
        # The points early in the line, where they never wrap away from their number.
        words = (
            f": {lost:.1f} points given away against the expert in {count} decisions"
            if review.lessons[seat]
            else f": {count} decisions weighed, each as the expert would have chosen"
        )
        return seat_tag(self.seats[seat]) + Content(words)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Up or Down with the chart in view brings the decisions back."""
        event.option_list.scroll_visible(animate=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        assert event.option.id is not None
        self.dismiss(int(event.option.id))

    def action_toggle_chart(self) -> None:
        """The chart at the foot of the review scrolled into view, or the top back."""
        review = self.query_one("#review", VerticalScroll)
        if review.scroll_y < review.max_scroll_y:
            review.scroll_end(animate=False)
        else:
            review.scroll_home(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)

    def on_unmount(self) -> None:
        """A review still being worked out stops (nothing is kept) when the screen goes."""
        self._stop.set()
