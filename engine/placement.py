"""Placing a creature on a grid map: its size is known, its space on the map and free."""

from __future__ import annotations

import re
from typing import Any, Protocol

from pydantic import ValidationError

from engine.geometry import Box, box, overlaps
from engine.results import Refusal
from events.battle_events import CreatureSpec
from projections.grid import Grid
from projections.state import Creature

KNOWN_MODES = frozenset({"walk", "climb", "swim", "fly", "hover", "burrow", "teleport"})


class Sizing(Protocol):
    """What placing a creature asks of its ruleset: its sizes and its own creature checks."""

    @property
    def sizes_hint(self) -> str: ...

    def size_rank(self, size: str) -> int | None: ...

    def size_side(self, size: str) -> int: ...

    def rank(self, size: str) -> int: ...

    def check_spec(self, spec: Any) -> None: ...


class Occupant:
    """Another creature as a movement field sees it: its space, its size rank, and whether it
    is a living enemy of the mover."""

    __slots__ = ("box", "creature", "enemy", "rank")

    def __init__(self, creature: Creature, bx: Box, rank: int, enemy: bool) -> None:
        self.creature = creature
        self.box = bx
        self.rank = rank
        self.enemy = enemy


CREATURE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
"""A creature's id: ASCII letters, digits, `_`, `.` and `-`, starting with a letter or digit,
at most 64 characters. Ids appear in paths, logs and a player's screen: with one script and no
invisible or combining characters, no two ids of a battle can look alike (a Cyrillic letter
for a Latin one) and be different."""


def check_creature_id(cid: Any) -> None:
    """Refuse an id outside the safe alphabet (`CREATURE_ID`)."""
    if not isinstance(cid, str) or CREATURE_ID.fullmatch(cid) is None:
        raise Refusal(
            "battle/invalid-creature-id",
            f"creature id {cid!r} must be 1 to 64 ASCII letters, digits, '_', '.' or '-',"
            " starting with a letter or a digit",
        )


def creature_spec(rs: Sizing, raw: dict[str, Any], grid: Grid) -> CreatureSpec:
    """Validate one creature of a setup (or a director's `place`) and resolve its z."""
    at = raw.get("at") if isinstance(raw, dict) else None
    if not isinstance(at, list | tuple) or len(at) not in (2, 3):
        raise Refusal("battle/invalid-creature", "a creature needs `at`: [x, y] or [x, y, z]")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in at):
        raise Refusal("battle/invalid-creature", "coordinates are integers")
    size = str(raw.get("size", "1M"))
    if rs.size_rank(size) is None:
        raise Refusal("battle/unknown-size", f"unknown size {size!r} ({rs.sizes_hint})")
    side = rs.size_side(size)
    x, y = at[0], at[1]
    if x < 0 or y < 0 or x + side > grid.width or y + side > grid.height:
        raise Refusal("map/off-map", f"{raw.get('id')!r} at {list(at)} is off the map")
    cells = [grid.index(x + i, y + j) for j in range(side) for i in range(side)]
    z = at[2] if len(at) == 3 else max(grid.surface[k] for k in cells)
    if any(grid.ground[k] <= z < grid.surface[k] for k in cells):
        raise Refusal("map/blocked", f"{raw.get('id')!r} at {list(at)} is inside a wall or object")
    check_creature_id(raw.get("id"))
    try:
        # strict: `"hp": true` or `"hp": "30"` is refused, not read as a number
        spec = CreatureSpec.model_validate({**raw, "at": (x, y, z), "size": size}, strict=True)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"])
        raise Refusal("battle/invalid-creature", f"creature {where}: {first['msg']}") from None
    unknown = set(spec.speeds) - KNOWN_MODES
    if unknown:
        raise Refusal("battle/invalid-creature", f"unknown movement modes {sorted(unknown)}")
    if any(v < 0 or v > 1000 for v in spec.speeds.values()):
        raise Refusal("battle/invalid-creature", "speeds are between 0 and 1000")
    if spec.stability < 0:
        raise Refusal("battle/invalid-creature", "stability never goes below 0")
    rs.check_spec(spec)
    return spec


def check_space(rs: Sizing, spec: CreatureSpec, others: list[CreatureSpec]) -> None:
    """No two creatures share a space unless their sizes differ by 2 or more."""
    mine = box(spec.at, rs.size_side(spec.size))
    rank = rs.rank(spec.size)
    for other in others:
        if (
            overlaps(mine, box(other.at, rs.size_side(other.size)))
            and abs(rank - rs.rank(other.size)) < 2
        ):
            raise Refusal("battle/overlapping-creatures", f"{spec.id} and {other.id} overlap")


def check_opening(rs: Sizing, kind: str, fits: str | None) -> None:
    """A `narrow` opening names the size it is built for, one of the ruleset's sizes; other
    terrain kinds carry no size."""
    if kind != "narrow":
        if fits is not None:
            raise Refusal("map/invalid-terrain", f"only a `narrow` opening has `fits` ({kind})")
        return
    if fits is None or rs.size_rank(fits) is None:
        raise Refusal(
            "map/invalid-terrain",
            f"a `narrow` opening names the size it fits, one of {rs.sizes_hint} (got {fits!r})",
        )
