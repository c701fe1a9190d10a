"""Who is connected to the club now: each connection's app says when its member arrives and
leaves, so that a turn is told to a connected member on their screen (with the bell) and to
anyone else by the club's notify command."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable


class Presence:
    """The members connected now, counted per connection (a member may log in from two
    devices, and is connected until both have left). Used from the club's event loop only."""

    def __init__(self) -> None:
        self._connections: Counter[int] = Counter()

    def arrived(self, member_id: int) -> Callable[[], None]:
        """Counts a connection of the member in; returns what to call when it ends (calling
        it again changes nothing)."""
        self._connections[member_id] += 1
        gone = False

        def left() -> None:
            nonlocal gone
            if not gone:
                gone = True
                self._connections[member_id] -= 1
                if self._connections[member_id] <= 0:
                    del self._connections[member_id]

        return left

    def connected(self, member_id: int) -> bool:
        return self._connections[member_id] > 0
