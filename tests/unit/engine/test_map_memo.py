"""What the engine keeps per map is bounded by bytes, for all battles together, and what it
drops costs time, never an answer."""

from __future__ import annotations

import tracemalloc
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Accepted, create_battle, decide, map_memo, reach
from projections import BattleState, fold

GRID_RULESETS = ["draw-steel", "epic-path", "one-two-one", "action-points"]


@pytest.fixture(autouse=True)
def fresh_memos() -> Iterator[None]:
    map_memo.forget()
    yield
    map_memo.configure(map_memo.DEFAULT_MAX_BYTES)
    map_memo.forget()


def battle(ruleset: str, seed: int) -> BattleState:
    """A 30x30 map with a band of difficult terrain that differs by `seed`, two creatures."""
    difficult = [[x, (x * seed) % 30] for x in range(30) if (x * seed) % 30 not in (0, 29)]
    walk = 400 if ruleset == "epic-path" else 80
    decision = create_battle(
        {
            "ruleset": ruleset,
            "options": {"turns": False},
            "map": {
                "width": 30,
                "height": 30,
                "terrain": [{"kind": "difficult", "cells": difficult}],
            },
            "creatures": [
                {"id": "hero", "side": "a", "at": [0, 0], "speeds": {"walk": walk}},
                {"id": "foe", "side": "b", "at": [15, 20], "speeds": {"walk": 5}},
            ],
        }
    )
    assert isinstance(decision, Accepted), decision
    return fold(decision.events)


def answers(state: BattleState) -> tuple[Any, ...]:
    across = decide({"type": "move", "creature": "hero", "to": [29, 29]}, state)
    return across, reach(state, "hero")


@pytest.mark.parametrize("ruleset", GRID_RULESETS)
def test_what_is_kept_stays_within_its_budget_across_battles(ruleset: str) -> None:
    battles = [battle(ruleset, seed) for seed in range(1, 7)]
    answers(battles[0])
    one_map = map_memo.held_bytes()
    assert one_map > 10_000  # weighed after the search filled it, not empty as it began
    budget = int(one_map * 2.5)
    map_memo.configure(budget)
    for state in battles * 2:
        answers(state)
        assert 0 < map_memo.held_bytes() <= budget


@pytest.mark.parametrize("ruleset", GRID_RULESETS)
def test_a_memo_dropped_changes_no_answer(ruleset: str) -> None:
    battles = [battle(ruleset, seed) for seed in range(1, 5)]
    kept = [answers(state) for state in battles * 2]
    map_memo.forget()
    map_memo.configure(0)  # nothing fits: every decision reads its map afresh
    afresh = [answers(state) for state in battles * 2]
    assert map_memo.held_bytes() == 0
    assert afresh == kept
    assert isinstance(kept[0][0], Accepted)


@settings(max_examples=60, deadline=None)
@given(
    budget=st.integers(0, 5_000),
    asks=st.lists(st.tuples(st.integers(0, 9), st.integers(0, 3_000)), max_size=40),
)
def test_held_bytes_are_what_is_kept_and_never_over_budget(
    budget: int, asks: list[tuple[int, int]]
) -> None:
    map_memo.forget()
    map_memo.configure(budget)
    rosters = [object() for _ in range(10)]
    built: dict[int, int] = {}
    for key, size in asks:
        value = map_memo.per_roster(rosters[key], ("test", key), lambda s=size: s, weigh=int)
        # what was built for this roster and is still kept, or built now
        assert value == size or value == built.get(key)
        built[key] = value
        map_memo.settle()
        kept = map_memo._STORE.entries
        assert map_memo.held_bytes() == sum(weight for _, weight, _ in kept.values())
        assert map_memo.held_bytes() <= budget


@pytest.mark.parametrize("ruleset", ["draw-steel", "epic-path", "one-two-one"])
def test_a_search_keeps_nothing_past_the_budget_while_it_runs(ruleset: str) -> None:
    state = battle(ruleset, 3)

    def peak_of_answers() -> tuple[int, Any]:
        map_memo.forget()
        tracemalloc.start()
        try:
            found = answers(state)
            return tracemalloc.get_traced_memory()[1], found
        finally:
            tracemalloc.stop()

    peak_of_answers()  # what is built once per process (schemas, parsed options) is not counted
    kept_peak, kept = peak_of_answers()
    map_memo.configure(0)  # no room: every step is judged and none is kept, even mid-search
    bare_peak, bare = peak_of_answers()
    assert bare == kept
    assert bare_peak < kept_peak * 0.8, (bare_peak, kept_peak)
