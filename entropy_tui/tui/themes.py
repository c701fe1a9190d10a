"""Two themes: the default, and one whose colours stay distinct for colour-blind players
(the Okabe-Ito palette). Seat colours are theme variables, so markup like "$seat-teal" follows
the theme; meaning is always carried by a symbol or a word as well."""

from __future__ import annotations

from textual.theme import Theme

DEFAULT_THEME = "entropy"
COLOURBLIND_THEME = "entropy-colourblind"

_DEFAULT_VARIABLES = {
    "seat-orange": "#f28c28",
    "seat-blue": "#4f8ef7",
    "seat-teal": "#1fb5a8",
    "seat-purple": "#b07cf0",
    "seat-red": "#ef5350",
    "seat-yellow": "#e6c229",
    "allowed": "#7bc96f",
    "refused": "#9a9a9a",
    "highlight": "#f7d774",
    "changed": "#5a4500",  # behind what changed since a seat last acted (with a "*")
}

_COLOURBLIND_VARIABLES = {
    "seat-orange": "#e69f00",
    "seat-blue": "#56b4e9",
    "seat-teal": "#009e73",
    "seat-purple": "#cc79a7",
    "seat-red": "#d55e00",
    "seat-yellow": "#f0e442",
    "allowed": "#56b4e9",
    "refused": "#8c8c8c",
    "highlight": "#f0e442",
    "changed": "#004f7a",
}

THEMES: tuple[Theme, ...] = (
    Theme(
        name=DEFAULT_THEME,
        primary="#4f8ef7",
        secondary="#1fb5a8",
        accent="#f28c28",
        warning="#e6c229",
        error="#ef5350",
        success="#7bc96f",
        background="#10141c",
        surface="#171d28",
        panel="#222b3a",
        dark=True,
        variables=_DEFAULT_VARIABLES,
    ),
    Theme(
        name=COLOURBLIND_THEME,
        primary="#56b4e9",
        secondary="#009e73",
        accent="#e69f00",
        warning="#f0e442",
        error="#d55e00",
        success="#56b4e9",
        background="#101010",
        surface="#1a1a1a",
        panel="#2a2a2a",
        dark=True,
        variables=_COLOURBLIND_VARIABLES,
    ),
)


def theme_variable_defaults() -> dict[str, str]:
    """Fallbacks, so any other theme (from the palette's theme picker) still renders."""
    return dict(_DEFAULT_VARIABLES)
