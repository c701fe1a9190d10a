"""The rules in our own words (rules.md, shipped with the package), cut into sections."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources


@dataclass(frozen=True, slots=True)
class Section:
    title: str  # the rulebook's section title, so a Decision's `rule` finds it
    body: str  # markdown

    def matches(self, query: str) -> bool:
        """Every word of the query appears in the title or the text."""
        text = f"{self.title}\n{self.body}".casefold()
        return all(word in text for word in query.casefold().split())


@cache
def sections() -> tuple[Section, ...]:
    text = resources.files("entropy_tui.play").joinpath("rules.md").read_text(encoding="utf-8")
    found: list[Section] = []
    title: str | None = None
    body: list[str] = []
    for line in text.splitlines():
        if line.startswith("## "):
            if title is not None:
                found.append(Section(title, "\n".join(body).strip()))
            title, body = line[3:].strip(), []
        elif title is not None:
            body.append(line)
    if title is not None:
        found.append(Section(title, "\n".join(body).strip()))
    return tuple(found)


def find(title: str | None) -> int:
    """The index of the section with this title (any case); 0 when there is none."""
    if title:
        wanted = title.casefold()
        for position, section in enumerate(sections()):
            if section.title.casefold() == wanted:
                return position
    return 0
