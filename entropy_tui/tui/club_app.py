"""The app of one connection to the club (`entropy-tui club`): a key the club has not met
registers first (tui/screens/club_register.py), then every member sees their lobby
(tui/screens/club_lobby.py). It runs in the club server's own process, one per connection
(tui/channel_driver.py), so it holds nothing but its screens and reads the club's store."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.app import App
from textual.binding import Binding

from entropy_tui.club.identity import member
from entropy_tui.club.records import Player
from entropy_tui.club.store import Store
from entropy_tui.ssh.logins import AddressGuard
from entropy_tui.tui.themes import COLOURBLIND_THEME, DEFAULT_THEME, THEMES


@dataclass(frozen=True, slots=True)
class Visitor:
    """Who knocks, and at which club: the connection's key and address, the club's store,
    whether anyone may register (`open_club`), and the guard that counts wrong passwords per
    address, the SSH server's own."""

    store: Store
    fingerprint: str
    open_club: bool
    address: str = ""
    guard: AddressGuard | None = None


class ClubApp(App[None]):
    TITLE = "Entropy club"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar = [Binding("ctrl+q", "quit", "Leave", show=False, priority=True)]

    def __init__(self, visitor: Visitor, *, colourblind: bool = False) -> None:
        super().__init__()
        self.visitor = visitor
        for theme in THEMES:
            self.register_theme(theme)
        self.set_reactive(App.theme, COLOURBLIND_THEME if colourblind else DEFAULT_THEME)
        self.stylesheet.set_variables(self.get_css_variables())

    def on_mount(self) -> None:
        known = member(self.visitor.store, self.visitor.fingerprint)
        if known is None:
            from entropy_tui.tui.screens.club_register import RegisterScreen

            self.push_screen(RegisterScreen(self.visitor))
        else:
            self.enter_lobby(known)

    def enter_lobby(self, player: Player, notice: str = "") -> None:
        """The member's lobby, in place of whatever shows."""
        from entropy_tui.tui.screens.club_lobby import ClubLobbyScreen

        lobby = ClubLobbyScreen(self.visitor.store, player, notice)
        if len(self.screen_stack) > 1:
            self.switch_screen(lobby)
        else:
            self.push_screen(lobby)
