"""The base of the rulesets played on a map of squares: the movement field each provides, the
reach over it, and creating and placing on a map (DESIGN section 4).

Per-ruleset steps are methods to override: `field` (the metric, the step rule, where a move
may end), `speed` and `reach_budget` (how far), and the shared `RulesetBase` hooks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import intents as it
from engine.action import Action
from engine.pathfinding import Field, reachable
from engine.placement import check_opening, check_space, creature_spec
from engine.results import Accepted, Refusal, TraceStep
from engine.rulesets.base import Handler, RulesetBase
from engine.setup import CREATION_EVENT_BYTES, MAX_CREATURE_BYTES, BattleSetup, map_spec
from engine.words import counted
from events.battle_events import (
    BattleCreated,
    Coord,
    CreaturePlaced,
    CreatureSpec,
    Rect,
    TerrainSet,
)
from events.envelope import canonical_json
from events.store import MAX_EVENT_BYTES
from events.vocabulary import encode
from projections.grid import grid_from_spec
from projections.state import BattleState, Creature


class GridRuleset(RulesetBase):
    # -- hooks every grid ruleset provides ---------------------------------------------------
    def field(self, state: BattleState, c: Creature, mode: str, shifting: bool = False) -> Any:
        """The movement field: metric, the step rule, corners, where a move may end."""
        raise NotImplementedError

    def speed(self, c: Creature, mode: str) -> int:
        raise NotImplementedError

    def reach_budget(self, state: BattleState, c: Creature, kind: str, mode: str) -> int:
        raise NotImplementedError

    def reach(self, state: BattleState, c: Creature, kind: str, mode: str) -> dict[Coord, int]:
        if kind not in ("move", "shift"):
            raise Refusal("reach/unknown-kind", f"{self.id} has no {kind!r} reach")
        field: Field = self.field(state, c, mode, shifting=kind == "shift")
        return reachable(field, c.pos, self.reach_budget(state, c, kind, mode))

    def handlers(self) -> dict[str, Handler]:
        return {**super().handlers(), "place": self.on_place, "set_terrain": self.on_set_terrain}

    # -- creating a battle -----------------------------------------------------------------
    def create(self, body: BattleSetup) -> Accepted:
        """The battle on its map: areas expanded to cells, heights resolved, every creature
        on the map with a known size, unique ids, no two creatures sharing a space unless
        their sizes differ by 2+, and every option filled with its default, so replay never
        depends on defaults. Creatures past one event's room are placed by `CreaturePlaced`
        events of the same action."""
        if body.board is not None or body.map is None:
            raise Refusal("battle/needs-map", f"{body.ruleset} is played on a grid `map`")
        if not body.creatures:
            raise Refusal("battle/no-creatures", "a battle needs at least one creature")
        options = self.resolve_options(body.options)
        for t in body.map.terrain:
            check_opening(self, t.kind, t.fits)
        spec = map_spec(body.map)
        grid = grid_from_spec(spec)
        creatures: list[CreatureSpec] = []
        for raw in body.creatures:
            c = creature_spec(self, raw, grid)
            if any(o.id == c.id for o in creatures):
                raise Refusal("battle/duplicate-creature", f"two creatures are called {c.id!r}")
            self.check_space(c, creatures, options)
            creatures.append(c)
        first = BattleCreated(
            ruleset=self.id,
            rules_version=self.rules_version,
            seed=body.seed,
            options=options,
            map=spec,
            creatures=[],
        )
        inside, after = _fill(first, creatures)
        event = first.model_copy(update={"creatures": inside})
        reasons = [f"{self.id} {self.rules_version}", counted(len(creatures), "creature")]
        if after:
            reasons.append(
                f"{len(after)} placed after the map: one event holds at most {MAX_EVENT_BYTES}"
                " bytes"
            )
        trace = TraceStep(kind="battle", reasons=tuple(reasons))
        placed = tuple(CreaturePlaced(creature=c) for c in after)
        return Accepted(events=(event, *placed), trace=(trace,))

    # -- director --------------------------------------------------------------------------
    def on_place(self, intent: it.Place, state: BattleState, action: Action) -> None:
        spec = self.place_creature(intent.creature, state)
        if spec.id in state.creatures:
            raise Refusal("battle/duplicate-creature", f"{spec.id!r} is already on the map")
        action.emit(CreaturePlaced(creature=spec))

    def place_creature(self, raw: dict[str, Any], state: BattleState) -> CreatureSpec:
        """Validate one creature's placement on the state's map (a known size, on the map,
        in a space it may share); resolve a ground-level z."""
        spec = creature_spec(self, raw, state.grid)
        others = [
            CreatureSpec(id=o.id, side=o.side, at=o.pos, size=o.size)
            for o in state.creatures.values()
        ]
        self.check_space(spec, others, state.options)
        return spec

    def check_space(
        self, spec: CreatureSpec, others: list[CreatureSpec], options: Mapping[str, Any]
    ) -> None:
        """No two creatures share a space unless their sizes differ by 2 or more (a ruleset
        whose text lets more share one overrides this)."""
        check_space(self, spec, others)

    def on_set_terrain(self, intent: it.SetTerrain, state: BattleState, action: Action) -> None:
        grid = state.grid
        cells = [(p[0], p[1]) for p in intent.cells or []]
        rects: list[Rect] = []
        if intent.area is not None:  # kept as its rectangle (clipped to the map), not expanded
            (x0, y0), (x1, y1) = intent.area.from_[:2], intent.area.to[:2]
            xa, xb = max(0, min(x0, x1)), min(grid.width - 1, max(x0, x1))
            ya, yb = max(0, min(y0, y1)), min(grid.height - 1, max(y0, y1))
            if xa <= xb and ya <= yb:
                rects.append((xa, ya, xb, yb))
        if not cells and not rects:
            raise Refusal("map/no-cells", "set_terrain needs `cells` or an `area`")
        for x, y in cells:
            if not grid.inside(x, y):
                raise Refusal("map/off-map", f"[{x}, {y}] is off the map")
        check_opening(self, intent.kind, intent.fits)
        for name in ("height", "damage", "depth", "elevation"):
            value = getattr(intent, name)
            if value is not None and not -1000 <= value <= 1000:
                raise Refusal("map/invalid-terrain", f"{name} {value} is out of range")
        action.emit(
            TerrainSet(
                cells=cells,
                rects=rects,
                kind=intent.kind,
                height=intent.height,
                material=intent.material,
                damage=intent.damage,
                depth=intent.depth,
                elevation=intent.elevation,
                hard=intent.hard,
                fits=intent.fits,
                surface=intent.surface,
            )
        )


def _fill(
    head: BattleCreated, creatures: list[CreatureSpec]
) -> tuple[list[CreatureSpec], list[CreatureSpec]]:
    """The creatures `BattleCreated` can hold within `CREATION_EVENT_BYTES`, and the rest."""
    room = CREATION_EVENT_BYTES - len(canonical_json(encode(head)))
    if room < 0:
        raise Refusal(
            "limits/event-too-large",
            f"the map takes more than the {MAX_EVENT_BYTES} bytes one event may hold",
        )
    for n, c in enumerate(creatures):
        size = len(canonical_json(c.model_dump(mode="json"))) + 1
        if size > MAX_CREATURE_BYTES:
            raise Refusal(
                "limits/creature-too-big",
                f"creature {c.id!r} takes {size} bytes; at most {MAX_CREATURE_BYTES} are allowed",
            )
        room -= size
        if room < 0:
            return creatures[:n], creatures[n:]
    return creatures, []
