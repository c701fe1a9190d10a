"""A member's one-time code for adding a key: shown on the device they already use, typed on
the register screen of the other device's first login, good for identity.CODE_SECONDS and
once (a new code replaces the last)."""

from __future__ import annotations

import time
from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from entropy_tui.club.identity import CODE_SECONDS
from entropy_tui.tui.keys import bindings_for, key_for


def code_words(code: str, expires_at: float) -> str:
    """What the member reads: the code, until when it is good, and what to do with it."""
    until = time.strftime("%H:%M UTC", time.gmtime(expires_at))
    return (
        f"Your code: {code}\n\n"
        f"It is good once, for {CODE_SECONDS // 60} minutes (until {until}).\n\n"
        "On your other device, log in to this club with that device's SSH key. The club does"
        " not know that key yet: on its welcome screen, type this code in the field"
        ' "Code from your other device" and press Enter. That key is yours from then on.'
    )


class KeyCodeScreen(ModalScreen[None]):
    SCOPE = "club_key_code"
    BINDINGS: ClassVar = bindings_for("club_key_code")
    DEFAULT_CSS = """
    KeyCodeScreen {
        align: center middle;
        #club-key-code { width: 70; max-width: 100%; height: auto; max-height: 100%;
            padding: 1 2; border: round $accent; background: $surface; }
        #club-key-code-title { text-style: bold; margin-bottom: 1; }
        .hint { color: $text-muted; margin-top: 1; }
    }
    """

    def __init__(self, code: str, expires_at: float) -> None:
        super().__init__()
        self.code = code
        self.expires_at = expires_at

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="club-key-code"):
            yield Static("Add a key: log in from another device", id="club-key-code-title")
            yield Static(code_words(self.code, self.expires_at), id="club-key-code-words")
            yield Static(f"{key_for('close')}: back to the lobby.", classes="hint")

    def action_close(self) -> None:
        self.dismiss()
