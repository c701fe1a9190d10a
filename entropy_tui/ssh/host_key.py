"""The table's SSH host key: made once, then kept, so players' clients recognise the table."""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh


def ensure_host_key(path: Path) -> str:
    """Create an Ed25519 host key at `path` unless one is there; its SHA256 fingerprint."""
    if path.exists():
        return load_host_key(path).get_fingerprint("sha256")
    path.parent.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="entropy-tui table")
    # Written beside its final place, readable by the owner only, then renamed: a host killed
    # half-way never leaves a truncated key that would refuse to load on the next start.
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "wb") as file:
        file.write(key.export_private_key())
    os.replace(partial, path)
    return key.get_fingerprint("sha256")


def load_host_key(path: Path) -> asyncssh.SSHKey:
    try:
        return asyncssh.read_private_key(path)
    except (OSError, asyncssh.KeyImportError) as error:
        raise HostKeyError(f"the SSH host key {path} cannot be read ({error})") from error


class HostKeyError(Exception):
    """The host key file exists but is not a private key this server can use."""
