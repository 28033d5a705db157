"""Every search is charged to the answer's budget; past it, `limits/too-costly`, and the work
stops (engine.budget). Without a budget nothing is charged; with no clock it is deterministic."""

from __future__ import annotations

import itertools

from engine import Accepted, Refused, decide
from engine.budget import Budget, within
from engine.reach import reach
from tests.unit.battle_map import battle

OPEN = "\n".join(["." * 30] * 30)
FAR = {"type": "move", "creature": "A", "to": [29, 29]}


def field() -> object:
    return battle(
        "A" + OPEN[1:], options={"turns": False}, creatures={"A": {"speeds": {"walk": 60}}}
    )


def test_a_search_within_its_budget_is_answered_as_without_one() -> None:
    state = field()
    free = decide(FAR, state)
    budget = Budget(steps=1_000_000)
    with within(budget):
        charged = decide(FAR, state)
    assert isinstance(free, Accepted) and charged == free
    assert budget.spent > 0


def test_past_its_steps_a_search_is_refused_naming_the_limit() -> None:
    state = field()
    with within(Budget(steps=1_000_000)) as measured:
        decide(FAR, state)
    assert measured is not None
    with within(Budget(steps=measured.spent - 1, what="this intent")) as short:
        refused = decide(FAR, state)
    assert isinstance(refused, Refused) and refused.rule == "limits/too-costly"
    assert "this intent" in refused.detail and "TURNLEDGER_SEARCH_STEPS" in refused.detail
    assert short is not None and short.spent == measured.spent  # it stopped at the limit


def test_without_a_clock_the_same_budget_gives_the_same_answer() -> None:
    state = field()
    answers = []
    for _ in range(2):
        with within(Budget(steps=500)):
            answers.append(decide(FAR, state))
    assert answers[0] == answers[1]


def test_a_clock_past_the_deadline_stops_the_search() -> None:
    ticks = itertools.count()
    budget = Budget(steps=10**9, seconds=5, clock=lambda: float(next(ticks)), what="this reach")
    try:
        with within(budget):
            reach(field(), "A", "move", "walk")
    except Exception as exc:  # the Refusal raised inside a reach (the server catches it)
        assert "5 s" in str(exc) and "TURNLEDGER_SEARCH_SECONDS" in str(exc)
    else:
        raise AssertionError("the reach should have run out of time")
    assert budget.spent < 10**9
