"""The domain events of a battle, and the value types they carry.

Every event is a frozen pydantic model with a literal `type`, registered in the process-wide
registry. Events record outcomes (including every die rolled), never intentions: `evolve`
reads them without judging or rolling. One intent yields one action, an ordered group of
these events; a later "effective log" filter can drop whole actions because no event depends
on hidden state outside its own action except through the fields it carries.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from events.creature_fields import CreatureId, MetCreatureId
from events.glossary import fill_descriptions
from events.gridless_events import BoardSpec
from events.vocabulary import Event, registry

Coord = tuple[int, int, int]
"""A position in squares: x east, y south, z up (the bottom of a creature's space)."""
Cell = tuple[int, int]
Rect = tuple[int, int, int, int]
"""A rectangle of squares, `(x0, y0, x1, y1)`, corners included, x0 <= x1 and y0 <= y1."""


def rect_cells(rect: Rect) -> list[Cell]:
    """The squares of a rectangle, row by row."""
    x0, y0, x1, y1 = rect
    return [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]


TerrainKind = Literal[
    "wall",
    "obstacle",
    "difficult",
    "damaging",
    "water",
    "hazard",
    "climbable",
    "impeded",
    "concealed",
    "updraft",
    "narrow",
    "landing",
]
Material = Literal["glass", "wood", "stone", "metal"]
Surface = Literal["jagged", "rough", "normal", "soft"]
"""What a fall lands on (Epic Path, Falling: "This may also be modified by the surface being
impacted")."""


class Value(BaseModel):
    # Logged whole: an answer's schema (serialisation mode) lists every field as sent
    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        use_attribute_docstrings=True,
        json_schema_extra=fill_descriptions,
        json_schema_serialization_defaults_required=True,
    )


class TerrainSpec(Value):
    """One terrain feature over some squares: `cells` listed one by one, and `rects` (an
    `area` of the setup, kept as its rectangle so that a big map logs compactly)."""

    kind: TerrainKind
    cells: list[Cell]
    rects: list[Rect] = Field(default=[], exclude_if=lambda v: not v)
    """Rectangles of squares, `[x0, y0, x1, y1]` corners included (absent: none)."""
    height: int | None = Field(default=None, ge=0, le=1000)
    material: Material | None = None
    damage: int | None = Field(default=None, ge=0, le=1000)
    depth: int | None = Field(default=None, ge=0, le=1000)
    hard: bool = False
    """A surface hard to climb or a liquid hard to swim: the Director's Might test."""
    fits: str | None = Field(default=None, max_length=16)
    """For `narrow`: the size the opening is built for (bigger creatures squeeze or stop); null
    for other kinds."""
    surface: Surface | None = Field(default=None, exclude_if=lambda v: v is None)
    """For `landing`: what a fall onto these squares lands on; null: normal."""


class ElevationSpec(Value):
    cells: list[Cell]
    rects: list[Rect] = Field(default=[], exclude_if=lambda v: not v)
    """Rectangles of squares, `[x0, y0, x1, y1]` corners included (absent: none)."""
    height: int = Field(ge=-1000, le=1000)


class MapSpec(Value):
    width: int = Field(ge=1, le=1000)
    height: int = Field(ge=1, le=1000)
    terrain: list[TerrainSpec] = []
    elevation: list[ElevationSpec] = []


class CreatureSpec(Value):
    """A creature as placed: the wire format of section 9, with its position resolved."""

    id: CreatureId = Field(min_length=1, max_length=64)
    name: str = ""
    side: str
    at: Coord
    size: str = "1M"
    speeds: dict[str, int] = {}
    stats: dict[str, int] = {}
    stability: int = 0
    hp: int = 1
    conditions: list[str] = []
    disengage: int | None = None


class ResumedRuling(Value):
    """The director's ruling a paused move was made under (the intent's `overrule`), kept so
    the rest of the move is judged under it when it resumes."""

    reason: str
    """Why the table ruled so, as the intent's `overrule` gave it."""
    cost: int | None = None
    """What a step the text cannot count costs (null: a plain step's cost)."""
    reactions: bool = True
    """Whether the move still provokes reactions."""


class ResumeMove(Value):
    """What is left of a willing move paused by a reaction window."""

    creature: CreatureId
    path: list[Coord]
    mode: str
    action: str
    kind: Literal["move", "shift"] = "move"
    jumps: list[int] = []
    budget: int = 0
    economy: bool = False
    jump_bonus: int = 0
    provoked: list[MetCreatureId] = []
    """Reactors this action already provoked (Epic Path: one attack per enemy per action)."""
    bump: Coord | None = None
    """An unseen obstruction just past the path's end (Epic Path collisions); null when there is
    none."""
    through: dict[MetCreatureId, str] = Field(default_factory=dict, exclude_if=lambda v: not v)
    """Creatures the move gets past by a maneuver the table resolved (Epic Path's clamber,
    overrun, tumble); absent when none."""
    ruling: ResumedRuling | None = Field(default=None, exclude_if=lambda v: v is None)
    """The director's ruling the move was made under; null when none."""


@registry.register
class BattleCreated(Event):
    type: Literal["BattleCreated"] = "BattleCreated"
    ruleset: str
    rules_version: str
    seed: int
    options: dict[str, Any]
    map: MapSpec
    creatures: list[CreatureSpec]
    board: BoardSpec | None = Field(default=None, exclude_if=lambda v: v is None)
    """A gridless board in inches (Warcry); null (not logged) on grid battles."""


@registry.register
class TurnStarted(Event):
    type: Literal["TurnStarted"] = "TurnStarted"
    creature: CreatureId
    round: int


@registry.register
class TurnEnded(Event):
    type: Literal["TurnEnded"] = "TurnEnded"
    creature: CreatureId


@registry.register
class ActionConverted(Event):
    """A main action spent as a second move action or maneuver (always an explicit choice)."""

    type: Literal["ActionConverted"] = "ActionConverted"
    creature: CreatureId
    into: Literal["move", "maneuver"]


@registry.register
class Moved(Event):
    type: Literal["Moved"] = "Moved"
    creature: CreatureId
    path: list[Coord]
    cost: int
    mode: str
    action: str
    movement_left: int
    starts_action: bool = False
    move_remainder: int | None = Field(default=None, exclude_if=lambda v: v is None)
    """What is left of the move action this movement spends from, which a further move may
    continue (Draw Steel's Advance split around other actions), when it differs from
    `movement_left` (what the state shows after the event, in the ruleset's economy); null
    (left out) when it does not, and on events logged before it existed, whose `movement_left`
    held this."""
    maneuver: bool = False
    """The movement spent a maneuver (Draw Steel's Dig) rather than a move action."""
    last_square_cost: int | None = None
    """What the path's last square cost in full, when it cost more than what was left
    (Reclaim the Wild: "you can still enter that new square"); null otherwise."""
    last_square_paid: int | None = None
    """What was paid for that square: all that was left (counted in `cost`); null otherwise."""


@registry.register
class Shifted(Event):
    type: Literal["Shifted"] = "Shifted"
    creature: CreatureId
    path: list[Coord]
    cost: int
    action: str
    movement_left: int
    starts_action: bool = False
    move_remainder: int | None = Field(default=None, exclude_if=lambda v: v is None)
    """What is left of the move action this movement spends from, which a further move may
    continue (Draw Steel's Advance split around other actions), when it differs from
    `movement_left` (what the state shows after the event, in the ruleset's economy); null
    (left out) when it does not, and on events logged before it existed, whose `movement_left`
    held this."""


@registry.register
class Teleported(Event):
    type: Literal["Teleported"] = "Teleported"
    creature: CreatureId
    origin: Coord
    to: Coord
    distance: int
    action: str
    movement_left: int
    starts_action: bool = False
    move_remainder: int | None = Field(default=None, exclude_if=lambda v: v is None)
    """What is left of the move action this movement spends from, which a further move may
    continue (Draw Steel's Advance split around other actions), when it differs from
    `movement_left` (what the state shows after the event, in the ruleset's economy); null
    (left out) when it does not, and on events logged before it existed, whose `movement_left`
    held this."""


@registry.register
class ForceMoved(Event):
    type: Literal["ForceMoved"] = "ForceMoved"
    source: CreatureId
    target: CreatureId
    kind: Literal["push", "pull", "slide"]
    path: list[Coord]
    distance: int
    vertical: bool = False


@registry.register
class Collided(Event):
    type: Literal["Collided"] = "Collided"
    creature: CreatureId
    at: Coord
    remaining: int
    other_creature: CreatureId | None = None
    obstacle: str | None = None


@registry.register
class HurledThrough(Event):
    """A force-moved creature broke through one square of a mundane object."""

    type: Literal["HurledThrough"] = "HurledThrough"
    creature: CreatureId
    cell: Cell
    material: str
    squares: int


@registry.register
class DamageTaken(Event):
    type: Literal["DamageTaken"] = "DamageTaken"
    creature: CreatureId
    amount: int
    cause: str


@registry.register
class Fell(Event):
    type: Literal["Fell"] = "Fell"
    creature: CreatureId
    origin: Coord
    landing: Coord
    height: int
    effective_height: int


@registry.register
class KnockedProne(Event):
    type: Literal["KnockedProne"] = "KnockedProne"
    creature: CreatureId
    voluntary: bool = False


@registry.register
class StoodUp(Event):
    type: Literal["StoodUp"] = "StoodUp"
    creature: CreatureId
    action: Literal["free", "maneuver", "move", "movement"]
    """What standing up spent: nothing (`free`), a maneuver (Draw Steel's Stand Up), a move
    action (Epic Path; its `ActionUsed` spends it) or the turn's own movement (`movement`:
    Move Points, Reclaim the Wild's Movement; its `Tallied` spends it)."""
    by: CreatureId | None = None
    """An adjacent creature that used its own Stand Up maneuver on this willing creature; null
    when the creature stood up by itself."""


@registry.register
class OpportunityAttackTriggered(Event):
    type: Literal["OpportunityAttackTriggered"] = "OpportunityAttackTriggered"
    kind: str = "opportunity_attack"
    """`opportunity_attack`, or `free_strike` (e.g. a failed attempt to climb a creature)."""
    reaction: str
    reactor: MetCreatureId
    target: CreatureId
    at: Coord
    resume: ResumeMove | None = None


@registry.register
class ReactionResolved(Event):
    """A reaction window closed; a taken free strike records its dice and result."""

    type: Literal["ReactionResolved"] = "ReactionResolved"
    reaction: str
    decision: Literal["take", "decline"]
    rolls: list[int] = []
    seeded: bool = False
    characteristic: int = 0
    total: int = 0
    tier: int = 0
    damage: int = 0


@registry.register
class JumpTested(Event):
    """A Might or Agility test to jump farther and higher than the baseline jump."""

    type: Literal["JumpTested"] = "JumpTested"
    creature: CreatureId
    rolls: list[int]
    seeded: bool = False
    characteristic: int = 0
    total: int = 0
    tier: int = 1
    bonus: int = 0


@registry.register
class PowerRolled(Event):
    """A power roll a movement rule called for (2d10 + characteristic), with its tier."""

    type: Literal["PowerRolled"] = "PowerRolled"
    creature: CreatureId
    test: str
    rolls: list[int]
    seeded: bool = False
    characteristic: int = 0
    total: int = 0
    tier: int = 1


@registry.register
class ActionUsed(Event):
    """A creature spent one of its turn's actions on something that is not itself movement."""

    type: Literal["ActionUsed"] = "ActionUsed"
    creature: CreatureId
    action: Literal["main", "maneuver", "move"]


@registry.register
class CreaturePlaced(Event):
    type: Literal["CreaturePlaced"] = "CreaturePlaced"
    creature: CreatureSpec


@registry.register
class CreatureRemoved(Event):
    type: Literal["CreatureRemoved"] = "CreatureRemoved"
    creature: CreatureId


@registry.register
class TerrainSet(Event):
    """The director changed cells: `kind` "clear" removes all terrain there."""

    type: Literal["TerrainSet"] = "TerrainSet"
    cells: list[Cell]
    rects: list[Rect] = Field(default=[], exclude_if=lambda v: not v)
    """An `area` as its rectangle, `[x0, y0, x1, y1]` corners included (absent: none)."""
    kind: TerrainKind | Literal["clear"]
    height: int | None = None
    material: Material | None = None
    damage: int | None = None
    depth: int | None = None
    elevation: int | None = None
    hard: bool = False
    fits: str | None = None
    surface: Surface | None = Field(default=None, exclude_if=lambda v: v is None)
    """For `landing`: what a fall onto these squares lands on; null: normal."""


@registry.register
class ConditionSet(Event):
    type: Literal["ConditionSet"] = "ConditionSet"
    creature: CreatureId
    condition: str
    on: bool
    source: CreatureId | None = None
    until: Literal["end_of_turn"] | None = None
    """`end_of_turn` (EoT): the condition ends when the current turn ends; null: it lasts until
    removed."""


@registry.register
class DiceRolled(Event):
    """Dice a ruleset's rule rolled (a fall, a jump, a collision): `purpose` names the rule,
    `dice` the expression ("3d6", "1d20+2"); `seeded` when the battle's source rolled them."""

    type: Literal["DiceRolled"] = "DiceRolled"
    creature: CreatureId
    purpose: str
    dice: str
    rolls: list[int]
    seeded: bool = False
    modifier: int = 0
    total: int = 0


@registry.register
class Tallied(Event):
    """A per-turn count a ruleset keeps on a creature (diagonals taken, action points spent,
    attacks of opportunity made): `amount` is added; every tally resets when the creature's
    own turn starts, except a name starting `battle:`, which counts for the whole battle
    (Epic Path: rounds run, endurance checks, action points spent)."""

    type: Literal["Tallied"] = "Tallied"
    creature: CreatureId
    name: str
    amount: int = 1


@registry.register
class ShieldSurfStarted(Event):
    """Reclaim the Wild: a creature began Shield Surfing (it stands on its shield)."""

    type: Literal["ShieldSurfStarted"] = "ShieldSurfStarted"
    creature: CreatureId
    at: Coord


@registry.register
class ShieldWorn(Event):
    """Reclaim the Wild: the shield a creature surfs on lost `amount` Durability (`terrain`:
    harsh, normal or gentle); `left` is what remains. The wear adds to the creature's
    battle-long tally `battle:shield_wear`."""

    type: Literal["ShieldWorn"] = "ShieldWorn"
    creature: CreatureId
    amount: int
    left: int
    terrain: str = "normal"


@registry.register
class HandsChanged(Event):
    """Reclaim the Wild: a creature drew items into its hands (`items` above 0) or stowed
    them (below 0) during the battle; `held` is how many it holds now besides what its way
    of travel needs. The change adds to the creature's battle-long tally `battle:hands`."""

    type: Literal["HandsChanged"] = "HandsChanged"
    creature: CreatureId
    items: int
    held: int


@registry.register
class ShieldSurfEnded(Event):
    """Reclaim the Wild: Shield Surfing ended, by choice (a Minor action) or `forced` (`reason`:
    halted, frozen, prone, disarmed, broken); a forced end drops the shield on `shield_at`."""

    type: Literal["ShieldSurfEnded"] = "ShieldSurfEnded"
    creature: CreatureId
    forced: bool = False
    reason: str = "minor action"
    shield_at: Coord | None = None


@registry.register
class RuleOverruled(Event):
    """The director set a rule aside (a ruling): the intent would have been
    refused by `rule` at `step` (`detail` says why); the events after it in the action go on
    as if that step were legal. It changes nothing in the battle when folded."""

    type: Literal["RuleOverruled"] = "RuleOverruled"
    rule: str
    """The id of the rule set aside, as a refusal names it (`draw-steel/ledge`)."""
    step: int | None = None
    """The path's step (or leg) it applied to, counted from 0; null: the intent as a whole."""
    detail: str
    """The sentence the refusal would have said."""
    reason: str
    """The director's reason for the ruling."""
    creature: CreatureId | None = None
    """The creature the ruled intent moved (or acted for); null when it names none."""
    about: list[CreatureId] = Field(default=[], exclude_if=lambda v: not v)
    """The other creatures `detail` speaks of (the one whose space was in the way): a reader
    who may not see one of them does not read the ruling. Absent when it speaks of none."""


BATTLE_EVENT_TYPES: tuple[type[Event], ...] = (
    BattleCreated,
    TurnStarted,
    TurnEnded,
    ActionConverted,
    Moved,
    Shifted,
    Teleported,
    ForceMoved,
    Collided,
    HurledThrough,
    DamageTaken,
    Fell,
    KnockedProne,
    StoodUp,
    OpportunityAttackTriggered,
    ReactionResolved,
    JumpTested,
    PowerRolled,
    ActionUsed,
    CreaturePlaced,
    CreatureRemoved,
    TerrainSet,
    ConditionSet,
    DiceRolled,
    Tallied,
    ShieldSurfStarted,
    ShieldWorn,
    ShieldSurfEnded,
    RuleOverruled,
)
