"""The lobby of a shared table: its seats and who holds them; take a free remote seat, come back
to one with its seat code, or watch as a spectator."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from entropy_tui.bots.registry import level_name
from entropy_tui.play.config import SeatConfig
from entropy_tui.tui.keys import bindings_for
from entropy_tui.tui.scene import seat_tag
from entropy_tui.tui.widgets.key_footer import KeyFooter

WATCH = "watch"


def seat_words(seat: dict[str, Any]) -> str:
    """What the lobby says of a seat."""
    state = seat["state"]
    if state == "bot":
        return f"{level_name(seat['bot'] or '')} bot"
    if not seat["remote"]:
        return "at the host's keyboard" + ("" if state == "playing" else " (not connected)")
    return {
        "free": "free (take it below)",
        "playing": "playing",
        "away": "away (its player comes back with their key or seat code)",
    }[state]


class LobbyScreen(Screen[None]):
    SCOPE = "lobby"
    BINDINGS: ClassVar = bindings_for("lobby")
    AUTO_FOCUS = "#lobby-choices"

    def __init__(self, table: dict[str, Any]) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="lobby"):
            yield Static("ENTROPY - a shared table", id="lobby-title")
            yield Static(id="lobby-notice")
            yield Static(id="lobby-seats")
            yield Static("Up/Down and Enter: take a free seat, or watch the game.", classes="hint")
            yield OptionList(id="lobby-choices", compact=True)
            with Horizontal(id="lobby-code-row"):
                yield Static("Seat code ", classes="label")
                code = Input(placeholder="ABCD-EFGH", compact=True, id="lobby-code")
                code.cursor_blink = False  # an idle screen draws nothing
                yield code
            yield Static(
                "Took a seat before? Type the seat code you were shown and press Enter"
                " (Tab gets here).",
                classes="hint",
            )
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show(self.table)

    def show(self, table: dict[str, Any], notice: str | None = None) -> None:
        """The table as it is now; `notice`: why the last request changed nothing."""
        self.table = table
        notice = notice if notice is not None else table.get("notice", "")
        shown = self.query_one("#lobby-notice", Static)
        shown.update(notice)
        shown.display = bool(notice)
        seats = table["seats"]
        lines = [Content.styled("Seats", "bold")]
        for seat in seats:
            tag = seat_tag(SeatConfig(seat["name"], seat["bot"], seat["colour"]))
            lines.append(Content("  ") + tag + Content(f"  {seat_words(seat)}"))
        watching = table.get("spectators", 0)
        if watching:
            lines.append(
                Content(
                    f"  and {watching} watching as spectators"
                    if watching > 1
                    else "  and 1 watching as a spectator"
                )
            )
        self.query_one("#lobby-seats", Static).update(Content("\n").join(lines))
        choices = self.query_one("#lobby-choices", OptionList)
        highlighted = choices.highlighted
        options = [
            Option(f"Take {seat['name']}'s seat", id=str(number))
            for number, seat in enumerate(seats)
            if seat["remote"] and seat["state"] == "free"
        ]
        options.append(Option("Watch as a spectator (public information only)", id=WATCH))
        choices.set_options(options)
        choices.highlighted = min(highlighted or 0, len(options) - 1)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        choice = event.option.id
        if choice == WATCH:
            self.app.send({"op": "watch"})  # type: ignore[attr-defined]
        elif choice is not None:
            self.app.send({"op": "take", "seat": int(choice)})  # type: ignore[attr-defined]

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        code = event.value.strip()
        if not code:
            self.show(self.table, "Type the seat code first.")
            return
        self.app.send({"op": "code", "code": code})  # type: ignore[attr-defined]

    def action_leave(self) -> None:
        self.app.exit()
