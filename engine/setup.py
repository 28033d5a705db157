"""The battle setup (the `POST /battles` body) and `create_battle`.

`create_battle` validates the setup against its ruleset (known ruleset, options, map, every
creature on the map with a known size, unique ids, no two creatures sharing a space unless
their sizes differ by 2+) and answers `[BattleCreated]` with areas expanded to cells, heights
resolved and every option filled with its default, so replay never depends on defaults.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.context import Context
from engine.intent_glossary import describe
from engine.intents import Area, Point, area_cells
from engine.placement import check_opening, check_space, creature_spec
from engine.results import Accepted, Decision, Refusal, Refused, TraceStep
from events.battle_events import (
    BattleCreated,
    Cell,
    CreatureSpec,
    ElevationSpec,
    MapSpec,
    Material,
    TerrainKind,
    TerrainSpec,
)
from projections.grid import grid_from_spec

MAX_SIDE = 1000


class SetupModel(BaseModel):
    model_config = ConfigDict(
        frozen=True, extra="forbid", use_attribute_docstrings=True, json_schema_extra=describe
    )


class TerrainSetup(SetupModel):
    kind: TerrainKind
    cells: list[Point] | None = None
    area: Area | None = None
    height: int | None = Field(default=None, ge=0, le=1000)
    material: Material | None = None
    damage: int | None = Field(default=None, ge=0, le=1000)
    depth: int | None = Field(default=None, ge=0, le=1000)
    hard: bool = False
    fits: str | None = Field(default=None, max_length=16)
    """For `narrow`: the size the opening is built for (bigger creatures squeeze or stop)."""


class ElevationSetup(SetupModel):
    cells: list[Point] | None = None
    area: Area | None = None
    height: int = Field(ge=-1000, le=1000)


class MapSetup(SetupModel):
    width: int = Field(ge=1, le=MAX_SIDE)
    height: int = Field(ge=1, le=MAX_SIDE)
    terrain: list[TerrainSetup] = []
    elevation: list[ElevationSetup] = []


class BattleSetup(SetupModel):
    ruleset: str
    seed: int = 0
    options: dict[str, Any] = {}
    map: MapSetup | None = None
    board: dict[str, Any] | None = None
    creatures: list[dict[str, Any]] = []


def _cells(cells: list[list[int]] | None, area: Area | None, m: MapSetup) -> list[Cell]:
    out: list[Cell] = []
    for p in cells or []:
        out.append((p[0], p[1]))
    if area is not None:
        out.extend(area_cells(area))
    for x, y in out:
        if not (0 <= x < m.width and 0 <= y < m.height):
            raise Refusal("map/off-map", f"terrain square [{x}, {y}] is off the map")
    if not out:
        raise Refusal("map/no-cells", "a terrain entry needs `cells` or an `area`")
    return out


def map_spec(m: MapSetup) -> MapSpec:
    entries: list[TerrainSetup | ElevationSetup] = [*m.terrain, *m.elevation]
    for entry in entries:
        if entry.area is not None:
            (x0, y0), (x1, y1) = entry.area.from_[:2], entry.area.to[:2]
            if not all(0 <= x < m.width for x in (x0, x1)) or not all(
                0 <= y < m.height for y in (y0, y1)
            ):
                raise Refusal("map/off-map", "a terrain area reaches off the map")
    terrain = [
        TerrainSpec(
            kind=t.kind,
            cells=_cells(t.cells, t.area, m),
            height=t.height,
            material=t.material,
            damage=t.damage,
            depth=t.depth,
            hard=t.hard,
            fits=t.fits,
        )
        for t in m.terrain
    ]
    elevation = [
        ElevationSpec(cells=_cells(e.cells, e.area, m), height=e.height) for e in m.elevation
    ]
    return MapSpec(width=m.width, height=m.height, terrain=terrain, elevation=elevation)


def parse_setup(body: Any) -> BattleSetup:
    """Validate a `POST /battles` body, raising `Refusal("battle/invalid-setup")`."""
    try:
        return BattleSetup.model_validate(body)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"])
        raise Refusal("battle/invalid-setup", f"{where}: {first['msg']}") from None


def create_battle(setup: BattleSetup | dict[str, Any], ctx: Context | None = None) -> Decision:
    """Judge a battle setup: `Accepted([BattleCreated])` or a refusal naming the problem."""
    ctx = ctx or Context()
    try:
        body = setup if isinstance(setup, BattleSetup) else parse_setup(setup)
        return _create(body, ctx)
    except Refusal as refusal:
        return refusal.refused()
    except Exception as exc:
        return Refused(rule="engine/internal-error", detail=f"{type(exc).__name__}: {exc}")


def _create(body: BattleSetup, ctx: Context) -> Accepted:
    rs = ctx.rulesets.get(body.ruleset)
    if rs is None:
        known = ", ".join(ctx.rulesets.ids())
        raise Refusal(
            "battle/unknown-ruleset", f"unknown ruleset {body.ruleset!r} (known: {known})"
        )
    on_board = getattr(rs, "create_on_board", None)
    if on_board is not None:
        accepted: Accepted = on_board(body)  # a gridless ruleset lays out its own board
        return accepted
    if body.board is not None or body.map is None:
        raise Refusal("battle/needs-map", f"{body.ruleset} is played on a grid `map`")
    if not body.creatures:
        raise Refusal("battle/no-creatures", "a battle needs at least one creature")
    options = rs.resolve_options(body.options)
    for t in body.map.terrain:
        check_opening(rs, t.kind, t.fits)
    spec = map_spec(body.map)
    grid = grid_from_spec(spec)
    creatures: list[CreatureSpec] = []
    for raw in body.creatures:
        c = creature_spec(rs, raw, grid)
        if any(o.id == c.id for o in creatures):
            raise Refusal("battle/duplicate-creature", f"two creatures are called {c.id!r}")
        check_space(rs, c, creatures)
        creatures.append(c)
    event = BattleCreated(
        ruleset=rs.id,
        rules_version=rs.rules_version,
        seed=body.seed,
        options=options,
        map=spec,
        creatures=creatures,
    )
    trace = TraceStep(
        kind="battle", reasons=(f"{rs.id} {rs.rules_version}", f"{len(creatures)} creatures")
    )
    return Accepted(events=(event,), trace=(trace,))


__all__ = ["BattleSetup", "MapSetup", "create_battle", "parse_setup"]
