"""Python's garbage collector, run while the screen is idle (just after a decision's autosave)
rather than in the middle of answering a key: late in a game a collection of every object took
30-90 ms, and one of the young objects 1-7 ms, whenever the allocations of a keypress set it off."""

from __future__ import annotations

import gc


def collect_while_idle() -> None:
    """Collects the young objects; when the old ones are half way to being due (Python collects
    them after every tenth collection of the young, which a keypress can also set off), collects
    everything and freezes what survives, as start-up does, so that later collections look only
    at the objects made since. What an earlier freeze kept is looked at again first: a finished
    game's screen is a cycle of widgets that only a collection frees."""
    if gc.get_count()[2] >= gc.get_threshold()[2] // 2:
        gc.unfreeze()
        gc.collect()
        gc.freeze()
    else:
        gc.collect(1)
