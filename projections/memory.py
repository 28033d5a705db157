"""What a battle state costs in memory, estimated cheaply enough to do on every cache write.

The estimate counts what dominates: the map's per-square arrays (one 8-byte pointer per
square per layer; their values are small integers, booleans and None, which Python shares),
the creatures, and a gridless board's fighters and terrain pieces. Calibrated once against
`tracemalloc` (the bytes a state built by `fold` keeps alive, CPython 3.11, 64-bit); re-run
`python -m ops.bench bench_state_memory` after changing the state's shape. Measured then:

| state | measured | per unit |
| --- | --- | --- |
| 10x10 map, 2 creatures | 16 KB | |
| 200x200 map, 1 creature | 5.12 MB | 128 bytes a square |
| 200x200 map, 200 creatures, terrain | 5.31 MB | |
| 20x20 map, 200 creatures | 238 KB | about 920 bytes a creature |
| Warcry 60"x44" board, 200 fighters | 588 KB | about 1,230 bytes a fighter |
| Warcry board, 100 pieces of 4 / 20 corners | 425 / 527 KB | 560 a piece + 65 a corner |

The tests hold the estimate within a quarter of the measurement for shapes like these.
"""

from __future__ import annotations

from projections.grid import Grid
from projections.state import BattleState

POINTER = 8
TUPLE_HEADER = 56
STATE_BASE = 4_000
"""The state, its options, the grid object and the containers around them."""
PER_CREATURE = 920
PER_FIGHTER = 310
"""A gridless fighter's exact point, base and runemarks, beside its creature."""
PER_PIECE = 560
PER_CORNER = 65

_GRID_ARRAYS = tuple(
    name
    for name in Grid.__dataclass_fields__
    if name not in ("width", "height", "top", "bottom", "any_narrow")
)


def grid_bytes(grid: Grid) -> int:
    """The map's per-square arrays (shared by every state of a battle until it changes)."""
    arrays = [getattr(grid, name) for name in _GRID_ARRAYS]
    return sum(TUPLE_HEADER + POINTER * len(values) for values in arrays)


def state_bytes(state: BattleState) -> int:
    """An estimate of the bytes `state` keeps alive (see the module docstring)."""
    size = STATE_BASE + grid_bytes(state.grid) + PER_CREATURE * len(state.creatures)
    if state.board is not None:
        pieces = state.board.spec.terrain
        size += PER_FIGHTER * len(state.board.fighters) + PER_PIECE * len(pieces)
        size += PER_CORNER * sum(len(piece.polygon) for piece in pieces)
    return size
