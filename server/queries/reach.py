"""The reach route's answer: the squares (or a gridless region) a creature can reach, with
their cost, as one search charged to a budget (DESIGN section 8, reach), each square marked
with the reactions a move there would provoke (`engine.provoking`), judged on the state the
caller is given: a player's is what it knows, so no hidden creature's reaction is listed."""

from __future__ import annotations

from typing import Any

from engine import reach, reach_region
from engine.budget import Budget, within
from engine.context import Context
from engine.provoking import Provoked, provoking
from engine.recorded_dice import RecordingDice
from engine.results import Refusal
from events.battle_events import Coord
from projections.state import BattleState
from server.readers.unseen_dice import UnseenDice
from server.state.loader import Loaded


def reach_answer(
    loaded: Loaded, creature: str, kind: str, mode: str, budget: Budget | None = None
) -> dict[str, Any]:
    """The reach route's answer (or `{"refused": ...}`), its search charged to `budget`."""
    try:
        with within(budget):
            return _reach_found(loaded, creature, kind, mode)
    except Refusal as refusal:
        return {"refused": refusal.refused()}


def _reach_found(loaded: Loaded, creature: str, kind: str, mode: str) -> dict[str, Any]:
    # gridless: the region is searched once; its squares are its lattice, rounded
    region = reach_region(loaded.state, creature, kind)
    squares = region.lattice() if region is not None else reach(loaded.state, creature, kind, mode)
    marks = provoked(loaded.state, creature, kind, squares, mode=mode)
    found: dict[str, Any] = {
        "version": loaded.version,
        "creature": creature,
        "kind": kind,
        "mode": mode,
        "squares": squares_json(loaded.state, squares, marks),
    }
    if region is not None:
        found["region"] = region_json(region)
    return found


def provoked(
    state: BattleState,
    creature: str,
    kind: str,
    squares: dict[Coord, int],
    intent: dict[str, Any] | None = None,
    mode: str = "walk",
) -> dict[Coord, tuple[Provoked, ...]]:
    """The squares whose move would provoke, judged with dice no one can foresee (a dry run's:
    what is listed never shows the battle's next roll)."""
    ctx = Context(dice=RecordingDice(UnseenDice()))
    return provoking(state, creature, kind, squares, ctx, intent, mode)


def squares_json(
    state: BattleState, squares: dict[Coord, int], marks: dict[Coord, tuple[Provoked, ...]]
) -> list[dict[str, Any]]:
    """Reach squares on the wire, cheapest cost each; `provokes` only on a marked square."""
    out: list[dict[str, Any]] = []
    for at, cost in sorted(squares.items()):
        square: dict[str, Any] = {"at": list(at), "cost": cost}
        if at in marks:
            square["provokes"] = [p.to_json(state) for p in marks[at]]
        out.append(square)
    return out


def region_json(region: Any) -> dict[str, Any]:
    """A gridless reach region on the wire: each float point, its inches and its legs."""
    points = [
        {"at": list(at), "cost": round(cost, 6), "legs": [{"kind": k, "to": to} for k, to in legs]}
        for at, (cost, legs) in sorted(region.points.items())
    ]
    return {"resolution": region.resolution, "points": points}
