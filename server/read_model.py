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

from engine.rulesets.registry import RulesetRegistry
from engine.view import ViewChange, view_change
from events.store import ProjectionWrite
from projections import REDUCER_VERSION, BattleState, state_to_json

WHOLE_WRITTEN = 100_000
"""Battles whose whole view this process has written, remembered (least recent forgotten)."""


class ReadModelProjector:
    def __init__(
        self, rulesets: RulesetRegistry | None = None, remembered: int = WHOLE_WRITTEN
    ) -> None:
        self.rulesets = rulesets
        self.remembered = remembered
        self._whole: OrderedDict[str, None] = OrderedDict()

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
            state_to_json(after) if snapshot else None,
            creatures=change.creatures,
            removed=change.removed,
            complete=change.complete,
        )

    def written(self, battle_id: str, projection: ProjectionWrite) -> None:
        """The append carrying `projection` succeeded: after a whole write, changes suffice."""
        if projection.complete or projection.creatures is None:
            self._whole[battle_id] = None
            self._whole.move_to_end(battle_id)
            while len(self._whole) > self.remembered:
                self._whole.popitem(last=False)
