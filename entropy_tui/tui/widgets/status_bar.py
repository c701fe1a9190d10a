"""One line on top: the round, who is to act (with their score if the game ended now, where it
fits), the mode. (No seed: with it and the rules, anyone could work out every hidden card. The
game-over screen shows it, for replays.)"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.geometry import Size

from ..scene import Scene, seat_tag
from .text_panel import TextPanel


class StatusBar(TextPanel):
    compact = False  # the panel bar shares the line: say less

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._without_score = Content("")

    def show(self, scene: Scene, *, bots_waiting: bool) -> None:
        view = scene.view
        total = scene.scores[scene.acting].total
        key = (view["round"], view["end_round"], scene.acting, total, bots_waiting, self.compact)

        def draw() -> list[Content]:
            self._without_score = _status(scene, bots_waiting, self.compact, score=False)
            return [_status(scene, bots_waiting, self.compact, score=True)]

        self.redraw(key, draw)

    def lines(self, size: Size) -> Sequence[Content]:
        """The line with the acting seat's score when it fits the width, else without it."""
        lines = super().lines(size)
        if size.width and lines and lines[0].cell_length > size.width:
            return [self._without_score]
        return lines


def _status(scene: Scene, bots_waiting: bool, compact: bool, *, score: bool) -> Content:
    view = scene.view
    ending = view["end_round"] is not None
    acting = seat_tag(scene.seats[scene.acting])
    if score:
        acting += Content(f" (score now {scene.scores[scene.acting].total})")
    if compact:
        return Content(f"R{view['round']}{'!' if ending else ''} ") + acting
    round_text = f"Round {view['round']}"
    if ending:
        round_text += " (final round)" if view["round"] >= view["end_round"] else " (end in sight)"
    parts = [Content.styled("ENTROPY", "bold"), Content(round_text), Content("to act: ") + acting]
    if view["settings"]["open_hands"]:
        parts.append(Content("open hands"))
    if bots_waiting:
        parts.append(Content.styled("Space: skip the bots' turns", "italic"))
    return Content(" | ").join(parts)
