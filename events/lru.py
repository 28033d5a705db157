"""A least-recently-used map bounded by an estimate of the memory its entries hold.

A count bound says nothing about memory when entries differ by a thousandfold (a battle's
state is kilobytes on a small map and megabytes on a 200x200 one), so each cache here is
given a budget in bytes and a function that estimates an entry's size; it evicts the least
recently used entries until the estimates fit. An entry estimated above the whole budget is
not kept at all. Thread-safe: the server reads its caches from the event loop and from
executor threads. The eviction is cachetools' (`LRUCache` with `getsizeof`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any, Generic, NamedTuple, TypeVar

from cachetools import LRUCache

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class _Sized(NamedTuple, Generic[V]):
    value: V
    size: int


class SizedLRU(Generic[K, V]):
    """cachetools' `LRUCache` with a budget in estimated bytes (its `getsizeof`), behind a
    lock (cachetools' caches are not thread-safe), keeping an entry above the whole budget
    out instead of raising, and with a put that can decline to replace what is held."""

    def __init__(self, budget: int, size_of: Callable[[K, V], int]) -> None:
        self.budget = budget
        self._size_of = size_of
        self._items: LRUCache[K, _Sized[V]] = LRUCache(budget, getsizeof=_size)
        self._lock = threading.Lock()

    @property
    def held_bytes(self) -> int:
        """The estimated bytes held now (never above the budget)."""
        return int(self._items.currsize)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: K) -> bool:
        return key in self._items

    def get(self, key: K) -> V | None:
        with self._lock:
            found = self._items.get(key)  # marks it the most recently used
            return None if found is None else found.value

    def put(self, key: K, value: V, replaces: Callable[[V], bool] | None = None) -> None:
        """Keep `value` as the most recently used entry, evicting the least recently used
        until the estimates fit. With `replaces`, an entry already held is replaced only
        if `replaces(held)` is true (decided under the lock)."""
        size = self._size_of(key, value)
        with self._lock:
            held = self._items.get(key)
            if held is not None and replaces is not None and not replaces(held.value):
                return
            self._items.pop(key, None)  # a new value's size replaces the old one's
            if size > self.budget:
                return
            self._items[key] = _Sized(value, size)

    def pop(self, key: K) -> None:
        with self._lock:
            self._items.pop(key, None)


def _size(entry: _Sized[Any]) -> int:
    return entry.size
