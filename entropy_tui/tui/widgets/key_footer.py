"""The footer: the keys of the screen's bindings on one line, as Textual's compact Footer shows
them, drawn as one widget.

Textual's Footer is a dozen widgets (one per key), rebuilt whenever the bindings might have
changed; at start that was three rebuilds, each styling every key and laying the screen out
again, the costliest part of a game screen's first frame. This one is a single line of text,
drawn again only when the keys it shows change. A click on a key presses it, as on Textual's.
"""

from __future__ import annotations

from itertools import groupby
from typing import Any, ClassVar

from textual.binding import Binding
from textual.content import Content
from textual.events import Click
from textual.screen import Screen
from textual.style import Style
from textual.widgets import Static

# (key, key as shown, description, enabled, group) of each key shown, in order
KeysShown = tuple[tuple[str, str, str, bool, object], ...]


def keys_shown(screen: Screen[Any]) -> KeysShown:
    """What the footer of `screen` shows: the first key of each action with a shown binding,
    but for the actions the screen leaves out of its footer (`footer_leaves_out`) to make room."""
    app = screen.app
    left_out: frozenset[str] = getattr(screen, "footer_leaves_out", frozenset())
    first: dict[str, tuple[Binding, bool]] = {}
    for _, binding, enabled, _tooltip in screen.active_bindings.values():
        if binding.show and binding.action not in left_out:
            first.setdefault(binding.action, (binding, enabled))
    return tuple(
        (binding.key, app.get_key_display(binding), binding.description, enabled, binding.group)
        for binding, enabled in first.values()
    )


class KeyFooter(Static):
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        height: 1;
        width: 1fr;
        text-wrap: nowrap;
        text-overflow: clip;
        color: $footer-foreground;
        background: $footer-background;
        .key-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .key-footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
    }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"key-footer--key", "key-footer--description"}

    def __init__(self) -> None:
        super().__init__()
        self._shown: KeysShown | None = None
        self._spans: list[tuple[int, int, str]] = []  # columns [start, end) of each key
        self.width = 0  # columns the keys take

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._draw(keys_shown(self.screen))

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def notify_style_update(self) -> None:
        super().notify_style_update()  # a theme change: the keys' colours change
        if self._shown is not None:
            self._draw(self._shown, force=True)

    def _bindings_changed(self, screen: Screen[Any]) -> None:
        if self.is_attached and screen is self.screen:
            self._draw(keys_shown(screen))

    def _draw(self, keys: KeysShown, *, force: bool = False) -> None:
        if keys == self._shown and not force:
            return
        self._shown = keys
        key_style = Style.from_rich_style(self.get_component_rich_style("key-footer--key"))
        words_style = Style.from_rich_style(
            self.get_component_rich_style("key-footer--description")
        )
        parts: list[Content] = []
        self._spans = []
        start = 0
        for group, members in groupby(keys, key=lambda shown: shown[4]):
            entries = list(members)
            grouped = group is not None and len(entries) > 1
            for key, display, description, enabled, _ in entries:
                dim = Style() if enabled else Style(dim=True)
                part = Content.styled(display, key_style + dim)
                if description and not grouped:
                    part += Content.styled(f" {description}", words_style + dim)
                parts.append(part)
                self._spans.append((start, start + part.cell_length, key))
                start += part.cell_length + 1
            if grouped:
                label = Content.styled(group.description, words_style)
                parts.append(label)
                start += label.cell_length + 1
        line = Content(" ").join(parts)
        self.width = line.cell_length
        self.update(line, layout=False)

    def on_click(self, event: Click) -> None:
        """A click on a key does what the key does."""
        key = next((key for start, end, key in self._spans if start <= event.x < end), None)
        if key is not None:
            self.app.simulate_key(key)
