"""Covers the whole game while the keyboard passes to another person, so nobody sees a hand
that is not theirs."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..config import SeatConfig
from ..keys import bindings_for
from ..scene import seat_tag


class HandoffScreen(Screen[None]):
    SCOPE = "handoff"
    BINDINGS: ClassVar = bindings_for("handoff")

    def __init__(self, seat: SeatConfig) -> None:
        super().__init__()
        self.seat = seat

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(
                Content("Pass to ")
                + seat_tag(self.seat)
                + Content(" - press Enter\n\n")
                + Content.styled(
                    f"{self.seat.name}: press Enter when nobody else can see the screen.", "dim"
                ),
                id="handoff-message",
            )
        yield Footer(compact=True, show_command_palette=False)

    def action_reveal(self) -> None:
        self.dismiss(None)
