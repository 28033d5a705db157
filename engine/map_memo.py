"""What a movement field learns about a map, kept for the next decision on the same map.

A map (`projections.grid.Grid`) is never changed in place: new terrain makes a new map, and
every later state of a battle shares its map. So what a field reads from the map alone, for
one kind of mover (its mode, size, speeds, the battle's options), holds for every decision on
that map: the squares it has read and the steps it has judged between squares no creature
stands near. `kept` hands a field the memo for its map and kind of mover; the memo holds the
map itself, so a map's identity is never reused while its memo is kept. The least recently
used memos go first.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from projections.grid import Grid

T = TypeVar("T")
MOST_KEPT = 12
"""Memos kept at once (one per map and kind of mover)."""

_KEPT: OrderedDict[tuple[int, Hashable], tuple[Grid, Any]] = OrderedDict()
_LOCK = threading.Lock()


def kept(grid: Grid, mover: Hashable, make: Callable[[], T]) -> T:
    """The memo of `grid` for `mover` (`make()` the first time), to fill as the field reads.
    The key must say what kind of memo it is: one key, one kind."""
    key = (id(grid), mover)
    with _LOCK:
        hit = _KEPT.get(key)
        if hit is not None and hit[0] is grid:
            _KEPT.move_to_end(key)
            found: T = hit[1]
            return found
        memo = make()
        _KEPT[key] = (grid, memo)
        while len(_KEPT) > MOST_KEPT:
            _KEPT.popitem(last=False)
        return memo


_ROSTERS: OrderedDict[Hashable, list[tuple[object, Any]]] = OrderedDict()
"""The latest values built per key, each with the creatures mapping it was built from; the
least recently used keys go first."""
ROSTERS_KEPT = 4
"""Values kept per key: a decision reads its state's creatures and its action's, one after
another."""
MOST_ROSTER_KEYS = 256


def per_roster(
    creatures: object, key: Hashable, build: Callable[[], T], depth: int = ROSTERS_KEPT
) -> T:
    """What `build` makes of a state's creatures, kept while the same mapping is asked again
    (a state's mapping is never changed in place, and holding it keeps its identity from
    being reused): every step of a walk, every creature of a state view, asks again. At most
    `depth` mappings are kept per key (a big value: one)."""
    with _LOCK:
        kept = _ROSTERS.get(key)
        if kept is not None:
            _ROSTERS.move_to_end(key)
            for roster, value in kept:
                if roster is creatures:
                    found: T = value
                    return found
    value = build()
    with _LOCK:
        _ROSTERS[key] = [(creatures, value), *(kept or ())][:depth]
        while len(_ROSTERS) > MOST_ROSTER_KEYS:
            _ROSTERS.popitem(last=False)
    return value


def forget() -> None:
    """Drop every memo: the next decision reads its maps afresh (a test's cold start)."""
    with _LOCK:
        _KEPT.clear()
        _ROSTERS.clear()
