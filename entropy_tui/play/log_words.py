"""How a game log line reads on the screen of the seat it speaks of.

The log is public and speaks of every seat in the third person ("Ann took back their Focus
token"); a line's "they", "their" and "them" always mean the line's own seat (see Game.note).
On that seat's own screen the line says "you": "You took back your Focus token"."""

from __future__ import annotations

import re

from entropy_tui.bots.registry import BOT_LEVELS

SECOND_PERSON = {
    "they": "you",
    "They": "You",
    "their": "your",
    "Their": "Your",
    "them": "you",
    "themselves": "yourself",
}
THIRD_PERSON = re.compile(r"\b(?:" + "|".join(SECOND_PERSON) + r")\b")
# The engine names a bot by its kind ("the greedy bot"); players know it by its level.
LEVEL_BY_KIND = {level.kind: level.name for level in BOT_LEVELS}
BOT_BY_KIND = re.compile(r"\bthe (" + "|".join(LEVEL_BY_KIND) + r") bot\b")


def by_level(text: str) -> str:
    """The engine's words with each bot named by its level: "the greedy bot" reads "the
    Casual bot"."""
    return BOT_BY_KIND.sub(lambda found: f"the {LEVEL_BY_KIND[found[1]]} bot", text)


def seen_by(text: str, seat: int | None, viewer: int | None, name: str) -> str:
    """`text`, a log line of `seat` (named `name`), as `viewer` reads it: on the seat's own
    screen "Ann could not activate any Star: their cheapest Star costs 3 Entropy, and they have
    1" reads "You could not activate any Star: your cheapest Star costs 3 Entropy, and you have
    1". A line without a pronoun is left as the log has it, but for the bots' names."""
    text = by_level(text)
    if seat is None or seat != viewer:
        return text
    spoken, pronouns = THIRD_PERSON.subn(lambda word: SECOND_PERSON[word[0]], text)
    if not pronouns:
        return text
    return "You " + spoken.removeprefix(f"{name} ") if spoken.startswith(f"{name} ") else spoken
