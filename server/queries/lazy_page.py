"""A page of an answer whose items are made one at a time, as they are sent.

A replay page of a large battle holds up to 8 MiB of states; built whole as Python objects
it costs ten times that, and sixty-four of them at once cost gigabytes that the process
keeps. A `LazyPage` instead says what goes before its items (`head`), the items themselves
as an iterator (each made when asked for, so only the one being encoded is alive), and what
goes after them (`tail`, known once the items are spent: where the page ended). The HTTP
layer encodes and sends it in pieces (server/api/bounded_body.py); `whole` builds it at once
for callers in the process.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any


def _nothing() -> int:
    return 0


@dataclass
class LazyPage:
    head: dict[str, Any]
    items_key: str
    items: Iterator[dict[str, Any]]
    tail: Callable[[], dict[str, Any]]
    holds: Callable[[], int] = _nothing
    """An estimate of the bytes making the items keeps alive between two of them (a
    replay's state as it folds), counted by the HTTP layer against its budget."""

    def whole(self) -> dict[str, Any]:
        """The page as one dictionary: the head, the items as a list, then the tail."""
        items = list(self.items)
        return {**self.head, self.items_key: items, **self.tail()}
