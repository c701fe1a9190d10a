"""The host key file, the login rules, and that the SSH package stays free of the UI."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from entropy_tui.ssh import HostKeyError, ensure_host_key, logins
from entropy_tui.ssh.terminal import MAX_COLUMNS, MAX_ROWS, clamp_size, terminal_type


def test_the_host_key_is_made_once_and_kept_private(tmp_path: Path) -> None:
    path = tmp_path / "data" / "ssh_host_key"
    first = ensure_host_key(path)
    assert first.startswith("SHA256:")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert ensure_host_key(path) == first
    assert [p.name for p in path.parent.iterdir()] == ["ssh_host_key"]


def test_a_host_key_that_is_not_a_key_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "ssh_host_key"
    path.write_text("not a key\n", encoding="utf-8")
    with pytest.raises(HostKeyError, match="cannot be read"):
        ensure_host_key(path)
    assert path.read_text(encoding="utf-8") == "not a key\n"


def test_a_password_must_match_exactly() -> None:
    assert logins.password_matches("open sesame", "open sesame")
    assert not logins.password_matches("open sesame ", "open sesame")
    assert not logins.password_matches("", "open sesame")


@pytest.mark.parametrize(
    ("name", "refused"),
    [("Ann", False), ("ann.b-2", False), ("", True), ("a" * 65, True), ("ann\x1b[2J", True)],
)
def test_user_names_with_control_characters_or_no_end_are_refused(name: str, refused: bool) -> None:
    assert (logins.user_name_problem(name) is not None) == refused


def test_an_address_with_many_wrong_passwords_waits_out_the_window(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = [1000.0]
    monkeypatch.setattr(logins.time, "monotonic", lambda: now[0])
    guard = logins.AddressGuard()
    for _ in range(logins.FAILURES_PER_ADDRESS - 1):
        guard.failed("203.0.113.9")
    assert not guard.locked("203.0.113.9")
    guard.failed("203.0.113.9")
    assert guard.locked("203.0.113.9")
    assert guard.admit("203.0.113.9") is None  # still let in: a key logs in all the same
    assert not guard.locked("198.51.100.1")  # another address is not held back
    now[0] += logins.FAILURE_WINDOW + 1
    assert not guard.locked("203.0.113.9")


def test_connections_from_one_address_are_capped() -> None:
    guard = logins.AddressGuard()
    for _ in range(logins.CONNECTIONS_PER_ADDRESS):
        assert guard.admit("203.0.113.9") is None
    assert guard.admit("203.0.113.9") == "too many connections from your address"
    guard.release("203.0.113.9")
    assert guard.admit("203.0.113.9") is None


def test_connections_still_logging_in_have_a_small_cap_of_their_own() -> None:
    guard = logins.AddressGuard()
    for _ in range(logins.LOGGING_IN_PER_ADDRESS):
        assert guard.begin_login("203.0.113.9") is None
    assert guard.begin_login("203.0.113.9") == "too many connections logging in from your address"
    guard.end_login("203.0.113.9")  # logged in (or gone): its place is free
    assert guard.begin_login("203.0.113.9") is None
    addresses = [f"198.51.100.{n}" for n in range(1, 100)]
    taken = [a for a in addresses if guard.begin_login(a) is None]
    assert len(taken) == logins.LOGGING_IN_IN_ALL - logins.LOGGING_IN_PER_ADDRESS
    assert guard.begin_login("192.0.2.1") == "the table has too many connections logging in"


@pytest.mark.parametrize(
    ("address", "counted_as"),
    [("203.0.113.9", "203.0.113.9"), ("::ffff:203.0.113.9", "203.0.113.9"),
     ("2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"), ("fe80::1%eth0", "fe80::/64")],
)  # fmt: skip
def test_an_ipv6_address_is_counted_by_its_64(address: str, counted_as: str) -> None:
    assert logins.address_group(address) == counted_as


def test_addresses_of_one_ipv6_64_share_their_limits() -> None:
    guard = logins.AddressGuard()
    for n in range(logins.CONNECTIONS_PER_ADDRESS):
        assert guard.admit(f"2001:db8:0:1::{n + 1:x}") is None
    assert guard.admit("2001:db8:0:1::ffff") == "too many connections from your address"
    assert guard.admit("2001:db8:0:2::1") is None  # the next /64 is someone else
    for n in range(logins.FAILURES_PER_ADDRESS):
        guard.failed(f"2001:db8:0:1:{n + 1:x}::1")
    assert guard.locked("2001:db8:0:1::1") and not guard.locked("2001:db8:0:2::1")
    for _ in range(logins.FAILURES_PER_ADDRESS):
        guard.failed("::ffff:192.0.2.7")  # an IPv4 client of a server listening on IPv6
    assert guard.locked("192.0.2.7")


def test_an_authorized_keys_file_that_is_missing_or_bad_lets_no_key_in(tmp_path: Path) -> None:
    assert logins.read_authorized_keys(tmp_path / "missing") is None
    bad = tmp_path / "authorized_keys"
    bad.write_text("ssh-ed25519 not-base64!\n", encoding="utf-8")
    assert logins.read_authorized_keys(bad) is None
    bad.write_text("# only a comment\n\n", encoding="utf-8")
    assert logins.read_authorized_keys(bad) is None


@pytest.mark.parametrize(
    ("claimed", "given"),
    [((80, 24), (80, 24)), ((0, 0), (80, 24)), ((2**32 - 1, 2**32 - 1), (MAX_COLUMNS, MAX_ROWS))],
)
def test_a_claimed_terminal_size_is_bounded(
    claimed: tuple[int, int], given: tuple[int, int]
) -> None:
    assert clamp_size(*claimed) == given


@pytest.mark.parametrize(
    ("requested", "given"),
    [("xterm-256color", "xterm-256color"), ("", "xterm"), (None, "xterm"), ("../x", "xterm"),
     ("a" * 200, "xterm"), ("screen.xterm-256color", "screen.xterm-256color")],
)  # fmt: skip
def test_only_a_plain_terminal_name_passes_as_term(requested: str | None, given: str) -> None:
    assert terminal_type(requested) == given
