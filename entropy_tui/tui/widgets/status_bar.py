"""One line on top: the round, who is to act, the mode. (No seed: with it and the rules, anyone
could work out every hidden card. The game-over screen shows it, for replays.)"""

from __future__ import annotations

from textual.content import Content

from ..scene import Scene, seat_tag
from .text_panel import TextPanel


class StatusBar(TextPanel):
    compact = False  # the panel bar shares the line: say less

    def show(self, scene: Scene, *, bots_waiting: bool) -> None:
        view = scene.view
        total = scene.scores[scene.acting].total
        key = (view["round"], view["end_round"], scene.acting, total, bots_waiting, self.compact)
        self.redraw(key, lambda: [_status(scene, bots_waiting, self.compact)])


def _status(scene: Scene, bots_waiting: bool, compact: bool) -> Content:
    view = scene.view
    ending = view["end_round"] is not None
    if compact:
        text = f"R{view['round']}{'!' if ending else ''} "
        return Content(text) + seat_tag(scene.seats[scene.acting])
    round_text = f"Round {view['round']}"
    if ending:
        round_text += " (final round)" if view["round"] >= view["end_round"] else " (end in sight)"
    parts = [
        Content.styled("ENTROPY", "bold"),
        Content(round_text),
        Content("to act: ")
        + seat_tag(scene.seats[scene.acting])
        + Content(f" (score now {scene.scores[scene.acting].total})"),
    ]
    if view["settings"]["open_hands"]:
        parts.append(Content("open hands"))
    if bots_waiting:
        parts.append(Content.styled("Space: skip the bots' turns", "italic"))
    return Content(" | ").join(parts)
