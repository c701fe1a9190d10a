"""Textual's command palette, with an ASCII prompt instead of its magnifier emoji."""

from __future__ import annotations

from textual.command import CommandPalette, SearchIcon


class Palette(CommandPalette):
    def on_mount(self) -> None:
        self.query_one(SearchIcon).icon = ">"
