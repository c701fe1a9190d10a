"""A member's display name: what may be one, and how two names are compared (in any case, and
letters that look alike in Unicode's compatibility forms count as one)."""

from __future__ import annotations

import re
import unicodedata

from entropy_tui.bots.registry import BOT_LEVELS

MIN_NAME, MAX_NAME = 2, 24
MAX_TYPED = 200  # longer input is refused before it is even looked at
PUNCTUATION = "-_.'"
# A bot's kind or level, alone or as "<level> bot": a member is never taken for a bot.
RESERVED = frozenset(
    word.casefold() + suffix
    for level in BOT_LEVELS
    for word in (level.kind, level.name)
    for suffix in ("", " bot")
)


class NameRefused(ValueError):
    """A name that can't be a member's; the message says why, in words."""


def display_name(typed: str) -> str:
    """The name as the club will show it: compatibility-normalised (NFKC), spaces trimmed and
    runs of them made one. NameRefused, saying why, when it can't be a name."""
    if len(typed) > MAX_TYPED:
        raise NameRefused(f"A name has at most {MAX_NAME} characters.")
    name = re.sub(r"\s+", " ", unicodedata.normalize("NFKC", typed)).strip()
    odd = sorted({c for c in name if not (c.isalnum() or c == " " or c in PUNCTUATION)})
    if odd:
        shown = " ".join(repr(c) for c in odd[:5])
        raise NameRefused(
            f"A name is letters, digits, spaces and {' '.join(PUNCTUATION)} only, not {shown}."
        )
    if len(name) < MIN_NAME:
        raise NameRefused(f"A name needs at least {MIN_NAME} characters.")
    if len(name) > MAX_NAME:
        raise NameRefused(f"A name has at most {MAX_NAME} characters.")
    if not name[0].isalnum():
        raise NameRefused("A name starts with a letter or a digit.")
    if name_key(name) in RESERVED:
        raise NameRefused(f"{name!r} is a bot's name.")
    return name


def name_key(name: str) -> str:
    """What two names are compared by: "Ann", "ANN" and "ａｎｎ" are one name."""
    return unicodedata.normalize("NFKC", name).casefold()
