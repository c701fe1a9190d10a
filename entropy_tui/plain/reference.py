"""The rules (tui/rules.md, in our own words) and the glossary, as lines."""

from __future__ import annotations

import re

from entropy_tui.play.glossary import GLOSSARY
from entropy_tui.play.rules_text import Section, sections

MARKUP = re.compile(r"\*\*|`|^#+ ")  # markdown a listener would hear as symbols
ITEM = re.compile(r"^(?:[-*] |\d+\. )")  # a list item starts a line of its own


def rules_lines(topic: str, current: str | None) -> list[str]:
    """The section named (or first found) by `topic`; without one, the section the pending
    decision applies, else the list of sections."""
    chosen = _section(topic or current or "")
    if chosen is None:
        titles = ", ".join(section.title for section in sections())
        lead = f"No rules section about {topic!r}. " if topic else ""
        return [f"{lead}Sections: {titles}. Type rules and a section's name or a word."]
    return [f"Rules: {chosen.title}", *_paragraphs(chosen.body)]


def _paragraphs(markdown: str) -> list[str]:
    """A line per paragraph or list item: a line cut in the middle of a sentence reads as two."""
    found: list[str] = []
    joining = False
    for line in markdown.splitlines():
        text = MARKUP.sub("", line.strip())
        if not text:
            joining = False
        elif joining and not ITEM.match(text):
            found[-1] += f" {text}"
        else:
            found.append(text)
            joining = True
    return found


def _section(topic: str) -> Section | None:
    wanted = topic.strip().casefold()
    if not wanted:
        return None
    found = sections()
    for test in (
        lambda s: s.title.casefold() == wanted,
        lambda s: s.title.casefold().startswith(wanted),
        lambda s: wanted in s.title.casefold(),
        lambda s: s.matches(wanted),
    ):
        chosen = next((section for section in found if test(section)), None)
        if chosen is not None:
            return chosen
    return None


def glossary_lines(word: str = "") -> list[str]:
    """Every term the full screen abbreviates, with its meaning (or those with `word`)."""
    wanted = word.strip().casefold()
    lines: list[str] = []
    for section in GLOSSARY:
        entries = [
            f"  {entry.term}: {entry.meaning}"
            for entry in section.entries
            if wanted in f"{entry.term} {entry.meaning}".casefold()
        ]
        if entries:
            lines += [f"{section.heading}:", *entries]
    return lines or [f"Nothing in the glossary about {word!r}."]
