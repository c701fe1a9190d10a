"""Who may log in, and how hard a stranger may try: keys, a password, delays and limits."""

from __future__ import annotations

import hmac
import logging
import time
from collections import defaultdict, deque
from pathlib import Path

import asyncssh

log = logging.getLogger("entropy_tui.ssh")

# A wrong password is answered only after this pause, so guessing runs at a crawl.
FAILED_PASSWORD_DELAY = 1.5
# One connection may get this many wrong passwords, then it is closed...
PASSWORDS_PER_CONNECTION = 3
# ...and offer this many keys the table does not know (an agent may hold several).
UNKNOWN_KEYS_PER_CONNECTION = 10
# An address with this many wrong passwords within the window is turned away until the
# oldest of them is older than the window.
FAILURES_PER_ADDRESS = 10
FAILURE_WINDOW = 600.0
# Connections open at once, from one address and in all.
CONNECTIONS_PER_ADDRESS = 16
CONNECTIONS_IN_ALL = 128
MAX_USER_NAME = 64


def password_matches(typed: str, expected: str) -> bool:
    # compare_digest takes as long for a near miss as for a wild guess.
    return hmac.compare_digest(typed.encode("utf-8"), expected.encode("utf-8"))


def user_name_problem(name: str) -> str | None:
    """Why this SSH user name is refused, or None when it is fine."""
    if not name or len(name) > MAX_USER_NAME:
        return f"a user name has 1 to {MAX_USER_NAME} characters"
    if not name.isprintable():
        return "a user name has no control characters"
    return None


def read_authorized_keys(path: Path) -> asyncssh.SSHAuthorizedKeys | None:
    """The keys in an OpenSSH authorized_keys file, read afresh (keys added while the table
    runs count at once); None when the file is missing, empty or unreadable."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as error:
        log.warning("cannot read the authorized keys file %s: %s", path, error)
        return None
    if not any(line.strip() and not line.lstrip().startswith("#") for line in text.splitlines()):
        return None
    try:
        return asyncssh.import_authorized_keys(text)
    except (ValueError, asyncssh.KeyImportError) as error:
        log.warning("the authorized keys file %s has a bad line: %s", path, error)
        return None


class AddressGuard:
    """Counts connections and wrong passwords per client address."""

    def __init__(self) -> None:
        self._open: defaultdict[str, int] = defaultdict(int)
        self._failures: defaultdict[str, deque[float]] = defaultdict(deque)

    def admit(self, address: str) -> str | None:
        """Count a new connection; the reason it is turned away, or None when it may go on."""
        if sum(self._open.values()) >= CONNECTIONS_IN_ALL:
            return "the table has too many connections"
        if self._open[address] >= CONNECTIONS_PER_ADDRESS:
            return "too many connections from your address"
        if self.locked(address):
            return "too many wrong passwords from your address; try again later"
        self._open[address] += 1
        return None

    def release(self, address: str) -> None:
        self._open[address] -= 1
        if self._open[address] <= 0:
            del self._open[address]

    def failed(self, address: str) -> None:
        self._failures[address].append(time.monotonic())

    def locked(self, address: str) -> bool:
        failures = self._failures.get(address)
        if not failures:
            return False
        while failures and failures[0] < time.monotonic() - FAILURE_WINDOW:
            failures.popleft()
        if not failures:
            del self._failures[address]
        return len(failures) >= FAILURES_PER_ADDRESS
