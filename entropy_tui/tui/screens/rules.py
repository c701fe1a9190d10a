"""The rules, by section, searchable, opened at the section behind the current decision."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Markdown, OptionList
from textual.widgets.option_list import Option

from entropy_tui.play.rules_text import Section, find, sections
from entropy_tui.tui.keys import bindings_for


class RulesScreen(ModalScreen[None]):
    SCOPE = "rules"
    BINDINGS: ClassVar = bindings_for("rules")

    def __init__(self, section: str | None = None) -> None:
        super().__init__()
        self._start = find(section)
        self._shown: list[int] = list(range(len(sections())))

    def compose(self) -> ComposeResult:
        with Vertical(id="rules-box") as box:
            box.border_title = "Rules (/ search, Esc closes)"
            yield Input(placeholder="Search the rules", id="rules-search", compact=True)
            with Horizontal():
                yield OptionList(id="rules-sections", compact=True)
                with VerticalScroll(id="rules-text"):
                    yield Markdown(id="rules-markdown")

    async def on_mount(self) -> None:
        self._list_sections("")
        listing = self.query_one("#rules-sections", OptionList)
        with listing.prevent(OptionList.OptionHighlighted):
            listing.highlighted = self._start
        listing.focus()
        await self._open(self._start)

    def _list_sections(self, query: str) -> None:
        self._shown = [i for i, s in enumerate(sections()) if not query or s.matches(query)]
        listing = self.query_one("#rules-sections", OptionList)
        listing.set_options(Option(sections()[i].title) for i in self._shown)

    async def _open(self, position: int) -> None:
        """Shows a section; awaited, so the text is on screen when the handler returns."""
        section: Section = sections()[position]
        await self.query_one(Markdown).update(f"## {section.title}\n\n{section.body}")
        self.query_one("#rules-text").scroll_home(animate=False)

    async def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index < len(self._shown):
            await self._open(self._shown[event.option_index])

    async def on_input_changed(self, event: Input.Changed) -> None:
        self._list_sections(event.value)
        listing = self.query_one("#rules-sections", OptionList)
        if self._shown:
            with listing.prevent(OptionList.OptionHighlighted):
                listing.highlighted = 0
            await self._open(self._shown[0])

    def on_input_submitted(self) -> None:
        self.query_one("#rules-sections", OptionList).focus()

    def action_search(self) -> None:
        self.query_one(Input).focus()
