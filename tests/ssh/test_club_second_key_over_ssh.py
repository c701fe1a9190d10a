"""A member's second device over real SSH (the OpenSSH client in tmux): the first device's
lobby shows a one-time code (k), the second device's key types it on its welcome screen and
reaches the same member's lobby; a wrong code is refused in words first."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from entropy_tui.club.store import Store
from tests.ssh.club_process import Club, register
from tests.ssh.support import client_keys, fingerprint_of, needs_openssh
from tests.tui.tmux import needs_tmux

pytestmark = [needs_openssh, needs_tmux, pytest.mark.ssh, pytest.mark.tmux, pytest.mark.slow]

CODE = re.compile(r"Your code: ([0-9A-Z]{5}-[0-9A-Z]{5})")


def test_a_code_from_the_first_device_lets_the_second_key_into_the_same_lobby(
    club: Club, tmp_path: Path
) -> None:
    keys = client_keys(tmp_path, ("laptop", "phone"))
    laptop, phone = keys["laptop"], keys["phone"]

    first = club.login(laptop)
    try:
        register(first, "Ann Lee")
        first.keys("k")
        screen = first.wait_for(lambda s: CODE.search(s) is not None, "the one-time code")
        assert "It is good once, for 10 minutes" in screen
        found = CODE.search(screen)
        assert found is not None
        code = found[1]
    finally:
        first.close()

    second = club.login(phone)
    try:
        second.wait_for(lambda s: "Code from your other device" in s, "the welcome screen")
        second.keys("Tab")
        second.keys("Tab")
        second.keys("-l", "ABCDE-12345")
        second.keys("Enter")
        second.wait_for(lambda s: "not one the club is waiting for" in s, "the refusal", timeout=30)
        assert "ENTROPY club - Ann Lee" not in second.screen()
        second.keys("-l", code)
        second.keys("Enter")
        screen = second.wait_for(lambda s: "ENTROPY club - Ann Lee" in s, "Ann's lobby", timeout=30)
        assert "this key is yours too now" in screen
    finally:
        second.close()

    with Store(club.database) as store:
        ann = store.player_named("ann lee")
        assert ann is not None
        assert set(store.keys_of(ann.id)) == {fingerprint_of(laptop), fingerprint_of(phone)}
        assert store.player(ann.id + 1) is None  # the phone is Ann's, not a new member
