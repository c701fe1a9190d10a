"""Who may log in, and how hard a stranger may try: keys, a password, delays and limits."""

from __future__ import annotations

import hmac
import ipaddress
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
# Of those, connections not logged in yet (each has LOGIN_TIMEOUT to do it): idle sockets fill
# these, never the places of the players logged in.
LOGGING_IN_PER_ADDRESS = 4
LOGGING_IN_IN_ALL = 32
LOCKED_OUT = "too many wrong passwords from your address; try again later, or log in with a key"
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


def address_group(address: str) -> str:
    """What an address is counted as: an IPv4 address itself, an IPv6 address its /64 (the least
    a site is given: its owner can use any address in it), an IPv4-mapped one its IPv4 address."""
    try:
        ip = ipaddress.ip_address(address.partition("%")[0])  # without a zone (fe80::1%eth0)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


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
    """Counts connections, connections still logging in, and wrong passwords per client address
    (an IPv6 address by its /64, see `address_group`)."""

    def __init__(self) -> None:
        self._open: defaultdict[str, int] = defaultdict(int)
        self._logging_in: defaultdict[str, int] = defaultdict(int)
        # The latest wrong passwords of each address: a full deque, its oldest within the
        # window, locks the address.
        self._failures: defaultdict[str, deque[float]] = defaultdict(
            lambda: deque(maxlen=FAILURES_PER_ADDRESS)
        )

    def admit(self, address: str) -> str | None:
        """Count a new connection; the reason it is turned away, or None when it may go on."""
        group = address_group(address)
        if sum(self._open.values()) >= CONNECTIONS_IN_ALL:
            return "the table has too many connections"
        if self._open[group] >= CONNECTIONS_PER_ADDRESS:
            return "too many connections from your address"
        self._open[group] += 1
        return None

    def release(self, address: str) -> None:
        _count_down(self._open, address_group(address))

    def begin_login(self, address: str) -> str | None:
        """Count an admitted connection as logging in until `end_login`; the reason it is
        turned away, or None."""
        group = address_group(address)
        if sum(self._logging_in.values()) >= LOGGING_IN_IN_ALL:
            return "the table has too many connections logging in"
        if self._logging_in[group] >= LOGGING_IN_PER_ADDRESS:
            return "too many connections logging in from your address"
        self._logging_in[group] += 1
        return None

    def end_login(self, address: str) -> None:
        """The connection has logged in, or gone without."""
        _count_down(self._logging_in, address_group(address))

    def failed(self, address: str) -> None:
        self._failures[address_group(address)].append(time.monotonic())

    def locked(self, address: str) -> bool:
        """Too many wrong passwords lately: passwords from this address are refused (keys not)."""
        group = address_group(address)
        failures = self._failures.get(group)
        if not failures:
            return False
        if failures[-1] < time.monotonic() - FAILURE_WINDOW:
            del self._failures[group]
            return False
        return len(failures) == FAILURES_PER_ADDRESS and (
            failures[0] >= time.monotonic() - FAILURE_WINDOW
        )


def _count_down(counts: defaultdict[str, int], group: str) -> None:
    counts[group] -= 1
    if counts[group] <= 0:
        del counts[group]
