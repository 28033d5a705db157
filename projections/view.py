"""state_view: the public JSON of a battle (DESIGN section 9); the service adds id and version."""

from __future__ import annotations

from typing import Any

from events.lru import SizedLRU
from projections.board import board_view, fighter_view
from projections.grid import Grid
from projections.memory import grid_bytes
from projections.state import BattleState, Creature

SLOWED_SPEED = 2


def _terrain_view(grid: Grid) -> list[dict[str, Any]]:
    cells: dict[str, list[list[int]]] = {}
    updrafts: dict[int, list[list[int]]] = {}
    narrows: dict[str, list[list[int]]] = {}
    landings: dict[str, list[list[int]]] = {}
    solids: dict[tuple[str, int], list[list[int]]] = {}
    for i in range(grid.width * grid.height):
        x, y = i % grid.width, i // grid.width
        kinds = []
        if grid.solid[i]:
            solid = "wall" if grid.wall[i] else "obstacle"
            solids.setdefault((solid, grid.solid[i]), []).append([x, y])
        if grid.difficult[i]:
            kinds.append("difficult")
        if grid.damage[i]:
            kinds.append("damaging")
        if grid.water[i]:
            kinds.append("water")
        if grid.pit[i]:
            kinds.append("hazard")
        if grid.climbable[i]:
            kinds.append("climbable")
        if grid.impeded[i]:
            kinds.append("impeded")
        if grid.concealed[i]:
            kinds.append("concealed")
        for kind in kinds:
            cells.setdefault(kind, []).append([x, y])
        if grid.updraft[i]:
            updrafts.setdefault(grid.updraft[i], []).append([x, y])
        fits = grid.narrow[i]
        if fits is not None:
            narrows.setdefault(fits, []).append([x, y])
        surface = grid.landing[i] if grid.landing else None
        if surface is not None:
            landings.setdefault(surface, []).append([x, y])
    # walls and obstacles by height (a game master reads what a creature can climb or see over)
    out: list[dict[str, Any]] = [
        {"kind": kind, "cells": where, "height": height}
        for (kind, height), where in sorted(solids.items(), key=lambda item: item[0])
    ]
    out += [{"kind": kind, "cells": where} for kind, where in cells.items()]
    out += [{"kind": "updraft", "cells": c, "height": h} for h, c in sorted(updrafts.items())]
    out += [{"kind": "narrow", "cells": c, "fits": f} for f, c in sorted(narrows.items())]
    out += [{"kind": "landing", "cells": c, "surface": s} for s, c in sorted(landings.items())]
    return out


MAP_VIEWS_BUDGET = 64 * 2**20
"""Bytes of map views (and the grids they hold on to) kept per process."""
TERRAIN_CELL_BYTES = 81
ELEVATION_ENTRY_BYTES = 329
"""Measured with tracemalloc: a square listed under a terrain kind, an elevation entry."""


def _map_view_bytes(_: int, entry: tuple[Grid, dict[str, Any]]) -> int:
    grid, view = entry
    cells = sum(len(piece["cells"]) for piece in view["terrain"])
    listed = TERRAIN_CELL_BYTES * cells + ELEVATION_ENTRY_BYTES * len(view["elevation"])
    return grid_bytes(grid) + listed


_MAP_VIEWS: SizedLRU[int, tuple[Grid, dict[str, Any]]] = SizedLRU(MAP_VIEWS_BUDGET, _map_view_bytes)


def map_view(grid: Grid) -> dict[str, Any]:
    """The map's public JSON (read-only: shared by every state of the same grid).

    A grid is immutable and shared by every state until the map changes, and its view walks
    every square (10,000 on a 100x100 map), so it is computed once per grid object, not once
    per intent or per replayed event. The cache keeps the grid too (its id could otherwise be
    reused by another), so both count against its budget."""
    found = _MAP_VIEWS.get(id(grid))
    if found is not None and found[0] is grid:
        return found[1]
    view = _map_view(grid)
    _MAP_VIEWS.put(id(grid), (grid, view))
    return view


def _map_view(grid: Grid) -> dict[str, Any]:
    return {
        "width": grid.width,
        "height": grid.height,
        "terrain": _terrain_view(grid),
        "elevation": [
            {"cells": [[i % grid.width, i // grid.width]], "height": e}
            for i, e in enumerate(grid.elevation)
            if e
        ],
    }


def creature_view(c: Creature, turns: bool) -> dict[str, Any]:
    return {
        "name": c.name,
        "side": c.side,
        "size": c.size,
        "position": list(c.pos),
        "hp": c.hp,
        "conditions": sorted(c.conditions),
        "movement_left": c.movement_left if turns else c.speeds.get("walk", 0),
        "speeds": dict(c.speeds),
        "stats": dict(c.stats),
        "stability": c.stability,
        "actions": {
            "move": c.move_actions,
            "main": c.main_actions,
            "maneuver": c.maneuvers,
        },
    }


def state_view(state: BattleState) -> dict[str, Any]:
    view = _state_view(state)
    if state.board is not None:
        view["board"] = board_view(state.board)
        for cid, fighter in state.board.fighters.items():
            if cid in view["creatures"]:
                view["creatures"][cid].update(fighter_view(fighter))
        _pending_in_inches(state, view["pending_reactions"])
    return view


def public_creature(state: BattleState, cid: str) -> dict[str, Any]:
    """One creature as `state_view` shows it (its fighter's inches on a gridless board)."""
    shown = creature_view(state.creatures[cid], state.turns)
    if state.board is not None:
        fighter = state.board.fighters.get(cid)
        if fighter is not None:
            shown.update(fighter_view(fighter))
    return shown


def battle_part(state: BattleState) -> dict[str, Any]:
    """`state_view` without its creatures and its map: what a change of any creature leaves
    alone and a read model keeps beside one row per creature (small: no square listed)."""
    view: dict[str, Any] = {
        "ruleset": state.ruleset,
        "rules_version": state.rules_version,
        "round": state.round,
        "active": state.active,
        "pending_reactions": _pending(state),
        "options": dict(state.options),
    }
    if state.board is not None:
        view["board"] = board_view(state.board)
        _pending_in_inches(state, view["pending_reactions"])
    return view


def _pending(state: BattleState) -> list[dict[str, Any]]:
    return [
        {"id": p.id, "kind": p.kind, "reactor": p.reactor, "target": p.target, "at": list(p.at)}
        for p in state.pending
    ]


def _pending_in_inches(state: BattleState, pending: list[dict[str, Any]]) -> None:
    assert state.board is not None
    for shown in pending:
        # in inches, where the fighter is (a reaction window's `at` holds only its square)
        target = state.board.fighters.get(shown["target"])
        if target is not None:
            shown["at"] = list(target.point)


def _state_view(state: BattleState) -> dict[str, Any]:
    return {
        "ruleset": state.ruleset,
        "rules_version": state.rules_version,
        "round": state.round,
        "active": state.active,
        "creatures": {cid: creature_view(c, state.turns) for cid, c in state.creatures.items()},
        "pending_reactions": _pending(state),
        "map": map_view(state.grid),
        "options": dict(state.options),
    }
