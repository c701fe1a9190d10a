"""Each seat's score at the end of every round, as a chart of seat symbols."""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget

from entropy_tui.play.config import SeatConfig

AXIS_WIDTH = 5


class VpChart(Widget):
    DEFAULT_CSS = "VpChart { height: 14; }"

    def __init__(
        self, seats: tuple[SeatConfig, ...], series: list[list[int]], *, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.seats = seats
        self.series = series

    def render(self) -> Content:
        width = max(self.size.width - AXIS_WIDTH - 1, 1)
        height = max(self.size.height - 2, 1)
        return Content("\n").join(chart_lines(self.seats, self.series, width, height))


def chart_lines(
    seats: tuple[SeatConfig, ...], series: list[list[int]], width: int, height: int
) -> list[Content]:
    """A plot `width` columns by `height` rows, an axis, and a legend line."""
    rounds = max((len(s) for s in series), default=0)
    points = [point for values in series for point in values]
    # The axis runs from 0, or below it for a series that goes negative (a lead that is lost).
    low, top = min(0, *points), max(0, *points)
    top = top if top > low else low + 1
    # Few rounds spread over the width; many rounds share columns (each shows its last round).
    spread = max(1, width // rounds) if rounds else 1
    columns = min(rounds * spread, width)
    grid: list[list[Content]] = [[Content(" ")] * columns for _ in range(height)]
    for seat, values in enumerate(series):
        look = seats[seat].look
        mark = Content.styled(look.symbol, look.style)
        for column in range(columns):
            round_index = ((column + 1) * rounds - 1) // columns
            if round_index >= len(values):
                continue
            row = height - 1 - (values[round_index] - low) * (height - 1) // (top - low)
            cell = grid[row][column]
            # Two seats on one spot show "+", so no symbol silently hides another.
            grid[row][column] = mark if cell.plain in (" ", look.symbol) else Content("+")
    zero_row = height - 1 - (0 - low) * (height - 1) // (top - low)
    lines = []
    for row, cells in enumerate(grid):
        label = str(top) if row == 0 else str(low) if row == height - 1 else ""
        label = "0" if row == zero_row and row != 0 else label
        lines.append(Content(f"{label:>{AXIS_WIDTH - 1}} |") + Content("").join(cells))
    lines.append(Content(" " * (AXIS_WIDTH - 1) + " +" + "-" * columns))
    lines.append(
        Content(f"{'':>{AXIS_WIDTH}} rounds 1-{rounds}   ")
        + Content("  ").join(
            Content.styled(s.look.symbol, s.look.style) + Content(f" {s.name}") for s in seats
        )
        + Content("   (+ = seats level)")
    )
    return lines
