"""An events page is bounded by bytes as well as by count: it ends before the event that
would pass the budget, always holds one, and the next page starts where it ended."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from server.api.routes.battles import bytes_page


@dataclass
class Stored:
    version: int
    data: dict[str, Any]


@given(sizes=st.lists(st.integers(0, 300), min_size=1, max_size=40), budget=st.integers(1, 2000))
def test_a_page_holds_the_events_that_fit_and_at_least_one(sizes: list[int], budget: int) -> None:
    page = [Stored(v, {"x": "a" * n}) for v, n in enumerate(sizes, start=1)]
    kept = bytes_page(page, budget)
    assert kept == page[: len(kept)] and kept  # a prefix, never empty
    size = sum(len('{"x":""}') + n for n in sizes[: len(kept)])
    assert len(kept) == 1 or size <= budget
    if len(kept) < len(page):  # it stopped because the next event would not fit
        assert size + len('{"x":""}') + sizes[len(kept)] > budget
