"""The director's ruling over one decision: rules set aside instead of refused.

DESIGN section 7, Rulings: an intent carrying `overrule: {"reason": ...}` is judged as usual;
each rule it would have refused on is recorded (the rule, the step, the sentence) and the
decision goes on as if that step were legal. The rules stay strict; the log says which was
which.

Why a context variable rather than a parameter: the step refusals are produced by the path
judges of five rulesets, deep below the ruleset's `handle`, and by a few direct checks (the
budget, a teleport's range). `decide` opens a ruling for exactly one decision (`ruled`) and
closes it whatever happens, so the engine stays deterministic: the same state, intent and
dice give the same events, ruling or not. The searches (reach, the route search) never read
it: they skip an illegal step as before, only the judges consult it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from engine.results import Refusal

PREFIX = "overruled by the director"
BEYOND_RULING = ("map/off-map", "path/", "intent/", "engine/", "limits/")
"""Refusals no ruling sets aside: they say the intent cannot be carried out at all (a square
off the map, a path that jumps, a malformed intent, a bound on work), not that a rule of the
text forbids it."""


@dataclass(frozen=True)
class SetAside:
    """One rule a ruling set aside: the rule's id, the path's step (None: the whole intent)
    and the sentence the refusal would have said."""

    rule: str
    step: int | None
    detail: str
    about: tuple[str, ...] = ()


@dataclass
class Ruling:
    """What the director ruled: `reason` (shown wherever the action is), `cost` (what a step
    the text cannot count costs, in the ruleset's unit; None: the plain step's cost), and
    whether reactions still trigger (`reactions`, default true)."""

    reason: str
    cost: int | None = None
    reactions: bool = True
    set_aside: list[SetAside] = field(default_factory=list)

    @property
    def words(self) -> str:
        return f"{PREFIX}: {self.reason}"

    def record(self, rule: str, detail: str, step: int | None, about: tuple[str, ...] = ()) -> None:
        found = SetAside(rule, step, detail, about)
        if found not in self.set_aside:  # a rule judged twice at one step is one ruling
            self.set_aside.append(found)


_CURRENT: ContextVar[Ruling | None] = ContextVar("turnledger_ruling", default=None)


def current() -> Ruling | None:
    """The ruling of the decision under way (None: the rules as written)."""
    return _CURRENT.get()


@contextmanager
def ruled(ruling: Ruling | None) -> Iterator[Ruling | None]:
    """Judge under `ruling` for the duration of one decision (None: no ruling)."""
    token = _CURRENT.set(ruling)
    try:
        yield ruling
    finally:
        _CURRENT.reset(token)


@contextmanager
def strict() -> Iterator[None]:
    """The rules as written inside a ruled decision: for a probe that tries a path and
    falls back on refusal (the route search's tries), where a ruling must not turn the
    refusal it looks for into a success."""
    token = _CURRENT.set(None)
    try:
        yield
    finally:
        _CURRENT.reset(token)


def deny(rule: str, detail: str, step: int | None = None, about: tuple[str, ...] = ()) -> None:
    """Refuse by `rule`, unless the director overrules: then record it and go on.

    The one place a rule a ruling may set aside is refused (engine.steps calls it for every
    step rule's `Illegal`); a caller that goes on after it must do what the rule forbade."""
    ruling = _CURRENT.get()
    if ruling is None or rule.startswith(BEYOND_RULING):
        raise Refusal(rule, detail, step, about)
    ruling.record(rule, detail, step, about)
