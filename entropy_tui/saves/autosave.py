"""Writes a game's save in the background, so a choice never waits for the disk.

Only the newest data matters: while one write runs, later ones replace each other and the last
is written next. Writes are atomic (see saves.write_atomically), so stopping at any instant
leaves the previous save or the new one. The thread is not a daemon: leaving the program waits
for a write under way.
"""

from __future__ import annotations

import threading
from pathlib import Path

from entropy_tui.saves.files import write_atomically


class Autosaver:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.error: OSError | None = None  # the last write's failure, until a write succeeds
        self._pending: bytes | None = None
        self._lock = threading.Lock()
        self._writer: threading.Thread | None = None

    def submit(self, data: bytes) -> None:
        with self._lock:
            self._pending = data
            if self._writer is None:
                self._writer = threading.Thread(target=self._write_pending, name="autosave")
                self._writer.start()

    def flush(self) -> None:
        """Returns once everything submitted is on disk (or has failed)."""
        with self._lock:
            writer = self._writer
        if writer is not None:
            writer.join()

    def _write_pending(self) -> None:
        while True:
            with self._lock:
                data, self._pending = self._pending, None
                if data is None:
                    self._writer = None  # in the lock: a submission now starts a new writer
                    return
            try:
                write_atomically(self.path, data)
            except OSError as error:
                self.error = error
            except BaseException:
                with self._lock:
                    self._writer = None  # so that the next submission is written
                raise
            else:
                self.error = None
