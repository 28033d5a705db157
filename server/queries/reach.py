"""The reach route's answer: the squares (or a gridless region) a creature can reach, with
their cost, as one search charged to a budget (DESIGN section 8, reach)."""

from __future__ import annotations

from typing import Any

from engine import reach, reach_region
from engine.budget import Budget, within
from engine.results import Refusal
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
    found: dict[str, Any] = {
        "version": loaded.version,
        "creature": creature,
        "kind": kind,
        "mode": mode,
        "squares": [{"at": list(at), "cost": cost} for at, cost in sorted(squares.items())],
    }
    if region is not None:
        found["region"] = region_json(region)
    return found


def region_json(region: Any) -> dict[str, Any]:
    """A gridless reach region on the wire: each float point, its inches and its legs."""
    points = [
        {"at": list(at), "cost": round(cost, 6), "legs": [{"kind": k, "to": to} for k, to in legs]}
        for at, (cost, legs) in sorted(region.points.items())
    ]
    return {"resolution": region.resolution, "points": points}
