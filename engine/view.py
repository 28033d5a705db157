"""The public view of a battle that clients read: the projection's view, as the ruleset tells it.

`projections.state_view` knows no ruleset; this is where a ruleset's own words about what a
creature has left (its economy, `engine.economy`) are laid over it. The service renders every
state it answers or stores in the read model through `battle_view` (or, action by action,
through `view_change`), never through `state_view` directly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.catalog import builtin_rulesets
from engine.rulesets.protocol import Ruleset
from engine.rulesets.registry import RulesetRegistry
from projections import BattleState, state_view
from projections.state import Creature
from projections.view import battle_part, map_view, public_creature


def battle_view(state: BattleState, rulesets: RulesetRegistry | None = None) -> dict[str, Any]:
    """The state as the wire shows it (DESIGN section 9), in the battle's ruleset's terms:
    each creature's `movement_left` is its ruleset's, and `economy` says, in the ruleset's
    own unit and words, what it has left this turn. Every other key is the projection's.
    `rulesets`: the service's registry (the built-in five without one)."""
    view = state_view(state)
    rs = (rulesets or builtin_rulesets()).get(state.ruleset)
    if rs is None:
        return view
    shown = view["creatures"]
    for cid, c in state.creatures.items():
        if cid in shown:
            _lay_economy(rs, state, c, shown[cid])
    return view


def _lay_economy(rs: Ruleset, state: BattleState, c: Creature, shown: dict[str, Any]) -> None:
    economy = rs.economy(state, c)
    shown["movement_left"] = economy.movement_left
    shown["economy"] = economy.model_dump(mode="json")


def creature_view(
    state: BattleState, cid: str, rulesets: RulesetRegistry | None = None
) -> dict[str, Any]:
    """One creature of `battle_view(state)["creatures"]`, rendered alone."""
    shown = public_creature(state, cid)
    rs = (rulesets or builtin_rulesets()).get(state.ruleset)
    if rs is not None:
        _lay_economy(rs, state, state.creatures[cid], shown)
    return shown


@dataclass(frozen=True)
class ViewChange:
    """What an action changed of the public view (DESIGN section 9), for a read model that
    keeps the battle's part, its map and one row per creature.

    `battle` is the view without creatures and map (always given: it is small); `creatures`
    the views of the creatures added or changed, `removed` the ids of those gone; `complete`:
    `creatures` holds every creature (the first view of a battle, or a change every creature's
    view depends on), so none but these is kept; `map` the map's view when the map changed
    (or the view is complete), else None (the stored one stands)."""

    battle: dict[str, Any]
    creatures: dict[str, dict[str, Any]]
    removed: tuple[str, ...]
    complete: bool
    map: dict[str, Any] | None

    def applied_to(self, view: dict[str, Any] | None) -> dict[str, Any]:
        """`view` (a whole public view, or None before the first) with this change made."""
        kept = {} if self.complete or view is None else dict(view["creatures"])
        for cid in self.removed:
            kept.pop(cid, None)
        kept.update(self.creatures)
        shown_map = self.map if self.map is not None or view is None else view["map"]
        return {**self.battle, "creatures": kept, "map": shown_map}


def changed_creatures(before: BattleState, after: BattleState) -> set[str] | None:
    """The creatures whose public view may differ between two states of one battle, or None
    when every creature's may (the ruleset, the options or the map changed).

    A creature's view reads the creature itself (shared between states while unchanged: see
    projections/state.py), its fighter on a gridless board, the options, whose turn it is,
    and, for a grabber's speed, the creatures it holds (Draw Steel, DIGEST 2.8); so besides
    the changed creatures, the creatures whose turn starts or ends and the grabbers of
    changed creatures are named."""
    if (
        before.ruleset != after.ruleset
        or before.rules_version != after.rules_version
        or before.grid is not after.grid
        or (before.options is not after.options and before.options != after.options)
    ):
        return None
    changed: set[str] = set()
    was, now = before.creatures, after.creatures
    if was is not now:
        for cid, c in now.items():
            old = was.get(cid)
            if old is not c and old != c:
                changed.add(cid)
        changed.update(cid for cid in was if cid not in now)
    if before.board is not after.board:
        if before.board is None or after.board is None or before.board.spec != after.board.spec:
            return None
        fighters = before.board.fighters
        for cid, f in after.board.fighters.items():
            old_f = fighters.get(cid)
            if old_f is not f and old_f != f:
                changed.add(cid)
    if before.active != after.active:
        changed.update(cid for cid in (before.active, after.active) if cid is not None)
    for cid in list(changed):
        for held in (was.get(cid), now.get(cid)):
            if held is not None and held.grabbed_by is not None:
                changed.add(held.grabbed_by)
    return changed


def view_change(
    before: BattleState | None, after: BattleState, rulesets: RulesetRegistry | None = None
) -> ViewChange:
    """What changed of the public view from `before` to `after` (None: a new battle), with
    only the changed creatures rendered: the read model's update after one action costs what
    the action changed, not what the battle holds."""
    changed = None if before is None else changed_creatures(before, after)
    registry = rulesets or builtin_rulesets()
    if changed is None:
        ids: list[str] = list(after.creatures)
        removed: tuple[str, ...] = ()
    else:
        ids = sorted(cid for cid in changed if cid in after.creatures)
        removed = tuple(sorted(cid for cid in changed if cid not in after.creatures))
    creatures = {cid: creature_view(after, cid, registry) for cid in ids}
    new_map = changed is None or before is None or before.grid is not after.grid
    return ViewChange(
        battle=battle_part(after),
        creatures=creatures,
        removed=removed,
        complete=changed is None,
        map=map_view(after.grid) if new_map else None,
    )
