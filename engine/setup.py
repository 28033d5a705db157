"""The battle setup (the `POST /battles` body): its models, parsing it, and the map it lays.

`engine.creation.create_battle` judges a setup against its ruleset, whose `create` lays out
the battle (a grid ruleset: `engine.rulesets.grid.GridRuleset.create`, with `map_spec`).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.intent_glossary import describe
from engine.intents import Area, Point
from engine.results import Refusal
from events.battle_events import (
    Cell,
    ElevationSpec,
    MapSpec,
    Material,
    Rect,
    Surface,
    TerrainKind,
    TerrainSpec,
)
from events.store import MAX_EVENT_BYTES

MAX_SIDE = 1000
MAX_TERRAIN_ENTRIES = 200
"""Terrain and elevation entries of one map, together."""
MAX_LISTED_CELLS = 40_000
"""Squares listed one by one (`cells`) over all entries of a map. They are logged as runs
along rows, so a map's log entry stays small unless its squares are scattered: a map whose
terrain would not fit one event is refused (`limits/event-too-large`)."""
MAX_TERRAIN_SQUARES = 160_000
"""Squares all of a map's entries cover, listed or in areas (four layers of a 200x200 map),
counted before anything is expanded: building the map costs about this many writes."""
MAX_CREATURE_BYTES = 4 * 1024
"""One creature as logged (its name, side, speeds, stats and conditions)."""
CREATION_EVENT_BYTES = MAX_EVENT_BYTES - 4 * 1024
"""What `BattleCreated` may hold; creatures beyond it are placed by `CreaturePlaced` events
of the same action, so a battle within the limits always fits the log's event size."""


class SetupModel(BaseModel):
    # strict: a boolean is not a number and a string is not a number, as JSON tells them apart
    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        strict=True,
        use_attribute_docstrings=True,
        json_schema_extra=describe,
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
    """For `narrow`: the size the opening is built for (bigger creatures squeeze or stop); null
    (or left out) for other kinds."""
    surface: Surface | None = None
    """For `landing`: what a fall onto these squares lands on, `jagged`, `rough`, `normal` or
    `soft` (the rulesets that read it say what each does); null (or left out): normal."""


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


def _cells(cells: list[list[int]] | None, m: MapSetup) -> list[Cell]:
    out = [(p[0], p[1]) for p in cells or []]
    for x, y in out:
        if not (0 <= x < m.width and 0 <= y < m.height):
            raise Refusal("map/off-map", f"terrain square [{x}, {y}] is off the map")
    return out


def runs(cells: list[Cell]) -> tuple[list[Cell], list[Rect]]:
    """Listed squares as the log keeps them: runs of two or more neighbours along a row as
    rectangles one square high, the rest as single squares (the same squares, in less room)."""
    rows: dict[int, list[int]] = {}
    for x, y in set(cells):
        rows.setdefault(y, []).append(x)
    singles: list[Cell] = []
    rects: list[Rect] = []
    for y in sorted(rows):
        xs = sorted(rows[y])
        start = 0
        for i in range(1, len(xs) + 1):
            if i < len(xs) and xs[i] == xs[i - 1] + 1:
                continue
            if i - 1 > start:
                rects.append((xs[start], y, xs[i - 1], y))
            else:
                singles.append((xs[start], y))
            start = i
    return singles, rects


def _rects(area: Area | None) -> list[Rect]:
    if area is None:
        return []
    (x0, y0), (x1, y1) = area.from_[:2], area.to[:2]
    return [(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))]


def check_terrain_size(m: MapSetup) -> None:
    """Refuse a map whose terrain would cost too much to build or log, before building it:
    areas are counted by their size, not expanded (`limits/...`, naming the limit)."""
    entries: list[TerrainSetup | ElevationSetup] = [*m.terrain, *m.elevation]
    if len(entries) > MAX_TERRAIN_ENTRIES:
        raise Refusal(
            "limits/too-many-terrain-entries",
            f"the map has {len(entries)} terrain and elevation entries; at most"
            f" {MAX_TERRAIN_ENTRIES} are allowed (use areas)",
        )
    listed = sum(len(e.cells or ()) for e in entries)
    if listed > MAX_LISTED_CELLS:
        raise Refusal(
            "limits/too-many-cells",
            f"the map lists {listed} squares one by one; at most {MAX_LISTED_CELLS} are"
            " allowed (use areas)",
        )
    squares = listed
    for entry in entries:
        for x0, y0, x1, y1 in _rects(entry.area):
            if not (x0 >= 0 and x1 < m.width and y0 >= 0 and y1 < m.height):
                raise Refusal("map/off-map", "a terrain area reaches off the map")
            squares += (x1 - x0 + 1) * (y1 - y0 + 1)
    if squares > MAX_TERRAIN_SQUARES:
        raise Refusal(
            "limits/terrain-too-big",
            f"the map's terrain covers {squares} squares in all (counting each entry);"
            f" at most {MAX_TERRAIN_SQUARES} are allowed",
        )


def map_spec(m: MapSetup) -> MapSpec:
    check_terrain_size(m)
    entries: list[TerrainSetup | ElevationSetup] = [*m.terrain, *m.elevation]
    for entry in entries:
        if not entry.cells and entry.area is None:
            raise Refusal("map/no-cells", "a terrain entry needs `cells` or an `area`")
    terrain = []
    for t in m.terrain:
        singles, rows = runs(_cells(t.cells, m))
        terrain.append(
            TerrainSpec(
                kind=t.kind,
                cells=singles,
                rects=rows + _rects(t.area),
                height=t.height,
                material=t.material,
                damage=t.damage,
                depth=t.depth,
                hard=t.hard,
                fits=t.fits,
                surface=t.surface,
            )
        )
    elevation = []
    for e in m.elevation:
        singles, rows = runs(_cells(e.cells, m))
        elevation.append(ElevationSpec(cells=singles, rects=rows + _rects(e.area), height=e.height))
    return MapSpec(width=m.width, height=m.height, terrain=terrain, elevation=elevation)


def parse_setup(body: Any) -> BattleSetup:
    """Validate a `POST /battles` body, raising `Refusal("battle/invalid-setup")`."""
    try:
        return BattleSetup.model_validate(body)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"])
        raise Refusal("battle/invalid-setup", f"{where}: {first['msg']}") from None


__all__ = ["BattleSetup", "MapSetup", "map_spec", "parse_setup"]
