"""Every seat's score side by side, term by term: one row per term, one column per seat, each
Main Objective as VP per unit x units = VP (the game-over table and the `s` table alike)."""

from __future__ import annotations

from textual.content import Content
from textual.geometry import Size

from entropy_tui.play.config import SeatConfig
from entropy_tui.rules import LEFTOVERS_PER_VP, OF_ONE_TYPE, ScoreBreakdown, title
from entropy_tui.tui.widgets.line_view import joined
from entropy_tui.tui.widgets.text_panel import TextPanel

NAME_WIDTH = 20
COLUMN_WIDTH = 14  # 4 seats fit in 76 columns: an 80-column window with a border and padding


class ScoreTable(TextPanel):
    def show(self, seats: tuple[SeatConfig, ...], scores: list[ScoreBreakdown]) -> None:
        self.redraw((seats, scores), lambda: table_lines(seats, scores))

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """As wide as its widest line, so that a box around it can fit it."""
        return max((joined(line).cell_length for line in self.lines(container)), default=0)


def _row(name: str, cells: list[str], style: str = "") -> Content:
    text = f"{name:<{NAME_WIDTH}}" + "".join(f"{cell:>{COLUMN_WIDTH - 1}} " for cell in cells)
    return Content.styled(text, style)


def table_lines(seats: tuple[SeatConfig, ...], scores: list[ScoreBreakdown]) -> list[Content]:
    rule = Content("-" * (NAME_WIDTH + COLUMN_WIDTH * len(seats)))
    head = Content(" " * NAME_WIDTH) + Content("").join(
        Content(f"{s.name[: COLUMN_WIDTH - 3]:>{COLUMN_WIDTH - 3}} ")
        + Content.styled(s.look.symbol, s.look.style)
        + Content(" ")
        for s in seats
    )
    lines = [
        head,
        rule,
        _row("VP tokens", [str(score.vp_tokens) for score in scores]),
        _row("Lifeform tiles", [str(score.lifeform_tiles) for score in scores]),
    ]
    for number, objective in enumerate(scores[0].objectives):
        terms = [score.objectives[number] for score in scores]
        lines.append(_row(objective.name, [f"{t.vp_per_unit} x {t.units} = {t.vp}" for t in terms]))
        lines.append(Content.styled(f"  VP per unit x {objective.units_name}", "dim"))
        if objective.counter == OF_ONE_TYPE:
            kinds = [title(t.kind) if t.kind else "none" for t in terms]
            lines.append(_row("  type counted", kinds, "dim"))
    lines.append(
        _row(
            "Leftovers",
            [f"{s.leftovers.items} / {LEFTOVERS_PER_VP} = {s.leftovers.vp}" for s in scores],
        )
    )
    lines.append(
        Content.styled(
            f"  1 VP per {LEFTOVERS_PER_VP} left: Life cards, Entropy, Mass, Energy", "dim"
        )
    )
    lines += [rule, _row("Total", [str(score.total) for score in scores], "bold")]
    return lines
