"""A page sent in pieces is the same JSON as the page built whole, and the process's budget
of bytes in flight admits what fits."""

from __future__ import annotations

from typing import Any

import orjson
from hypothesis import given
from hypothesis import strategies as st

from server.api.bounded_body import PIECE, BytesInFlight, pieces
from server.queries.lazy_page import LazyPage

items = st.lists(st.dictionaries(st.text(max_size=5), st.text(max_size=3000), max_size=4))


def page(rows: list[dict[str, Any]], tail: dict[str, Any]) -> LazyPage:
    return LazyPage({"battle_id": "b", "from": 1}, "steps", iter(rows), lambda: tail)


@given(items, st.sampled_from([{}, {"to": 3}, {"to": 3, "next_from": 4}]))
def test_the_pieces_join_to_the_whole_page(
    rows: list[dict[str, Any]], tail: dict[str, Any]
) -> None:
    sent = list(pieces(page(rows, tail)))
    assert orjson.loads(b"".join(sent)) == page(rows, tail).whole()
    assert all(len(p) < PIECE + 3100 for p in sent)  # a piece is at most one item past PIECE


def test_the_budget_admits_what_fits_and_one_large_piece_alone() -> None:
    budget = BytesInFlight(100)
    assert budget.take(60) and not budget.take(50) and budget.take(40)
    assert budget.spent
    budget.give_back(100)
    assert budget.take(500)  # larger than the budget: alone, it goes
    assert not budget.take(1)
