"""The path judge: every step legal by the field's step rule, the budget never exceeded
(unless the ruleset lets the last square overspend), and a square the move may end on. The
judge is where an illegal step becomes a refusal naming the step."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.results import Refusal
from engine.rulesets.squares.field import SquareField
from engine.rulesets.squares.search import Node
from engine.ruling import deny
from engine.steps import must, passed
from events.battle_events import Coord


@dataclass
class Judged:
    costs: list[int] = field(default_factory=list)
    reasons: list[tuple[str, ...]] = field(default_factory=list)
    end: Node | None = None
    overspent: tuple[int, int] | None = None
    """(full cost, paid) of the last square when it cost more than what was left."""

    @property
    def total(self) -> int:
        return sum(self.costs)


def judge_path(
    f: SquareField, start: Coord, path: list[Coord], budget: int, stop: bool = True
) -> Judged:
    if not path:
        raise Refusal("path/empty", "the path has no squares")
    judged = Judged()
    node = f.start(start)
    for i, to in enumerate(path):
        spent = judged.total
        if f.overspend and spent >= budget:
            deny(f"{f.prefix}/no-movement-left", f"no movement left before {list(to)}", i)
        found = passed(
            f.step(node, spent, to), i, node[0], to, f.inside(to[0], to[1]), f.square_cost
        )
        cost, why = found.cost, list(found.reasons)
        if spent + cost > budget and not f.overspend:
            deny(
                f"{f.prefix}/exceeds-speed",
                f"the path costs {spent + cost}, more than the {budget} available",
                i,
            )
        elif spent + cost > budget and budget > spent:
            why.append(f"costs {cost}, entered with {budget - spent} left (allowed): paid that")
            judged.overspent = (cost, budget - spent)
            cost = budget - spent
        judged.costs.append(cost)
        judged.reasons.append(tuple(why) or ("1 square",))
        node = (to, f.next_counter(node, to))
    judged.end = node
    if stop:
        must(f.stop_refusal(path[-1]), len(path) - 1)
    return judged
