"""`t` in the seat consoles: who plays this seat from now on, a person or one of the bots."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from entropy_tui.bots.registry import BOT_LEVELS
from entropy_tui.play.config import SeatConfig
from entropy_tui.rules import PERSON
from entropy_tui.tui.keys import bindings_for

KIND_WORDS = {PERSON: "A person at this keyboard"} | {
    level.kind: f"The {level.name} bot ({level.plays})" for level in BOT_LEVELS
}


class HandOverScreen(ModalScreen[str | None]):
    """Dismissed with "person", a bot kind, or None when nothing changes."""

    SCOPE = "hand_over"
    BINDINGS: ClassVar = bindings_for("hand_over")

    def __init__(self, seat: SeatConfig) -> None:
        super().__init__()
        self.seat = seat

    def compose(self) -> ComposeResult:
        now = self.seat.bot or PERSON
        with Vertical(id="hand-over-box") as box:
            box.border_title = f"Who plays {self.seat.name}'s seat?"
            yield OptionList(
                *(
                    Option(
                        KIND_WORDS[kind] + (" - plays it now" if kind == now else ""),
                        id=kind,
                        disabled=kind == now,
                    )
                    for kind in KIND_WORDS
                ),
                id="hand-over-kinds",
            )
            yield Static(
                "Enter: they play the seat from the pending decision on (the log and the save"
                " keep the change; earlier decisions can no longer be taken back)."
                " Esc: no change.",
                classes="hint",
            )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
