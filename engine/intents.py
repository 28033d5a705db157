"""Intents: what a client asks for, a discriminated union on `type` (the wire format).

Every intent may carry `rolls` (dice the table rolled, consumed in order) and
`expected_version` (used by the service; the engine ignores it).
"""

from __future__ import annotations

import math
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    WithJsonSchema,
    model_validator,
)

from engine.intent_glossary import describe
from events.battle_events import CreatureSpec, Material, Surface, TerrainKind
from events.creature_fields import PLACED, CreatureId, UnseenCreatureId


def whole_number(value: Any) -> Any:
    """A square's coordinate or a version: an integer, or a float that is one (`9.0`:
    gridless battles write inches as floats, and JSON Schema counts `9484.0` an integer, so
    a client generated from the OpenAPI document may send it). Intents are strict (a
    boolean or a string is not a number, as JSON tells them apart); this is the one
    leniency."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


Square = Annotated[int, BeforeValidator(whole_number)]
WholeNumber = Annotated[int, BeforeValidator(whole_number)]
"""An integer field of a strict body that also takes a float that is one (`whole_number`)."""
Point = Annotated[list[Square], Field(min_length=2, max_length=3)]
MoveTo = Annotated[
    Point,
    WithJsonSchema(
        {
            "type": "array",
            "items": {"anyOf": [{"type": "integer"}, {"type": "number"}]},
            "minItems": 2,
            "maxItems": 3,
        }
    ),
]
"""A move's `to`: a square, or in a gridless ruleset a point in inches (a `to` holding a
fraction is read as `to_inches`, `Move._fractional_to`), so documented as the numbers it
takes, as a creature's `at` is."""
MAX_DISTANCE = 1000
MAX_PATH = 1000
Path = Annotated[list[Point], Field(max_length=MAX_PATH)]


class Overrule(BaseModel):
    """The director's ruling on this intent: judged as usual, each
    rule it would be refused on is recorded as a `RuleOverruled` event and set aside."""

    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        strict=True,
        use_attribute_docstrings=True,
        json_schema_extra=describe,
    )

    reason: Annotated[str, Field(min_length=1, max_length=500)]
    """Why the table rules so (1 to 500 characters): shown wherever the action is."""
    cost: Annotated[int, Field(ge=0, le=MAX_DISTANCE)] | None = None
    """What each step the text cannot count costs, in the ruleset's unit; null (or left
    out): a plain step's cost."""
    reactions: bool = True
    """Whether the move still provokes reactions (false: none trigger)."""


class IntentBase(BaseModel):
    # strict: a boolean is not a number and a string is not a number, as JSON tells them apart
    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        strict=True,
        use_attribute_docstrings=True,
        json_schema_extra=describe,
    )

    rolls: Annotated[list[int], Field(max_length=200)] | None = None
    expected_version: WholeNumber | None = None
    overrule: Overrule | None = None
    """The director's ruling: set aside the rules this intent breaks (director only); null (or
    left out): the rules stand."""


MAX_LEGS = 100
InchPoint = Annotated[list[float], Field(min_length=2, max_length=3)]


def _inches_only(v: Any) -> bool:
    """A coordinate no square can hold: a fraction, NaN or an infinity."""
    return isinstance(v, float) and (not math.isfinite(v) or v != int(v))


class Leg(BaseModel):
    """One leg of a gridless move: `normal`, `jump`, `climb` or `fly` to a point in inches."""

    # strict: a boolean is not a number and a string is not a number, as JSON tells them apart
    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        strict=True,
        use_attribute_docstrings=True,
        json_schema_extra=describe,
    )

    kind: Literal["normal", "jump", "climb", "fly"]
    to: InchPoint


class Move(IntentBase):
    """Willing movement. `action`: draw-steel `advance` (default) or `free` (an effect that
    lets the creature move up to `distance`). `use_main_action` spends the main action as a
    second move action; `jumps` lists the path indices reached by a jump; `jump_test` rolls
    the Might or Agility test to jump farther and higher (tier 2: +1, tier 3: +2). Draw
    Steel's other actions: `dig` (burrow vertically), `claw_dirt` (a non-burrower's power
    roll to move 1 square through the ground) and `pull_up` (`by` pulls a willing burrower
    1 square out of the ground). `onto` climbs a bigger creature (`willing`: no test).

    Each ruleset names its own actions, and `advance` (the default) means its first:
    epic-path `walk`, `double_move`, `run`, `withdraw`, `charge` (with `primary`), `crawl`,
    `clamber`; one-two-one `move`, `sprint`, `charge` (with `primary`); action-points
    `walk`, `run`, `jump`, `long_jump`, `crawl`, `dodge`, `move_silently`. An action a
    ruleset lacks is refused with its `<ruleset>/unknown-action`."""

    type: Literal["move"] = "move"
    creature: CreatureId
    path: Path | None = None
    to: MoveTo | None = None
    mode: Literal["walk", "climb", "swim", "fly", "burrow", "glide"] = "walk"
    action: str = "advance"
    distance: int | None = None
    use_main_action: bool = False
    jumps: Annotated[list[int], Field(max_length=MAX_PATH)] = []
    jump_test: bool = False
    by: CreatureId | None = None
    onto: CreatureId | None = None
    willing: bool = False
    legs: Annotated[list[Leg], Field(max_length=MAX_LEGS)] | None = None
    """Gridless rulesets (warcry): the move as legs in inches, judged as a whole; null (or left
    out) when the move is given by `path`, `to` or `to_inches`."""
    to_inches: InchPoint | None = None
    """Gridless rulesets: a `to` in inches (a `to` holding fractions is read into it); null (or
    left out) when the move is given otherwise."""

    @model_validator(mode="before")
    @classmethod
    def _fractional_to(cls, data: Any) -> Any:
        to = data.get("to") if isinstance(data, dict) else None
        if isinstance(to, list) and any(_inches_only(v) for v in to):
            return {**{k: v for k, v in data.items() if k != "to"}, "to_inches": to}
        return data

    primary: CreatureId | None = None
    """Epic Path: the withdraw's primary target, or the charge's target; null (or left out) for
    other moves."""
    action_points: int = Field(default=0, ge=0, le=100)
    """action-points: action points converted into move points (never back)."""
    sneaking: bool = False
    """one-two-one: sneaking costs +1 Movement a square."""
    through: Annotated[
        dict[CreatureId, Literal["clamber", "overrun", "tumble"]], Field(max_length=100)
    ] = {}
    """Epic Path: creatures this move gets past by a skill or maneuver the table resolved
    (its check is on another page): `clamber` (Might) enters and may end in the creature's
    space, `overrun` passes through it to a space beyond, `tumble` (Acrobatics) moves
    through the squares it threatens without its attack of opportunity."""
    part_of_move: str | None = Field(default=None, min_length=1, max_length=100)
    """Epic Path: an activity done "as part of a move action" with this move (drawing a
    weapon, picking up an item): needs an actual move action, one per move action. Null (or left
    out): none."""


class Shift(IntentBase):
    """The careful step: Disengage (default) or a shift granted by an effect (`free`, with
    `distance`). `instead_move` uses the granted distance to move instead (then it provokes).
    Epic Path: the 5-foot step, `action` `five_foot_step` (the default), `action_point` (a
    move action bought with an action point, even after moving), `full_attack` (an attack
    of a full attack traded for the step) or `feature` (an extra step a feat, class feature
    or racial trait grants, `stats.feature_steps` a round)."""

    type: Literal["shift"] = "shift"
    creature: CreatureId
    path: Path | None = None
    to: Point | None = None
    action: str = "disengage"
    distance: int | None = None
    instead_move: bool = False
    use_main_action: bool = False


class Teleport(IntentBase):
    """Teleport `creature` to `to`; `source` names another creature doing the teleporting
    (then the effect's `distance` is required); `stand` chooses to arrive standing."""

    type: Literal["teleport"] = "teleport"
    creature: CreatureId
    to: Point
    distance: int | None = None
    source: CreatureId | None = None
    stand: bool = True
    use_main_action: bool = False


class ForceMove(IntentBase):
    type: Literal["force_move"] = "force_move"
    source: CreatureId
    target: CreatureId | Annotated[list[CreatureId], Field(max_length=100)]
    kind: Literal["push", "pull", "slide"]
    distance: int
    path: Path | None = None
    vertical: bool = False
    melee_weapon: bool = False
    prone_after: int | None = Field(default=None, ge=0, le=1000)
    """The target drops prone after this many squares, ending the forced movement (Epic
    Path; 0: in its starting square). Rulesets without the option refuse it. Null (or left out):
    it does not drop prone."""
    into_space: bool = False
    """Draw Steel, the Director's discretion: forced into the space of the one creature in
    its way whose size is within 1 of its own, the target ends there squeezed (a bane on its
    ability rolls and tests) instead of colliding. Only the director may send it."""


class FallProne(IntentBase):
    type: Literal["fall_prone"] = "fall_prone"
    creature: CreatureId
    landing: Point | None = None
    """Draw Steel: a creature climbing or riding another falls off as it goes prone, landing
    in this unoccupied adjacent space of its choice; null (or left out): the nearest free one."""


class StandUp(IntentBase):
    """Stand up; `by` names an adjacent creature using its maneuver on a willing one."""

    type: Literal["stand_up"] = "stand_up"
    creature: CreatureId
    by: CreatureId | None = None
    use_main_action: bool = False
    part_of_move: str | None = Field(default=None, min_length=1, max_length=100)
    """Epic Path: an activity done as part of the move action that stands the creature up
    (Part of a Move Action: "Nearly any action you perform with a move action (such as
    standing up from Prone) can also include an action which is 'part of a move action'").
    Null (or left out): none."""


class KnockOff(IntentBase):
    """Draw Steel: `creature` uses a maneuver to knock off `target`, who climbs or rides it."""

    type: Literal["knock_off"] = "knock_off"
    creature: CreatureId
    target: CreatureId
    use_main_action: bool = False
    landing: Point | None = None
    """The unoccupied adjacent space the knocked-off creature chooses to land in if it falls
    or slides off; null (or left out): the nearest free one."""


class LoseGrip(IntentBase):
    """Reclaim the Wild: a climbing `creature` loses its grip and falls, unless the GM lets
    it catch itself (`caught`, the table's ruling on its Athletics or Agility check)."""

    type: Literal["lose_grip"] = "lose_grip"
    creature: CreatureId
    caught: bool = False
    """The GM allowed it to catch itself: it stays where it clings (a ruling: a player may
    send it only where the battle lets players send the table's rolls)."""


class Draw(IntentBase):
    """Reclaim the Wild: `creature` unsheathes `items` items or pulls them from its Pack into
    its hands (what that costs is the Sheathing and Belt Items section's, not the Movement
    page's)."""

    type: Literal["draw"] = "draw"
    creature: CreatureId
    items: int = Field(default=1, ge=1, le=2)
    """How many items come into its hands (one a hand; a two-handed item counts 2)."""


class Stow(IntentBase):
    """Reclaim the Wild: `creature` sheathes or stows `items` of the items in its hands."""

    type: Literal["stow"] = "stow"
    creature: CreatureId
    items: int = Field(default=1, ge=1, le=2)
    """How many items it puts away (one a hand; a two-handed item counts 2)."""


class FallingTest(IntentBase):
    """Warcry: the falling test after an attack on `creature` near a platform's edge; the
    table resolved the attack and says whether it scored at least one critical hit."""

    type: Literal["falling_test"] = "falling_test"
    creature: CreatureId
    critical: bool = False
    """The attack scored at least one critical hit (without one there is no test)."""


class ShieldSurf(IntentBase):
    """Reclaim the Wild: begin Shield Surfing (a Minor action, with a shield, on a downward
    slope), or with `stop` end it (a Minor action)."""

    type: Literal["shield_surf"] = "shield_surf"
    creature: CreatureId
    stop: bool = False


class StartTurn(IntentBase):
    """Start `creature`'s turn (a Warcry activation): its movement and actions refresh.

    With turns on, one turn is under way at a time and each creature has one a round; a
    round ends when every creature still standing has had its turn, and the next turn
    starts the next round. Once the director has set an order (`set_order`), only the
    creature (or a creature of the side) whose turn is next may start one: the state's
    `turn_order.next` names them. Starting another's turn out of order (delaying, readying)
    is the director's ruling: send it with `overrule`. Refused with `turn/no-turns` when the
    battle runs without turns, `turn/turn-in-progress` while a turn is under way (send
    `end_turn` first), `turn/already-acted`, `turn/out-of-order` or `turn/not-in-order`."""

    type: Literal["start_turn"] = "start_turn"
    creature: CreatureId


class EndTurn(IntentBase):
    """End `creature`'s turn: conditions that last until the end of the turn end, and the
    next creature may start its turn (`turn_order.next` in the state says who). Only the
    creature whose turn it is may end it (`turn/not-your-turn`)."""

    type: Literal["end_turn"] = "end_turn"
    creature: CreatureId


class SetOrder(IntentBase):
    """Director: set the turn order, `creatures` (rolled or chosen initiative: each acts once
    a round in this order) or `sides` (the sides take turns in this order, one creature of
    the side whose turn it is, any that has not acted this round: Draw Steel's sides, Warcry's
    alternating activations). Between rounds (or before the first turn) this is the table's
    set-up; changing the order while a round is under way sets aside the order the round
    began with, so it is a ruling (`turn/order-changed`: send it with `overrule`)."""

    type: Literal["set_order"] = "set_order"
    creatures: Annotated[list[UnseenCreatureId], Field(max_length=500)] | None = None
    """Creature ids, first to act first (each once); null (or left out) when `sides` is given."""
    sides: Annotated[list[str], Field(max_length=50)] | None = None
    """Sides, first to act first (each once); their creatures act in turn. Null (or left out)
    when `creatures` is given."""


StatName = Annotated[str, Field(min_length=1, max_length=40)]
StatValue = Annotated[int, Field(ge=-1000, le=1000)]


class Adjust(IntentBase):
    """Director: set a creature's stamina, conditions or numbers by hand, with a `reason`
    (a potion, a power from another page, a backend's own bookkeeping). Only what is given
    changes; the `Adjusted` event says what each was before."""

    type: Literal["adjust"] = "adjust"
    creature: CreatureId
    reason: Annotated[str, Field(min_length=1, max_length=500)]
    """Why (1 to 500 characters): shown wherever the action is."""
    hp: Annotated[int, Field(ge=-10_000, le=10_000)] | None = None
    """Its stamina (hit points) from now on; null (or left out): unchanged."""
    conditions: Annotated[dict[str, bool], Field(max_length=20)] = {}
    """Conditions to set (`true`) or end (`false`), by name."""
    stats: Annotated[dict[StatName, StatValue], Field(max_length=40)] = {}
    """Characteristics to set, each to its new value."""
    speeds: Annotated[
        dict[Literal["walk", "climb", "swim", "fly", "hover", "burrow", "teleport"], StatValue],
        Field(max_length=7),
    ] = {}
    """Speeds to set by movement mode (0 takes the mode away)."""
    stability: int | None = None
    """Its stability from now on (a number as the create body's `stability`); null (or left
    out): unchanged."""


class ResolveReaction(IntentBase):
    type: Literal["resolve_reaction"] = "resolve_reaction"
    reaction: str
    decision: Literal["take", "decline"]
    at: InchPoint | None = None
    """Warcry: the landing point the opposing player picks for a fallen fighter; null (or left
    out) for every other reaction."""


class Place(IntentBase):
    """Director: put a new creature on the map (`at` inside the spec; z optional)."""

    type: Literal["place"] = "place"
    creature: Annotated[dict[str, Any], PLACED]


class Remove(IntentBase):
    type: Literal["remove"] = "remove"
    creature: CreatureId


class Area(BaseModel):
    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        strict=True,
        populate_by_name=True,
        json_schema_extra=describe,
    )

    from_: Point = Field(alias="from")
    to: Point


class SetTerrain(IntentBase):
    type: Literal["set_terrain"] = "set_terrain"
    kind: TerrainKind | Literal["clear"]
    cells: Annotated[list[Point], Field(max_length=3_000)] | None = None
    area: Area | None = None
    height: int | None = None
    material: Material | None = None
    damage: int | None = None
    depth: int | None = None
    elevation: int | None = None
    hard: bool = False
    fits: str | None = Field(default=None, max_length=16)
    """For `narrow`: the size the opening is built for; null (or left out) for other kinds."""
    surface: Surface | None = None
    """For `landing`: what a fall onto these squares lands on; null (or left out): normal."""


class SetCondition(IntentBase):
    type: Literal["set_condition"] = "set_condition"
    creature: CreatureId
    condition: str
    on: bool = True
    source: CreatureId | None = None
    until: Literal["end_of_turn"] | None = None
    landing: Point | None = None
    """Draw Steel: a creature knocked prone by this effect while it climbs or rides another
    falls and lands "in an adjacent space of your choice": the space it chose; null (or left
    out): the nearest free one."""


class Hide(IntentBase):
    """Director: hide `creature` from every player, or from all but the players of the sides
    in `visible_to`. The rules still judge it as if seen."""

    type: Literal["hide"] = "hide"
    creature: CreatureId
    visible_to: Annotated[list[str], Field(max_length=50)] = []


class Reveal(IntentBase):
    """Director: show `creature` to every player from now on; with `history`, its past too."""

    type: Literal["reveal"] = "reveal"
    creature: CreatureId
    history: bool = False


Intent = Annotated[
    Move
    | Shift
    | Teleport
    | ForceMove
    | FallProne
    | StandUp
    | KnockOff
    | LoseGrip
    | Draw
    | Stow
    | FallingTest
    | ShieldSurf
    | StartTurn
    | EndTurn
    | SetOrder
    | Adjust
    | ResolveReaction
    | Place
    | Remove
    | SetTerrain
    | SetCondition
    | Hide
    | Reveal,
    Field(discriminator="type"),
]

_ADAPTER: TypeAdapter[Intent] = TypeAdapter(Intent)


class IntentError(ValueError):
    """An intent body that is not a valid intent; `detail` is a sentence for the client."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


def parse_intent(data: Any) -> Intent:
    """Validate a JSON body as an intent, raising `IntentError` with a readable reason."""
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[:3]
        parts = [f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in first]
        raise IntentError("invalid intent: " + "; ".join(parts)) from None


def area_cells(area: Area) -> list[tuple[int, int]]:
    (x0, y0), (x1, y1) = area.from_[:2], area.to[:2]
    xs = range(min(x0, x1), max(x0, x1) + 1)
    ys = range(min(y0, y1), max(y0, y1) + 1)
    return [(x, y) for y in ys for x in xs]


__all__ = [
    "Adjust",
    "CreatureSpec",
    "Draw",
    "EndTurn",
    "FallProne",
    "FallingTest",
    "ForceMove",
    "Hide",
    "Intent",
    "IntentError",
    "KnockOff",
    "LoseGrip",
    "Move",
    "Place",
    "Remove",
    "ResolveReaction",
    "Reveal",
    "SetCondition",
    "SetOrder",
    "SetTerrain",
    "ShieldSurf",
    "Shift",
    "StandUp",
    "StartTurn",
    "Stow",
    "Teleport",
    "area_cells",
    "parse_intent",
]
