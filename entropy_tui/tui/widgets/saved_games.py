"""The saved games, newest first: date, seats and round. Enter opens one (a finished game as a
replay); r replays any."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

if TYPE_CHECKING:
    from entropy_tui.saves.folder import SaveSummary


class SavedGames(OptionList):
    BINDINGS: ClassVar = [Binding("r", "replay", "Replay", show=False)]

    class Open(Message):
        def __init__(self, save: SaveSummary, *, replay: bool) -> None:
            super().__init__()
            self.save = save
            self.replay = replay

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, compact=True)
        self.saves: list[SaveSummary] = []

    def show(self, saves: list[SaveSummary]) -> None:
        self.saves = saves
        self.set_options(Option(_line(save)) for save in saves)
        if saves:
            self.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        save = self.saves[event.option_index]
        self.post_message(self.Open(save, replay=save.over))

    def action_replay(self) -> None:
        if self.highlighted is not None:
            self.post_message(self.Open(self.saves[self.highlighted], replay=True))


def _line(save: SaveSummary) -> Content:
    state = "finished" if save.over else f"round {save.round}"
    name = "" if save.is_autosave else f'  "{save.path.stem}"'
    return Content(f"{save.when}  {', '.join(save.seats)}  ({state}){name}")  # never markup
