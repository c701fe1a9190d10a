"""Every seat's score if the game ended now, side by side, term by term."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen

from entropy_tui.tui.keys import bindings_for
from entropy_tui.tui.scene import Scene
from entropy_tui.tui.widgets.score_table import ScoreTable


class ScoresScreen(ModalScreen[None]):
    SCOPE = "score"
    BINDINGS: ClassVar = bindings_for("score")

    def __init__(self, scene: Scene) -> None:
        super().__init__()
        self.scene = scene

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="scores-box") as box:
            box.border_title = f"Score if the game ended now, round {self.scene.view['round']}"
            box.border_subtitle = "Esc: back"
            table = ScoreTable(id="scores-table")
            table.show(self.scene.seats, list(self.scene.scores))
            yield table
