"""Textual's Footer, made once with the screen and made again only when the keys it shows change.

Textual's own Footer starts empty and rebuilds its dozen key widgets whenever the bindings might
have changed (each focus change, the app gaining focus), even when they have not; at start that
was three rebuilds, each restyling every key and laying the screen out again, the costliest part
of a game screen's first frame.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

KeysShown = tuple[tuple[str, str, str, bool, str], ...]


def keys_shown(screen: Screen) -> KeysShown:
    """What the footer of `screen` shows: each key with its action, words and state."""
    return tuple(
        (binding.key, binding.action, binding.description, enabled, tooltip)
        for _, binding, enabled, tooltip in screen.active_bindings.values()
        if binding.show
    )


class KeyFooter(Footer):
    def __init__(self) -> None:
        super().__init__(compact=True, show_command_palette=False)
        self.set_reactive(Footer._bindings_ready, True)  # the keys show in the first frame
        self._shown: KeysShown | None = None

    def compose(self) -> ComposeResult:
        self._shown = keys_shown(self.screen)
        yield from super().compose()

    def bindings_changed(self, screen: Screen) -> None:
        if (
            screen.app.app_focus
            and self.is_attached
            and screen is self.screen
            and keys_shown(screen) == self._shown
        ):
            return  # nothing to show differently
        super().bindings_changed(screen)
