"""One row under the top bar, at every size: where the seat at the keyboard stands (a spectator:
the seat to move). Its resources, VP tokens and score if the game ended now, its Lifeforms
against the next Lifeform tile ("Ba 17/18"), and its place on each Main Objective track, so
that nobody has to page through a Console to plan. Everything on it is public."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.geometry import Size

from entropy_tui.play.glyphs import LIFEFORM_LETTER, RESOURCE_LETTER
from entropy_tui.rules import lifeform_goals
from entropy_tui.tui.scene import Scene, seat_tag
from entropy_tui.tui.widgets.text_panel import TextPanel

RESOURCES = ("energy", "mass", "entropy")


def position_seat(scene: Scene) -> int:
    """The seat the line is about: the one at the keyboard, else (a spectator, or before
    anyone took the keyboard) the seat to move."""
    return scene.viewer if scene.viewer is not None else scene.acting


class PositionLine(TextPanel):
    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._forms: list[list[Content]] = [[]]  # longest first; the last may take two rows

    def show(self, scene: Scene) -> None:
        seat = position_seat(scene)
        player = scene.players[seat]
        score = scene.scores[seat]
        goals = tuple(lifeform_goals(scene.game, seat))
        markers = tuple((o.objective, o.space, o.final_space) for o in score.objectives)
        numbers = tuple(player[name] for name in (*RESOURCES, "vp"))
        key = (scene.seats[seat], numbers, score.total, goals, markers)

        def draw() -> list[Content]:
            self._forms = position_forms(scene, seat)
            return self._forms[0]

        self.redraw(key, draw)

    def lines(self, size: Size) -> Sequence[Content]:
        """The longest form that fits the width in one row, else the last (two rows)."""
        if not size.width:
            return self._forms[0]
        for form in self._forms:
            if len(form) == 1 and form[0].cell_length <= size.width:
                return form
        return self._forms[-1]


def position_forms(scene: Scene, seat: int) -> list[list[Content]]:
    """The line in its forms, longest first: words, then letters, then the Objective markers
    as "obj 1/0/0", then letters on two rows."""
    player = scene.players[seat]
    score = scene.scores[seat]
    tag = seat_tag(scene.seats[seat])
    worded = "  ".join(f"{name.capitalize()} {player[name]}" for name in RESOURCES)
    lettered = " ".join(f"{player[name]}{RESOURCE_LETTER[name]}" for name in RESOURCES)
    scored = Content.styled(f"score now {score.total}", "bold")
    goals = " ".join(
        f"{LIFEFORM_LETTER[life]} {total}" + (f"/{least}" if least is not None else "")
        for life, total, least in lifeform_goals(scene.game, seat)
    )
    tracks = " ".join(f"{o.objective} {o.space}/{o.final_space}" for o in score.objectives)
    markers = "obj " + "/".join(str(o.space) for o in score.objectives)
    bar = Content.styled(" | ", "dim")
    words = (
        tag
        + Content(f"  {worded}  VP {player['vp']}  ")
        + scored
        + bar
        + Content(f"Lifeforms {goals}")
        + bar
        + Content(f"Objectives {tracks}")
    )
    letters = tag + Content(f"  {lettered} {player['vp']}VP ") + scored
    return [
        [words],
        [letters + bar + Content(goals) + bar + Content(tracks)],
        [letters + bar + Content(goals) + bar + Content(markers)],
        [letters, Content(goals) + bar + Content(tracks)],
    ]
