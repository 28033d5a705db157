"""A Warcry battle's setup: a board in inches and fighters on round bases (DESIGN section 9).

The creatures' shared fields are validated as on a grid (`speeds.walk` is Move, `hp` the
wounds); each fighter's `at` is `[x, y]` (on the floor or the highest platform there) or
`[x, y, z]` in inches, `base` its diameter (default 1") and `runemarks` such as `fly`,
`mount`, `monster`. Fighters must start on the board, clear of terrain and of each other.
"""

from __future__ import annotations

import math
from typing import Any

from pydantic import ValidationError

from engine.placement import check_creature_id
from engine.results import Accepted, Refusal, TraceStep
from engine.rulesets.warcry.board import Body, Space, pieces_of
from engine.rulesets.warcry.geometry import finite
from engine.rulesets.warcry.options import WarcryOptions
from engine.words import counted
from events.battle_events import BattleCreated, CreatureSpec, MapSpec
from events.gridless_events import BoardSpec, FighterSpec
from projections.board import square_of

WARCRY_FIELDS = ("base", "runemarks")


def board_spec(raw: Any) -> BoardSpec:
    if not isinstance(raw, dict):
        raise Refusal("battle/needs-board", "warcry is played on a `board` in inches")
    try:
        return BoardSpec.model_validate({**raw, "fighters": {}})
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"])
        raise Refusal("board/invalid", f"board {where}: {first['msg']}") from None


def fighter(
    raw: Any, spec: BoardSpec, placed: dict[str, FighterSpec], tall: float
) -> tuple[CreatureSpec, FighterSpec]:
    if not isinstance(raw, dict):
        raise Refusal("battle/invalid-creature", "a creature is an object")
    at = raw.get("at")
    if not isinstance(at, list | tuple) or len(at) not in (2, 3):
        raise Refusal("battle/invalid-creature", "a fighter needs `at`: [x, y] or [x, y, z]")
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in at) or not finite(
        *at
    ):
        raise Refusal("battle/invalid-creature", "coordinates are finite numbers of inches")
    try:
        f = FighterSpec.model_validate(
            {"at": (0.0, 0.0, 0.0), **{k: raw[k] for k in WARCRY_FIELDS if k in raw}},
            strict=True,
        )
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"])
        raise Refusal("battle/invalid-creature", f"fighter {where}: {first['msg']}") from None
    space = Space(spec.width, spec.height, pieces_of(spec), _bodies(placed), tall)
    x, y = float(at[0]), float(at[1])
    z = float(at[2]) if len(at) == 3 else space.surface_under((x, y), math.inf)
    point = (x, y, z)
    who = raw.get("id")
    if z < 0 or not space.on_board(point, f.base / 2):
        raise Refusal("board/off-board", f"{who!r} at {list(at)} is not wholly on the board")
    hit = space.sweep(point, point, f.base / 2)
    if hit is not None:
        raise Refusal("board/blocked", f"{who!r} at {list(at)} overlaps {hit}")
    rest = {k: v for k, v in raw.items() if k not in WARCRY_FIELDS}
    check_creature_id(raw.get("id"))
    try:
        spec_c = CreatureSpec.model_validate({**rest, "at": square_of(point)}, strict=True)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"])
        raise Refusal("battle/invalid-creature", f"creature {where}: {first['msg']}") from None
    if any(v < 0 or v > 1000 for v in spec_c.speeds.values()):
        raise Refusal("battle/invalid-creature", "speeds are between 0 and 1000")
    return spec_c, f.model_copy(update={"at": point})


def _bodies(placed: dict[str, FighterSpec]) -> tuple[Body, ...]:
    return tuple(Body(cid, (f.at[0], f.at[1]), f.at[2], f.base / 2) for cid, f in placed.items())


def create(rs_id: str, rules_version: str, body: Any, options: dict[str, Any]) -> Accepted:
    """The battle on its board, `options` as logged (each filled with its default)."""
    tall = WarcryOptions.logged(options).fighter_height
    if body.map is not None:
        raise Refusal("battle/needs-board", "warcry is gridless: give a `board`, not a `map`")
    spec = board_spec(body.board)
    if not body.creatures:
        raise Refusal("battle/no-creatures", "a battle needs at least one creature")
    creatures: list[CreatureSpec] = []
    placed: dict[str, FighterSpec] = {}
    for raw in body.creatures:
        c, f = fighter(raw, spec, placed, tall)
        if c.id in placed:
            raise Refusal("battle/duplicate-creature", f"two creatures are called {c.id!r}")
        creatures.append(c)
        placed[c.id] = f
    grid = MapSpec(width=max(1, math.ceil(spec.width)), height=max(1, math.ceil(spec.height)))
    event = BattleCreated(
        ruleset=rs_id,
        rules_version=rules_version,
        seed=body.seed,
        options=options,
        map=grid,
        creatures=creatures,
        board=spec.model_copy(update={"fighters": placed}),
    )
    trace = TraceStep(
        kind="battle", reasons=(f"{rs_id} {rules_version}", counted(len(creatures), "fighter"))
    )
    return Accepted(events=(event,), trace=(trace,))
