"""Small Warcry tables for tests: a board in inches, a few fighters, a move, its answer."""

from __future__ import annotations

from typing import Any

from engine import Accepted, Refused, create_battle, decide
from projections import BattleState, evolve, fold


def square(x: float, y: float, side: float) -> list[list[float]]:
    return [[x, y], [x + side, y], [x + side, y + side], [x, y + side]]


def platform(x: float, y: float, side: float, height: float) -> dict[str, Any]:
    return {"kind": "platform", "polygon": square(x, y, side), "height": height}


def obstacle(x: float, y: float, side: float, height: float) -> dict[str, Any]:
    return {"kind": "obstacle", "polygon": square(x, y, side), "height": height}


def fighter(fid: str, at: list[float], side: str = "red", **extra: Any) -> dict[str, Any]:
    return {"id": fid, "name": fid, "side": side, "at": at, "speeds": {"walk": 5}, "hp": 8, **extra}


def battle(
    *fighters: dict[str, Any],
    terrain: list[dict[str, Any]] | None = None,
    size: tuple[float, float] = (30, 22),
    **options: Any,
) -> BattleState:
    setup = {
        "ruleset": "warcry",
        "seed": 3,
        "options": {"turns": False, **options},
        "board": {"width": size[0], "height": size[1], "terrain": terrain or []},
        "creatures": list(fighters),
    }
    created = create_battle(setup)
    assert isinstance(created, Accepted), created
    return fold(created.events)


def move(state: BattleState, fid: str, *legs: tuple[str, list[float]], **extra: Any) -> Any:
    return decide(
        {
            "type": "move",
            "creature": fid,
            "legs": [{"kind": k, "to": to} for k, to in legs],
            **extra,
        },
        state,
    )


def accepted(decision: Any) -> Accepted:
    assert isinstance(decision, Accepted), decision
    return decision


def refused(decision: Any) -> str:
    assert isinstance(decision, Refused), decision
    return decision.rule


def after(state: BattleState, decision: Any) -> BattleState:
    for event in accepted(decision).events:
        state = evolve(state, event)
    return state


def at(state: BattleState, fid: str) -> tuple[float, float, float]:
    assert state.board is not None
    return state.board.fighters[fid].point


def types(decision: Any) -> list[str]:
    return [e.type for e in accepted(decision).events]
