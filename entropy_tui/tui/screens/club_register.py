"""The first visit of a key the club has not met: the name the member will be known by, and,
unless the club is open, its password or an invitation code; or, for a member's second device,
the one-time code their first device shows (k in its lobby), which adds this key to them. A
refusal says why in words; a wrong password or code is answered only after a pause, counted
against the address it came from, and a connection that keeps guessing is closed."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Static

from entropy_tui.club.hashing import MAX_SECRET_LENGTH
from entropy_tui.club.identity import MAX_CODE_TYPED, Refused, WrongSecret, add_key, register
from entropy_tui.club.names import MAX_NAME, MIN_NAME
from entropy_tui.club.records import Player
from entropy_tui.ssh.logins import FAILED_PASSWORD_DELAY, LOCKED_OUT, PASSWORDS_PER_CONNECTION
from entropy_tui.tui.club_app import ClubApp, Visitor
from entropy_tui.tui.widgets.key_footer import KeyFooter

TOO_MANY_GUESSES = (
    "Too many wrong passwords or codes: this connection closes. Ask the club for a code."
)


class RegisterScreen(Screen[None]):
    # Tab moves between the fields before the keys after it are handed to a field: typed
    # quickly (or arriving together over SSH), "name, Tab, password" must not run into the name.
    BINDINGS: ClassVar = [
        Binding("escape", "app.quit", "Leave"),
        Binding("tab", "app.focus_next", show=False, priority=True),
        Binding("shift+tab", "app.focus_previous", show=False, priority=True),
    ]
    AUTO_FOCUS = "#club-name"
    DEFAULT_CSS = """
    RegisterScreen {
        #club-register { padding: 1 2; }
        #club-register-title { text-style: bold; }
        #club-register-notice { color: $warning; margin-top: 1; }
        .club-row { height: 1; margin-top: 1; }
        .club-label { width: 30; }
        .club-row Input { width: 1fr; max-width: 50; }
        .hint { color: $text-muted; }
    }
    """

    def __init__(self, visitor: Visitor) -> None:
        super().__init__()
        self.visitor = visitor
        self.wrong_secrets = 0
        self.busy = False  # an answer is being worked out: Enter waits for it

    def compose(self) -> ComposeResult:
        open_club = self.visitor.open_club
        with VerticalScroll(id="club-register"):
            yield Static("ENTROPY - welcome to the club", id="club-register-title")
            yield Static(
                "This SSH key is new here. It becomes your account: log in with it again and"
                " you are back. Choose the name the other members will see.",
            )
            with Horizontal(classes="club-row"):
                yield Static(f"Your name ({MIN_NAME}-{MAX_NAME} characters)", classes="club-label")
                yield _input("club-name", "e.g. Ann", MAX_NAME)
            if not open_club:
                with Horizontal(classes="club-row"):
                    yield Static("Club password or invitation", classes="club-label")
                    yield _input("club-secret", "", MAX_SECRET_LENGTH, password=True)
                yield Static(
                    "Joining takes the club's password, or an invitation code a member was"
                    " given for you.",
                    classes="hint",
                )
            with Horizontal(classes="club-row"):
                yield Static("Code from your other device", classes="club-label")
                yield _input("club-key-code", "e.g. ABCDE-12345", MAX_CODE_TYPED)
            yield Static(
                "Already a member? Leave the name empty and type the code your other device"
                " shows (k in its lobby): this key is added to your account.",
                classes="hint",
            )
            yield Static(id="club-register-notice")
            yield Static("Enter: join.  Tab: the next field.  Esc: leave.", classes="hint")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.say("")

    def say(self, notice: str) -> None:
        shown = self.query_one("#club-register-notice", Static)
        shown.update(notice)
        shown.display = bool(notice)

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.busy:
            return
        code = self.query_one("#club-key-code", Input).value
        if code.strip():
            self.busy = True
            try:
                store, key = self.visitor.store, self.visitor.fingerprint
                await self._admit(
                    lambda: add_key(store, key, code),
                    "#club-key-code",
                    "Welcome back, {name}: this key is yours too now.",
                )
            finally:
                self.busy = False
            return
        name = self.query_one("#club-name", Input).value
        if not name.strip():
            self.say("Type the name you want to be known by first.")
            self.query_one("#club-name", Input).focus()
            return
        secrets = self.query("#club-secret").results(Input)
        secret_input = next(secrets, None)
        if secret_input is not None and not secret_input.value:
            self.say("Type the club's password or your invitation code too.")
            secret_input.focus()
            return
        self.busy = True
        try:
            secret = "" if secret_input is None else secret_input.value
            store, key = self.visitor.store, self.visitor.fingerprint
            await self._admit(
                lambda: register(store, key, name, open_club=self.visitor.open_club, secret=secret),
                "#club-secret",
                "Welcome, {name}: this key is your account now.",
            )
        finally:
            self.busy = False

    async def _admit(self, attempt: Callable[[], Player], field: str, welcome: str) -> None:
        """Lets the key in as `attempt` says (registering, or adding it to a member): a wrong
        password or code (typed in `field`) is a guess, anything else refused says why."""
        visitor = self.visitor
        if visitor.guard is not None and visitor.guard.locked(visitor.address):
            self.say(f"{LOCKED_OUT[0].upper()}{LOCKED_OUT[1:]}.")
            return
        try:
            player = attempt()
        except WrongSecret as refusal:
            await self._wrong_secret(str(refusal), field)
            return
        except Refused as refusal:
            self.say(str(refusal))
            return
        app = self.app
        assert isinstance(app, ClubApp)
        app.enter_lobby(player, welcome.format(name=player.name))

    async def _wrong_secret(self, refusal: str, field: str) -> None:
        """A guess (in `field`): answered after a pause, counted for the address and the
        connection."""
        visitor = self.visitor
        self.wrong_secrets += 1
        if visitor.guard is not None:
            visitor.guard.failed(visitor.address)
        self.say("Checking...")
        await asyncio.sleep(FAILED_PASSWORD_DELAY)
        if self.wrong_secrets >= PASSWORDS_PER_CONNECTION:
            self.say(TOO_MANY_GUESSES)
            await asyncio.sleep(FAILED_PASSWORD_DELAY)
            self.app.exit(return_code=1)
            return
        self.say(refusal)
        guessed = self.query_one(field, Input)
        guessed.value = ""
        guessed.focus()


def _input(identifier: str, placeholder: str, limit: int, *, password: bool = False) -> Input:
    field = Input(
        placeholder=placeholder, max_length=limit, password=password, compact=True, id=identifier
    )
    field.cursor_blink = False  # an idle screen draws nothing
    return field
