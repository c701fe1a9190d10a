"""How the club keeps its secrets: never in plain text. The club's password and invitation
codes, which people choose or pass around, are hashed with scrypt and a salt of their own (slow
on purpose, against guessing from a stolen database); a code for adding a key is random, long
enough and lives minutes, so a plain SHA-256 of it is enough and lets it be looked up."""

from __future__ import annotations

import hashlib
import hmac
import secrets

MAX_SECRET_LENGTH = 128  # characters: scrypt's time is bounded whatever is typed
SALT_BYTES = 16
# scrypt's cost: about 50 ms and 16 MB a hash (n * r * 128 bytes).
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1


def salted_hash(secret: str) -> tuple[bytes, bytes]:
    """A new salt and the secret's scrypt hash with it."""
    salt = secrets.token_bytes(SALT_BYTES)
    return salt, _scrypt(secret, salt)


def matches(secret: str, salt: bytes, digest: bytes) -> bool:
    if len(secret) > MAX_SECRET_LENGTH:
        return False
    return hmac.compare_digest(_scrypt(secret, salt), digest)


def _scrypt(secret: str, salt: bytes) -> bytes:
    return hashlib.scrypt(
        secret.encode("utf-8"), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, dklen=32
    )


def code_digest(code: str) -> bytes:
    return hashlib.sha256(code.encode("utf-8")).digest()
