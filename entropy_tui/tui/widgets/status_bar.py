"""One line on top: the round, once the end is triggered when the game ends, who is to act with
their score if the game ended now, the mode. (No seed: with it and the rules, anyone could work
out every hidden card. The game-over screen shows it, for replays.)

When the line is too wide its parts give way in a chosen order, the score last: the panel bar's
names first (see PanelBar.short), then the bots' note and the mode, the banner's words, the
acting seat's name, and only then the score."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.geometry import Size

from entropy_tui.tui.scene import Scene, end_banner, seat_tag
from entropy_tui.tui.widgets.text_panel import TextPanel


class StatusBar(TextPanel):
    compact = False  # the panel bar shares the line: say less

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._forms: list[Content] = [Content("")]  # longest first

    def show(self, scene: Scene, *, bots_waiting: bool) -> None:
        view = scene.view
        total = scene.scores[scene.acting].total
        banner = end_banner(scene.game, scene.seats)
        key = (view["round"], banner, scene.acting, total, bots_waiting, self.compact)

        def draw() -> list[Content]:
            self._forms = status_forms(scene, bots_waiting, self.compact)
            return self._forms[:1]

        self.redraw(key, draw)

    @property
    def widest(self) -> int:
        """The columns the longest form takes, its padding included."""
        return self._forms[0].cell_length + self.styles.gutter.width

    def lines(self, size: Size) -> Sequence[Content]:
        """The longest form that fits the width (the shortest if none does)."""
        if not size.width:
            return self._forms[:1]
        fitting = [form for form in self._forms if form.cell_length <= size.width]
        return [fitting[0] if fitting else self._forms[-1]]


def status_forms(scene: Scene, bots_waiting: bool, compact: bool) -> list[Content]:
    """The line in the order its forms give way, longest first; the score stays to the last."""
    view = scene.view
    spec = scene.seats[scene.acting]
    banner = end_banner(scene.game, scene.seats)
    total = scene.scores[scene.acting].total
    acting, symbol = seat_tag(spec), seat_tag(spec, name=False)
    scored = Content(f" (score now {total})")
    round_mark = f"R{view['round']}{'' if banner is None else '!'}"
    warning = "bold $warning"
    compact_forms = [
        *(
            Content(f"{round_mark} ")
            + Content.styled(words, warning)
            + Content(" | ")
            + acting
            + scored
            for words in (banner or ())
        ),
        Content(f"{round_mark} ") + acting + scored,
        Content(f"{round_mark} ") + symbol + scored,
        Content(f"{round_mark} ") + acting,
    ]
    if compact:
        return compact_forms
    parts = [Content.styled("ENTROPY", "bold"), Content(f"Round {view['round']}")]
    if banner is not None:
        parts.append(Content.styled(banner[0], warning))
    parts.append(Content("to act: ") + acting + scored)
    extras = []
    if view["settings"]["open_hands"]:
        extras.append(Content("open hands"))
    if bots_waiting:
        extras.append(Content.styled("Space: skip the bots' turns", "italic"))
    full = [Content(" | ").join(parts + extras[:kept]) for kept in range(len(extras), -1, -1)]
    return full + compact_forms
