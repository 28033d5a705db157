"""The battle map as flat per-square arrays, built once and shared by every later state.

Square `(x, y)` is index `y * width + x`. Heights are in squares. A square's *ground* is its
elevation minus any pit (`hazard` depth); walls and obstacles stand on the ground and fill
`solid` squares upward; the *surface* (where a walker stands) is ground + solid. A voxel
`(x, y, z)` is filled when `z < surface`; below the ground it is earth (a burrower's medium).
"""

from __future__ import annotations

from dataclasses import dataclass

from events.battle_events import Cell, MapSpec, TerrainSet

WALL_DEFAULT_HEIGHT = 100
"""A wall without a height fills its square to the sky (for every practical purpose)."""
OBSTACLE_DEFAULT_HEIGHT = 1
HAZARD_DEFAULT_DEPTH = 2
"""A `hazard` is a pit; without a depth it is 2 squares deep (enough for a damaging fall)."""


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

    def index(self, x: int, y: int) -> int:
        return y * self.width + x

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height


def _build(
    width: int,
    height: int,
    elevation: list[int],
    pit: list[int],
    solid: list[int],
    wall: list[bool],
    material: list[str | None],
    difficult: list[bool],
    damage: list[int],
    water: list[int],
    climbable: list[bool],
    hard: list[bool],
) -> Grid:
    ground = [e - p for e, p in zip(elevation, pit, strict=True)]
    surface = [g + s for g, s in zip(ground, solid, strict=True)]
    return Grid(
        width,
        height,
        tuple(elevation),
        tuple(pit),
        tuple(solid),
        tuple(wall),
        tuple(material),
        tuple(difficult),
        tuple(damage),
        tuple(water),
        tuple(climbable),
        tuple(hard),
        tuple(ground),
        tuple(surface),
        max(surface),
        min(ground),
    )


def _columns(grid: Grid) -> tuple[list[int], ...]:
    return (
        list(grid.elevation),
        list(grid.pit),
        list(grid.solid),
    )


def grid_from_spec(spec: MapSpec) -> Grid:
    n = spec.width * spec.height
    elevation = [0] * n
    pit = [0] * n
    solid = [0] * n
    wall = [False] * n
    material: list[str | None] = [None] * n
    difficult = [False] * n
    damage = [0] * n
    water = [0] * n
    climbable = [False] * n
    hard = [False] * n
    for lift in spec.elevation:
        for x, y in lift.cells:
            if 0 <= x < spec.width and 0 <= y < spec.height:
                elevation[y * spec.width + x] = lift.height
    for t in spec.terrain:
        for x, y in t.cells:
            if not (0 <= x < spec.width and 0 <= y < spec.height):
                continue
            i = y * spec.width + x
            if t.hard:
                hard[i] = True
            _apply(
                t.kind,
                i,
                t.height,
                t.material,
                t.damage,
                t.depth,
                locals_=(pit, solid, wall, material, difficult, damage, water, climbable),
            )
    return _build(
        spec.width,
        spec.height,
        elevation,
        pit,
        solid,
        wall,
        material,
        difficult,
        damage,
        water,
        climbable,
        hard,
    )


def _apply(
    kind: str,
    i: int,
    height: int | None,
    mat: str | None,
    dmg: int | None,
    depth: int | None,
    locals_: tuple[
        list[int],
        list[int],
        list[bool],
        list[str | None],
        list[bool],
        list[int],
        list[int],
        list[bool],
    ],
) -> None:
    pit, solid, wall, material, difficult, damage, water, climbable = locals_
    if kind == "wall":
        solid[i] = WALL_DEFAULT_HEIGHT if height is None else height
        wall[i] = True
        material[i] = mat
    elif kind == "obstacle":
        solid[i] = OBSTACLE_DEFAULT_HEIGHT if height is None else height
        wall[i] = False
        material[i] = mat or "stone"
    elif kind == "difficult":
        difficult[i] = True
    elif kind == "damaging":
        damage[i] = 1 if dmg is None else dmg
    elif kind == "water":
        water[i] = 1 if depth is None else depth
    elif kind == "hazard":
        pit[i] = HAZARD_DEFAULT_DEPTH if depth is None else depth
    elif kind == "climbable":
        climbable[i] = True
    elif kind == "clear":
        pit[i] = solid[i] = damage[i] = water[i] = 0
        wall[i] = difficult[i] = climbable[i] = False
        material[i] = None


def grid_with_terrain(grid: Grid, event: TerrainSet) -> Grid:
    """A new grid with the director's change (the only time a map is copied)."""
    elevation, pit, solid = _columns(grid)
    wall = list(grid.wall)
    material = list(grid.material)
    difficult = list(grid.difficult)
    damage = list(grid.damage)
    water = list(grid.water)
    climbable = list(grid.climbable)
    hard = list(grid.hard)
    for x, y in event.cells:
        if not grid.inside(x, y):
            continue
        i = grid.index(x, y)
        if event.elevation is not None:
            elevation[i] = event.elevation
        if event.kind == "clear" or event.hard:
            hard[i] = event.hard
        _apply(
            event.kind,
            i,
            event.height,
            event.material,
            event.damage,
            event.depth,
            (pit, solid, wall, material, difficult, damage, water, climbable),
        )
    return _build(
        grid.width,
        grid.height,
        elevation,
        pit,
        solid,
        wall,
        material,
        difficult,
        damage,
        water,
        climbable,
        hard,
    )


def grid_without_object(grid: Grid, cell: Cell) -> Grid:
    """A new grid where one square's object was smashed (hurled through)."""
    i = grid.index(*cell)
    solid = list(grid.solid)
    wall = list(grid.wall)
    material = list(grid.material)
    solid[i], wall[i], material[i] = 0, False, None
    return _build(
        grid.width,
        grid.height,
        list(grid.elevation),
        list(grid.pit),
        solid,
        wall,
        material,
        list(grid.difficult),
        list(grid.damage),
        list(grid.water),
        list(grid.climbable),
        list(grid.hard),
    )
