"""Covers the whole game while the keyboard passes to another person, so nobody sees a hand
that is not theirs. It shows what the other seats did since that person's last turn (public
lines only, since anyone may be looking), and once the end is triggered, when the game ends."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Center, Middle, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from entropy_tui.play.config import SeatConfig
from entropy_tui.play.recap import TurnRecap
from entropy_tui.tui.keys import bindings_for
from entropy_tui.tui.scene import seat_tag
from entropy_tui.tui.widgets.key_footer import KeyFooter


class HandoffScreen(Screen[None]):
    SCOPE = "handoff"
    BINDINGS: ClassVar = bindings_for("handoff")

    def __init__(
        self,
        seat: SeatConfig,
        seats: Sequence[SeatConfig] = (),
        recap: Sequence[TurnRecap] = (),
        banner: str | None = None,
    ) -> None:
        """`banner`: once the end is triggered, when the game ends (see scene.end_banner)."""
        super().__init__()
        self.seat = seat
        self.seats = seats
        self.recap = recap
        self.banner = banner

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical(id="handoff-box", classes="-recap" if self.recap else ""):
            yield Static(
                Content("Pass to ")
                + seat_tag(self.seat)
                + Content(" - press Enter\n\n")
                + Content.styled(
                    f"{self.seat.name}: press Enter when nobody else can see the screen.", "dim"
                ),
                id="handoff-message",
            )
            if self.banner is not None:
                yield Static(Content.styled(self.banner, "bold $warning"), id="handoff-banner")
            if self.recap:
                lines = [Content.styled(f"Since {self.seat.name}'s last turn:", "bold")]
                lines += [
                    seat_tag(self.seats[turn.seat]) + Content(f": {turn.text}")
                    for turn in self.recap
                ]
                yield Static(Content("\n").join(lines), id="handoff-recap")
        yield KeyFooter()

    def action_reveal(self) -> None:
        self.dismiss(None)
