"""The final-scoring breakdown: one row per category, one column per seat."""

from __future__ import annotations

from textual.content import Content

from ..config import SeatConfig
from .text_panel import TextPanel

CATEGORY_NAMES = {
    "vp_tokens": "VP tokens",
    "lifeform_tiles": "Lifeform tiles",
    "leftovers": "Leftovers (1 per 4)",
    "total": "Total",
}
NAME_WIDTH = 22
COLUMN_WIDTH = 14


def category_name(key: str) -> str:
    if key in CATEGORY_NAMES:
        return CATEGORY_NAMES[key]
    if key.startswith("objective_"):
        return f"Objective: {key.removeprefix('objective_').title()}"
    return key.replace("_", " ").capitalize()


class ScoreTable(TextPanel):
    def show(self, seats: tuple[SeatConfig, ...], scores: list[dict[str, int]]) -> None:
        self.redraw((seats, scores), lambda: table_lines(seats, scores))


def table_lines(seats: tuple[SeatConfig, ...], scores: list[dict[str, int]]) -> list[Content]:
    rule = Content("-" * (NAME_WIDTH + COLUMN_WIDTH * len(seats)))
    head = Content(f"{'':<{NAME_WIDTH}}") + Content("").join(
        Content(f"{s.name[: COLUMN_WIDTH - 5]:>{COLUMN_WIDTH - 5}} ")
        + Content.styled(s.look.symbol, s.look.style)
        + Content("   ")
        for s in seats
    )
    lines = [head, rule]
    for key in scores[0]:
        if key == "total":
            lines.append(rule)
        style = "bold" if key == "total" else ""
        row = f"{category_name(key):<{NAME_WIDTH}}" + "".join(
            f"{score[key]:>{COLUMN_WIDTH - 3}}   " for score in scores
        )
        lines.append(Content.styled(row, style))
    return lines
