"""`entropy-tui club` as players meet it, with the real OpenSSH client in tmux: a first login
with a new key registers a name (with the club's password), a second login with that key lands
in that member's lobby, and another key without the password or a code gets nothing of the
first member's. Also: a client without a key is not let in at all, and commands are refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from entropy_tui.club import identity
from entropy_tui.club.store import Store
from tests.ssh.club_process import Club, register
from tests.ssh.support import (
    client_keys,
    fingerprint_of,
    make_client_key,
    needs_openssh,
    run_ssh,
    ssh_options,
)
from tests.tui.tmux import needs_tmux

pytestmark = [needs_openssh, needs_tmux, pytest.mark.ssh, pytest.mark.tmux, pytest.mark.slow]


def test_a_key_registers_once_comes_back_to_its_lobby_and_another_key_gets_nothing_of_it(
    club: Club, tmp_path: Path
) -> None:
    keys = client_keys(tmp_path, ("ann", "eve"))
    anns_key, eves_key = keys["ann"], keys["eve"]
    assert "Joining takes the club's password (the one given)" in "".join(club.lines)

    first = club.login(anns_key)
    try:
        register(first, "Ann Lee")
        assert "this key is your account now" in first.screen()
        first.keys("Escape")
        first.wait_for(lambda s: "ENTROPY club" not in s, "the client leaving", steady=True)
    finally:
        first.close()

    again = club.login(anns_key, (160, 50))
    try:
        # The title comes in the first frame; the lists once the store is read.
        screen = again.wait_for(
            lambda s: "ENTROPY club - Ann Lee" in s and "Your turn (0)" in s, "Ann's lobby again"
        )
        assert "This SSH key is new here" not in screen
    finally:
        again.close()

    other = club.login(eves_key)
    try:
        other.wait_for(lambda s: "This SSH key is new here" in s, "a new key's registration")
        other.keys("-l", "Ann Lee")
        other.keys("Tab")
        other.keys("-l", "not the password")
        other.keys("Enter")
        other.wait_for(
            lambda s: "needs its password or an invitation code" in s, "the refusal", timeout=30
        )
        assert "ENTROPY club - Ann Lee" not in other.screen()
    finally:
        other.close()

    with Store(club.database) as store:
        ann = store.player_named("ann lee")
        assert ann is not None and ann.name == "Ann Lee"
        assert store.keys_of(ann.id) == [fingerprint_of(anns_key)]
        assert identity.member(store, fingerprint_of(eves_key)) is None
        assert store.player(ann.id + 1) is None  # nobody else registered


def test_a_client_without_a_key_is_not_let_in_and_commands_are_refused(
    club: Club, tmp_path: Path
) -> None:
    no_key = run_ssh(*ssh_options(club.port, None), "anyone@127.0.0.1", "true")
    assert no_key.returncode == 255 and "Permission denied" in no_key.stderr
    key = make_client_key(tmp_path)
    command = run_ssh(*ssh_options(club.port, key), "anyone@127.0.0.1", "cat /etc/passwd")
    assert command.returncode != 0 and "root:" not in command.stdout
