"""What every ruleset shares, grid or gridless: options, dispatch, turns, the director.

A ruleset answers an intent through one handler per intent type (`on_move`, `on_shift`, ...);
the director's intents and turn bookkeeping live here because every ruleset shares them.
`engine.rulesets.grid.GridRuleset` adds squares (the metric, the step rule, reach and
placement on a map); `engine.rulesets.gridless.GridlessRuleset` a board in inches.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar

import orjson
from pydantic import ValidationError

from engine import intents as it
from engine import lookups, turns
from engine.action import Action
from engine.adjusting import adjust
from engine.economy import AnyEconomy
from engine.hiding import split
from engine.region import Region
from engine.results import Accepted, Refusal
from engine.rulesets.options import BaseOptions
from engine.rulesets.reads import Reads
from engine.setup import BattleSetup
from engine.sizes import LADDER, SizeScale
from events.battle_events import (
    ConditionSet,
    Coord,
    CreatureRemoved,
    Moved,
    Shifted,
    Teleported,
    TurnEnded,
)
from events.gridless_events import MovedInches
from events.visibility_events import CreatureHidden, CreatureRevealed
from projections.state import BattleState, Creature, PendingReaction

Handler = Callable[[Any, BattleState, Action], None]

MOVEMENT_EVENTS = (Moved, Shifted, Teleported, MovedInches)
"""The events that move a creature by its own movement and say what it has left after."""

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


OWN_FIELDS: dict[str, frozenset[str]] = {
    "through": frozenset({"epic-path"}),
    "part_of_move": frozenset({"epic-path"}),
    "landing": frozenset({"draw-steel"}),
    "into_space": frozenset({"draw-steel"}),
}
"""Intent fields only some rulesets' texts give a meaning to: sent to another, refused rather
than ignored (Epic Path's maneuvers and part of a move action; Draw Steel's landing space and
the Director's forcing into a creature's space)."""


class RulesetBase:
    """The shared part of every ruleset (`engine.rulesets.protocol.Ruleset`)."""

    id: ClassVar[str] = "ruleset"
    rules_version: ClassVar[str] = "0"
    options_model: ClassVar[type[BaseOptions]] = BaseOptions
    move_actions: ClassVar[tuple[str, ...]] = ("advance", "free")
    sizes: ClassVar[SizeScale] = LADDER
    """The ruleset's size categories (Draw Steel's ladder unless it has its own)."""
    reads: ClassVar[Reads | None] = None
    """What it reads from a battle's setup besides its options (`engine.rulesets.reads`)."""
    unit: ClassVar[tuple[str, str, int]] = ("square", "squares", 1)
    """How the ruleset counts distance: the unit's name (one, many) and units per square."""
    gridless: ClassVar[bool] = False
    """Played on a board in inches (its setup has a `board`), not on a map of squares."""
    economy_choices: ClassVar[tuple[dict[str, Any], ...]] = ()
    """What an intent may add to pay from another part of the economy when its own is spent
    (Draw Steel's and Epic Path's `use_main_action`, the action-point game's conversion):
    options try each, so every legal intent of the economy is offered."""

    # -- options ---------------------------------------------------------------------------
    def resolve_options(self, raw: dict[str, Any]) -> dict[str, Any]:
        """The battle's options as logged: the table's, each one left out at its default."""
        try:
            # strict, as JSON: `"false"` is not a boolean and `1` is not `true`
            model = self.options_model.model_validate_json(orjson.dumps(raw), strict=True)
            return model.model_dump(mode="json")
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            where = ".".join(str(p) for p in first["loc"])
            raise Refusal("battle/invalid-option", f"option {where}: {first['msg']}") from None

    # -- sizes -----------------------------------------------------------------------------
    @property
    def sizes_hint(self) -> str:
        """The sizes a creature (or a `narrow` opening's `fits`) may name, for refusals."""
        return self.sizes.hint

    def size_rank(self, size: str) -> int | None:
        return self.sizes.known_rank(size)

    def rank(self, size: str) -> int:
        """A size's place on the ruleset's ladder (unknown sizes count as the wire's 1M)."""
        return self.sizes.rank(size)

    def size_side(self, size: str) -> int:
        return self.sizes.side(size)

    def size_value(self, size: str) -> int:
        """The number in a size ("1M" -> 1, "3" -> 3), which some rules compare to scores."""
        return self.sizes.value(size)

    # -- what every ruleset answers --------------------------------------------------------
    @abstractmethod
    def create(self, body: BattleSetup) -> Accepted:
        """Judge a battle's setup: `[BattleCreated, ...]`, or a `Refusal` naming the problem."""

    @abstractmethod
    def economy(self, state: BattleState, c: Creature) -> AnyEconomy:
        """What `c` has left this turn in this ruleset's own economy and unit (one of the
        models of `engine.economy`); its `movement_left` is what the state shows."""

    @abstractmethod
    def reach(self, state: BattleState, c: Creature, kind: str, mode: str) -> dict[Coord, int]:
        """Every space this creature can end a `kind` of movement on, with its cost."""

    def reach_region(self, state: BattleState, c: Creature, kind: str) -> Region | None:
        """The region a gridless ruleset's reach is sampled from (None on a grid: the squares
        `reach` lists are the whole answer)."""
        return None

    def check_spec(self, spec: Any) -> None:
        """A ruleset's own checks of a creature it places (the unit of its speeds, ...)."""

    def known_conditions(self) -> frozenset[str]:
        """The conditions a director may set (a ruleset adds its own)."""
        return KNOWN_CONDITIONS

    def provokes(self, kind: str) -> bool:
        """Can this kind of movement (move, shift, teleport, forced, fall) open a reaction
        window? None can unless the ruleset's text has a movement-triggered reaction."""
        return False

    # -- dispatch --------------------------------------------------------------------------
    def handlers(self) -> dict[str, Handler]:
        return {
            "start_turn": self.on_start_turn,
            "end_turn": self.on_end_turn,
            "set_order": self.on_set_order,
            "adjust": self.on_adjust,
            "remove": self.on_remove,
            "set_condition": self.on_set_condition,
            "hide": self.on_hide,
            "reveal": self.on_reveal,
        }

    def handle(self, intent: Any, state: BattleState, action: Action) -> None:
        """Judge one intent onto `action`, then drain what it left behind and stamp what each
        mover has left."""
        handler = self.handlers().get(intent.type)
        if handler is None:
            raise Refusal("intent/unsupported", f"{self.id} has no {intent.type!r} intent")
        for name, readers in OWN_FIELDS.items():
            if getattr(intent, name, None) and self.id not in readers:
                raise Refusal(
                    "intent/field-unsupported",
                    f"{self.id} does not read `{name}` (only {', '.join(sorted(readers))})",
                )
        hidden = None
        if intent.type == "place":  # a hidden entry is placed as seen, then hidden
            entry, hidden = split(intent.creature)
            intent = intent.model_copy(update={"creature": entry})
        handler(intent, state, action)
        if hidden is not None:
            action.emit(hidden)
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
        return lookups.creature(state, cid)

    @staticmethod
    def window(state: BattleState, reaction: str) -> PendingReaction:
        """The open reaction window `reaction` (refused when there is none)."""
        return lookups.window(state, reaction)

    @staticmethod
    def require_turn(state: BattleState, c: Creature) -> None:
        lookups.require_turn(state, c)

    # -- turns -----------------------------------------------------------------------------
    def on_start_turn(self, intent: it.StartTurn, state: BattleState, action: Action) -> None:
        """DESIGN section 4, turns, held to the table's order (`engine.turns`)."""
        c = self.creature(state, intent.creature)
        new_round = turns.check_start(state, c)
        if new_round:
            self.new_round(action)
        turns.start_turn(state, c, new_round, action)

    def on_end_turn(self, intent: it.EndTurn, state: BattleState, action: Action) -> None:
        c = self.creature(state, intent.creature)
        if not state.turns:
            raise Refusal("turn/no-turns", "this battle runs without turns")
        self.require_turn(state, c)
        for other in sorted(state.creatures.values(), key=lambda o: o.id):
            for condition in sorted(other.eot):
                action.emit(ConditionSet(creature=other.id, condition=condition, on=False))
        action.emit(TurnEnded(creature=c.id))

    def on_set_order(self, intent: it.SetOrder, state: BattleState, action: Action) -> None:
        if not state.turns:
            raise Refusal("turn/no-turns", "this battle runs without turns: it has no order")
        turns.set_order(intent, state, action)

    # -- director --------------------------------------------------------------------------
    def on_adjust(self, intent: it.Adjust, state: BattleState, action: Action) -> None:
        """The director's bookkeeping (`engine.adjusting`): what the rules did not deal."""
        adjust(intent, state, self.known_conditions(), action)

    def on_remove(self, intent: it.Remove, state: BattleState, action: Action) -> None:
        self.creature(state, intent.creature)
        action.emit(CreatureRemoved(creature=intent.creature))

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

    def on_hide(self, intent: it.Hide, state: BattleState, action: Action) -> None:
        """DESIGN section 7, hidden creatures: what a reader sees changes, never the rules."""
        self.creature(state, intent.creature)
        action.emit(CreatureHidden(creature=intent.creature, visible_to=intent.visible_to))

    def on_reveal(self, intent: it.Reveal, state: BattleState, action: Action) -> None:
        self.creature(state, intent.creature)
        action.emit(CreatureRevealed(creature=intent.creature, history=intent.history))
