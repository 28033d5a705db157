"""The app takes its startup objects out of the garbage collector's sight (server.app)."""

import gc

from server.app import settle_heap


def test_what_startup_made_is_frozen_out_of_collections() -> None:
    made_at_startup = [{"n": n} for n in range(1000)]
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    try:
        settle_heap()
        assert gc.get_freeze_count() >= len(made_at_startup)
    finally:
        gc.unfreeze()
