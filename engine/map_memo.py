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
MOST_KEPT = 32
"""Memos kept at once (one per map and kind of mover)."""

_KEPT: OrderedDict[tuple[int, Hashable], tuple[Grid, dict[Any, Any]]] = OrderedDict()
_LOCK = threading.Lock()


def kept(grid: Grid, mover: Hashable) -> dict[Any, Any]:
    """The memo of `grid` for `mover` (empty the first time), to fill as the field reads."""
    key = (id(grid), mover)
    with _LOCK:
        hit = _KEPT.get(key)
        if hit is not None and hit[0] is grid:
            _KEPT.move_to_end(key)
            return hit[1]
        memo: dict[Any, Any] = {}
        _KEPT[key] = (grid, memo)
        while len(_KEPT) > MOST_KEPT:
            _KEPT.popitem(last=False)
        return memo


_ROSTERS: dict[Hashable, tuple[object, Any]] = {}
"""The latest value built per key, with the creatures mapping it was built from."""


def per_roster(creatures: object, key: Hashable, build: Callable[[], T]) -> T:
    """What `build` makes of a state's creatures, kept while the same mapping is asked again
    (a state's mapping is never changed in place, and holding it keeps its identity from
    being reused): every step of a walk, every creature of a state view, asks again."""
    hit = _ROSTERS.get(key)
    if hit is not None and hit[0] is creatures:
        found: T = hit[1]
        return found
    value = build()
    _ROSTERS[key] = (creatures, value)
    return value
