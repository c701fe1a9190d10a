"""Textual's command palette, with an ASCII prompt instead of its magnifier emoji, and page keys
that wait for the list to be laid out."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.command import CommandList, CommandPalette, SearchIcon


class Palette(CommandPalette):
    # The palette's own page keys (Textual's, not commands of the registry), guarded.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("pagedown", "page(1)", "Next page", show=False),
        Binding("pageup", "page(-1)", "Previous page", show=False),
    ]

    def on_mount(self) -> None:
        self.query_one(SearchIcon).icon = ">"

    async def action_page(self, direction: int) -> None:
        """A page up or down the commands. Ctrl+P and a page key can arrive in one read (a fast
        hand, a paste, a slow link): before the list has been laid out it has no page to move
        by, and Textual's list would fail looking up a line it has not made yet."""
        commands = self.query_one(CommandList)
        if commands.scrollable_content_region.height == 0:
            return
        await commands.run_action("page_down" if direction > 0 else "page_up")
