"""What a movement field's step rule answers: a legal step's cost and reasons, or the rule
that forbids it, as a value.

The judge of a path, the reach generator and the route search all call the same step rule;
only the judge turns an `Illegal` answer into a refusal (`refuse`), the searches skip it. So
a check never decides whether to raise by what it was handed, and the three cannot disagree.
"""

from __future__ import annotations

from typing import NamedTuple

from engine import ruling
from engine.results import Refusal
from events.battle_events import Coord


class Illegal(NamedTuple):
    """A step (or a square to stop on) the rules forbid: the rule's id and a sentence."""

    rule: str
    detail: str
    about: tuple[str, ...] = ()
    """The creatures `detail` speaks of besides the mover (the one whose space is in the
    way): a reader who may not see one does not read a ruling that sets the rule aside."""


class Legal(NamedTuple):
    """A legal step: what it costs and why (the trace's reasons, empty for a plain step)."""

    cost: int
    reasons: tuple[str, ...]


def refuse(answer: Illegal, step: int | None = None) -> Refusal:
    """The refusal an illegal answer makes, naming the path's step when there is one."""
    return Refusal(answer.rule, answer.detail, step, answer.about)


def must(answer: Illegal | None, step: int | None = None) -> None:
    """Raise the refusal of an illegal answer (nothing when there is none), unless the
    director overrules it (engine.ruling): then it is recorded and the decision goes on."""
    if answer is not None:
        ruling.deny(answer.rule, answer.detail, step, answer.about)


def passed(
    answer: Legal | Illegal, step: int, frm: Coord, to: Coord, inside: bool, plain: int = 1
) -> Legal:
    """A path judge's step: a legal answer as it is; an illegal one is refused, or, under
    the director's ruling (DESIGN section 7, Rulings), recorded and taken as legal at the
    cost the director gave (else `plain`, what the text counts for a plain step).

    A step rule may answer with a rule before it looks whether the step can be taken at all
    (a move that ends after a drop says so before it looks at the map); no ruling takes a
    step off the map (`inside`) or to a square not beside the last (`frm`, `to`)."""
    if isinstance(answer, Legal):
        return answer
    if ruling.current() is not None and not inside:
        raise Refusal("map/off-map", f"{list(to)} is off the map", step)
    if ruling.current() is not None and max(abs(to[0] - frm[0]), abs(to[1] - frm[1])) > 1:
        raise Refusal("path/not-contiguous", f"{list(to)} is not beside {list(frm)}", step)
    ruling.deny(answer.rule, answer.detail, step, answer.about)
    ruled = ruling.current()
    assert ruled is not None  # deny raised otherwise
    cost = plain if ruled.cost is None else ruled.cost
    return Legal(cost, (ruled.words,))
