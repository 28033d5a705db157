"""The read model's one writer on the write path: what an action changed, as read-model rows.

The pipeline hands each planned action's state before and after to `ReadModelProjector`;
it renders only the creatures whose view changed (`engine.view.view_change`) and the
battle's small part, and the append's own statement writes them (migration 0005_i25), so an
intent costs what it changed, not what the battle holds (issue 25). A read model that needs
more than the public view of the changed creatures (rulings, log questions) belongs here
too: it receives the same before, after and change.

A process writes a battle's whole view once (its first append to it since it started, or
since it forgot it) and changes after that: a view stored by an older reducer, or one
dropped because it was not at the version a change started from, is whole again at the
next process start at the latest, and read from the log meanwhile.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from engine.rulesets.registry import RulesetRegistry
from engine.view import ViewChange, view_change
from events.lru import SizedLRU
from events.seal import map_ref_of
from events.store import ProjectionWrite
from projections import REDUCER_VERSION, BattleState, state_to_json
from projections.grid import Grid
from projections.memory import grid_bytes
from projections.serialize import grid_to_json

WHOLE_WRITTEN = 100_000
"""Battles whose whole view this process has written, remembered (least recent forgotten)."""
MAP_REFS_BYTES = 64 * 2**20
"""Bytes of grids whose digest is kept (the grids are shared with the cached states)."""


class MapRefs:
    """A grid's `map_ref` (a digest of its layers), computed once per grid object: a grid is
    immutable and shared by every state of a battle until the map changes."""

    def __init__(self, budget: int = MAP_REFS_BYTES) -> None:
        self._refs: SizedLRU[int, tuple[Grid, str]] = SizedLRU(
            budget, lambda _, held: grid_bytes(held[0])
        )

    def of(self, grid: Grid) -> tuple[str, dict[str, Any] | None]:
        """(the grid's ref, its JSON when it had to be made to find the ref, else None)."""
        found = self._refs.get(id(grid))
        if found is not None and found[0] is grid:
            return found[1], None
        data = grid_to_json(grid)
        ref = map_ref_of(data)  # content-addressed: a reader checks the map it names
        self._refs.put(id(grid), (grid, ref))
        return ref, data


class ReadModelProjector:
    def __init__(
        self, rulesets: RulesetRegistry | None = None, remembered: int = WHOLE_WRITTEN
    ) -> None:
        self.rulesets = rulesets
        self.remembered = remembered
        self._whole: OrderedDict[str, None] = OrderedDict()
        self._maps_stored: OrderedDict[tuple[str, str], None] = OrderedDict()
        self.map_refs = MapRefs()

    def change(self, battle_id: str, before: BattleState | None, after: BattleState) -> ViewChange:
        """What the read model must take in: only what changed, once this process has
        written the battle's whole view."""
        if battle_id in self._whole:
            self._whole.move_to_end(battle_id)
        else:
            before = None
        return view_change(before, after, self.rulesets)

    def write(
        self,
        battle_id: str,
        before: BattleState | None,
        after: BattleState,
        *,
        snapshot: bool = False,
    ) -> ProjectionWrite:
        """The rows the append writes with its events (DESIGN section 9's state, by part)."""
        change = self.change(battle_id, before, after)
        return ProjectionWrite(
            REDUCER_VERSION,
            {"battle_id": battle_id, **change.battle},
            change.map,
            self.snapshot(battle_id, after) if snapshot else None,
            creatures=change.creatures,
            removed=change.removed,
            complete=change.complete,
        )

    def snapshot(self, battle_id: str, state: BattleState) -> dict[str, Any]:
        """The state without its map, naming it (`map_ref`); the map itself goes along only
        the first time this process stores it for this battle: a snapshot holds what changes
        (migration 0005_i25 keeps a map once per battle and map version)."""
        ref, data = self.map_refs.of(state.grid)
        snap = state_to_json(state, grid=False)
        snap["map_ref"] = ref
        if (battle_id, ref) not in self._maps_stored:
            snap["map"] = data if data is not None else grid_to_json(state.grid)
        return snap

    def written(self, battle_id: str, projection: ProjectionWrite) -> None:
        """The append carrying `projection` succeeded: after a whole write, changes suffice,
        and a map once stored is named, not sent again."""
        if projection.complete or projection.creatures is None:
            _remember(self._whole, battle_id, self.remembered)
        snap = projection.snapshot
        if snap is not None and "map" in snap:
            _remember(self._maps_stored, (battle_id, snap["map_ref"]), self.remembered)


def _remember(kept: OrderedDict[Any, None], key: Any, most: int) -> None:
    kept[key] = None
    kept.move_to_end(key)
    while len(kept) > most:
        kept.popitem(last=False)
