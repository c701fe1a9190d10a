"""Python's garbage collector, run while the screen is idle (just after a decision's autosave)
rather than in the middle of answering a key: late in a game a collection of every object took
30-90 ms, and one of the young objects 1-7 ms, whenever the allocations of a keypress set it off."""

from __future__ import annotations

import gc

_frozen_to_review = False  # a game screen has gone: what earlier collections froze may be garbage


def review_frozen_later() -> None:
    """Asks the next full idle collection to look again at what earlier ones froze. Called when
    a game screen goes: it is a cycle of widgets that only a collection frees, and it may have
    been frozen while in use. Looking at every frozen object takes 50-100 ms late in a game, so
    a full collection during play looks only at what was made since the last freeze."""
    global _frozen_to_review
    _frozen_to_review = True


def collect_while_idle() -> None:
    """Collects the young objects; when the old ones are half way to being due (Python collects
    them after every tenth collection of the young, which a keypress can also set off), collects
    everything and freezes what survives, as start-up does, so that later collections look only
    at the objects made since (and, once a game screen has gone, at the frozen ones too)."""
    global _frozen_to_review
    if gc.get_count()[2] >= gc.get_threshold()[2] // 2:
        if _frozen_to_review:
            _frozen_to_review = False
            gc.unfreeze()
        gc.collect()
        gc.freeze()
    else:
        gc.collect(1)
