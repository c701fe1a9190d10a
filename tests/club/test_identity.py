"""An SSH key is a member's account: registering a name (in an open club, or with the club's
password or an invitation), finding the member by key, and adding a second key with a code."""

from __future__ import annotations

from pathlib import Path

import pytest

from entropy_tui.club.identity import (
    CODE_SECONDS,
    Refused,
    add_key,
    invite,
    key_code,
    member,
    register,
    set_password,
)
from entropy_tui.club.store import Store
from tests.club.conftest import Clock

ANN_KEY, ANN_PHONE, BOB_KEY = "SHA256:ann-laptop", "SHA256:ann-phone", "SHA256:bob"


def test_an_open_club_registers_a_key_under_a_name_and_knows_it_again(store: Store) -> None:
    assert member(store, ANN_KEY) is None
    ann = register(store, ANN_KEY, "  Ann ", open_club=True)
    assert ann.name == "Ann"
    assert member(store, ANN_KEY) == ann


def test_a_name_taken_in_any_case_is_refused(store: Store) -> None:
    register(store, ANN_KEY, "Ann", open_club=True)
    for taken in ("ANN", "ann", "ａｎｎ"):
        with pytest.raises(Refused, match="is taken: choose another"):
            register(store, BOB_KEY, taken, open_club=True)
    assert member(store, BOB_KEY) is None


def test_a_key_registers_once(store: Store) -> None:
    register(store, ANN_KEY, "Ann", open_club=True)
    with pytest.raises(Refused, match="already belongs to a member"):
        register(store, ANN_KEY, "Annie", open_club=True)


def test_a_hostile_name_is_refused_in_words_and_the_club_is_unharmed(store: Store) -> None:
    with pytest.raises(Refused, match="letters, digits, spaces"):
        register(store, BOB_KEY, "x'); DROP TABLE players;--", open_club=True)
    with pytest.raises(Refused, match="at most 24 characters"):
        register(store, BOB_KEY, "B" * 10_000, open_club=True)
    with pytest.raises(Refused, match="not a key's fingerprint"):
        register(store, "SHA256:" + "k" * 500, "Bob", open_club=True)
    assert register(store, ANN_KEY, "O'Brien", open_club=True).name == "O'Brien"


def test_a_closed_club_needs_its_password(store: Store, tmp_path: Path) -> None:
    with pytest.raises(Refused, match="needs its password or an invitation"):
        register(store, ANN_KEY, "Ann", open_club=False)
    set_password(store, "tea at the observatory")
    with pytest.raises(Refused, match="neither the club's password nor an unused invitation"):
        register(store, ANN_KEY, "Ann", open_club=False, secret="coffee")
    with pytest.raises(Refused, match="needs its password"):
        register(store, ANN_KEY, "Ann", open_club=False, secret="t" * 100_000)
    ann = register(store, ANN_KEY, "Ann", open_club=False, secret="tea at the observatory")
    assert member(store, ANN_KEY) == ann
    store.close()
    assert b"observatory" not in b"".join(p.read_bytes() for p in tmp_path.glob("club.db*"))


def test_a_password_too_short_is_refused(store: Store) -> None:
    with pytest.raises(Refused, match="8 to 128 characters"):
        set_password(store, "short")


def test_an_invitation_registers_one_member_and_is_kept_only_hashed(
    store: Store, tmp_path: Path
) -> None:
    code = invite(store)
    ann = register(store, ANN_KEY, "Ann", open_club=False, secret=f" {code.lower()} ")
    assert member(store, ANN_KEY) == ann
    with pytest.raises(Refused, match="needs its password or an invitation"):
        register(store, BOB_KEY, "Bob", open_club=False, secret=code)
    number, _, secret = code.partition("-")
    with pytest.raises(Refused, match="needs its password or an invitation"):
        register(store, BOB_KEY, "Bob", open_club=False, secret=f"{int(number) + 1}-{secret}")
    store.close()
    assert secret.encode() not in b"".join(p.read_bytes() for p in tmp_path.glob("club.db*"))


def test_a_code_adds_a_second_key_once(store: Store, tmp_path: Path) -> None:
    ann = register(store, ANN_KEY, "Ann", open_club=True)
    code = key_code(store, ann)
    assert add_key(store, ANN_PHONE, code.lower().replace("-", " ")) == ann
    assert member(store, ANN_PHONE) == ann
    assert store.keys_of(ann.id) == [ANN_KEY, ANN_PHONE]
    with pytest.raises(Refused, match="not one the club is waiting for"):
        add_key(store, BOB_KEY, code)
    store.close()
    assert code.replace("-", "").encode() not in b"".join(
        p.read_bytes() for p in tmp_path.glob("club.db*")
    )


def test_a_code_expires(store: Store, clock: Clock) -> None:
    ann = register(store, ANN_KEY, "Ann", open_club=True)
    code = key_code(store, ann)
    clock.now += CODE_SECONDS
    with pytest.raises(Refused, match="or it has expired"):
        add_key(store, ANN_PHONE, code)
    assert member(store, ANN_PHONE) is None


def test_a_new_code_replaces_the_last(store: Store) -> None:
    ann = register(store, ANN_KEY, "Ann", open_club=True)
    first, second = key_code(store, ann), key_code(store, ann)
    with pytest.raises(Refused, match="not one the club is waiting for"):
        add_key(store, ANN_PHONE, first)
    assert add_key(store, ANN_PHONE, second) == ann


def test_a_code_does_not_take_another_members_key(store: Store) -> None:
    ann = register(store, ANN_KEY, "Ann", open_club=True)
    register(store, BOB_KEY, "Bob", open_club=True)
    with pytest.raises(Refused, match="already belongs to a member"):
        add_key(store, BOB_KEY, key_code(store, ann))
    assert member(store, BOB_KEY) is not None and member(store, BOB_KEY) != ann


@pytest.mark.parametrize("typed", ["", "12345", "A" * 41, "x'; DELETE FROM ssh_keys;--"])
def test_a_malformed_code_is_refused_in_words(store: Store, typed: str) -> None:
    with pytest.raises(Refused, match="10 letters and digits"):
        add_key(store, ANN_PHONE, typed)


def test_a_closed_club_tells_whether_a_name_is_taken_only_to_someone_let_in(
    store: Store,
) -> None:
    set_password(store, "tea at the observatory")
    register(store, ANN_KEY, "Ann", open_club=False, secret="tea at the observatory")
    with pytest.raises(Refused, match="needs its password") as refusal:
        register(store, BOB_KEY, "Ann", open_club=False, secret="guess")
    assert "taken" not in str(refusal.value)
    with pytest.raises(Refused, match="is taken: choose another"):
        register(store, BOB_KEY, "ANN", open_club=False, secret="tea at the observatory")
