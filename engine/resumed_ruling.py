"""The director's ruling carried across a reaction window (DESIGN section 7, Rulings).

A ruled move paused by a reaction window resumes in another decision, the `resolve_reaction`
that closes the window. The ruling belongs to the move, not to the decision it was judged in:
the paused move keeps it (`ResumeMove.ruling`) and the rest of the move is judged under it, each
rule it sets aside there recorded as a `RuleOverruled` of the resuming decision, ahead of the
events it allowed, as `decide` records those of the first part.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from engine import ruling
from engine.action import Action
from engine.results import TraceStep
from events.battle_events import ResumedRuling, RuleOverruled


def kept() -> ResumedRuling | None:
    """The ruling of the decision under way, as a paused move keeps it (None: no ruling)."""
    now = ruling.current()
    if now is None:
        return None
    return ResumedRuling(reason=now.reason, cost=now.cost, reactions=now.reactions)


@contextmanager
def resumed(action: Action, given: ResumedRuling | None, creature: str) -> Iterator[None]:
    """Judge the rest of a paused move under the ruling it was made under (`given`).

    The resuming decision's own ruling, when the director gives one, rules instead (decide
    records it); without either, the rules as written."""
    if given is None or ruling.current() is not None:
        yield
        return
    before, start, traced = action.state, len(action.events), len(action.trace)
    with ruling.ruled(ruling.Ruling(given.reason, given.cost, given.reactions)) as ruled:
        yield
    assert ruled is not None
    found = [
        RuleOverruled(
            rule=s.rule, step=s.step, detail=s.detail, reason=given.reason, creature=creature
        )
        for s in ruled.set_aside
    ]
    if not found:
        return
    action.events[start:start] = found
    action.states[start:start] = [before] * len(found)
    rules = ", ".join(s.rule for s in ruled.set_aside)
    words = f"{ruled.words} ({rules}), on the rest of the move"
    action.trace.insert(traced, TraceStep(kind="overruled", reasons=(words,)))
