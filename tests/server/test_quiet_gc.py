"""``parlour serve``'s garbage collector: young collections only, the rest on a timer."""

from __future__ import annotations

import gc

from parlour.server.app import quiet_gc


def test_only_young_collections_run_by_themselves() -> None:
    was = gc.get_threshold()
    try:
        quiet_gc()
        gen0, gen1, gen2 = gc.get_threshold()
        assert gen0 == was[0]  # young collections as Python makes them
        # Neither older generation is collected unless asked (the timer of gc_every).
        assert gen1 == gen2 >= 10**9
        assert gc.get_freeze_count() > 0  # what start-up made is never looked at again
    finally:
        gc.unfreeze()
        gc.set_threshold(*was)
