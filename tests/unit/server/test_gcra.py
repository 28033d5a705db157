"""The rate limiter's arithmetic (server/api/rate_limits.py): a burst of the whole amount,
then the rate; refusals spend nothing; idle clients are forgotten."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from server.api.problems import ProblemError
from server.api.rate_limits import Gcra, RateLimits


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_of_the_whole_amount_then_one_per_interval() -> None:
    clock = Clock()
    rate = Gcra(6, 60.0, clock)
    assert [rate.hit("a") for _ in range(6)] == [0.0] * 6
    assert rate.hit("a") == pytest.approx(10.0)
    clock.now += 9.9
    assert rate.hit("a") > 0
    clock.now += 0.2
    assert rate.hit("a") == 0.0
    assert rate.hit("b") == 0.0  # another client has its own allowance


@given(st.lists(st.floats(min_value=0, max_value=5), min_size=1, max_size=200))
def test_no_period_passes_more_than_twice_the_amount_nor_the_rate_over_time(
    gaps: list[float],
) -> None:
    clock = Clock()
    rate = Gcra(5, 10.0, clock)
    passed: list[float] = []
    for gap in gaps:
        clock.now += gap
        if rate.hit("c") == 0.0:
            passed.append(clock.now)
    for n, start in enumerate(passed):
        within = [t for t in passed[n:] if t < start + 10.0 - 1e-9]
        assert len(within) <= 2 * 5  # a whole burst, then the rate within the same period
    span = passed[-1] - passed[0]
    assert len(passed) <= 5 + span / 2.0 + 1e-9  # the burst plus one per interval, over time


def test_idle_clients_are_forgotten_as_others_arrive() -> None:
    clock = Clock()
    rate = Gcra(2, 1.0, clock)
    for n in range(100):
        rate.hit(f"ip:{n}")
    clock.now += 5
    for n in range(100, 200):
        rate.hit(f"ip:{n}")
    assert len(rate) <= 101


def test_over_the_limit_is_a_429_naming_the_setting_with_retry_after() -> None:
    limits = RateLimits("1/minute", "1/minute", "1/minute", clock=Clock())
    limits.check("read", "seat:b:s")
    with pytest.raises(ProblemError) as refused:
        limits.check("read", "seat:b:s")
    assert refused.value.status == 429
    assert "TURNLEDGER_RATE_READ" in refused.value.detail
    assert refused.value.headers == {"Retry-After": "60"}
