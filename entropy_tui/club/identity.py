"""Who is who at the club: an SSH key is a member's account. A new key registers with a display
name (and the club's password or an invitation, unless the club is open); a member adds another
key with a one-time code shown on a device they already use."""

from __future__ import annotations

import re
import secrets

from entropy_tui.club.hashing import code_digest, matches, salted_hash
from entropy_tui.club.names import display_name, name_key
from entropy_tui.club.records import Player
from entropy_tui.club.store import Conflict, Store

MAX_FINGERPRINT = 128
MIN_PASSWORD = 8
CODE_SECONDS = 10 * 60  # how long a code for adding a key stays good
# Crockford's base 32: no I, L, O or U, so a code read aloud or copied by hand survives.
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 10  # 50 bits
MAX_CODE_TYPED = 40
INVITATION = re.compile(r"(\d{1,12})-([0-9A-Z]{10})\Z")


class Refused(Exception):
    """Registration or a key's addition refused; the message tells the person why."""


class WrongSecret(Refused):
    """Registration refused for want of the club's password or a good invitation code, or a
    key's addition for want of a good code: a guess, which the server counts against the
    address it came from."""


def member(store: Store, fingerprint: str) -> Player | None:
    """The member whose key this is, or None for a key the club has not met."""
    return store.player_with_key(_checked_fingerprint(fingerprint))


def register(
    store: Store, fingerprint: str, typed_name: str, *, open_club: bool, secret: str = ""
) -> Player:
    """A new member: this key, under this name. Unless the club is open, `secret` is the
    club's password or an invitation code (used up by this registration)."""
    fingerprint = _checked_fingerprint(fingerprint)
    try:
        name = display_name(typed_name)
    except ValueError as refusal:
        raise Refused(str(refusal)) from None
    # Whether a name is taken is told only to someone allowed in.
    invitation = None if open_club else _invitation_matching(store, secret)
    if not open_club and invitation is None and not _is_password(store, secret):
        wrong = (
            "That is neither the club's password nor an unused invitation code. " if secret else ""
        )
        raise WrongSecret(f"{wrong}Joining this club needs its password or an invitation code.")
    try:
        if invitation is None:
            return store.add_player(name, name_key(name), fingerprint)
        return store.add_invited_player(name, name_key(name), fingerprint, invitation)
    except Conflict as refusal:
        raise Refused(str(refusal)) from None


def set_password(store: Store, password: str) -> None:
    if not MIN_PASSWORD <= len(password) <= 128:
        raise Refused(f"The club's password has {MIN_PASSWORD} to 128 characters.")
    store.set_password(*salted_hash(password))


def invite(store: Store) -> str:
    """A new invitation code, shown once: only its hash is kept."""
    secret = _random_code()
    invitation_id = store.add_invitation(*salted_hash(secret))
    return f"{invitation_id}-{secret}"


def _invitation_matching(store: Store, secret: str) -> int | None:
    """The unused invitation `secret` is the code of, if it is one (its number says which, so
    only one hash is tried)."""
    found = INVITATION.match(_normalised_code(secret)) if len(secret) <= MAX_CODE_TYPED else None
    if found is None:
        return None
    invitation = store.invitation(int(found[1]))
    if invitation is None or invitation.used_by is not None:
        return None
    return invitation.id if matches(found[2], invitation.salt, invitation.digest) else None


def _is_password(store: Store, secret: str) -> bool:
    stored = store.password()
    return stored is not None and matches(secret, *stored)


def key_code(store: Store, player: Player) -> str:
    """A one-time code that adds a key to `player` when typed from the new key's login, good for
    CODE_SECONDS (a new code replaces the last)."""
    code = _random_code()
    store.add_key_code(player.id, code_digest(code), store.clock() + CODE_SECONDS)
    return f"{code[:5]}-{code[5:]}"


def add_key(store: Store, fingerprint: str, typed_code: str) -> Player:
    """Adds this key to the member whose code was typed, using the code up."""
    fingerprint = _checked_fingerprint(fingerprint)
    code = _normalised_code(typed_code) if len(typed_code) <= MAX_CODE_TYPED else ""
    if len(code) != CODE_LENGTH:
        raise Refused(f"A code is {CODE_LENGTH} letters and digits, like ABCDE-12345.")
    try:
        player = store.redeem_key_code(code_digest(code), fingerprint)
    except Conflict as refusal:
        raise Refused(str(refusal)) from None
    if player is None:
        raise WrongSecret("That code is not one the club is waiting for (or it has expired).")
    return player


def _random_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def _normalised_code(typed: str) -> str:
    """A code as typed, read as it was meant: any case, without spaces or the dash between its
    halves (an invitation keeps the dash after its number), O as 0 and I or L as 1."""
    code = typed.strip().upper().translate(str.maketrans("OIL", "011", " "))
    number, dash, rest = code.partition("-")
    if dash and number.isdigit() and len(rest.replace("-", "")) == CODE_LENGTH:
        return f"{number}-{rest.replace('-', '')}"
    return code.replace("-", "")


def _checked_fingerprint(fingerprint: str) -> str:
    if not 0 < len(fingerprint) <= MAX_FINGERPRINT or not fingerprint.isascii():
        raise Refused("That is not a key's fingerprint.")
    if not fingerprint.isprintable() or " " in fingerprint:
        raise Refused("That is not a key's fingerprint.")
    return fingerprint
