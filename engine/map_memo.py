"""What a movement field learns about a map, kept for the next decision on the same map.

A map (`projections.grid.Grid`) is never changed in place: new terrain makes a new map, and
every later state of a battle shares its map. So what a field reads from the map alone, for
one kind of mover (its mode, size, speeds, the battle's options), holds for every decision on
that map: the squares it has read and the steps it has judged between squares no creature
stands near. `kept` hands a field the memo for its map and kind of mover; the memo holds the
map itself, so a map's identity is never reused while its memo is kept. `per_roster` keeps
what is built from a state's creatures the same way.

Everything kept is bounded by estimated bytes, together (`configure`; 64 MiB unless the
composition root says otherwise): a memo fills while a field reads, so it is weighed when
it is made and again when a decision that asked for it ends (`settle`, called by `decide`
and `reach`; a hit in between only marks it most recently used), and the least recently
used memos go first. A server playing many
battles keeps each battle's memos while they fit; a memo that no longer fits is dropped and
built again, which costs time, never an answer.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sized
from typing import Any, TypeVar

from projections.grid import Grid

T = TypeVar("T")

DEFAULT_MAX_BYTES = 64 * 1024 * 1024
MOST_ENTRIES = 4096
"""Entries kept at once, whatever they weigh (the bookkeeping's own bound)."""
ROSTERS_KEPT = 4
"""Values kept per `per_roster` key: a decision reads its state's creatures and its
action's, one after another."""
ENTRY_BYTES = 512
"""What an entry of a plain container is estimated to hold when its builder gives no
weight (a step's tuple, an occupant's list, ...)."""

Weigh = Callable[[Any], int]


_LOCAL = threading.local()


def _touched() -> set[Hashable]:
    """The keys this thread's decision has asked for since it last settled."""
    keys: set[Hashable] | None = getattr(_LOCAL, "keys", None)
    if keys is None:
        keys = _LOCAL.keys = set()
    return keys


class _Store:
    """Entries by key, least recently used first, each with its estimated bytes."""

    def __init__(self) -> None:
        self.max_bytes = DEFAULT_MAX_BYTES
        self.held = 0
        self.entries: OrderedDict[Hashable, tuple[Any, int, Weigh]] = OrderedDict()
        self.lock = threading.Lock()

    def touch(self, key: Hashable, value: Any, weigh: Weigh) -> None:
        """Keep `value` under `key` as the most recently used, weighed now; evict the least
        recently used until the rest fit (a value over the whole budget is not kept)."""
        old = self.entries.pop(key, None)
        if old is not None:
            self.held -= old[1]
        size = weigh(value)
        if size > self.max_bytes:
            return
        self.entries[key] = (value, size, weigh)
        self.held += size
        _touched().add(key)
        self.evict()

    def again(self, key: Hashable) -> None:
        """A hit on `key`: the most recently used now. Its weight is as it was when last
        weighed (at the end of the decision that filled it, `settle`): this decision's reads
        are weighed when it settles, so a hit need not weigh it (a memo's weight sums its
        entries, which costs more than the hit itself)."""
        self.entries.move_to_end(key)
        _touched().add(key)

    def reweigh(self, key: Hashable) -> None:
        found = self.entries.get(key)
        if found is None:
            return
        value, size, weigh = found
        now = weigh(value)
        self.held += now - size
        self.entries[key] = (value, now, weigh)

    def evict(self) -> None:
        """Drop the least recently used entries until the rest fit."""
        while self.entries and (self.held > self.max_bytes or len(self.entries) > MOST_ENTRIES):
            _, (_, dropped, _) = self.entries.popitem(last=False)
            self.held -= dropped


_STORE = _Store()


def configure(max_bytes: int) -> None:
    """Bound everything kept to `max_bytes` (estimated), evicting now if it is over."""
    with _STORE.lock:
        _STORE.max_bytes = max_bytes
        _STORE.evict()


def settle() -> None:
    """Weigh again what this thread's decision asked for (it filled as the decision read),
    and evict until everything fits."""
    keys = _touched()
    if not keys:
        return
    with _STORE.lock:
        for key in keys:
            _STORE.reweigh(key)
        _STORE.evict()
    keys.clear()


def room(entry_bytes: int) -> int:
    """How many entries of `entry_bytes` a memo may fill: a search stops keeping what it
    judges past the whole budget (it still judges it), so one long search can't hold more
    than the budget while it runs."""
    return _STORE.max_bytes // max(1, entry_bytes)


def held_bytes() -> int:
    """The estimated bytes kept now."""
    return _STORE.held


def rough_weight(value: object) -> int:
    """An estimate for a value its builder does not weigh: a container by its entries."""
    if isinstance(value, _SIZED):
        return ENTRY_BYTES * (len(value) + 1)
    return ENTRY_BYTES


_SIZED = (dict, list, tuple, set, frozenset, Sized)
"""The plain containers first: `Sized` is an abstract class, whose check costs more."""


def kept(
    grid: Grid, mover: Hashable, make: Callable[[], T], weigh: Callable[[T], int] = rough_weight
) -> T:
    """The memo of `grid` for `mover` (`make()` the first time), to fill as the field reads;
    `weigh` estimates its bytes as it grows. The key must say what kind of memo it is: one
    key, one kind."""
    key = ("map", id(grid), mover)
    with _STORE.lock:
        hit = _STORE.entries.get(key)
        if hit is not None and hit[0][0] is grid:
            memo: T = hit[0][1]
            _STORE.again(key)
            return memo
        memo = make()
        _STORE.touch(key, (grid, memo), lambda held: weigh(held[1]))
        return memo


def per_roster(
    creatures: object,
    key: Hashable,
    build: Callable[[], T],
    depth: int = ROSTERS_KEPT,
    weigh: Callable[[T], int] = rough_weight,
) -> T:
    """What `build` makes of a state's creatures, kept while the same mapping is asked again
    (a state's mapping is never changed in place, and holding it keeps its identity from
    being reused): every step of a walk, every creature of a state view, asks again. At most
    `depth` mappings are kept per key (a big value: one)."""
    store_key = ("roster", key)
    with _STORE.lock:
        hit = _STORE.entries.get(store_key)
        held: list[tuple[object, Any]] = hit[0] if hit is not None else []
        for roster, value in held:
            if roster is creatures:
                found: T = value
                _STORE.again(store_key)
                return found
    value = build()
    with _STORE.lock:
        hit = _STORE.entries.get(store_key)
        held = [(creatures, value), *(hit[0] if hit is not None else ())][:depth]
        _STORE.touch(store_key, held, lambda kept: sum(weigh(v) for _, v in kept))
    return value


def forget() -> None:
    """Drop every memo: the next decision reads its maps afresh (a test's cold start)."""
    with _STORE.lock:
        _STORE.entries.clear()
        _STORE.held = 0
    _touched().clear()
