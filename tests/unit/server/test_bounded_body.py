"""A page sent in pieces is byte for byte the page encoded whole, and the process's budget
of bytes in flight admits what fits."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from server.api.bounded_body import PIECE, BytesInFlight, admit, pieces
from server.api.problems import ProblemError
from server.queries.lazy_page import LazyPage

values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.text(max_size=3000),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)
items = st.lists(st.dictionaries(st.text(max_size=5), values, max_size=4))
heads = st.sampled_from([{}, {"battle_id": "b", "from": 1}])
tails = st.sampled_from([{}, {"to": 3}, {"to": 3, "next_from": 4}])


def page(head: dict[str, Any], rows: list[dict[str, Any]], tail: dict[str, Any]) -> LazyPage:
    return LazyPage(head, "steps", iter(rows), lambda: tail)


@given(heads, items, tails)
def test_the_pieces_join_to_the_bytes_of_the_whole_page(
    head: dict[str, Any], rows: list[dict[str, Any]], tail: dict[str, Any]
) -> None:
    sent = list(pieces(page(head, rows, tail)))
    assert b"".join(sent) == orjson.dumps(page(head, rows, tail).whole())
    largest = max((len(orjson.dumps(row)) for row in rows), default=0)
    assert all(len(p) <= PIECE + largest + 64 for p in sent)  # at most one item past PIECE


def test_items_are_made_one_at_a_time_as_pieces_are_asked_for() -> None:
    made: list[int] = []

    def rows() -> Any:
        for n in range(6):
            made.append(n)
            yield {"n": n, "pad": "x" * PIECE}  # each item fills a piece

    sending = pieces(LazyPage({"from": 1}, "steps", rows(), lambda: {"to": 6}))
    next(sending)
    assert made == [0]
    next(sending)
    assert made == [0, 1]


def test_the_budget_admits_what_fits_and_one_large_piece_alone() -> None:
    budget = BytesInFlight(100)
    assert budget.take(60) and not budget.take(50) and budget.take(40)
    budget.change(-100)
    assert budget.used == 0
    assert budget.take(500)  # larger than the budget: alone, it goes
    assert not budget.take(1)
    assert budget.take(1, mine=500)  # the answer holding it all may go on alone


def test_a_new_answer_with_no_room_for_a_piece_is_503_naming_the_limit() -> None:
    budget = BytesInFlight(4 * PIECE)
    assert admit(budget) is budget
    budget.change(3 * PIECE + 1)  # another piece would pass the limit
    with pytest.raises(ProblemError) as refused:
        admit(budget)
    assert refused.value.status == 503
    assert refused.value.headers == {"Retry-After": "1"}
    assert "TURNLEDGER_ANSWER_BUDGET_MB" in refused.value.detail
