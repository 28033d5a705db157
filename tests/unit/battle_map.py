"""Battles drawn as text, for tests that read like the rule text.

    .  floor            #  wall              o  stone obstacle   w  wood obstacle
    g  glass obstacle   m  metal obstacle    ~  difficult         ^  damaging (3)
    =  water (depth 2)  _  pit (depth 2)     H  climbable
    %  impeded          :  concealed         !  updraft (6 up)    |  narrow (fits 1S)
    A-Z  a hero (side "heroes")    a-z except those above  a monster (side "monsters")

A creature stands on floor; give its details in `creatures={"A": {...}}`.
"""

from __future__ import annotations

from typing import Any

from engine import Accepted, Refused, create_battle, decide
from engine.context import Context
from projections import BattleState, evolve, fold

TERRAIN = {
    "#": {"kind": "wall"},
    "o": {"kind": "obstacle", "material": "stone"},
    "w": {"kind": "obstacle", "material": "wood"},
    "g": {"kind": "obstacle", "material": "glass"},
    "m": {"kind": "obstacle", "material": "metal"},
    "~": {"kind": "difficult"},
    "^": {"kind": "damaging", "damage": 3},
    "=": {"kind": "water", "depth": 2},
    "_": {"kind": "hazard", "depth": 2},
    "H": {"kind": "climbable"},
    "%": {"kind": "impeded"},
    ":": {"kind": "concealed"},
    "!": {"kind": "updraft", "height": 6},
    "|": {"kind": "narrow", "fits": "1S"},
}


def setup_for(
    rows: str,
    creatures: dict[str, dict[str, Any]] | None = None,
    options: dict[str, Any] | None = None,
    elevation: list[dict[str, Any]] | None = None,
    seed: int = 7,
) -> dict[str, Any]:
    lines = [line.strip() for line in rows.strip().splitlines()]
    terrain: dict[str, list[list[int]]] = {}
    found: list[dict[str, Any]] = []
    for y, line in enumerate(lines):
        for x, ch in enumerate(line.replace(" ", "")):
            if ch in TERRAIN:
                terrain.setdefault(ch, []).append([x, y])
            elif ch.isalpha():
                extra = (creatures or {}).get(ch, {})
                spec = {
                    "id": ch,
                    "name": ch,
                    "side": "heroes" if ch.isupper() else "monsters",
                    "at": [x, y],
                    "speeds": {"walk": 5},
                    "stats": {"might": 0, "agility": 0},
                    "hp": 30,
                }
                spec.update(extra)
                found.append(spec)
    width = max(len(line.replace(" ", "")) for line in lines)
    return {
        "ruleset": "draw-steel",
        "seed": seed,
        "options": options or {},
        "map": {
            "width": width,
            "height": len(lines),
            "terrain": [{**TERRAIN[ch], "cells": cells} for ch, cells in terrain.items()],
            "elevation": elevation or [],
        },
        "creatures": found,
    }


def battle(rows: str, **kwargs: Any) -> BattleState:
    decision = create_battle(setup_for(rows, **kwargs))
    assert isinstance(decision, Accepted), decision
    return fold(decision.events)


def act(
    state: BattleState, intent: dict[str, Any], ctx: Context | None = None
) -> tuple[Accepted | Refused, BattleState]:
    decision = decide(intent, state, ctx)
    if isinstance(decision, Accepted):
        for event in decision.events:
            state = evolve(state, event)
    return decision, state


def ok(
    state: BattleState, intent: dict[str, Any], ctx: Context | None = None
) -> tuple[Accepted, BattleState]:
    decision, after = act(state, intent, ctx)
    assert isinstance(decision, Accepted), decision
    return decision, after


def refused(state: BattleState, intent: dict[str, Any], ctx: Context | None = None) -> Refused:
    decision = decide(intent, state, ctx)
    assert isinstance(decision, Refused), decision
    return decision


def types(decision: Accepted) -> list[str]:
    return [e.type for e in decision.events]


def moved(decision: Accepted) -> Any:
    """The decision's first `Moved` event (the turn's counts may be logged before it)."""
    return next(e for e in decision.events if e.type == "Moved")


def pos(state: BattleState, cid: str) -> tuple[int, int, int]:
    return state.creatures[cid].pos
