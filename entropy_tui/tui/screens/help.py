"""Every key, drawn from the same registry that makes the bindings (the letters on the screen are
explained by the glossary, one key away)."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from entropy_tui.bots.registry import BOT_LEVELS
from entropy_tui.tui.keys import SCOPES, bindings_for, commands_for


def help_tables() -> Group:
    """For each screen a heading and a two-column table: key, then what it does."""
    parts: list[Text | Table] = []
    for scope, heading in SCOPES.items():
        commands = commands_for(scope)
        if commands:
            rows = [(c.display, f"{c.title}: {c.help}") for c in commands]
            parts += [Text(heading, style="bold underline"), _table(rows)]
    levels = [("Human", "a person at this keyboard")]
    levels += [(f"{level.name} bot", level.plays) for level in BOT_LEVELS]
    parts += [Text("Who plays a seat (set up on the new-game screen)", "bold underline")]
    parts += [_table(levels)]
    return Group(*parts)


def _table(rows: list[tuple[str, str]]) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True, style="bold")
    table.add_column()
    for key, text in rows:
        table.add_row(key, text)
    table.add_row("", "")
    return table


class HelpScreen(ModalScreen[None]):
    SCOPE = ("help", "dialog")
    BINDINGS: ClassVar = bindings_for("help") + bindings_for("dialog")

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box") as box:
            box.border_title = "Keys (g: what the letters mean, Esc closes)"
            yield Static(help_tables(), id="help-text")
