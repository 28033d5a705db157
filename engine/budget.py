"""How much work one answer may cost: a budget of search steps, spent by every search.

Route search, reach and the gridless roadmap are the engine's only work that grows with what
a request asks (a far `to`, a huge Move, a map full of terrain). Each of their steps (a node
expanded, a leg judged, a sample tried) is charged to the budget of the answer being worked
out; past it the answer is a refusal, `limits/too-costly`, and the work stops there.

A budget counts steps, and may also hold a time limit read from a clock it is given (the
engine reads no clock of its own): a step costs from a few to a hundred microseconds by
ruleset, so seconds are what bound an answer's time, and steps what keep a budget that is
given no clock (a test, a replay) deterministic. The server sets both from its settings, so
that an answer at the limit comes within a few seconds and a table's normal play never
meets it.

The budget travels in a context variable, set around one answer (`within`), so the searches
deep in every ruleset reach it without each function carrying it; without one, nothing is
charged (a unit test, a replay).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from engine.results import Refusal

CLOCK_EVERY = 64
"""Steps between two readings of the clock (a reading costs more than a step of most searches)."""


@dataclass
class Budget:
    """At most `steps` search steps and, given a clock, `seconds` from the first step."""

    steps: int
    seconds: float | None = None
    clock: Callable[[], float] | None = None
    what: str = "this answer"
    spent: int = 0
    _deadline: float | None = field(default=None, repr=False)

    def spend(self, steps: int = 1) -> None:
        self.spent += steps
        if self.spent > self.steps:
            raise Refusal(
                "limits/too-costly",
                f"{self.what} needs more than {self.steps:,} search steps, the server's limit"
                " (TURNLEDGER_SEARCH_STEPS); ask for something nearer or smaller",
            )
        if self.clock is None or self.seconds is None:
            return
        if self._deadline is None:
            self._deadline = self.clock() + self.seconds
        elif self.spent % CLOCK_EVERY < steps and self.clock() > self._deadline:
            raise Refusal(
                "limits/too-costly",
                f"{self.what} would take more than {self.seconds:g} s of search, the server's"
                " limit (TURNLEDGER_SEARCH_SECONDS); ask for something nearer or smaller",
            )


_CURRENT: ContextVar[Budget | None] = ContextVar("turnledger_budget", default=None)


@contextmanager
def within(budget: Budget | None) -> Iterator[Budget | None]:
    """Charge the searches run inside to `budget` (None: charge nothing)."""
    token = _CURRENT.set(budget)
    try:
        yield budget
    finally:
        _CURRENT.reset(token)


def charge(steps: int = 1) -> None:
    """Spend search steps of the current answer's budget (a refusal once it is spent)."""
    budget = _CURRENT.get()
    if budget is not None:
        budget.spend(steps)
