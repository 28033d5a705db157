"""The base grid ruleset: the hooks every grid ruleset overrides, and the shared intents.

A ruleset answers an intent through one handler per intent type (`on_move`, `on_shift`, ...);
the director's intents and turn bookkeeping live here because every grid ruleset shares them.
Per-ruleset steps are methods to override: `size_side`/`size_rank` (sizes), `speed` (budget),
`field` (metric and step costs), `provokes` (reactions), `fall` (falling), turn economy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import orjson
from pydantic import BaseModel, Field, ValidationError

from engine import intents as it
from engine.action import Action
from engine.economy import AnyEconomy
from engine.placement import check_opening, check_space, creature_spec
from engine.results import Refusal
from engine.rulesets.reads import Reads
from events.battle_events import (
    ConditionSet,
    Coord,
    CreaturePlaced,
    CreatureRemoved,
    CreatureSpec,
    Moved,
    Rect,
    Shifted,
    Teleported,
    TerrainSet,
    TurnEnded,
    TurnStarted,
)
from events.gridless_events import MovedInches
from projections.state import BattleState, Creature, PendingReaction

Handler = Callable[[Any, BattleState, Action], None]

MOVEMENT_EVENTS = (Moved, Shifted, Teleported, MovedInches)
"""The events that move a creature by its own movement and say what it has left after."""

SIZE_LADDER = {"1T": (0, 1), "1S": (1, 1), "1M": (2, 1), "1L": (3, 1)}
"""Draw Steel's ladder (shared default): 1T < 1S < 1M < 1L < 2 < 3 ...; value (rank, side)."""

KNOWN_CONDITIONS = frozenset(
    {
        "prone",
        "slowed",
        "grabbed",
        "restrained",
        "dazed",
        "surprised",
        "squeezed",
        "frightened",
        "weakened",
        "bleeding",
        "taunted",
        "falling",
        "climbing",
    }
)


class BaseOptions(BaseModel):
    model_config = {"extra": "forbid", "frozen": True, "use_attribute_docstrings": True}

    turns: bool = Field(
        default=True,
        description=(
            "Track turns and rounds; `false` is free movement, each move still bounded by speed."
        ),
    )
    player_rolls: bool = Field(
        default=False,
        description=(
            "Whether players may send the dice the table rolled (`rolls`) with their intents;"
            " the director always may. Off by default: a player must not choose their dice."
        ),
    )


class GridRuleset:
    id: ClassVar[str] = "grid"
    rules_version: ClassVar[str] = "0"
    options_model: ClassVar[type[BaseModel]] = BaseOptions
    move_actions: ClassVar[tuple[str, ...]] = ("advance", "free")
    sizes_hint: ClassVar[str] = "1T, 1S, 1M, 1L, 2, 3, ..."
    """The sizes a creature (or a `narrow` opening's `fits`) may name, for refusals."""
    reads: ClassVar[Reads | None] = None
    """What it reads from a battle's setup besides its options (`engine.rulesets.reads`)."""
    unit: ClassVar[tuple[str, str, int]] = ("square", "squares", 1)
    """How the ruleset counts distance: the unit's name (one, many) and units per square."""

    # -- options ---------------------------------------------------------------------------
    def resolve_options(self, raw: dict[str, Any]) -> dict[str, Any]:
        try:
            # strict, as JSON: `"false"` is not a boolean and `1` is not `true`
            model = self.options_model.model_validate_json(orjson.dumps(raw), strict=True)
            return model.model_dump(mode="json")
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            where = ".".join(str(p) for p in first["loc"])
            raise Refusal("battle/invalid-option", f"option {where}: {first['msg']}") from None

    # -- sizes -----------------------------------------------------------------------------
    def size_rank(self, size: str) -> int | None:
        if size in SIZE_LADDER:
            return SIZE_LADDER[size][0]
        return int(size) + 2 if size.isdigit() and 2 <= int(size) <= 20 else None

    def rank(self, size: str) -> int:
        """A size's place on the ladder (unknown sizes count as the wire's 1M)."""
        found = self.size_rank(size)
        if found is None:
            found = self.size_rank("1M")
        return SIZE_LADDER["1M"][0] if found is None else found

    def size_side(self, size: str) -> int:
        if size in SIZE_LADDER:
            return SIZE_LADDER[size][1]
        return int(size) if size.isdigit() else 1

    def size_value(self, size: str) -> int:
        """The number in a size ("1M" -> 1, "3" -> 3), which some rules compare to scores."""
        return self.size_side(size)

    # -- hooks every grid ruleset provides ----------------------------------------------------
    def field(self, state: BattleState, c: Creature, mode: str, shifting: bool = False) -> Any:
        """The movement field: metric, per-step cost, corners, where a move may end."""
        raise NotImplementedError

    def speed(self, c: Creature, mode: str) -> int:
        raise NotImplementedError

    def reach_budget(self, state: BattleState, c: Creature, kind: str, mode: str) -> int:
        raise NotImplementedError

    def reach(self, state: BattleState, c: Creature, kind: str, mode: str) -> dict[Coord, int]:
        """Every space this creature can end a `kind` of movement on, with its cost."""
        from engine.reach import reachable

        if kind not in ("move", "shift"):
            raise Refusal("reach/unknown-kind", f"{self.id} has no {kind!r} reach")
        field = self.field(state, c, mode, shifting=kind == "shift")
        return reachable(field, c.pos, self.reach_budget(state, c, kind, mode))

    def economy(self, state: BattleState, c: Creature) -> AnyEconomy:
        """What `c` has left this turn in this ruleset's own economy and unit (one of the
        models of `engine.economy`); its `movement_left` is what the state shows."""
        raise NotImplementedError

    def check_spec(self, spec: CreatureSpec) -> None:
        """A ruleset's own checks of a creature it places (the unit of its speeds, ...)."""

    def known_conditions(self) -> frozenset[str]:
        """The conditions a director may set (a ruleset adds its own)."""
        return KNOWN_CONDITIONS

    def provokes(self, kind: str) -> bool:
        """Does this kind of movement (move, shift, teleport, forced, fall) provoke?"""
        return kind == "move"

    # -- dispatch --------------------------------------------------------------------------
    def handlers(self) -> dict[str, Handler]:
        return {
            "start_turn": self.on_start_turn,
            "end_turn": self.on_end_turn,
            "place": self.on_place,
            "remove": self.on_remove,
            "set_terrain": self.on_set_terrain,
            "set_condition": self.on_set_condition,
        }

    def handle(self, intent: Any, state: BattleState, action: Action) -> None:
        handler = self.handlers().get(intent.type)
        if handler is None:
            raise Refusal("intent/unsupported", f"{self.id} has no {intent.type!r} intent")
        handler(intent, state, action)
        self.settle(action)
        self.stamp_movement_left(action)

    def stamp_movement_left(self, action: Action) -> None:
        """Every movement event says, as `movement_left`, what the state shows right after it:
        this ruleset's economy (`economy`), never a count of its own that a reader must
        reconcile. Where the reducer's remainder of the move action differs (a fresh move
        action is left, Move Points, a battle without turns), it moves to `move_remainder`,
        so the events fold into exactly the state they were judged on."""
        for i, event in enumerate(action.events):
            if not isinstance(event, MOVEMENT_EVENTS):
                continue
            after = action.states[i]
            c = after.creatures.get(event.creature)
            shown = self.economy(after, c).movement_left if c is not None else 0
            if event.movement_left == shown:
                continue
            update: dict[str, Any] = {"movement_left": shown}
            if not isinstance(event, MovedInches) and event.move_remainder is None:
                update["move_remainder"] = event.movement_left
            action.events[i] = event.model_copy(update=update)

    def new_round(self, action: Action) -> None:
        """What happens as a new round begins (in Draw Steel: falling far continues)."""

    def settle(self, action: Action) -> None:
        """Drain what every action may leave behind (in Draw Steel: creatures left in the air)."""

    # -- shared lookups --------------------------------------------------------------------
    @staticmethod
    def creature(state: BattleState, cid: str) -> Creature:
        c = state.creatures.get(cid)
        if c is None:
            raise Refusal("battle/unknown-creature", f"there is no creature {cid!r}")
        return c

    @staticmethod
    def window(state: BattleState, reaction: str) -> PendingReaction:
        """The open reaction window `reaction` (refused when there is none)."""
        pending = next((p for p in state.pending if p.id == reaction), None)
        if pending is None:
            raise Refusal("reaction/window-closed", f"no open reaction window {reaction!r}")
        return pending

    @staticmethod
    def require_turn(state: BattleState, c: Creature) -> None:
        if state.turns and state.active != c.id:
            raise Refusal("turn/not-your-turn", f"it is not {c.id}'s turn")

    # -- turns -----------------------------------------------------------------------------
    def on_start_turn(self, intent: it.StartTurn, state: BattleState, action: Action) -> None:
        c = self.creature(state, intent.creature)
        if not state.turns:
            raise Refusal("turn/no-turns", "this battle runs without turns")
        if state.active is not None:
            raise Refusal("turn/turn-in-progress", f"{state.active}'s turn has not ended")
        alive = {cid for cid, cr in state.creatures.items() if cr.hp > 0}
        new_round = bool(state.acted) and alive <= state.acted
        if c.id in state.acted and not new_round:
            raise Refusal("turn/already-acted", f"{c.id} has already had a turn this round")
        round_ = state.round + 1 if new_round else state.round
        if new_round:
            self.new_round(action)
        action.emit(TurnStarted(creature=c.id, round=round_))
        action.note("turn", reasons=(f"round {round_}: {c.id}'s turn starts",))

    def on_end_turn(self, intent: it.EndTurn, state: BattleState, action: Action) -> None:
        c = self.creature(state, intent.creature)
        if not state.turns:
            raise Refusal("turn/no-turns", "this battle runs without turns")
        self.require_turn(state, c)
        for other in sorted(state.creatures.values(), key=lambda o: o.id):
            for condition in sorted(other.eot):
                action.emit(ConditionSet(creature=other.id, condition=condition, on=False))
        action.emit(TurnEnded(creature=c.id))

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
        check_space(self, spec, others)
        return spec

    def on_remove(self, intent: it.Remove, state: BattleState, action: Action) -> None:
        self.creature(state, intent.creature)
        action.emit(CreatureRemoved(creature=intent.creature))

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
            )
        )

    def on_set_condition(self, intent: it.SetCondition, state: BattleState, action: Action) -> None:
        c = self.creature(state, intent.creature)
        if intent.condition not in self.known_conditions():
            raise Refusal("battle/unknown-condition", f"unknown condition {intent.condition!r}")
        action.emit(
            ConditionSet(
                creature=c.id,
                condition=intent.condition,
                on=intent.on,
                source=intent.source,
                until=intent.until,
            )
        )
