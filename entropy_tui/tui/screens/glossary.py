"""What every abbreviation, symbol and counter on the game screen means, from the glossary table."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from entropy_tui.play.glossary import GLOSSARY
from entropy_tui.tui.keys import bindings_for


def glossary_tables() -> Group:
    """For each section a heading and a two-column table: what the screen shows, its meaning."""
    parts: list[Text | Table] = []
    for section in GLOSSARY:
        table = Table.grid(padding=(0, 2))
        table.add_column(no_wrap=True, style="bold")
        table.add_column()
        for entry in section.entries:
            table.add_row(entry.term, entry.meaning)
        table.add_row("", "")
        parts += [Text(section.heading, style="bold underline"), table]
    return Group(*parts)


class GlossaryScreen(ModalScreen[None]):
    SCOPE = "dialog"
    BINDINGS: ClassVar = bindings_for("dialog")

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="glossary-box") as box:
            box.border_title = "Glossary: what the screen's letters mean (Esc closes)"
            yield Static(glossary_tables(), id="glossary-text")
