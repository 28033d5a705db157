"""state_to_json / state_from_json: an exact, JSON-safe round trip (the snapshot format)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import Any

from events.battle_events import ResumeMove
from projections.board import board_from_json, board_to_json
from projections.grid import LAYERS, Grid, grid_from_json_layers
from projections.state import (
    REDUCER_VERSION,
    BattleState,
    Creature,
    PendingReaction,
    Profile,
    TurnOrder,
)


def _grid_to_json(grid: Grid) -> dict[str, Any]:
    """Each layer square by square, or as `{"runs": [[value, count], ...]}` where that is
    shorter: a 200x200 map's layers are 40,000 entries each, mostly one value (2.3 MB of
    JSON as lists, a few hundred bytes as runs for a bare map)."""
    out: dict[str, Any] = {"width": grid.width, "height": grid.height}
    for name in LAYERS:
        values = getattr(grid, name)
        runs = _runs(values)
        out[name] = {"runs": runs} if 2 * len(runs) < len(values) else list(values)
    return out


def _runs(values: Sequence[Any]) -> list[list[Any]]:
    # a layer holds values of one type (bools, ints, or None and strings), so grouping by
    # equality never merges a True with a 1
    if values and values.count(values[0]) == len(values):
        return [[values[0], len(values)]]  # most layers of most maps: counted in C
    return [[value, len(list(group))] for value, group in groupby(values)]


def _expanded(layer: Any) -> Any:
    if isinstance(layer, dict):
        expanded: list[Any] = []
        for value, count in layer["runs"]:
            expanded += [value] * count
        return expanded
    return layer


def _grid_from_json(data: dict[str, Any]) -> Grid:
    layers = {name: _expanded(data.get(name)) for name in LAYERS}
    return grid_from_json_layers(data["width"], data["height"], layers)


def _creature_to_json(c: Creature) -> dict[str, Any]:
    return {
        "id": c.id,
        "name": c.name,
        "side": c.side,
        "size": c.size,
        "pos": list(c.pos),
        "hp": c.hp,
        "speeds": dict(c.speeds),
        "stats": dict(c.stats),
        "stability": c.stability,
        "disengage": c.disengage,
        "conditions": sorted(c.conditions),
        "eot": sorted(c.eot),
        "grabbed_by": c.grabbed_by,
        "frightened_by": c.frightened_by,
        "climbing_on": c.climbing_on,
        "prone_voluntary": c.prone_voluntary,
        "movement_left": c.movement_left,
        "move_actions": c.move_actions,
        "main_actions": c.main_actions,
        "maneuvers": c.maneuvers,
        "actions_used": c.actions_used,
        "tallies": [list(t) for t in c.tallies],
    }


def _creature_from_json(d: dict[str, Any]) -> Creature:
    x, y, z = d["pos"]
    profile = Profile(
        id=d["id"],
        name=d["name"],
        side=d["side"],
        size=d["size"],
        speeds=dict(d["speeds"]),
        stats=dict(d["stats"]),
        stability=d["stability"],
        disengage=d["disengage"],
    )
    return Creature(
        profile=profile,
        pos=(x, y, z),
        hp=d["hp"],
        conditions=frozenset(d["conditions"]),
        eot=frozenset(d.get("eot", ())),
        grabbed_by=d["grabbed_by"],
        frightened_by=d.get("frightened_by"),
        climbing_on=d.get("climbing_on"),
        prone_voluntary=d["prone_voluntary"],
        movement_left=d["movement_left"],
        move_actions=d["move_actions"],
        main_actions=d["main_actions"],
        maneuvers=d["maneuvers"],
        actions_used=d["actions_used"],
        tallies=tuple((str(k), int(n)) for k, n in d.get("tallies", ())),
    )


def _pending_to_json(p: PendingReaction) -> dict[str, Any]:
    return {
        "id": p.id,
        "kind": p.kind,
        "reactor": p.reactor,
        "target": p.target,
        "at": list(p.at),
        "resume": None if p.resume is None else p.resume.model_dump(mode="json"),
    }


def _pending_from_json(d: dict[str, Any]) -> PendingReaction:
    x, y, z = d["at"]
    resume = None if d["resume"] is None else ResumeMove.model_validate(d["resume"])
    return PendingReaction(d["id"], d["kind"], d["reactor"], d["target"], (x, y, z), resume)


def state_to_json(state: BattleState, *, grid: bool = True) -> dict[str, Any]:
    """The state as JSON; without `grid`, all but the map (which a snapshot names instead of
    holding: `grid_to_json` is the part left out)."""
    out = _state_to_json(state)
    if not grid:
        del out["grid"]
    if state.board is not None:
        out["board"] = board_to_json(state.board)
    return out


def grid_to_json(grid: Grid) -> dict[str, Any]:
    """The map's part of `state_to_json` (every layer, square by square)."""
    return _grid_to_json(grid)


def _state_to_json(state: BattleState) -> dict[str, Any]:
    return {
        "reducer_version": REDUCER_VERSION,
        "ruleset": state.ruleset,
        "rules_version": state.rules_version,
        "seed": state.seed,
        "options": dict(state.options),
        "grid": _grid_to_json(state.grid),
        "creatures": [_creature_to_json(c) for c in state.creatures.values()],
        "round": state.round,
        "active": state.active,
        "acted": sorted(state.acted),
        "dice_counter": state.dice_counter,
        "pending": [_pending_to_json(p) for p in state.pending],
        "reaction_seq": state.reaction_seq,
        "order": _order_to_json(state.order),
        "last": state.last,
    }


def _order_to_json(order: TurnOrder | None) -> dict[str, Any] | None:
    if order is None:
        return None
    return {"creatures": list(order.creatures), "sides": list(order.sides)}


def _order_from_json(data: dict[str, Any] | None) -> TurnOrder | None:
    if data is None:
        return None
    return TurnOrder(tuple(data["creatures"]), tuple(data["sides"]))


def state_from_json(data: dict[str, Any]) -> BattleState:
    creatures = [_creature_from_json(c) for c in data["creatures"]]
    return BattleState(
        ruleset=data["ruleset"],
        rules_version=data["rules_version"],
        seed=data["seed"],
        options=dict(data["options"]),
        grid=_grid_from_json(data["grid"]),
        creatures={c.id: c for c in creatures},
        round=data["round"],
        active=data["active"],
        acted=frozenset(data["acted"]),
        dice_counter=data["dice_counter"],
        pending=tuple(_pending_from_json(p) for p in data["pending"]),
        reaction_seq=data["reaction_seq"],
        board=board_from_json(data["board"]) if data.get("board") else None,
        order=_order_from_json(data.get("order")),
        last=data.get("last"),
    )
