"""A least-recently-used map bounded by an estimate of the memory its entries hold.

A count bound says nothing about memory when entries differ by a thousandfold (a battle's
state is kilobytes on a small map and megabytes on a 200x200 one), so each cache here is
given a budget in bytes and a function that estimates an entry's size; it evicts the least
recently used entries until the estimates fit. An entry estimated above the whole budget is
not kept at all. Thread-safe: the server reads its caches from the event loop and from
executor threads.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class SizedLRU(Generic[K, V]):
    def __init__(self, budget: int, size_of: Callable[[K, V], int]) -> None:
        self.budget = budget
        self._size_of = size_of
        self._items: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    @property
    def held_bytes(self) -> int:
        """The estimated bytes held now (never above the budget)."""
        return self._bytes

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: K) -> bool:
        return key in self._items

    def get(self, key: K) -> V | None:
        with self._lock:
            found = self._items.get(key)
            if found is None:
                return None
            self._items.move_to_end(key)
            return found[0]

    def put(self, key: K, value: V, replaces: Callable[[V], bool] | None = None) -> None:
        """Keep `value` as the most recently used entry, evicting the least recently used
        until the estimates fit. With `replaces`, an entry already held is replaced only
        if `replaces(held)` is true (decided under the lock)."""
        size = self._size_of(key, value)
        with self._lock:
            held = self._items.get(key)
            if held is not None and replaces is not None and not replaces(held[0]):
                return
            self._drop(key)
            if size > self.budget:
                return
            self._items[key] = (value, size)
            self._bytes += size
            while self._bytes > self.budget:
                _, (_, evicted) = self._items.popitem(last=False)
                self._bytes -= evicted

    def pop(self, key: K) -> None:
        with self._lock:
            self._drop(key)

    def _drop(self, key: K) -> None:
        found = self._items.pop(key, None)
        if found is not None:
            self._bytes -= found[1]
