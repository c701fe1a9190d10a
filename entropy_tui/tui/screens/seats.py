"""Any seat's full Console, as public as the table allows (a hand only for its owner), and who
plays each seat: `t` hands the one shown to a bot, or back to a person."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from entropy_tui.play.config import controller_words
from entropy_tui.play.log_words import by_level
from entropy_tui.rules import PERSON, InvalidChoice
from entropy_tui.tui.keys import bindings_for
from entropy_tui.tui.scene import Scene, seat_tag
from entropy_tui.tui.widgets.console import Console

# Hands a seat to a bot kind (None: a person) and returns the scene after it.
HandOver = Callable[[int, str | None], Scene]


class SeatsScreen(ModalScreen[None]):
    SCOPE = "seats"
    BINDINGS: ClassVar = bindings_for("seats")

    def __init__(self, scene: Scene, hand_over: HandOver | None = None) -> None:
        super().__init__()
        self.scene = scene
        self.seat = scene.acting
        self._hand_over = hand_over  # None: watching a replay, where nobody plays

    def compose(self) -> ComposeResult:
        with Vertical(id="seats-box") as box:
            box.border_title = "Seat consoles (Left/Right: another seat, PgDn: more, Esc: back)"
            yield Static(id="seats-tabs")
            yield Static(id="seats-player")
            with VerticalScroll(id="seats-console"):
                yield Console()

    def on_mount(self) -> None:
        self._show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "hand_over" or self._hand_over is not None

    def _show(self) -> None:
        tabs = []
        for seat, spec in enumerate(self.scene.seats):
            tag = seat_tag(spec)
            if seat == self.seat:  # brackets as well as reverse video, for monochrome screens
                tag = Content("[") + tag.stylize("reverse", 0, len(tag)) + Content("]")
            tabs.append(tag)
        self.query_one("#seats-tabs", Static).update(Content("   ").join(tabs))
        spec = self.scene.seats[self.seat]
        line = f"{spec.name}'s seat is played by {controller_words(spec.bot)}."
        if self._hand_over is not None:
            line += " t: hand it over."
        self.query_one("#seats-player", Static).update(line)
        self.query_one(Console).show(self.scene, self.seat)

    def action_cycle(self, step: int) -> None:
        self.seat = (self.seat + step) % len(self.scene.seats)
        self._show()

    def action_hand_over(self) -> None:
        from entropy_tui.tui.screens.hand_over import HandOverScreen

        seat = self.seat
        self.app.push_screen(
            HandOverScreen(self.scene.seats[seat]), callback=lambda kind: self._handed(seat, kind)
        )

    def _handed(self, seat: int, kind: str | None) -> None:
        if kind is None or self._hand_over is None:
            return
        try:
            self.scene = self._hand_over(seat, None if kind == PERSON else kind)
        except InvalidChoice as refusal:
            self.notify(by_level(str(refusal)), title="The seat stays as it is", severity="error")
            return
        spec = self.scene.seats[seat]
        self.notify(
            f"{spec.name}'s seat is now played by {controller_words(spec.bot)}.",
            title="Seat handed over",
        )
        self._show()
