"""The battle map as flat per-square arrays, built once and shared by every later state.

Square `(x, y)` is index `y * width + x`. Heights are in squares. A square's *ground* is its
elevation minus any pit (`hazard` depth); walls and obstacles stand on the ground and fill
`solid` squares upward; the *surface* (where a walker stands) is ground + solid. A voxel
`(x, y, z)` is filled when `z < surface`; below the ground it is earth (a burrower's medium).

The rest are flags a ruleset reads or ignores: `impeded` (Epic Path's clamber-through
terrain), `concealed` (dim light or fog), `updraft` (how many squares above the ground a
rising air current reaches; Reclaim the Wild's gliders) and `narrow` (the size a tight
opening is built for; bigger creatures squeeze or can't pass).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, fields
from typing import Any

from events.battle_events import Cell, MapSpec, Rect, TerrainSet, rect_cells

WALL_DEFAULT_HEIGHT = 100
"""A wall without a height fills its square to the sky (for every practical purpose)."""
OBSTACLE_DEFAULT_HEIGHT = 1
HAZARD_DEFAULT_DEPTH = 2
"""A `hazard` is a pit; without a depth it is 2 squares deep (enough for a damaging fall)."""
UPDRAFT_DEFAULT_HEIGHT = 8
"""An updraft without a height lifts a glider 8 squares above the ground."""


@dataclass(frozen=True, slots=True)
class Grid:
    width: int
    height: int
    elevation: tuple[int, ...]
    pit: tuple[int, ...]
    solid: tuple[int, ...]
    wall: tuple[bool, ...]
    material: tuple[str | None, ...]
    difficult: tuple[bool, ...]
    damage: tuple[int, ...]
    water: tuple[int, ...]
    climbable: tuple[bool, ...]
    hard: tuple[bool, ...]
    ground: tuple[int, ...]
    surface: tuple[int, ...]
    top: int = 0
    """The highest surface on the map."""
    bottom: int = 0
    """The lowest ground on the map."""
    any_narrow: bool = False
    """Whether any square is a `narrow` opening (searches skip the check when none is)."""
    impeded: tuple[bool, ...] = ()
    concealed: tuple[bool, ...] = ()
    updraft: tuple[int, ...] = ()
    narrow: tuple[str | None, ...] = ()
    landing: tuple[str | None, ...] = ()
    """What a fall onto each square lands on (`landing` terrain: its `surface`), or None."""

    def index(self, x: int, y: int) -> int:
        return y * self.width + x

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height


LAYERS = tuple(
    f.name
    for f in fields(Grid)
    if f.name not in ("width", "height", "ground", "surface", "top", "bottom", "any_narrow")
)
"""The per-square arrays a map is made of (ground and surface are derived from them)."""
_BLANK: dict[str, Any] = {
    "elevation": 0,
    "pit": 0,
    "solid": 0,
    "wall": False,
    "material": None,
    "difficult": False,
    "damage": 0,
    "water": 0,
    "climbable": False,
    "hard": False,
    "impeded": False,
    "concealed": False,
    "updraft": 0,
    "narrow": None,
    "landing": None,
}


def _build(width: int, height: int, layers: dict[str, list[Any]]) -> Grid:
    ground = [e - p for e, p in zip(layers["elevation"], layers["pit"], strict=True)]
    surface = [g + s for g, s in zip(ground, layers["solid"], strict=True)]
    landing = layers["landing"]
    return Grid(
        width=width,
        height=height,
        ground=tuple(ground),
        surface=tuple(surface),
        top=max(surface),
        bottom=min(ground),
        any_narrow=any(v is not None for v in layers["narrow"]),
        **{name: tuple(values) for name, values in layers.items() if name != "landing"},
        # most maps mark no landing surface: an empty layer costs nothing per square
        landing=tuple(landing) if any(v is not None for v in landing) else (),
    )


def _layers(grid: Grid) -> dict[str, list[Any]]:
    n = grid.width * grid.height
    out: dict[str, list[Any]] = {}
    for name in LAYERS:
        values = getattr(grid, name)
        out[name] = list(values) if len(values) == n else [_BLANK[name]] * n
    return out


def grid_from_json_layers(width: int, height: int, data: dict[str, Any]) -> Grid:
    """A grid from its stored layers; layers an older snapshot lacks are blank."""
    n = width * height
    layers = {name: list(data.get(name) or [_BLANK[name]] * n) for name in LAYERS}
    return _build(width, height, layers)


def _squares(cells: list[Cell], rects: list[Rect]) -> Iterator[Cell]:
    yield from cells
    for rect in rects:
        yield from rect_cells(rect)


def grid_from_spec(spec: MapSpec) -> Grid:
    n = spec.width * spec.height
    layers: dict[str, list[Any]] = {name: [_BLANK[name]] * n for name in LAYERS}
    for lift in spec.elevation:
        for x, y in _squares(lift.cells, lift.rects):
            if 0 <= x < spec.width and 0 <= y < spec.height:
                layers["elevation"][y * spec.width + x] = lift.height
    for t in spec.terrain:
        for x, y in _squares(t.cells, t.rects):
            if not (0 <= x < spec.width and 0 <= y < spec.height):
                continue
            i = y * spec.width + x
            if t.hard:
                layers["hard"][i] = True
            _apply(layers, t.kind, i, t.height, t.material, t.damage, t.depth, t.fits, t.surface)
    return _build(spec.width, spec.height, layers)


def _apply(
    layers: dict[str, list[Any]],
    kind: str,
    i: int,
    height: int | None,
    mat: str | None,
    dmg: int | None,
    depth: int | None,
    fits: str | None,
    surface: str | None = None,
) -> None:
    if kind == "wall":
        layers["solid"][i] = WALL_DEFAULT_HEIGHT if height is None else height
        layers["wall"][i] = True
        layers["material"][i] = mat
    elif kind == "obstacle":
        layers["solid"][i] = OBSTACLE_DEFAULT_HEIGHT if height is None else height
        layers["wall"][i] = False
        layers["material"][i] = mat or "stone"
    elif kind == "difficult":
        layers["difficult"][i] = True
    elif kind == "damaging":
        layers["damage"][i] = 1 if dmg is None else dmg
    elif kind == "water":
        layers["water"][i] = 1 if depth is None else depth
    elif kind == "hazard":
        layers["pit"][i] = HAZARD_DEFAULT_DEPTH if depth is None else depth
    elif kind == "climbable":
        layers["climbable"][i] = True
    elif kind == "impeded":
        layers["impeded"][i] = True
    elif kind == "concealed":
        layers["concealed"][i] = True
    elif kind == "updraft":
        layers["updraft"][i] = UPDRAFT_DEFAULT_HEIGHT if height is None else height
    elif kind == "narrow":
        layers["narrow"][i] = fits
    elif kind == "landing":
        layers["landing"][i] = surface or "normal"
    elif kind == "clear":
        for name in LAYERS:
            if name not in ("elevation", "hard"):
                layers[name][i] = _BLANK[name]


def grid_with_terrain(grid: Grid, event: TerrainSet) -> Grid:
    """A new grid with the director's change (the only time a map is copied)."""
    layers = _layers(grid)
    for x, y in _squares(event.cells, event.rects):
        if not grid.inside(x, y):
            continue
        i = grid.index(x, y)
        if event.elevation is not None:
            layers["elevation"][i] = event.elevation
        if event.kind == "clear" or event.hard:
            layers["hard"][i] = event.hard
        _apply(
            layers,
            event.kind,
            i,
            event.height,
            event.material,
            event.damage,
            event.depth,
            event.fits,
            event.surface,
        )
    return _build(grid.width, grid.height, layers)


def grid_without_object(grid: Grid, cell: Cell) -> Grid:
    """A new grid where one square's object was smashed (hurled through)."""
    i = grid.index(*cell)
    layers = _layers(grid)
    layers["solid"][i], layers["wall"][i], layers["material"][i] = 0, False, None
    return _build(grid.width, grid.height, layers)
