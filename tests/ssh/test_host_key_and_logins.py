"""The host key file, the login rules, and that the SSH package stays free of the UI."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

import entropy_tui.ssh
from entropy_tui.ssh import HostKeyError, ensure_host_key, logins
from entropy_tui.ssh.terminal import MAX_COLUMNS, MAX_ROWS, clamp_size, terminal_type
from tests.test_engine_is_pure import FORBIDDEN, imported_roots


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
    assert guard.admit("203.0.113.9") is None
    guard.failed("203.0.113.9")
    assert "wrong passwords" in (guard.admit("203.0.113.9") or "")
    assert guard.admit("198.51.100.1") is None  # another address is not held back
    now[0] += logins.FAILURE_WINDOW + 1
    assert guard.admit("203.0.113.9") is None


def test_connections_from_one_address_are_capped() -> None:
    guard = logins.AddressGuard()
    for _ in range(logins.CONNECTIONS_PER_ADDRESS):
        assert guard.admit("203.0.113.9") is None
    assert guard.admit("203.0.113.9") == "too many connections from your address"
    guard.release("203.0.113.9")
    assert guard.admit("203.0.113.9") is None


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


def test_the_ssh_package_imports_no_user_interface_library() -> None:
    modules = sorted(Path(entropy_tui.ssh.__file__).parent.rglob("*.py"))
    assert len(modules) >= 4
    offenders = {m.name: imported_roots(m) & FORBIDDEN for m in modules}
    assert {name: found for name, found in offenders.items() if found} == {}
