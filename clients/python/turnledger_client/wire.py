"""The wire format as pydantic models, generated from turnledger's /openapi.json.

Do not edit: run clients/python/regenerate.py.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel, StringConstraints
from typing_extensions import TypeAliasType


class Into(StrEnum):
    """
    What the main action became: a `move` action or a `maneuver`.
    """

    move = "move"
    maneuver = "maneuver"


class ActionConvertedData(BaseModel):
    """
    A main action spent as a second move action or maneuver (always an explicit choice).
    """

    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """
    into: Annotated[Into, Field(title="Into")]
    """
    What the main action became: a `move` action or a `maneuver`.
    """


class ActionConvertedEnvelope(BaseModel):
    """
    A logged `ActionConverted` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: ActionConvertedData
    """
    What the `ActionConverted` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["ActionConverted"], Field(title="Type")] = "ActionConverted"
    """
    Always `ActionConverted`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class ActionConvertedEvent(BaseModel):
    """
    A `ActionConverted` event that was not logged.
    """

    data: ActionConvertedData
    """
    What the `ActionConverted` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["ActionConverted"], Field(title="Type")] = "ActionConverted"
    """
    Always `ActionConverted`: the event's type.
    """


class ActionConvertedRecord(BaseModel):
    """
    A `ActionConverted` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: ActionConvertedData
    """
    What the `ActionConverted` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["ActionConverted"], Field(title="Type")] = "ActionConverted"
    """
    Always `ActionConverted`: the event's type.
    """


class Tag(RootModel[str]):
    root: Annotated[
        str, Field(max_length=64, min_length=1, pattern="^[A-Za-z0-9_.:-]+$")
    ]


class Title(RootModel[str]):
    root: Annotated[str, Field(max_length=200, min_length=1, title="Title")]
    """
    A title a campaign knows it by; null (or left out): none.
    """


class Turn(StrEnum):
    """
    `active`: the creature's turn is under way; `waiting`: the battle tracks turns and it is not its turn, so nothing is left until its turn starts; `free`: the battle runs without turns, nothing is spent and each move has its whole budget.
    """

    active = "active"
    waiting = "waiting"
    free = "free"


class ActionPointsEconomy(BaseModel):
    """
    The action-point game: MOVE in Move Points a turn (a diagonal costs 2), Action Points
    converting one for one into Move Points (never back), a run doubling MOVE but allowing
    one Action Point that round.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    action_points_left: Annotated[int, Field(title="Action Points Left")]
    """
    Action Points left this turn.
    """
    converted: Annotated[int, Field(title="Converted")]
    """
    Action Points converted into Move Points this turn.
    """
    convertible: Annotated[int, Field(title="Convertible")]
    """
    Action Points that may still become Move Points (a runner: at most its one Action Point of the round).
    """
    may_run: Annotated[bool, Field(title="May Run")]
    """
    It may still start running (it hasn't stood up, nor spent more than 1 Action Point, this turn).
    """
    move: Annotated[int, Field(title="Move")]
    """
    MOVE: the Move Points a turn gives (doubled while running).
    """
    movement_left: Annotated[int, Field(title="Movement Left")]
    """
    What a further move (the ruleset's first move action, nothing converted) may still spend, in `unit`: the creature's `movement_left`. Standing up and starting to crawl spend it.
    """
    ruleset: Annotated[Literal["action-points"], Field(title="Ruleset")] = (
        "action-points"
    )
    """
    The battle's ruleset: which economy this is.
    """
    running: Annotated[bool, Field(title="Running")]
    """
    It runs this turn (MOVE doubled, 1 Action Point at most).
    """
    spent: Annotated[int, Field(title="Spent")]
    """
    Move Points spent this turn.
    """
    stood_up: Annotated[bool, Field(title="Stood Up")]
    """
    It stood up this turn (no running).
    """
    turn: Annotated[Turn, Field(title="Turn")]
    """
    `active`: the creature's turn is under way; `waiting`: the battle tracks turns and it is not its turn, so nothing is left until its turn starts; `free`: the battle runs without turns, nothing is spent and each move has its whole budget.
    """
    unit: Annotated[Literal["Move Points"] | None, Field(title="Unit")] = None
    """
    The unit `movement_left` and every distance here are counted in. Default: `"Move Points"`.
    """


class CornerRule(StrEnum):
    """
    No corner rule in the text (DIGEST 6.6 GUESS); `walls`: no diagonal past a wall. Default: `"none"`.
    """

    none = "none"
    walls = "walls"


class DodgeCost(RootModel[int]):
    root: Annotated[int, Field(ge=0, le=20, title="Dodge Cost")]
    """
    Action points a Dodge costs: a move that may pass through neutral and hostile spaces (the text refers to "Dodge under Actions", which we could not find: DIGEST 6 UNKNOWN). `null`: no Dodge at this table. Default: `1`.
    """


class ActionPointsOptions(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    action_points: Annotated[int | None, Field(ge=0, le=20, title="Action Points")] = (
        None
    )
    """
    Action points a turn (the Turgar example: 3); a creature's `stats.ap` overrides it. Default: `3`.
    """
    actions_while_swimming: Annotated[
        bool | None, Field(title="Actions While Swimming")
    ] = None
    """
    "A character in general cannot perform actions while swimming, however Zaldar may agree to offer the attempt" (the text): a creature in water can't Dodge or Move Silently (the actions among its moves) unless the table allows it. Default: `false`.
    """
    climb_marked_only: Annotated[bool | None, Field(title="Climb Marked Only")] = None
    """
    Climbing Up / Down: only a feature "deemed climbable by Zaldar" is climbed: `true`, a step up onto or down off a feature needs its (higher) square marked `climbable` on the map; `false`, every raised feature may be climbed. Default: `false`.
    """
    climb_needs_free_hands: Annotated[
        bool | None, Field(title="Climb Needs Free Hands")
    ] = None
    """
    Climbing needs both hands free of items (the text): a creature with `stats.hands_busy` > 0 can't climb; `false` lets the GM waive it. Default: `true`.
    """
    corner_rule: Annotated[CornerRule | None, Field(title="Corner Rule")] = None
    """
    No corner rule in the text (DIGEST 6.6 GUESS); `walls`: no diagonal past a wall. Default: `"none"`.
    """
    dodge_cost: Annotated[DodgeCost | None, Field(title="Dodge Cost")] = None
    """
    Action points a Dodge costs: a move that may pass through neutral and hostile spaces (the text refers to "Dodge under Actions", which we could not find: DIGEST 6 UNKNOWN). `null`: no Dodge at this table. Default: `1`.
    """
    failed_jump_spends: Annotated[bool | None, Field(title="Failed Jump Spends")] = None
    """
    A failed jump still spends its 2 Move Points (DIGEST 6.2 GUESS). Default: `true`.
    """
    failed_long_jump_spends: Annotated[
        bool | None, Field(title="Failed Long Jump Spends")
    ] = None
    """
    A failed long jump spends 4 Move Points (DIGEST 6.2 GUESS); false: 2. Default: `true`.
    """
    jump_target: Annotated[int | None, Field(ge=1, le=40, title="Jump Target")] = None
    """
    The d20 + DEX total a jump needs (the text: 10). Default: `10`.
    """
    move_silently_cost: Annotated[
        int | None, Field(ge=0, le=20, title="Move Silently Cost")
    ] = None
    """
    Moving Silently is an action of 1 Action Point (the text). Default: `1`.
    """
    player_rolls: Annotated[bool | None, Field(title="Player Rolls")] = None
    """
    Whether players may send the dice the table rolled (`rolls`) with their intents; the director always may. Off by default: a player must not choose their dice. Default: `false`.
    """
    run_converts_action_point: Annotated[
        bool | None, Field(title="Run Converts Action Point")
    ] = None
    """
    A runner's one action point may become a move point (DIGEST 6.1 GUESS). Default: `true`.
    """
    turns: Annotated[bool | None, Field(title="Turns")] = None
    """
    Track turns and rounds; `false` is free movement, each move still bounded by speed. Default: `true`.
    """


class ActionRedoneData(BaseModel):
    """
    What a `ActionRedone` event records.
    """

    first_version: Annotated[int, Field(title="First Version")]
    """
    The first version of the action.
    """
    last_version: Annotated[int, Field(title="Last Version")]
    """
    The last version of the action.
    """
    target: Annotated[str, Field(title="Target")]
    """
    The `intent_id` of the action redone.
    """


class ActionRedoneEnvelope(BaseModel):
    """
    A logged `ActionRedone` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: ActionRedoneData
    """
    What the `ActionRedone` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["ActionRedone"], Field(title="Type")] = "ActionRedone"
    """
    Always `ActionRedone`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class ActionRedoneEvent(BaseModel):
    """
    A `ActionRedone` event that was not logged.
    """

    data: ActionRedoneData
    """
    What the `ActionRedone` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["ActionRedone"], Field(title="Type")] = "ActionRedone"
    """
    Always `ActionRedone`: the event's type.
    """


class ActionRedoneRecord(BaseModel):
    """
    A `ActionRedone` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: ActionRedoneData
    """
    What the `ActionRedone` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["ActionRedone"], Field(title="Type")] = "ActionRedone"
    """
    Always `ActionRedone`: the event's type.
    """


class ActionUndoneData(BaseModel):
    """
    The action `target` (versions first..last) no longer counts; `rewind_to` if a rewind.
    """

    first_version: Annotated[int, Field(title="First Version")]
    """
    The first version of the action.
    """
    last_version: Annotated[int, Field(title="Last Version")]
    """
    The last version of the action.
    """
    rewind_to: Annotated[int | None, Field(title="Rewind To")]
    """
    The version rewound to; null unless the undo was a rewind.
    """
    target: Annotated[str, Field(title="Target")]
    """
    The `intent_id` of the action undone.
    """


class ActionUndoneEnvelope(BaseModel):
    """
    A logged `ActionUndone` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: ActionUndoneData
    """
    What the `ActionUndone` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["ActionUndone"], Field(title="Type")] = "ActionUndone"
    """
    Always `ActionUndone`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class ActionUndoneEvent(BaseModel):
    """
    A `ActionUndone` event that was not logged.
    """

    data: ActionUndoneData
    """
    What the `ActionUndone` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["ActionUndone"], Field(title="Type")] = "ActionUndone"
    """
    Always `ActionUndone`: the event's type.
    """


class ActionUndoneRecord(BaseModel):
    """
    A `ActionUndone` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: ActionUndoneData
    """
    What the `ActionUndone` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["ActionUndone"], Field(title="Type")] = "ActionUndone"
    """
    Always `ActionUndone`: the event's type.
    """


class Action(StrEnum):
    """
    The action spent: `main`, `maneuver` or `move`.
    """

    main = "main"
    maneuver = "maneuver"
    move = "move"


class ActionUsedData(BaseModel):
    """
    A creature spent one of its turn's actions on something that is not itself movement.
    """

    action: Annotated[Action, Field(title="Action")]
    """
    The action spent: `main`, `maneuver` or `move`.
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """


class ActionUsedEnvelope(BaseModel):
    """
    A logged `ActionUsed` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: ActionUsedData
    """
    What the `ActionUsed` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["ActionUsed"], Field(title="Type")] = "ActionUsed"
    """
    Always `ActionUsed`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class ActionUsedEvent(BaseModel):
    """
    A `ActionUsed` event that was not logged.
    """

    data: ActionUsedData
    """
    What the `ActionUsed` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["ActionUsed"], Field(title="Type")] = "ActionUsed"
    """
    Always `ActionUsed`: the event's type.
    """


class ActionUsedRecord(BaseModel):
    """
    A `ActionUsed` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: ActionUsedData
    """
    What the `ActionUsed` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["ActionUsed"], Field(title="Type")] = "ActionUsed"
    """
    Always `ActionUsed`: the event's type.
    """


class ActionsLeft(BaseModel):
    """
    The actions a creature has left this turn.
    """

    main: Annotated[int, Field(title="Main")]
    """
    Main actions left.
    """
    maneuver: Annotated[int, Field(title="Maneuver")]
    """
    Maneuvers left.
    """
    move: Annotated[int, Field(title="Move")]
    """
    Move actions left.
    """


class Hp(RootModel[int]):
    root: Annotated[int, Field(ge=-10000, le=10000, title="Hp")]
    """
    Its stamina (hit points) from now on; null (or left out): unchanged.
    """


class Rolls(RootModel[list[int]]):
    root: Annotated[list[int], Field(max_length=200, title="Rolls")]
    """
    Dice the table rolled, consumed in order by the rules that roll; null (or left out): the server rolls. Players may send them only where the battle's options allow.
    """


SpeedsAdditionalProperty = TypeAliasType(
    "SpeedsAdditionalProperty", Annotated[int, Field(ge=-1000, le=1000)]
)


StatsAdditionalProperty = TypeAliasType(
    "StatsAdditionalProperty", Annotated[int, Field(ge=-1000, le=1000)]
)


class AdjustedData(BaseModel):
    """
    The director set some of a creature's numbers or conditions by hand, with a reason
    (a potion, a rule from another page, a backend's own bookkeeping). Only the fields given
    changed; each `*_before` says what it was.
    """

    conditions_off: Annotated[list[str], Field(title="Conditions Off")]
    """
    Conditions it lost.
    """
    conditions_on: Annotated[list[str], Field(title="Conditions On")]
    """
    Conditions it gained.
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """
    hp: Annotated[int | None, Field(title="Hp")]
    """
    Its stamina (hit points) from now on; null: unchanged.
    """
    hp_before: Annotated[int | None, Field(title="Hp Before")]
    """
    Its stamina before the adjustment; null when `hp` is null (unchanged).
    """
    reason: Annotated[str, Field(title="Reason")]
    """
    Why the director adjusted it (shown wherever the action is).
    """
    speeds: Annotated[dict[str, int], Field(title="Speeds")]
    """
    Speeds set, by movement mode (0 takes the mode away).
    """
    speeds_before: Annotated[dict[str, int], Field(title="Speeds Before")]
    """
    What each speed set was before (absent from it: it had none).
    """
    stability: Annotated[int | None, Field(title="Stability")]
    """
    Its stability from now on; null: unchanged.
    """
    stats: Annotated[dict[str, int], Field(title="Stats")]
    """
    Characteristics set (each to its new value).
    """
    stats_before: Annotated[dict[str, int], Field(title="Stats Before")]
    """
    What each characteristic set was before (absent from it: it had none).
    """


class AdjustedEnvelope(BaseModel):
    """
    A logged `Adjusted` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: AdjustedData
    """
    What the `Adjusted` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["Adjusted"], Field(title="Type")] = "Adjusted"
    """
    Always `Adjusted`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class AdjustedEvent(BaseModel):
    """
    A `Adjusted` event that was not logged.
    """

    data: AdjustedData
    """
    What the `Adjusted` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["Adjusted"], Field(title="Type")] = "Adjusted"
    """
    Always `Adjusted`: the event's type.
    """


class AdjustedRecord(BaseModel):
    """
    A `Adjusted` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: AdjustedData
    """
    What the `Adjusted` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["Adjusted"], Field(title="Type")] = "Adjusted"
    """
    Always `Adjusted`: the event's type.
    """


class AdjustmentOn(BaseModel):
    conditions_off: Annotated[list[str], Field(title="Conditions Off")]
    """
    Conditions it lost.
    """
    conditions_on: Annotated[list[str], Field(title="Conditions On")]
    """
    Conditions it gained.
    """
    hp: Annotated[int | None, Field(title="Hp")]
    """
    Its stamina set (null: unchanged).
    """
    hp_before: Annotated[int | None, Field(title="Hp Before")]
    """
    Its stamina before (null: unchanged).
    """
    reason: Annotated[str, Field(title="Reason")]
    """
    The director's reason.
    """
    speeds: Annotated[dict[str, int], Field(title="Speeds")]
    """
    Speeds set, by movement mode.
    """
    stability: Annotated[int | None, Field(title="Stability")]
    """
    Its stability set (null: unchanged).
    """
    stats: Annotated[dict[str, int], Field(title="Stats")]
    """
    Characteristics set.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The `Adjusted` event's version.
    """


class Area(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    from_: Annotated[
        list[int], Field(alias="from", max_length=3, min_length=2, title="From")
    ]
    """
    One corner, `[x, y]`.
    """
    to: Annotated[list[int], Field(max_length=3, min_length=2, title="To")]
    """
    The opposite corner, `[x, y]`.
    """


class BundleEvent(BaseModel):
    """
    One event of a bundle: opened (`salt` and `content`) or sealed (`commitment`, and
    `shown` unless its reader is shown a placeholder).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    commitment: Annotated[str | None, Field(title="Commitment")] = None
    """
    Sealed: SHA-256 over its salt and content (hex); null on an opened event.
    """
    content: Annotated[str | None, Field(title="Content")] = None
    """
    Opened: its canonical JSON, the bytes it commits to; null on a sealed event.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    The log's keyed chain hash at this version (hex).
    """
    salt: Annotated[str | None, Field(title="Salt")] = None
    """
    Opened: its salt (hex); null on a sealed event.
    """
    shown: Annotated[str | None, Field(title="Shown")] = None
    """
    Sealed: what its reader is shown of it, as JSON text; null on an opened event.
    """
    version: Annotated[int, Field(ge=1, title="Version")]
    """
    Its version.
    """


class Change(BaseModel):
    """
    A value in the what-if beside the value in the log.
    """

    actual: Annotated[
        list[int | float] | list[str] | int | float | None, Field(title="Actual")
    ]
    """
    The value in the log; null when that state holds none.
    """
    what_if: Annotated[
        list[int | float] | list[str] | int | float | None, Field(title="What If")
    ]
    """
    The value had the intents been taken; null when that state holds none.
    """


class CloseIn(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    reason: Annotated[str, Field(max_length=500, min_length=1, title="Reason")]
    """
    Why the battle ends (1 to 500 characters).
    """


class Closure(BaseModel):
    at: Annotated[str, Field(title="At")]
    """
    When the battle was closed (ISO 8601).
    """
    reason: Annotated[str, Field(title="Reason")]
    """
    Why, as the director said.
    """


class CollidedData(BaseModel):
    """
    What a `Collided` event records.
    """

    at: Annotated[tuple[int, int, int], Field(title="At")]
    """
    Where the force-moved creature stopped, `[x, y, z]`.
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """
    obstacle: Annotated[str | None, Field(title="Obstacle")]
    """
    What it hit otherwise (an object, the map's edge), in words; null when it hit a creature.
    """
    other_creature: Annotated[str | None, Field(title="Other Creature")]
    """
    The id of the creature it hit; null when it hit something else.
    """
    remaining: Annotated[int, Field(title="Remaining")]
    """
    Squares of forced movement left when it hit.
    """


class CollidedEnvelope(BaseModel):
    """
    A logged `Collided` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: CollidedData
    """
    What the `Collided` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["Collided"], Field(title="Type")] = "Collided"
    """
    Always `Collided`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class CollidedEvent(BaseModel):
    """
    A `Collided` event that was not logged.
    """

    data: CollidedData
    """
    What the `Collided` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["Collided"], Field(title="Type")] = "Collided"
    """
    Always `Collided`: the event's type.
    """


class CollidedRecord(BaseModel):
    """
    A `Collided` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: CollidedData
    """
    What the `Collided` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["Collided"], Field(title="Type")] = "Collided"
    """
    Always `Collided`: the event's type.
    """


class UntilEnum(StrEnum):
    """
    `end_of_turn` (EoT): the condition ends when the current turn ends; null: it lasts until
    removed.
    """

    end_of_turn = "end_of_turn"


class Until(RootModel[UntilEnum | None]):
    root: Annotated[UntilEnum | None, Field(title="Until")] = None
    """
    `end_of_turn` (EoT): the condition ends when the current turn ends; null: it lasts until
    removed.
    """


class ConditionSetData(BaseModel):
    """
    What a `ConditionSet` event records.
    """

    condition: Annotated[str, Field(title="Condition")]
    """
    The condition's name (`prone`, `slowed`, `grabbed`, `restrained`, ...).
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """
    on: Annotated[bool, Field(title="On")]
    """
    True when the condition begins, false when it ends.
    """
    source: Annotated[str | None, Field(title="Source")]
    """
    The id of the creature that imposed it (a grabber); null when none did.
    """
    until: Annotated[Until | None, Field(title="Until")]
    """
    `end_of_turn` (EoT): the condition ends when the current turn ends; null: it lasts until
    removed.
    """


class ConditionSetEnvelope(BaseModel):
    """
    A logged `ConditionSet` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: ConditionSetData
    """
    What the `ConditionSet` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["ConditionSet"], Field(title="Type")] = "ConditionSet"
    """
    Always `ConditionSet`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class ConditionSetEvent(BaseModel):
    """
    A `ConditionSet` event that was not logged.
    """

    data: ConditionSetData
    """
    What the `ConditionSet` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["ConditionSet"], Field(title="Type")] = "ConditionSet"
    """
    Always `ConditionSet`: the event's type.
    """


class ConditionSetRecord(BaseModel):
    """
    A `ConditionSet` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: ConditionSetData
    """
    What the `ConditionSet` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["ConditionSet"], Field(title="Type")] = "ConditionSet"
    """
    Always `ConditionSet`: the event's type.
    """


class Version(RootModel[int]):
    root: Annotated[int, Field(ge=1, le=2147483647, title="Version")]
    """
    Its version to read; null (or left out): its head.
    """


class ContinueIn(BaseModel):
    """
    The battle (and version, default its head) whose creatures a new battle continues.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    battle_id: Annotated[
        str,
        Field(
            max_length=64, min_length=1, pattern="^[A-Za-z0-9_-]+$", title="Battle Id"
        ),
    ]
    """
    The old battle.
    """
    creatures: Annotated[
        list[str], Field(max_length=200, min_length=1, title="Creatures")
    ]
    """
    The ids of the creatures carried on.
    """
    version: Annotated[Version | None, Field(title="Version")] = None
    """
    Its version to read; null (or left out): its head.
    """


class CreateRecord(BaseModel):
    """
    The creation of the battle as its first action records it.
    """

    type: Annotated[Literal["create_battle"], Field(title="Type")] = "create_battle"
    """
    Always `create_battle`.
    """


class CreatureDifference(BaseModel):
    """
    How one creature differs. A creature in only one of the two states has just the
    booleans `what_if` and `actual` saying where it exists.
    """

    actual: Annotated[bool | None, Field(title="Actual")] = None
    """
    Whether it exists in the log's state; null (left out) when it exists in both.
    """
    conditions: Change | None = None
    """
    Its conditions in each; null (left out) when the same.
    """
    hp: Change | None = None
    """
    Its stamina in each; null (left out) when the same.
    """
    movement_left: Change | None = None
    """
    Its movement left in each; null (left out) when the same.
    """
    position: Change | None = None
    """
    Its position in each state; null (left out) when they are the same.
    """
    what_if: Annotated[bool | None, Field(title="What If")] = None
    """
    Whether it exists in the what-if; null (left out) when it exists in both states.
    """


class CreatureHiddenData(BaseModel):
    """
    The creature is hidden from every player not of one of `visible_to`'s sides.
    """

    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature hidden.
    """
    visible_to: Annotated[list[str], Field(max_length=50, title="Visible To")]
    """
    The sides whose players still see it (none: no player).
    """


class CreatureHiddenEnvelope(BaseModel):
    """
    A logged `CreatureHidden` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: CreatureHiddenData
    """
    What the `CreatureHidden` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["CreatureHidden"], Field(title="Type")] = "CreatureHidden"
    """
    Always `CreatureHidden`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class CreatureHiddenEvent(BaseModel):
    """
    A `CreatureHidden` event that was not logged.
    """

    data: CreatureHiddenData
    """
    What the `CreatureHidden` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["CreatureHidden"], Field(title="Type")] = "CreatureHidden"
    """
    Always `CreatureHidden`: the event's type.
    """


class CreatureHiddenRecord(BaseModel):
    """
    A `CreatureHidden` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: CreatureHiddenData
    """
    What the `CreatureHidden` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["CreatureHidden"], Field(title="Type")] = "CreatureHidden"
    """
    Always `CreatureHidden`: the event's type.
    """


class Side(RootModel[str]):
    root: Annotated[str, Field(max_length=64, min_length=1, title="Side")]
    """
    The side it fights on; creatures of other sides are enemies. Required, except for a creature the battle `continue`s from another (it keeps its side): null (or left out) only there.
    """


class CreatureIn(BaseModel):
    """
    A creature as placed on a grid. Ruleset-specific fields are allowed.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    at: Annotated[list[int | float], Field(max_length=3, min_length=2, title="At")]
    """
    Where it stands: `[x, y]` (on the ground) or `[x, y, z]` in squares (x east, y south, z up). Gridless battles: inches.
    """
    conditions: Annotated[list[str] | None, Field(title="Conditions")] = None
    """
    Conditions it starts with (`prone`, `slowed`, ...). Default: `[]`.
    """
    hp: Annotated[int | None, Field(title="Hp")] = None
    """
    Stamina (hit points). Default: `1`.
    """
    id: Annotated[
        str,
        Field(
            max_length=64,
            min_length=1,
            pattern="^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$",
            title="Id",
        ),
    ]
    """
    Its id, chosen by the client: 1 to 64 ASCII letters, digits, `_`, `.` or `-`, starting with a letter or a digit (so no two ids can look alike).
    """
    name: Annotated[str | None, Field(max_length=200, title="Name")] = None
    """
    A name to show. Default: `""`.
    """
    side: Annotated[Side | None, Field(title="Side")] = None
    """
    The side it fights on; creatures of other sides are enemies. Required, except for a creature the battle `continue`s from another (it keeps its side): null (or left out) only there.
    """
    size: Annotated[str | None, Field(title="Size")] = None
    """
    Its size in the ruleset's scale (Draw Steel: `1T`, `1S`, `1M`, `1L`, `2`, `3`, ...); the footprint in squares follows from it. Default: `"1M"`.
    """
    speeds: Annotated[dict[str, int] | None, Field(title="Speeds")] = None
    """
    Speed per movement mode it has natively (walk, climb, swim, fly, hover, burrow, teleport), in the ruleset's unit; a mode it lacks may still be used where the rules allow, at their cost. Default: `{}`.
    """
    stability: Annotated[int | None, Field(title="Stability")] = None
    """
    Stability against forced movement. Default: `0`.
    """
    stats: Annotated[dict[str, int] | None, Field(title="Stats")] = None
    """
    The characteristics the ruleset reads (might, agility, ...). Default: `{}`.
    """


class CreatureRemovedData(BaseModel):
    """
    What a `CreatureRemoved` event records.
    """

    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature removed from the battle.
    """


class CreatureRemovedEnvelope(BaseModel):
    """
    A logged `CreatureRemoved` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: CreatureRemovedData
    """
    What the `CreatureRemoved` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["CreatureRemoved"], Field(title="Type")] = "CreatureRemoved"
    """
    Always `CreatureRemoved`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class CreatureRemovedEvent(BaseModel):
    """
    A `CreatureRemoved` event that was not logged.
    """

    data: CreatureRemovedData
    """
    What the `CreatureRemoved` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["CreatureRemoved"], Field(title="Type")] = "CreatureRemoved"
    """
    Always `CreatureRemoved`: the event's type.
    """


class CreatureRemovedRecord(BaseModel):
    """
    A `CreatureRemoved` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: CreatureRemovedData
    """
    What the `CreatureRemoved` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["CreatureRemoved"], Field(title="Type")] = "CreatureRemoved"
    """
    Always `CreatureRemoved`: the event's type.
    """


class CreatureRevealedData(BaseModel):
    """
    The creature is seen by all from here on; with `history`, its past events too.
    """

    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature revealed to every player.
    """
    history: Annotated[bool, Field(title="History")]
    """
    Its past events are shown too, not only what comes next.
    """


class CreatureRevealedEnvelope(BaseModel):
    """
    A logged `CreatureRevealed` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: CreatureRevealedData
    """
    What the `CreatureRevealed` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["CreatureRevealed"], Field(title="Type")] = (
        "CreatureRevealed"
    )
    """
    Always `CreatureRevealed`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class CreatureRevealedEvent(BaseModel):
    """
    A `CreatureRevealed` event that was not logged.
    """

    data: CreatureRevealedData
    """
    What the `CreatureRevealed` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["CreatureRevealed"], Field(title="Type")] = (
        "CreatureRevealed"
    )
    """
    Always `CreatureRevealed`: the event's type.
    """


class CreatureRevealedRecord(BaseModel):
    """
    A `CreatureRevealed` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: CreatureRevealedData
    """
    What the `CreatureRevealed` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["CreatureRevealed"], Field(title="Type")] = (
        "CreatureRevealed"
    )
    """
    Always `CreatureRevealed`: the event's type.
    """


class CreatureSpec(BaseModel):
    """
    A creature as placed: the wire format of section 9, with its position resolved.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    at: Annotated[tuple[int, int, int], Field(title="At")]
    """
    Its position `[x, y, z]` (z: the bottom of its space).
    """
    conditions: Annotated[list[str], Field(title="Conditions")]
    """
    Conditions it has (`prone`, `slowed`, `grabbed`, ...).
    """
    disengage: Annotated[int | None, Field(title="Disengage")]
    """
    Squares its Disengage shifts (Draw Steel); null for the ruleset's default.
    """
    hp: Annotated[int, Field(title="Hp")]
    """
    Stamina (hit points).
    """
    id: Annotated[str, Field(max_length=64, min_length=1, title="Id")]
    """
    The creature's id, chosen by the client.
    """
    name: Annotated[str, Field(title="Name")]
    """
    A name to show.
    """
    side: Annotated[str, Field(title="Side")]
    """
    The side it fights on; creatures of other sides are enemies.
    """
    size: Annotated[str, Field(title="Size")]
    """
    The ruleset's size (Draw Steel: `1T`, `1S`, `1M`, `1L`, `2`, `3`, ...).
    """
    speeds: Annotated[dict[str, int], Field(title="Speeds")]
    """
    Speed per movement mode it has natively (walk, climb, swim, fly, hover, burrow, teleport), in the ruleset's unit.
    """
    stability: Annotated[int, Field(title="Stability")]
    """
    Stability: how many squares of forced movement it shrugs off.
    """
    stats: Annotated[dict[str, int], Field(title="Stats")]
    """
    The characteristics the ruleset reads (might, agility, ...).
    """


class DamageTakenData(BaseModel):
    """
    What a `DamageTaken` event records.
    """

    amount: Annotated[int, Field(title="Amount")]
    """
    Damage taken (Stamina lost).
    """
    cause: Annotated[str, Field(title="Cause")]
    """
    Why, in words (`fall`, `collision`, `damaging terrain`, ...).
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """


class DamageTakenEnvelope(BaseModel):
    """
    A logged `DamageTaken` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: DamageTakenData
    """
    What the `DamageTaken` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["DamageTaken"], Field(title="Type")] = "DamageTaken"
    """
    Always `DamageTaken`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class DamageTakenEvent(BaseModel):
    """
    A `DamageTaken` event that was not logged.
    """

    data: DamageTakenData
    """
    What the `DamageTaken` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["DamageTaken"], Field(title="Type")] = "DamageTaken"
    """
    Always `DamageTaken`: the event's type.
    """


class DamageTakenRecord(BaseModel):
    """
    A `DamageTaken` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: DamageTakenData
    """
    What the `DamageTaken` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["DamageTaken"], Field(title="Type")] = "DamageTaken"
    """
    Always `DamageTaken`: the event's type.
    """


class Tags(RootModel[list[Tag]]):
    root: Annotated[list[Tag], Field(max_length=20, title="Tags")]
    """
    The new tags; null (or left out): kept as they are.
    """


class Title1(RootModel[str]):
    root: Annotated[str, Field(max_length=200, min_length=1, title="Title")]
    """
    The new title; null (or left out): kept as it is.
    """


class DescribeIn(BaseModel):
    """
    What the director changes about how the battle is found (absent: unchanged).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    tags: Annotated[Tags | None, Field(title="Tags")] = None
    """
    The new tags; null (or left out): kept as they are.
    """
    title: Annotated[Title1 | None, Field(title="Title")] = None
    """
    The new title; null (or left out): kept as it is.
    """


class Described(BaseModel):
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle.
    """
    tags: Annotated[list[str], Field(title="Tags")]
    """
    Its tags now.
    """
    title: Annotated[str | None, Field(title="Title")]
    """
    Its title now; null when it has none.
    """


class DiceRolledData(BaseModel):
    """
    Dice a ruleset's rule rolled (a fall, a jump, a collision): `purpose` names the rule,
    `dice` the expression ("3d6", "1d20+2"); `seeded` when the battle's source rolled them.
    """

    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """
    dice: Annotated[str, Field(title="Dice")]
    """
    The dice expression (`3d6`, `1d20+2`).
    """
    modifier: Annotated[int, Field(title="Modifier")]
    """
    Added to the faces.
    """
    purpose: Annotated[str, Field(title="Purpose")]
    """
    The rule that rolled (such as `fall`, `jump`, `collision`).
    """
    rolls: Annotated[list[int], Field(title="Rolls")]
    """
    The faces of the dice rolled, in order.
    """
    seeded: Annotated[bool, Field(title="Seeded")]
    """
    True when the battle's seeded dice rolled them; false when the table's `rolls` were used.
    """
    total: Annotated[int, Field(title="Total")]
    """
    The roll's total (faces plus modifiers).
    """


class DiceRolledEnvelope(BaseModel):
    """
    A logged `DiceRolled` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: DiceRolledData
    """
    What the `DiceRolled` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["DiceRolled"], Field(title="Type")] = "DiceRolled"
    """
    Always `DiceRolled`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class DiceRolledEvent(BaseModel):
    """
    A `DiceRolled` event that was not logged.
    """

    data: DiceRolledData
    """
    What the `DiceRolled` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["DiceRolled"], Field(title="Type")] = "DiceRolled"
    """
    Always `DiceRolled`: the event's type.
    """


class DiceRolledRecord(BaseModel):
    """
    A `DiceRolled` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: DiceRolledData
    """
    What the `DiceRolled` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["DiceRolled"], Field(title="Type")] = "DiceRolled"
    """
    Always `DiceRolled`: the event's type.
    """


class DrawSteelActions(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    main: Annotated[int, Field(title="Main")]
    """
    Main actions left this turn.
    """
    maneuver: Annotated[int, Field(title="Maneuver")]
    """
    Maneuvers left this turn.
    """
    move: Annotated[int, Field(title="Move")]
    """
    Move actions left this turn.
    """


class Title2(RootModel[str]):
    root: Annotated[str, Field(max_length=200, min_length=1, title="Title")]
    """
    A title a campaign knows it by; null (or left out): none.
    """


class DrawSteelEconomy(BaseModel):
    """
    Draw Steel: one main action, one maneuver and one move action a turn; Advance moves up
    to speed and may be split around the other actions; the main action may become a second
    move action or maneuver, only when an intent says so (`use_main_action`).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    actions: DrawSteelActions | None
    """
    Actions left this turn (a dazed creature that acted has none); null without turns.
    """
    advance_left: Annotated[int, Field(title="Advance Left")]
    """
    Squares left of an Advance under way; a further move continues it without another move action (0: none under way).
    """
    main_converts: Annotated[bool, Field(title="Main Converts")]
    """
    The main action can still become a second move action (a fresh `speed`) or maneuver, with `use_main_action`.
    """
    movement_left: Annotated[int, Field(title="Movement Left")]
    """
    What a further move (the ruleset's first move action, nothing converted) may still spend, in `unit`: the creature's `movement_left`.
    """
    ruleset: Annotated[Literal["draw-steel"], Field(title="Ruleset")] = "draw-steel"
    """
    The battle's ruleset: which economy this is.
    """
    speed: Annotated[int, Field(title="Speed")]
    """
    Current speed (slowed, grabbed, restrained and a held creature applied): what a fresh move action grants.
    """
    turn: Annotated[Turn, Field(title="Turn")]
    """
    `active`: the creature's turn is under way; `waiting`: the battle tracks turns and it is not its turn, so nothing is left until its turn starts; `free`: the battle runs without turns, nothing is spent and each move has its whole budget.
    """
    unit: Annotated[Literal["squares"] | None, Field(title="Unit")] = None
    """
    The unit `movement_left` and every distance here are counted in. Default: `"squares"`.
    """


class CornerRule1(StrEnum):
    """
    A diagonal is blocked when either (DIGEST 2.4) or both orthogonal squares are walls. Default: `"either"`.
    """

    either = "either"
    both = "both"


class DamagingTerrain(StrEnum):
    """
    Damaging terrain deals its damage for each square entered, or once per movement. Default: `"each_square"`.
    """

    each_square = "each_square"
    once_per_move = "once_per_move"


class FallThreshold(StrEnum):
    """
    The 2-square minimum for falling damage is tested on the effective or raw height. Default: `"effective"`.
    """

    effective = "effective"
    raw = "raw"


class GrabSpeedRounding(StrEnum):
    """
    How a grabber's halved speed rounds. Default: `"down"`.
    """

    down = "down"
    up = "up"


class HurlThrough(StrEnum):
    """
    A creature force-moved into a mundane object breaks through when it has the squares. Default: `"auto"`.
    """

    auto = "auto"
    never = "never"


class OpportunityAttacks(StrEnum):
    """
    A reaction window asks the reactor (`ask`), or is taken or declined at once. Default: `"ask"`.
    """

    ask = "ask"
    always = "always"
    never = "never"


class PushLine(StrEnum):
    """
    Push/pull paths follow the source-target ray, or any path ever farther/closer. Default: `"bresenham"`.
    """

    bresenham = "bresenham"
    monotone = "monotone"


class SlamFall(StrEnum):
    """
    A target slammed down into the ground takes falling damage for the squares it was moved (`moved`) or for the whole forced distance (`nominal`). Default: `"moved"`.
    """

    moved = "moved"
    nominal = "nominal"


class Stability(StrEnum):
    """
    A force-moved target reduces the distance by its full stability, or not at all. Default: `"full"`.
    """

    full = "full"
    none = "none"


class DrawSteelOptions(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    corner_rule: Annotated[CornerRule1 | None, Field(title="Corner Rule")] = None
    """
    A diagonal is blocked when either (DIGEST 2.4) or both orthogonal squares are walls. Default: `"either"`.
    """
    damaging_terrain: Annotated[
        DamagingTerrain | None, Field(title="Damaging Terrain")
    ] = None
    """
    Damaging terrain deals its damage for each square entered, or once per movement. Default: `"each_square"`.
    """
    fall_threshold: Annotated[FallThreshold | None, Field(title="Fall Threshold")] = (
        None
    )
    """
    The 2-square minimum for falling damage is tested on the effective or raw height. Default: `"effective"`.
    """
    falling_far: Annotated[bool | None, Field(title="Falling Far")] = None
    """
    With turns, a fall of more than 100 squares takes rounds: 100 now, 100 each new round. Default: `true`.
    """
    free_strike_damage: Annotated[
        tuple[int, int, int] | None, Field(title="Free Strike Damage")
    ] = None
    """
    Melee weapon free strike damage by tier, before the characteristic is added. Default: `[2, 5, 7]`.
    """
    grab_speed_rounding: Annotated[
        GrabSpeedRounding | None, Field(title="Grab Speed Rounding")
    ] = None
    """
    How a grabber's halved speed rounds. Default: `"down"`.
    """
    hard_terrain_test: Annotated[bool | None, Field(title="Hard Terrain Test")] = None
    """
    Terrain marked `hard` calls for a Might test to climb or swim it (11 or less fails: the creature stops before it, wasting no movement). Default: `true`.
    """
    hurl_through: Annotated[HurlThrough | None, Field(title="Hurl Through")] = None
    """
    A creature force-moved into a mundane object breaks through when it has the squares. Default: `"auto"`.
    """
    jump_costs_movement: Annotated[bool | None, Field(title="Jump Costs Movement")] = (
        None
    )
    """
    Squares jumped count against movement (DIGEST 2.3 GUESS); false: a jump costs 1. Default: `true`.
    """
    map_edge_collision: Annotated[bool | None, Field(title="Map Edge Collision")] = None
    """
    Forced movement into the map's edge counts as hitting an object (2 + remaining). Default: `false`.
    """
    opportunity_attacks: Annotated[
        OpportunityAttacks | None, Field(title="Opportunity Attacks")
    ] = None
    """
    A reaction window asks the reactor (`ask`), or is taken or declined at once. Default: `"ask"`.
    """
    player_rolls: Annotated[bool | None, Field(title="Player Rolls")] = None
    """
    Whether players may send the dice the table rolled (`rolls`) with their intents; the director always may. Off by default: a player must not choose their dice. Default: `false`.
    """
    push_line: Annotated[PushLine | None, Field(title="Push Line")] = None
    """
    Push/pull paths follow the source-target ray, or any path ever farther/closer. Default: `"bresenham"`.
    """
    slam_fall: Annotated[SlamFall | None, Field(title="Slam Fall")] = None
    """
    A target slammed down into the ground takes falling damage for the squares it was moved (`moved`) or for the whole forced distance (`nominal`). Default: `"moved"`.
    """
    stability: Annotated[Stability | None, Field(title="Stability")] = None
    """
    A force-moved target reduces the distance by its full stability, or not at all. Default: `"full"`.
    """
    stack_penalties: Annotated[bool | None, Field(title="Stack Penalties")] = None
    """
    Crawling, climbing/swimming and difficult terrain add up (true) or the largest counts. Default: `true`.
    """
    stop_move_at_zero_stamina: Annotated[
        bool | None, Field(title="Stop Move At Zero Stamina")
    ] = None
    """
    A move paused by a free strike ends when the strike drops the mover to 0 Stamina. Default: `true`.
    """
    turns: Annotated[bool | None, Field(title="Turns")] = None
    """
    Track turns and rounds; `false` is free movement, each move still bounded by speed. Default: `true`.
    """


class DroppedDownData(BaseModel):
    """
    A fighter that ended its move in the air dropped straight down to the first surface.
    """

    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """
    height: Annotated[float, Field(title="Height")]
    """
    Inches dropped.
    """
    origin: Annotated[tuple[float, float, float], Field(title="Origin")]
    """
    Where the fighter was in the air, in inches.
    """
    to: Annotated[tuple[float, float, float], Field(title="To")]
    """
    The surface it dropped onto, in inches.
    """


class DroppedDownEnvelope(BaseModel):
    """
    A logged `DroppedDown` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: DroppedDownData
    """
    What the `DroppedDown` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["DroppedDown"], Field(title="Type")] = "DroppedDown"
    """
    Always `DroppedDown`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class DroppedDownEvent(BaseModel):
    """
    A `DroppedDown` event that was not logged.
    """

    data: DroppedDownData
    """
    What the `DroppedDown` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["DroppedDown"], Field(title="Type")] = "DroppedDown"
    """
    Always `DroppedDown`: the event's type.
    """


class DroppedDownRecord(BaseModel):
    """
    A `DroppedDown` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: DroppedDownData
    """
    What the `DroppedDown` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["DroppedDown"], Field(title="Type")] = "DroppedDown"
    """
    Always `DroppedDown`: the event's type.
    """


class Cell(RootModel[list[int]]):
    root: Annotated[list[int], Field(max_length=3, min_length=2)]


class ElevationSetup(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    area: Area | None = None
    """
    A rectangle of squares, both corners included; null (or left out) when `cells` is given instead.
    """
    cells: Annotated[list[Cell] | None, Field(title="Cells")] = None
    """
    Squares `[x, y]`; null (or left out) when `area` is given instead.
    """
    height: Annotated[int, Field(ge=-1000, le=1000, title="Height")]
    """
    The ground's height over these cells, in squares (may be negative).
    """


class Cell1(RootModel[tuple[int, int]]):
    root: Annotated[tuple[int, int], Field(max_length=2, min_length=2)]


class Rect(RootModel[tuple[int, int, int, int]]):
    root: Annotated[tuple[int, int, int, int], Field(max_length=4, min_length=4)]


class ElevationSpec(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    cells: Annotated[list[Cell1], Field(title="Cells")]
    """
    Squares `[x, y]` (areas already expanded to their squares).
    """
    height: Annotated[int, Field(ge=-1000, le=1000, title="Height")]
    """
    The ground's height over these cells, in squares (may be negative).
    """
    rects: Annotated[list[Rect] | None, Field(title="Rects")] = None
    """
    Rectangles of squares, `[x0, y0, x1, y1]` corners included (absent: none). Default: `[]`.
    """


class ElevationView(BaseModel):
    """
    Raised (or sunken) ground.
    """

    cells: Annotated[list[list[int]], Field(title="Cells")]
    """
    Its squares, `[x, y]`.
    """
    height: Annotated[int, Field(title="Height")]
    """
    The ground's height there, in squares.
    """


class Entered(BaseModel):
    at: Annotated[list[float], Field(title="At")]
    """
    The square (or point), `[x, y, z]`.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The version of the event that entered it.
    """


class EpicPathActions(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    full_round: Annotated[bool, Field(title="Full Round")]
    """
    A full-round action (run, double move, clamber) is still possible: the standard and the move action are both left.
    """
    move: Annotated[int, Field(title="Move")]
    """
    Move actions left this turn.
    """
    standard: Annotated[int, Field(title="Standard")]
    """
    Standard actions left this turn.
    """


class EpicPathEconomy(BaseModel):
    """
    Epic Path: feet, a move action walks up to speed (it is not split), a standard action
    may be spent as a move action (`use_main_action`), a double move or a run takes both,
    and the 5-foot step has its own eligibility.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    action_points_left: Annotated[int, Field(title="Action Points Left")]
    """
    Action points left for the battle (`stats.action_points` less those spent).
    """
    actions: EpicPathActions | None
    """
    Actions left this turn; null without turns.
    """
    double_move_left: Annotated[int, Field(title="Double Move Left")]
    """
    Feet a double move could still cover now (0: its actions are spent).
    """
    five_foot_step: Annotated[bool, Field(title="Five Foot Step")]
    """
    A 5-foot step of the 'no other movement' kind is still allowed this round.
    """
    five_foot_step_used: Annotated[bool, Field(title="Five Foot Step Used")]
    """
    It took a 5-foot step this round.
    """
    moved: Annotated[bool, Field(title="Moved")]
    """
    The creature has moved this round (by its own volition).
    """
    movement_left: Annotated[int, Field(title="Movement Left")]
    """
    What a further move (the ruleset's first move action, nothing converted) may still spend, in `unit`: the creature's `movement_left`. In its walk speed (`speeds` holds each movement type's); a prone or splayed creature crawls 5 ft; an overburdened one moves 5 ft a round.
    """
    ruleset: Annotated[Literal["epic-path"], Field(title="Ruleset")] = "epic-path"
    """
    The battle's ruleset: which economy this is.
    """
    run_left: Annotated[int, Field(title="Run Left")]
    """
    Feet a run could still cover now (0: it can't run now).
    """
    speeds: Annotated[dict[str, int], Field(title="Speeds")]
    """
    Each movement mode's speed, encumbrance applied.
    """
    turn: Annotated[Turn, Field(title="Turn")]
    """
    `active`: the creature's turn is under way; `waiting`: the battle tracks turns and it is not its turn, so nothing is left until its turn starts; `free`: the battle runs without turns, nothing is spent and each move has its whole budget.
    """
    unit: Annotated[Literal["feet"] | None, Field(title="Unit")] = None
    """
    The unit `movement_left` and every distance here are counted in. Default: `"feet"`.
    """


class CornerObstacles(StrEnum):
    """
    An obstacle only partly fills its square, so diagonals may skirt it; `block`: treat it as completely filled (walls always are). Default: `"skirt"`.
    """

    skirt = "skirt"
    block = "block"


class LandingSurface(StrEnum):
    """
    What falls land on, a per-die modifier (Falling): jagged +2 (obsidian shards), rough +1 (broken trunks, solid stone), normal 0, soft -1 (loam, deep grass). Default: `"normal"`.
    """

    jagged = "jagged"
    rough = "rough"
    normal = "normal"
    soft = "soft"


class OpportunityAttacks1(StrEnum):
    """
    An attack of opportunity asks the reactor, or is taken or declined at once. Default: `"ask"`.
    """

    ask = "ask"
    always = "always"
    never = "never"


class RunRule(StrEnum):
    """
    Run x4 (x3 in heavy armour), or the encumbrance paragraph's x5, -1 medium, -2 heavy (DIGEST 3.2: the text disagrees with itself; GUESS x4). Default: `"run_section"`.
    """

    run_section = "run_section"
    encumbrance_section = "encumbrance_section"


class TeleportLineOfEffect(StrEnum):
    """
    What blocks a teleport's line of effect (Blocked Terrain: teleport passes blocked terrain "as long as line of sight and line of effect rules are satisfied", and "many types of blocked terrain also block line of sight and/or line of effect. The GM adjudicates"): `walls`, a wall between; `blocked`, any blocked square (walls and objects). Default: `"walls"`.
    """

    walls = "walls"
    blocked = "blocked"


class EpicPathOptions(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    allies_may_share: Annotated[bool | None, Field(title="Allies May Share")] = None
    """
    A move may end in a consenting ally's space; both are then squeezed (Squeezing: "Squeezing can only occur if the two creatures sharing a space both agree"). Default: `false`.
    """
    altitude_ceiling: Annotated[
        int | None, Field(ge=5, le=5000, multiple_of=5, title="Altitude Ceiling")
    ] = None
    """
    Feet above the ground a flier may climb to: the text "strongly recommends" that referees enforce altitude ceilings in three-dimensional encounters (3-D Movement). Default: `100`.
    """
    aoo_target_ac: Annotated[int | None, Field(title="Aoo Target Ac")] = None
    """
    Armour class of a target without `stats.ac` when an attack of opportunity is rolled. Default: `10`.
    """
    corner_obstacles: Annotated[
        CornerObstacles | None, Field(title="Corner Obstacles")
    ] = None
    """
    An obstacle only partly fills its square, so diagonals may skirt it; `block`: treat it as completely filled (walls always are). Default: `"skirt"`.
    """
    creatures_per_square: Annotated[
        int | None, Field(ge=1, le=100, title="Creatures Per Square")
    ] = None
    """
    Creatures smaller than Medium one square may hold, however small they are (Space and Reach: "it is recommended that no more than four creatures be allowed into one space, no matter how tiny"); what they take of it still limits them (4 Tiny, 2 Small, 25 Diminutive, 100 Fine fill a square). Default: `4`.
    """
    dead_are_rough: Annotated[bool | None, Field(title="Dead Are Rough")] = None
    """
    A dead creature's square is rough (difficult) terrain; `false` for a GM who "may elect to ignore the 'dead creatures are rough terrain' rule" (Squeezing). Default: `true`.
    """
    forced_collisions: Annotated[bool | None, Field(title="Forced Collisions")] = None
    """
    Forced movement stopped by an obstruction deals no damage (the text); `true`: treat it as uncautious movement (Collisions: 1d6 per 10 ft left, never against a creature). Default: `false`.
    """
    landing_surface: Annotated[
        LandingSurface | None, Field(title="Landing Surface")
    ] = None
    """
    What falls land on, a per-die modifier (Falling): jagged +2 (obsidian shards), rough +1 (broken trunks, solid stone), normal 0, soft -1 (loam, deep grass). Default: `"normal"`.
    """
    opportunity_attacks: Annotated[
        OpportunityAttacks1 | None, Field(title="Opportunity Attacks")
    ] = None
    """
    An attack of opportunity asks the reactor, or is taken or declined at once. Default: `"ask"`.
    """
    player_rolls: Annotated[bool | None, Field(title="Player Rolls")] = None
    """
    Whether players may send the dice the table rolled (`rolls`) with their intents; the director always may. Off by default: a player must not choose their dice. Default: `false`.
    """
    run_rule: Annotated[RunRule | None, Field(title="Run Rule")] = None
    """
    Run x4 (x3 in heavy armour), or the encumbrance paragraph's x5, -1 medium, -2 heavy (DIGEST 3.2: the text disagrees with itself; GUESS x4). Default: `"run_section"`.
    """
    stand_up_provokes: Annotated[bool | None, Field(title="Stand Up Provokes")] = None
    """
    Standing up from prone or splayed provokes attacks of opportunity as leaving a threatened square (DIGEST 3.10 [SRC]); `false` for a table that waives it. Default: `true`.
    """
    teleport_line_of_effect: Annotated[
        TeleportLineOfEffect | None, Field(title="Teleport Line Of Effect")
    ] = None
    """
    What blocks a teleport's line of effect (Blocked Terrain: teleport passes blocked terrain "as long as line of sight and line of effect rules are satisfied", and "many types of blocked terrain also block line of sight and/or line of effect. The GM adjudicates"): `walls`, a wall between; `blocked`, any blocked square (walls and objects). Default: `"walls"`.
    """
    turns: Annotated[bool | None, Field(title="Turns")] = None
    """
    Track turns and rounds; `false` is free movement, each move still bounded by speed. Default: `true`.
    """
    withdraw_defense: Annotated[
        int | None, Field(ge=0, le=100, title="Withdraw Defense")
    ] = None
    """
    Maneuver Defense of a primary target without `stats.maneuver_defense`, against which a withdrawal's Movement check exempts more enemies (DIGEST 3.4 GUESS). Default: `15`.
    """


class Landing(RootModel[list[int]]):
    root: Annotated[list[int], Field(max_length=3, min_length=2, title="Landing")]
    """
    Draw Steel: a creature climbing or riding another falls off as it goes prone, landing
    in this unoccupied adjacent space of its choice; null (or left out): the nearest free one.
    """


class FallTaken(BaseModel):
    height: Annotated[float | None, Field(title="Height")]
    """
    How far it fell, in the ruleset's unit; null when the event records none.
    """
    landing: Annotated[list[float] | None, Field(title="Landing")]
    """
    Where it landed; null when the event records no square.
    """
    type: Annotated[str, Field(title="Type")]
    """
    `Fell`, `FellInches` or `DroppedDown`.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The fall's version.
    """


class FedEventOut(BaseModel):
    checkpoint: Annotated[str, Field(title="Checkpoint")]
    """
    Resume here to read what comes after this event.
    """
    event: Annotated[dict[str, Any], Field(title="Event")]
    """
    The event: its envelope as `GET /battles/{battle_id}/events` answers it (`LoggedEvent`), of whichever battle of the key's it belongs to.
    """


class FeedPageOut(BaseModel):
    """
    The key's next events, oldest first, each with the checkpoint after it.
    """

    caught_up: Annotated[bool, Field(title="Caught Up")]
    """
    Whether the page reached the log's end (false: ask again at once).
    """
    checkpoint: Annotated[str, Field(title="Checkpoint")]
    """
    Where this page ended (past other keys' events too): the next page's `after`.
    """
    events: Annotated[list[FedEventOut], Field(title="Events")]
    """
    A page of events of the key's battles.
    """


class FellData(BaseModel):
    """
    What a `Fell` event records.
    """

    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """
    effective_height: Annotated[int, Field(title="Effective Height")]
    """
    Squares the fall counts for damage, after what reduces it (Agility, water).
    """
    height: Annotated[int, Field(title="Height")]
    """
    Squares fallen.
    """
    landing: Annotated[tuple[int, int, int], Field(title="Landing")]
    """
    Where the creature landed, `[x, y, z]`.
    """
    origin: Annotated[tuple[int, int, int], Field(title="Origin")]
    """
    Where the creature was before, `[x, y, z]`.
    """


class FellEnvelope(BaseModel):
    """
    A logged `Fell` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: FellData
    """
    What the `Fell` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["Fell"], Field(title="Type")] = "Fell"
    """
    Always `Fell`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class FellEvent(BaseModel):
    """
    A `Fell` event that was not logged.
    """

    data: FellData
    """
    What the `Fell` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["Fell"], Field(title="Type")] = "Fell"
    """
    Always `Fell`: the event's type.
    """


class ChosenBy(StrEnum):
    """
    Who chose the landing: `opponent`, `auto`, or `stays` (it did not move).
    """

    opponent = "opponent"
    auto = "auto"
    stays = "stays"


class FellInchesData(BaseModel):
    """
    A fallen fighter was placed on a landing point (`chosen_by`: `opponent` or `auto`).
    """

    chosen_by: Annotated[ChosenBy, Field(title="Chosen By")]
    """
    Who chose the landing: `opponent`, `auto`, or `stays` (it did not move).
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """
    height: Annotated[float, Field(title="Height")]
    """
    Inches fallen.
    """
    landing: Annotated[tuple[float, float, float], Field(title="Landing")]
    """
    Where it was placed, in inches.
    """
    origin: Annotated[tuple[float, float, float], Field(title="Origin")]
    """
    Where the fighter fell from, in inches.
    """


class FellInchesEnvelope(BaseModel):
    """
    A logged `FellInches` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: FellInchesData
    """
    What the `FellInches` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["FellInches"], Field(title="Type")] = "FellInches"
    """
    Always `FellInches`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class FellInchesEvent(BaseModel):
    """
    A `FellInches` event that was not logged.
    """

    data: FellInchesData
    """
    What the `FellInches` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["FellInches"], Field(title="Type")] = "FellInches"
    """
    Always `FellInches`: the event's type.
    """


class FellInchesRecord(BaseModel):
    """
    A `FellInches` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: FellInchesData
    """
    What the `FellInches` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["FellInches"], Field(title="Type")] = "FellInches"
    """
    Always `FellInches`: the event's type.
    """


class FellRecord(BaseModel):
    """
    A `Fell` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: FellData
    """
    What the `Fell` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["Fell"], Field(title="Type")] = "Fell"
    """
    Always `Fell`: the event's type.
    """


class FighterIn(BaseModel):
    """
    A fighter on a gridless board: `at` in inches, `speeds.walk` is its Move.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    at: Annotated[list[int | float], Field(max_length=3, min_length=2, title="At")]
    """
    Where it stands: `[x, y]` (on the ground) or `[x, y, z]` in squares (x east, y south, z up). Gridless battles: inches.
    """
    base: Annotated[float | None, Field(gt=0.0, le=20.0, title="Base")] = None
    """
    The base's diameter in inches. Default: `1.0`.
    """
    conditions: Annotated[list[str] | None, Field(title="Conditions")] = None
    """
    Conditions it starts with (`prone`, `slowed`, ...). Default: `[]`.
    """
    hp: Annotated[int | None, Field(title="Hp")] = None
    """
    Stamina (hit points). Default: `1`.
    """
    id: Annotated[
        str,
        Field(
            max_length=64,
            min_length=1,
            pattern="^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$",
            title="Id",
        ),
    ]
    """
    Its id, chosen by the client: 1 to 64 ASCII letters, digits, `_`, `.` or `-`, starting with a letter or a digit (so no two ids can look alike).
    """
    name: Annotated[str | None, Field(max_length=200, title="Name")] = None
    """
    A name to show. Default: `""`.
    """
    runemarks: Annotated[list[str] | None, Field(title="Runemarks")] = None
    """
    Its runemarks (such as `fly`, `mount`, `monster`). Default: `[]`.
    """
    side: Annotated[Side | None, Field(title="Side")] = None
    """
    The side it fights on; creatures of other sides are enemies. Required, except for a creature the battle `continue`s from another (it keeps its side): null (or left out) only there.
    """
    size: Annotated[str | None, Field(title="Size")] = None
    """
    Its size in the ruleset's scale (Draw Steel: `1T`, `1S`, `1M`, `1L`, `2`, `3`, ...); the footprint in squares follows from it. Default: `"1M"`.
    """
    speeds: Annotated[dict[str, int] | None, Field(title="Speeds")] = None
    """
    Speed per movement mode it has natively (walk, climb, swim, fly, hover, burrow, teleport), in the ruleset's unit; a mode it lacks may still be used where the rules allow, at their cost. Default: `{}`.
    """
    stability: Annotated[int | None, Field(title="Stability")] = None
    """
    Stability against forced movement. Default: `0`.
    """
    stats: Annotated[dict[str, int] | None, Field(title="Stats")] = None
    """
    The characteristics the ruleset reads (might, agility, ...). Default: `{}`.
    """


class FighterSpec(BaseModel):
    """
    Where a fighter stands on the board and what its base and runemarks are.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    at: Annotated[tuple[float, float, float], Field(title="At")]
    """
    Where the fighter stands, `[x, y, z]` in inches.
    """
    base: Annotated[float | None, Field(gt=0.0, le=20.0, title="Base")] = None
    """
    The base's diameter, in inches. Default: `1.0`.
    """
    runemarks: Annotated[list[str] | None, Field(title="Runemarks")] = None
    """
    The fighter's runemarks (such as `fly`, `mount`). Default: `[]`.
    """


class Kind(StrEnum):
    """
    `push` (away from the source), `pull` (toward it) or `slide` (any direction).
    """

    push = "push"
    pull = "pull"
    slide = "slide"


class PathItem(RootModel[list[int]]):
    root: Annotated[list[int], Field(max_length=3, min_length=2)]


class Path(RootModel[list[PathItem]]):
    root: Annotated[list[PathItem], Field(max_length=1000, title="Path")]
    """
    The squares to move the target through (a slide's chosen route); null (or left out): the rules pick the line.
    """


class ProneAfter(RootModel[int]):
    root: Annotated[int, Field(ge=0, le=1000, title="Prone After")]
    """
    The target drops prone after this many squares, ending the forced movement (Epic
    Path; 0: in its starting square). Rulesets without the option refuse it. Null (or left out):
    it does not drop prone.
    """


class Target(RootModel[list[str]]):
    root: Annotated[list[str], Field(max_length=100, title="Target")]
    """
    The id of the creature force-moved, or a list of ids.
    """


class PathItem1(RootModel[tuple[int, int, int]]):
    root: Annotated[tuple[int, int, int], Field(max_length=3, min_length=3)]


class ForceMovedData(BaseModel):
    """
    What a `ForceMoved` event records.
    """

    distance: Annotated[int, Field(title="Distance")]
    """
    The forced movement's distance, in squares, before stability.
    """
    kind: Annotated[Kind, Field(title="Kind")]
    """
    `push` (away from the source), `pull` (toward it) or `slide` (any direction).
    """
    path: Annotated[list[PathItem1], Field(title="Path")]
    """
    The squares the target was moved through, in order; the starting square is not in it.
    """
    source: Annotated[str, Field(title="Source")]
    """
    The id of the creature that pushed, pulled or slid the target.
    """
    target: Annotated[str, Field(title="Target")]
    """
    The id of the creature force-moved.
    """
    vertical: Annotated[bool, Field(title="Vertical")]
    """
    Vertical forced movement (it may lift or slam the target).
    """


class ForceMovedEnvelope(BaseModel):
    """
    A logged `ForceMoved` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: ForceMovedData
    """
    What the `ForceMoved` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["ForceMoved"], Field(title="Type")] = "ForceMoved"
    """
    Always `ForceMoved`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class ForceMovedEvent(BaseModel):
    """
    A `ForceMoved` event that was not logged.
    """

    data: ForceMovedData
    """
    What the `ForceMoved` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["ForceMoved"], Field(title="Type")] = "ForceMoved"
    """
    Always `ForceMoved`: the event's type.
    """


class ForceMovedRecord(BaseModel):
    """
    A `ForceMoved` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: ForceMovedData
    """
    What the `ForceMoved` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["ForceMoved"], Field(title="Type")] = "ForceMoved"
    """
    Always `ForceMoved`: the event's type.
    """


class HandsChangedData(BaseModel):
    """
    Reclaim the Wild: a creature drew items into its hands (`items` above 0) or stowed
    them (below 0) during the battle; `held` is how many it holds now besides what its way
    of travel needs. The change adds to the creature's battle-long tally `battle:hands`.
    """

    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """
    held: Annotated[int, Field(title="Held")]
    """
    Items the creature holds now, besides what its way of travel needs.
    """
    items: Annotated[int, Field(title="Items")]
    """
    Items drawn into the creature's hands (above 0) or stowed (below 0).
    """


class HandsChangedEnvelope(BaseModel):
    """
    A logged `HandsChanged` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: HandsChangedData
    """
    What the `HandsChanged` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["HandsChanged"], Field(title="Type")] = "HandsChanged"
    """
    Always `HandsChanged`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class HandsChangedEvent(BaseModel):
    """
    A `HandsChanged` event that was not logged.
    """

    data: HandsChangedData
    """
    What the `HandsChanged` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["HandsChanged"], Field(title="Type")] = "HandsChanged"
    """
    Always `HandsChanged`: the event's type.
    """


class HandsChangedRecord(BaseModel):
    """
    A `HandsChanged` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: HandsChangedData
    """
    What the `HandsChanged` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["HandsChanged"], Field(title="Type")] = "HandsChanged"
    """
    Always `HandsChanged`: the event's type.
    """


class Health(BaseModel):
    """
    Liveness.
    """

    database: Annotated[str, Field(title="Database")]
    """
    `ok`, or `unreachable`.
    """
    status: Annotated[str, Field(title="Status")]
    """
    `ok`, or `unavailable`.
    """


class HurledThroughData(BaseModel):
    """
    A force-moved creature broke through one square of a mundane object.
    """

    cell: Annotated[tuple[int, int], Field(title="Cell")]
    """
    The square of the object broken through, `[x, y]`.
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """
    material: Annotated[str, Field(title="Material")]
    """
    What the object was made of.
    """
    squares: Annotated[int, Field(title="Squares")]
    """
    Squares of forced movement the object cost.
    """


class HurledThroughEnvelope(BaseModel):
    """
    A logged `HurledThrough` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: HurledThroughData
    """
    What the `HurledThrough` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["HurledThrough"], Field(title="Type")] = "HurledThrough"
    """
    Always `HurledThrough`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class HurledThroughEvent(BaseModel):
    """
    A `HurledThrough` event that was not logged.
    """

    data: HurledThroughData
    """
    What the `HurledThrough` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["HurledThrough"], Field(title="Type")] = "HurledThrough"
    """
    Always `HurledThrough`: the event's type.
    """


class HurledThroughRecord(BaseModel):
    """
    A `HurledThrough` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: HurledThroughData
    """
    What the `HurledThrough` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["HurledThrough"], Field(title="Type")] = "HurledThrough"
    """
    Always `HurledThrough`: the event's type.
    """


class ImpactRolledData(BaseModel):
    """
    Impact damage's D6 (4-5: 1 damage, 6: 3) after a drop of `height` inches.
    """

    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """
    damage: Annotated[int, Field(title="Damage")]
    """
    Impact damage (4-5: 1, 6: 3).
    """
    height: Annotated[float, Field(title="Height")]
    """
    Inches dropped.
    """
    roll: Annotated[int, Field(title="Roll")]
    """
    The D6's face.
    """
    seeded: Annotated[bool, Field(title="Seeded")]
    """
    True when the battle's seeded dice rolled them; false when the table's `rolls` were used.
    """


class ImpactRolledEnvelope(BaseModel):
    """
    A logged `ImpactRolled` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: ImpactRolledData
    """
    What the `ImpactRolled` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["ImpactRolled"], Field(title="Type")] = "ImpactRolled"
    """
    Always `ImpactRolled`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class ImpactRolledEvent(BaseModel):
    """
    A `ImpactRolled` event that was not logged.
    """

    data: ImpactRolledData
    """
    What the `ImpactRolled` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["ImpactRolled"], Field(title="Type")] = "ImpactRolled"
    """
    Always `ImpactRolled`: the event's type.
    """


class ImpactRolledRecord(BaseModel):
    """
    A `ImpactRolled` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: ImpactRolledData
    """
    What the `ImpactRolled` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["ImpactRolled"], Field(title="Type")] = "ImpactRolled"
    """
    Always `ImpactRolled`: the event's type.
    """


class Die(RootModel[tuple[int, int]]):
    root: Annotated[tuple[int, int], Field(max_length=2, min_length=2)]


class JumpTestedData(BaseModel):
    """
    A Might or Agility test to jump farther and higher than the baseline jump.
    """

    bonus: Annotated[int, Field(title="Bonus")]
    """
    Squares the test added to the jump.
    """
    characteristic: Annotated[int, Field(title="Characteristic")]
    """
    The characteristic added to the roll.
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """
    rolls: Annotated[list[int], Field(title="Rolls")]
    """
    The faces of the dice rolled, in order.
    """
    seeded: Annotated[bool, Field(title="Seeded")]
    """
    True when the battle's seeded dice rolled them; false when the table's `rolls` were used.
    """
    tier: Annotated[int, Field(title="Tier")]
    """
    The power roll's tier: 1 (11 or less), 2 (12-16) or 3 (17 or more).
    """
    total: Annotated[int, Field(title="Total")]
    """
    The roll's total (faces plus modifiers).
    """


class JumpTestedEnvelope(BaseModel):
    """
    A logged `JumpTested` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: JumpTestedData
    """
    What the `JumpTested` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["JumpTested"], Field(title="Type")] = "JumpTested"
    """
    Always `JumpTested`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class JumpTestedEvent(BaseModel):
    """
    A `JumpTested` event that was not logged.
    """

    data: JumpTestedData
    """
    What the `JumpTested` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["JumpTested"], Field(title="Type")] = "JumpTested"
    """
    Always `JumpTested`: the event's type.
    """


class JumpTestedRecord(BaseModel):
    """
    A `JumpTested` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: JumpTestedData
    """
    What the `JumpTested` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["JumpTested"], Field(title="Type")] = "JumpTested"
    """
    Always `JumpTested`: the event's type.
    """


class Landing1(RootModel[list[int]]):
    root: Annotated[list[int], Field(max_length=3, min_length=2, title="Landing")]
    """
    The unoccupied adjacent space the knocked-off creature chooses to land in if it falls
    or slides off; null (or left out): the nearest free one.
    """


class KnockedProneData(BaseModel):
    """
    What a `KnockedProne` event records.
    """

    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """
    voluntary: Annotated[bool, Field(title="Voluntary")]
    """
    True when the creature dropped prone by choice.
    """


class KnockedProneEnvelope(BaseModel):
    """
    A logged `KnockedProne` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: KnockedProneData
    """
    What the `KnockedProne` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["KnockedProne"], Field(title="Type")] = "KnockedProne"
    """
    Always `KnockedProne`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class KnockedProneEvent(BaseModel):
    """
    A `KnockedProne` event that was not logged.
    """

    data: KnockedProneData
    """
    What the `KnockedProne` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["KnockedProne"], Field(title="Type")] = "KnockedProne"
    """
    Always `KnockedProne`: the event's type.
    """


class KnockedProneRecord(BaseModel):
    """
    A `KnockedProne` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: KnockedProneData
    """
    What the `KnockedProne` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["KnockedProne"], Field(title="Type")] = "KnockedProne"
    """
    Always `KnockedProne`: the event's type.
    """


class Kind2(StrEnum):
    """
    `normal`, `jump`, `climb` or `fly`.
    """

    normal = "normal"
    jump = "jump"
    climb = "climb"
    fly = "fly"


class Leg(BaseModel):
    """
    One leg of a gridless move: `normal`, `jump`, `climb` or `fly` to a point in inches.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    kind: Annotated[Kind2, Field(title="Kind")]
    """
    `normal`, `jump`, `climb` or `fly`.
    """
    to: Annotated[list[float], Field(max_length=3, min_length=2, title="To")]
    """
    Where the leg ends, `[x, y]` or `[x, y, z]` in inches.
    """


class ViaItem(RootModel[tuple[float, float, float]]):
    root: Annotated[tuple[float, float, float], Field(max_length=3, min_length=3)]


class LegRecord(BaseModel):
    """
    One leg of a move action as judged: its kind, its end and the inches it counted.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    counted: Annotated[float, Field(title="Counted")]
    """
    Inches this leg counted against Move.
    """
    drop: Annotated[float | None, Field(title="Drop")] = None
    """
    Inches this leg dropped (a jump down), not counted against Move. Default: `0.0`.
    """
    kind: Annotated[Kind2, Field(title="Kind")]
    """
    `normal`, `jump`, `climb` or `fly`.
    """
    to: Annotated[tuple[float, float, float], Field(title="To")]
    """
    Where the leg ended, `[x, y, z]` in inches.
    """
    via: Annotated[list[ViaItem] | None, Field(title="Via")] = None
    """
    The points the leg turns at on its way to `to` (a flight that rises, crosses and
    descends); null when it goes straight.
    """


class Legs(RootModel[list[Leg]]):
    root: Annotated[list[Leg], Field(max_length=100, title="Legs")]
    """
    Gridless rulesets (warcry): the move as legs in inches, judged as a whole; null (or left
    out) when the move is given by `path`, `to` or `to_inches`.
    """


class Mode(StrEnum):
    """
    The movement mode: `walk`, `climb`, `swim`, `fly`, `burrow` or `glide`. Default: `"walk"`.
    """

    walk = "walk"
    climb = "climb"
    swim = "swim"
    fly = "fly"
    burrow = "burrow"
    glide = "glide"


class PartOfMove(RootModel[str]):
    root: Annotated[str, Field(max_length=100, min_length=1, title="Part Of Move")]
    """
    Epic Path: an activity done "as part of a move action" with this move (drawing a
    weapon, picking up an item): needs an actual move action, one per move action. Null (or left
    out): none.
    """


class Path1Item(RootModel[list[int]]):
    root: Annotated[list[int], Field(max_length=3, min_length=2)]


class Path1(RootModel[list[Path1Item]]):
    root: Annotated[list[Path1Item], Field(max_length=1000, title="Path")]
    """
    The squares to enter, in order, each `[x, y]` or `[x, y, z]` (not the starting square); null (or left out) when `to` is given instead.
    """


class Through(StrEnum):
    clamber = "clamber"
    overrun = "overrun"
    tumble = "tumble"


class To(RootModel[list[int | float]]):
    root: Annotated[list[int | float], Field(max_length=3, min_length=2, title="To")]
    """
    Where to end, `[x, y]` or `[x, y, z]`; the server finds the cheapest legal path. Null (or left out) when `path` is given instead.
    """


class ToInches(RootModel[list[float]]):
    root: Annotated[list[float], Field(max_length=3, min_length=2, title="To Inches")]
    """
    Gridless rulesets: a `to` in inches (a `to` holding fractions is read into it); null (or
    left out) when the move is given otherwise.
    """


class MovedData(BaseModel):
    """
    What a `Moved` event records.
    """

    action: Annotated[str, Field(title="Action")]
    """
    The action that granted the movement (each ruleset names its own, such as Draw Steel's `advance` or Epic Path's `double_move`).
    """
    cost: Annotated[int, Field(title="Cost")]
    """
    Movement spent, in the ruleset's unit (squares; feet for `epic-path`).
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """
    last_square_cost: Annotated[int | None, Field(title="Last Square Cost")]
    """
    What the path's last square cost in full, when it cost more than what was left
    (Reclaim the Wild: "you can still enter that new square"); null otherwise.
    """
    last_square_paid: Annotated[int | None, Field(title="Last Square Paid")]
    """
    What was paid for that square: all that was left (counted in `cost`); null otherwise.
    """
    maneuver: Annotated[bool, Field(title="Maneuver")]
    """
    The movement spent a maneuver (Draw Steel's Dig) rather than a move action.
    """
    mode: Annotated[str, Field(title="Mode")]
    """
    The movement mode: `walk`, `climb`, `swim`, `fly`, `burrow` or `glide`.
    """
    move_remainder: Annotated[int | None, Field(title="Move Remainder")] = None
    """
    What is left of the move action this movement spends from, which a further move may
    continue (Draw Steel's Advance split around other actions), when it differs from
    `movement_left` (what the state shows after the event, in the ruleset's economy); null
    (left out) when it does not, and on events logged before it existed, whose `movement_left`
    held this.
    """
    movement_left: Annotated[int, Field(title="Movement Left")]
    """
    Movement the creature has left this turn afterwards, in the ruleset's unit.
    """
    path: Annotated[list[PathItem1], Field(title="Path")]
    """
    The squares entered, in order, each `[x, y, z]`; the starting square is not in it.
    """
    starts_action: Annotated[bool, Field(title="Starts Action")]
    """
    This movement began a new move action (it spent one of the turn's actions).
    """


class MovedEnvelope(BaseModel):
    """
    A logged `Moved` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: MovedData
    """
    What the `Moved` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["Moved"], Field(title="Type")] = "Moved"
    """
    Always `Moved`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class MovedEvent(BaseModel):
    """
    A `Moved` event that was not logged.
    """

    data: MovedData
    """
    What the `Moved` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["Moved"], Field(title="Type")] = "Moved"
    """
    Always `Moved`: the event's type.
    """


class PathItem3(RootModel[tuple[float, float, float]]):
    root: Annotated[tuple[float, float, float], Field(max_length=3, min_length=3)]


class MovedInchesData(BaseModel):
    """
    A gridless move action: `path` holds the start and every leg's end; `cost` the inches
    counted against Move; `climbing` whether the fighter ends the move climbing.
    """

    action: Annotated[str, Field(title="Action")]
    """
    Always `move`: one move action.
    """
    climbing: Annotated[bool, Field(title="Climbing")]
    """
    True when the fighter ends the move climbing.
    """
    cost: Annotated[float, Field(title="Cost")]
    """
    Inches counted against Move.
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """
    legs: Annotated[list[LegRecord], Field(title="Legs")]
    """
    The legs of the move, in order.
    """
    mode: Annotated[str, Field(title="Mode")]
    """
    Always `legs` for a gridless move.
    """
    movement_left: Annotated[float | None, Field(title="Movement Left")] = None
    """
    Inches the state shows left after the move (the fighter's economy: a whole Move while
    its activation has an action left); null on events logged before it existed.
    """
    path: Annotated[list[PathItem3], Field(title="Path")]
    """
    The fighter's start and every leg's end, `[x, y, z]` in inches.
    """
    starts_action: Annotated[bool, Field(title="Starts Action")]
    """
    This movement began a new move action (it spent one of the turn's actions).
    """


class MovedInchesEnvelope(BaseModel):
    """
    A logged `MovedInches` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: MovedInchesData
    """
    What the `MovedInches` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["MovedInches"], Field(title="Type")] = "MovedInches"
    """
    Always `MovedInches`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class MovedInchesEvent(BaseModel):
    """
    A `MovedInches` event that was not logged.
    """

    data: MovedInchesData
    """
    What the `MovedInches` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["MovedInches"], Field(title="Type")] = "MovedInches"
    """
    Always `MovedInches`: the event's type.
    """


class MovedInchesRecord(BaseModel):
    """
    A `MovedInches` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: MovedInchesData
    """
    What the `MovedInches` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["MovedInches"], Field(title="Type")] = "MovedInches"
    """
    Always `MovedInches`: the event's type.
    """


class MovedRecord(BaseModel):
    """
    A `Moved` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: MovedData
    """
    What the `Moved` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["Moved"], Field(title="Type")] = "Moved"
    """
    Always `Moved`: the event's type.
    """


class MovementEvent(BaseModel):
    distance: Annotated[float, Field(title="Distance")]
    """
    How far, in the ruleset's unit.
    """
    squares: Annotated[list[list[float]], Field(title="Squares")]
    """
    The squares (or points) entered, in order.
    """
    type: Annotated[str, Field(title="Type")]
    """
    The event's type (`Moved`, `Shifted`, `ForceMoved`, ...).
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's version (jump to it in a replay).
    """


class Movements(BaseModel):
    by_type: Annotated[dict[str, float], Field(title="By Type")]
    """
    The total per event type.
    """
    distance: Annotated[float, Field(title="Distance")]
    """
    The total, in the ruleset's unit.
    """
    events: Annotated[list[MovementEvent], Field(title="Events")]
    """
    Each movement, in version order.
    """


class CollisionDamage(StrEnum):
    """
    A creature pushed into another: only the moved one takes damage, or both (4.4 GUESS). Default: `"moved"`.
    """

    moved = "moved"
    both = "both"


class CornerRule2(StrEnum):
    """
    No diagonal past a wall: either side (Draw Steel's rule, DIGEST 4.8 GUESS), both, none. Default: `"either"`.
    """

    either = "either"
    both = "both"
    none = "none"


class SurfCost(StrEnum):
    """
    Shield Surfing: "in most cases, your Movement costs will be halved" (the turn's raw costs added up, halved, rounded down); `full` for a gentle slope. Default: `"half"`.
    """

    half = "half"
    full = "full"


class SurfDifficultWear(StrEnum):
    """
    Shield wear on difficult terrain, which the text's examples put on both sides (sand and snow are gentle, thickets harsh): normal (1 a turn) unless the GM says. Damaging terrain is always harsh (2), water always gentle (1 every other turn). Default: `"normal"`.
    """

    harsh = "harsh"
    normal = "normal"
    gentle = "gentle"


class OneTwoOneOptions(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    athletics_die: Annotated[int | None, Field(ge=2, le=20, title="Athletics Die")] = (
        None
    )
    """
    Rolling with a fall rolls `stats.athletics` dice of this size (DIGEST 4.5 UNKNOWN). Default: `6`.
    """
    climb_needs_free_hands: Annotated[
        bool | None, Field(title="Climb Needs Free Hands")
    ] = None
    """
    Climbing needs both hands (Climbing): a creature with `stats.hands_busy` > 0 can't climb until it puts things away; `false` lets the GM waive it. Default: `true`.
    """
    collision_damage: Annotated[
        CollisionDamage | None, Field(title="Collision Damage")
    ] = None
    """
    A creature pushed into another: only the moved one takes damage, or both (4.4 GUESS). Default: `"moved"`.
    """
    corner_rule: Annotated[CornerRule2 | None, Field(title="Corner Rule")] = None
    """
    No diagonal past a wall: either side (Draw Steel's rule, DIGEST 4.8 GUESS), both, none. Default: `"either"`.
    """
    fortitude: Annotated[int | None, Field(ge=0, le=100, title="Fortitude")] = None
    """
    Holding Your Breath: rounds a creature without `stats.fortitude` holds its breath. Default: `2`.
    """
    horizontal_jump: Annotated[
        int | None, Field(ge=0, le=20, title="Horizontal Jump")
    ] = None
    """
    Squares of a creature's longest horizontal jump when its `stats.horizontal_jump` is not given (the value is in the full rulebook, not the Movement page: GUESS 2, a jump over one square to the next); doubled while Sprinting. Default: `2`.
    """
    movement: Annotated[int | None, Field(ge=1, le=100, title="Movement")] = None
    """
    Movement of a creature without `speeds.walk` ("typically, Heroes have 6"). Default: `6`.
    """
    player_rolls: Annotated[bool | None, Field(title="Player Rolls")] = None
    """
    Whether players may send the dice the table rolled (`rolls`) with their intents; the director always may. Off by default: a player must not choose their dice. Default: `false`.
    """
    slowed_surcharge: Annotated[
        int | None, Field(ge=0, le=10, title="Slowed Surcharge")
    ] = None
    """
    Slowed (and squeezing, which slows) adds this per square (DIGEST 4.2 UNKNOWN). Default: `1`.
    """
    sprint_needs_empty_hands: Annotated[
        bool | None, Field(title="Sprint Needs Empty Hands")
    ] = None
    """
    Sprinting: hands emptied of all but travel items first; a creature with `stats.hands_busy` > 0 can't Sprint; `false` lets the GM waive it. Default: `true`.
    """
    squeeze_from: Annotated[int | None, Field(ge=1, le=10, title="Squeeze From")] = None
    """
    Squeezing: an opening built for a size this many categories smaller than the creature must be squeezed through ("shorter than one-half your height or width"; GUESS: each category about doubles height and width). Default: `1`.
    """
    stand_up_cost: Annotated[int | None, Field(ge=0, le=100, title="Stand Up Cost")] = (
        None
    )
    """
    Movement to stand up from prone (DIGEST 4.6 UNKNOWN; half of 6). Default: `3`.
    """
    surf_cost: Annotated[SurfCost | None, Field(title="Surf Cost")] = None
    """
    Shield Surfing: "in most cases, your Movement costs will be halved" (the turn's raw costs added up, halved, rounded down); `full` for a gentle slope. Default: `"half"`.
    """
    surf_difficult_wear: Annotated[
        SurfDifficultWear | None, Field(title="Surf Difficult Wear")
    ] = None
    """
    Shield wear on difficult terrain, which the text's examples put on both sides (sand and snow are gentle, thickets harsh): normal (1 a turn) unless the GM says. Damaging terrain is always harsh (2), water always gentle (1 every other turn). Default: `"normal"`.
    """
    surf_needs_slope: Annotated[bool | None, Field(title="Surf Needs Slope")] = None
    """
    Shield Surfing begins only on a downward slope, a square next to the surfer one square lower ("consult your GM"); `false` lets the GM call any terrain sloped enough. Default: `true`.
    """
    too_small_from: Annotated[
        int | None, Field(ge=1, le=10, title="Too Small From")
    ] = None
    """
    Squeezing: an opening built for a size this many categories smaller is too small to squeeze into ("smaller than one-quarter"; GUESS as above). Default: `2`.
    """
    turns: Annotated[bool | None, Field(title="Turns")] = None
    """
    Track turns and rounds; `false` is free movement, each move still bounded by speed. Default: `true`.
    """
    vertical_jump: Annotated[int | None, Field(ge=0, le=20, title="Vertical Jump")] = (
        None
    )
    """
    Squares a creature falls without harm when its `stats.vertical_jump` is not given. Default: `1`.
    """


class OptionSpent(BaseModel):
    """
    One field of the creature's economy (as the state's `economy` names it, dotted for a
    nested one: `actions.move`) that taking the option changes, from what to what.
    """

    after: Annotated[int | float | bool | str | None, Field(title="After")]
    """
    Its value after the option; null when the economy would hold none there.
    """
    before: Annotated[int | float | bool | str | None, Field(title="Before")]
    """
    Its value now; null when the economy holds none there.
    """
    what: Annotated[str, Field(title="What")]
    """
    The economy field, dotted: `actions.move`, `movement_left`.
    """


class OptionUnavailable(BaseModel):
    """
    Why the option is not available now: what submitting its intent is refused with.
    """

    detail: Annotated[str, Field(title="Detail")]
    """
    The refusal's sentence, for a player.
    """
    rule: Annotated[str, Field(title="Rule")]
    """
    The rule's stable id (`draw-steel/not-prone`).
    """


class OrderSetData(BaseModel):
    """
    The director set the turn order: `creatures` take their turns in this order each
    round, or, with `sides`, the sides take turns in this order (one creature of the side
    whose turn it is, any that has not acted this round; a side with none left is passed
    over). Exactly one of the two is given.
    """

    creatures: Annotated[list[str], Field(max_length=500, title="Creatures")]
    """
    Creature ids, first to act first (empty when the order is by sides).
    """
    reason: Annotated[str | None, Field(title="Reason")]
    """
    Why the order was set or changed (the intent's, or its ruling's reason); null when
    none was given.
    """
    sides: Annotated[list[str], Field(max_length=50, title="Sides")]
    """
    Sides, first to act first (empty when the order lists creatures).
    """


class OrderSetEnvelope(BaseModel):
    """
    A logged `OrderSet` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: OrderSetData
    """
    What the `OrderSet` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["OrderSet"], Field(title="Type")] = "OrderSet"
    """
    Always `OrderSet`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class OrderSetEvent(BaseModel):
    """
    A `OrderSet` event that was not logged.
    """

    data: OrderSetData
    """
    What the `OrderSet` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["OrderSet"], Field(title="Type")] = "OrderSet"
    """
    Always `OrderSet`: the event's type.
    """


class OrderSetRecord(BaseModel):
    """
    A `OrderSet` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: OrderSetData
    """
    What the `OrderSet` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["OrderSet"], Field(title="Type")] = "OrderSet"
    """
    Always `OrderSet`: the event's type.
    """


class Cost(RootModel[int]):
    root: Annotated[int, Field(ge=0, le=1000, title="Cost")]
    """
    What each step the text cannot count costs, in the ruleset's unit; null (or left
    out): a plain step's cost.
    """


class Overrule(BaseModel):
    """
    The director's ruling on this intent: judged as usual, each
    rule it would be refused on is recorded as a `RuleOverruled` event and set aside.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    cost: Annotated[Cost | None, Field(title="Cost")] = None
    """
    What each step the text cannot count costs, in the ruleset's unit; null (or left
    out): a plain step's cost.
    """
    reactions: Annotated[bool | None, Field(title="Reactions")] = None
    """
    Whether the move still provokes reactions (false: none trigger). Default: `true`.
    """
    reason: Annotated[str, Field(max_length=500, min_length=1, title="Reason")]
    """
    Why the table rules so (1 to 500 characters): shown wherever the action is.
    """


class Overruled(BaseModel):
    """
    A rule the director's ruling set aside (a `RuleOverruled` event of the action).
    """

    detail: Annotated[str, Field(title="Detail")]
    """
    What the refusal would have said.
    """
    rule: Annotated[str, Field(title="Rule")]
    """
    The rule set aside (`draw-steel/ledge`).
    """
    step: Annotated[int | None, Field(title="Step")]
    """
    The path step (or leg) it applied to, counted from 0; null when the rule applied to the intent as a whole.
    """


class PendingDifference(BaseModel):
    """
    The open reaction windows of both states, when they differ.
    """

    actual: Annotated[list[str], Field(title="Actual")]
    """
    Reaction ids open in the log.
    """
    what_if: Annotated[list[str], Field(title="What If")]
    """
    Reaction ids open in the what-if.
    """


class PendingReaction(BaseModel):
    """
    An open reaction window: the move it paused waits for the reactor's answer.
    """

    at: Annotated[list[int | float], Field(title="At")]
    """
    Where the target stands, `[x, y, z]`.
    """
    id: Annotated[str, Field(title="Id")]
    """
    Answer it with `resolve_reaction` and this `reaction` id.
    """
    kind: Annotated[str, Field(title="Kind")]
    """
    `opportunity_attack`, `free_strike`, `fall_landing`, ...
    """
    reactor: Annotated[str, Field(title="Reactor")]
    """
    The id of the creature that may react.
    """
    target: Annotated[str, Field(title="Target")]
    """
    The id of the creature that provoked it.
    """


class Kind4(StrEnum):
    """
    `platform` (fighters stand on top) or `obstacle` (climbable sides).
    """

    platform = "platform"
    obstacle = "obstacle"


class PolygonItem(RootModel[tuple[float, float]]):
    root: Annotated[tuple[float, float], Field(max_length=2, min_length=2)]


class PieceSpec(BaseModel):
    """
    One terrain piece: a vertical prism over `polygon` from `bottom` to `bottom + height`.

    `platform`: its top is a platform (fighters stand on it) and its sides are obstacles;
    `obstacle`: climbable sides, no platform on top. A piece at most 1" high is low terrain.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    bottom: Annotated[float | None, Field(ge=0.0, le=200.0, title="Bottom")] = None
    """
    The height of the bottom of the piece, in inches. Default: `0.0`.
    """
    height: Annotated[float, Field(gt=0.0, le=200.0, title="Height")]
    """
    How tall the piece is, in inches.
    """
    kind: Annotated[Kind4, Field(title="Kind")]
    """
    `platform` (fighters stand on top) or `obstacle` (climbable sides).
    """
    polygon: Annotated[
        list[PolygonItem], Field(max_length=64, min_length=3, title="Polygon")
    ]
    """
    The outline, `[x, y]` points in inches.
    """


class Creature(BaseModel):
    """
    The creature, as in the create body's `creatures`.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    at: Annotated[list[int | float], Field(max_length=3, min_length=2, title="At")]
    """
    Where it stands: `[x, y]` (on the ground) or `[x, y, z]` in squares (x east, y south, z up). Gridless battles: inches.
    """
    conditions: Annotated[list[str] | None, Field(title="Conditions")] = None
    """
    Conditions it starts with (`prone`, `slowed`, ...). Default: `[]`.
    """
    hp: Annotated[int | None, Field(title="Hp")] = None
    """
    Stamina (hit points). Default: `1`.
    """
    id: Annotated[
        str,
        Field(
            max_length=64,
            min_length=1,
            pattern="^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$",
            title="Id",
        ),
    ]
    """
    Its id, chosen by the client: 1 to 64 ASCII letters, digits, `_`, `.` or `-`, starting with a letter or a digit (so no two ids can look alike).
    """
    name: Annotated[str | None, Field(max_length=200, title="Name")] = None
    """
    A name to show. Default: `""`.
    """
    side: Annotated[Side | None, Field(title="Side")] = None
    """
    The side it fights on; creatures of other sides are enemies. Required, except for a creature the battle `continue`s from another (it keeps its side): null (or left out) only there.
    """
    size: Annotated[str | None, Field(title="Size")] = None
    """
    Its size in the ruleset's scale (Draw Steel: `1T`, `1S`, `1M`, `1L`, `2`, `3`, ...); the footprint in squares follows from it. Default: `"1M"`.
    """
    speeds: Annotated[dict[str, int] | None, Field(title="Speeds")] = None
    """
    Speed per movement mode it has natively (walk, climb, swim, fly, hover, burrow, teleport), in the ruleset's unit; a mode it lacks may still be used where the rules allow, at their cost. Default: `{}`.
    """
    stability: Annotated[int | None, Field(title="Stability")] = None
    """
    Stability against forced movement. Default: `0`.
    """
    stats: Annotated[dict[str, int] | None, Field(title="Stats")] = None
    """
    The characteristics the ruleset reads (might, agility, ...). Default: `{}`.
    """


class Place(BaseModel):
    """
    Director: put a new creature on the map (`at` inside the spec; z optional).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    creature: Annotated[Creature, Field(title="CreatureIn")]
    """
    The creature, as in the create body's `creatures`.
    """
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on: if the battle has moved on, the answer is 409 and nothing is appended; null (or left out): no check.
    """
    overrule: Overrule | None = None
    """
    The director's ruling: set aside the rules this intent breaks (director only); null (or
    left out): the rules stand.
    """
    rolls: Annotated[Rolls | None, Field(title="Rolls")] = None
    """
    Dice the table rolled, consumed in order by the rules that roll; null (or left out): the server rolls. Players may send them only where the battle's options allow.
    """
    type: Annotated[Literal["place"], Field(title="Type")] = "place"
    """
    What is asked: selects the intent's shape.
    """


class PowerRolledData(BaseModel):
    """
    A power roll a movement rule called for (2d10 + characteristic), with its tier.
    """

    characteristic: Annotated[int, Field(title="Characteristic")]
    """
    The characteristic added to the roll.
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """
    rolls: Annotated[list[int], Field(title="Rolls")]
    """
    The faces of the dice rolled, in order.
    """
    seeded: Annotated[bool, Field(title="Seeded")]
    """
    True when the battle's seeded dice rolled them; false when the table's `rolls` were used.
    """
    test: Annotated[str, Field(title="Test")]
    """
    What the roll tested (such as `climb creature`, `claw dirt`).
    """
    tier: Annotated[int, Field(title="Tier")]
    """
    The power roll's tier: 1 (11 or less), 2 (12-16) or 3 (17 or more).
    """
    total: Annotated[int, Field(title="Total")]
    """
    The roll's total (faces plus modifiers).
    """


class PowerRolledEnvelope(BaseModel):
    """
    A logged `PowerRolled` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: PowerRolledData
    """
    What the `PowerRolled` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["PowerRolled"], Field(title="Type")] = "PowerRolled"
    """
    Always `PowerRolled`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class PowerRolledEvent(BaseModel):
    """
    A `PowerRolled` event that was not logged.
    """

    data: PowerRolledData
    """
    What the `PowerRolled` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["PowerRolled"], Field(title="Type")] = "PowerRolled"
    """
    Always `PowerRolled`: the event's type.
    """


class PowerRolledRecord(BaseModel):
    """
    A `PowerRolled` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: PowerRolledData
    """
    What the `PowerRolled` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["PowerRolled"], Field(title="Type")] = "PowerRolled"
    """
    Always `PowerRolled`: the event's type.
    """


class Problem(BaseModel):
    """
    An error answer. `rule` and `step` are present when the rules refused an intent.
    """

    actual_version: Annotated[int | None, Field(title="Actual Version")] = None
    """
    409: the battle's version now; null on other problems.
    """
    detail: Annotated[str, Field(title="Detail")]
    """
    A sentence saying what went wrong.
    """
    errors: Annotated[list[dict[str, Any]] | None, Field(title="Errors")] = None
    """
    Invalid requests: each error's `loc` (where) and `msg` (what); null on every other problem.
    """
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    409: the version the request was decided on; null on other problems.
    """
    rule: Annotated[str | None, Field(title="Rule")] = None
    """
    Refusals: the stable, namespaced id of the rule that forbids the intent; null on every other problem.
    """
    status: Annotated[int, Field(title="Status")]
    """
    The HTTP status.
    """
    step: Annotated[int | None, Field(title="Step")] = None
    """
    Refusals: the step of the path (or leg) the rule applies to, counted from 0 (the first square entered is step 0; the viewer shows it counted from 1); null when the rule applies to the intent as a whole, and on every other problem.
    """
    title: Annotated[str, Field(title="Title")]
    """
    The HTTP status in words.
    """
    type: Annotated[str, Field(title="Type")]
    """
    What went wrong, as a path: `/problems/refused` (the rules refused), `/problems/invalid-request`, `/problems/unauthorized`, `/problems/stale-version`, ...
    """


class Status(StrEnum):
    """
    `current` signs new receipts; `retired` keys only check old ones.
    """

    current = "current"
    retired = "retired"


class PublicKey(BaseModel):
    """
    An Ed25519 public key as a JWK (RFC 8037).
    """

    alg: Annotated[Literal["EdDSA"], Field(title="Alg")] = "EdDSA"
    """
    Always `EdDSA`.
    """
    created_at: Annotated[str, Field(title="Created At")]
    """
    When the key was made (ISO-8601).
    """
    crv: Annotated[Literal["Ed25519"], Field(title="Crv")] = "Ed25519"
    """
    Always `Ed25519`.
    """
    kid: Annotated[str, Field(title="Kid")]
    """
    Its id: the RFC 7638 thumbprint; receipts name it.
    """
    kty: Annotated[Literal["OKP"], Field(title="Kty")] = "OKP"
    """
    Always `OKP`.
    """
    retired_at: Annotated[str | None, Field(title="Retired At")]
    """
    When it was retired (ISO-8601); null while it signs new receipts.
    """
    status: Annotated[Status, Field(title="Status")]
    """
    `current` signs new receipts; `retired` keys only check old ones.
    """
    use: Annotated[Literal["sig"], Field(title="Use")] = "sig"
    """
    Always `sig`.
    """
    x: Annotated[str, Field(title="X")]
    """
    The public key, base64url without padding.
    """


class Kind5(StrEnum):
    """
    The leg's kind.
    """

    normal = "normal"
    jump = "jump"
    climb = "climb"
    fly = "fly"


class ReachLeg(BaseModel):
    """
    One leg of a gridless move action, as the `legs` of a `move` intent take it.
    """

    kind: Annotated[Kind5, Field(title="Kind")]
    """
    The leg's kind.
    """
    to: Annotated[list[float], Field(max_length=3, min_length=3, title="To")]
    """
    Where the leg ends, `[x, y, z]` in inches.
    """


class ReachPoint(BaseModel):
    """
    A point of the reach region, the inches counted against Move, and legs that reach it
    which a `move` intent with those `legs` is accepted with.
    """

    at: Annotated[list[float], Field(max_length=3, min_length=3, title="At")]
    """
    `[x, y, z]` in inches.
    """
    cost: Annotated[float, Field(title="Cost")]
    """
    Inches counted against Move.
    """
    legs: Annotated[list[ReachLeg], Field(title="Legs")]
    """
    Legs that reach it.
    """


class ReachProvoked(BaseModel):
    """
    One reaction a move to the square would provoke, by the battle's ruleset's own rule
    (Draw Steel: leaving an enemy's adjacency without shifting; Epic Path: leaving a square
    an enemy threatens, once per enemy per action).
    """

    at: Annotated[list[int], Field(title="At")]
    """
    The square the mover leaves when it provokes, `[x, y, z]`.
    """
    kind: Annotated[str, Field(title="Kind")]
    """
    The reaction: `opportunity_attack` or `free_strike`.
    """
    reactor: Annotated[str, Field(title="Reactor")]
    """
    The creature that could react.
    """
    reactor_name: Annotated[str, Field(title="Reactor Name")]
    """
    Its name (its id when it has none).
    """
    why: Annotated[str, Field(title="Why")]
    """
    Why it provokes, in the ruleset's words, creatures by name.
    """


class ReachRegion(BaseModel):
    """
    Gridless battles only: the reachable region sampled every `resolution` inches.
    """

    points: Annotated[list[ReachPoint], Field(title="Points")]
    """
    The reachable points.
    """
    resolution: Annotated[float, Field(title="Resolution")]
    """
    Inches between sampled points.
    """


class ReachSquare(BaseModel):
    """
    A square the creature could end the move on.
    """

    at: Annotated[list[int | float], Field(title="At")]
    """
    The square, `[x, y, z]`.
    """
    cost: Annotated[int | float, Field(title="Cost")]
    """
    The cheapest cost to end there, in the ruleset's unit.
    """
    provokes: Annotated[list[ReachProvoked] | None, Field(title="Provokes")] = None
    """
    Present when a move to this square would provoke: every reaction window it would open, in the order the path meets them, as a dry run of the move (its `to`) lists them in `reactions`, each declined so the rest of the path is followed. Judged on what the caller knows (a creature hidden from it never appears). Null (left out of the answer) when a move there provokes nothing: on a shift or teleport (they never provoke), in a ruleset whose text has no movement-triggered reaction (Reclaim the Wild, the action-point game, Warcry), and where no move action reaches the square now.
    """


class ReactionFact(BaseModel):
    damage: Annotated[int | None, Field(title="Damage")] = None
    """
    Damage dealt; null (left out) on every list but `taken`.
    """
    reaction: Annotated[str, Field(title="Reaction")]
    """
    The reaction window's id.
    """
    reactor: Annotated[str | None, Field(title="Reactor")] = None
    """
    Who could react; null (left out) on every list but `provoked`.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's version.
    """


class Decision(StrEnum):
    """
    `take` (the reactor struck) or `decline`.
    """

    take = "take"
    decline = "decline"


class ReactionResolvedData(BaseModel):
    """
    A reaction window closed; a taken free strike records its dice and result.
    """

    characteristic: Annotated[int, Field(title="Characteristic")]
    """
    The characteristic added to the roll.
    """
    damage: Annotated[int, Field(title="Damage")]
    """
    Damage the strike dealt (0 when declined or missed).
    """
    decision: Annotated[Decision, Field(title="Decision")]
    """
    `take` (the reactor struck) or `decline`.
    """
    reaction: Annotated[str, Field(title="Reaction")]
    """
    The id of the reaction window (as in `pending_reactions[].id`).
    """
    rolls: Annotated[list[int], Field(title="Rolls")]
    """
    The faces of the dice rolled, in order.
    """
    seeded: Annotated[bool, Field(title="Seeded")]
    """
    True when the battle's seeded dice rolled them; false when the table's `rolls` were used.
    """
    tier: Annotated[int, Field(title="Tier")]
    """
    The power roll's tier: 1 (11 or less), 2 (12-16) or 3 (17 or more).
    """
    total: Annotated[int, Field(title="Total")]
    """
    The roll's total (faces plus modifiers).
    """


class ReactionResolvedEnvelope(BaseModel):
    """
    A logged `ReactionResolved` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: ReactionResolvedData
    """
    What the `ReactionResolved` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["ReactionResolved"], Field(title="Type")] = (
        "ReactionResolved"
    )
    """
    Always `ReactionResolved`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class ReactionResolvedEvent(BaseModel):
    """
    A `ReactionResolved` event that was not logged.
    """

    data: ReactionResolvedData
    """
    What the `ReactionResolved` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["ReactionResolved"], Field(title="Type")] = (
        "ReactionResolved"
    )
    """
    Always `ReactionResolved`: the event's type.
    """


class ReactionResolvedRecord(BaseModel):
    """
    A `ReactionResolved` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: ReactionResolvedData
    """
    What the `ReactionResolved` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["ReactionResolved"], Field(title="Type")] = (
        "ReactionResolved"
    )
    """
    Always `ReactionResolved`: the event's type.
    """


class Reactions(BaseModel):
    provoked: Annotated[list[ReactionFact], Field(title="Provoked")]
    """
    Reactions this creature's moves opened.
    """
    taken: Annotated[list[ReactionFact], Field(title="Taken")]
    """
    Reactions this creature took.
    """


class Receipt(BaseModel):
    """
    Signed proof of an append: the battle was at `version` with chain hash `hash`.

        `signature` is Ed25519 (key `key_id`, at `GET /keys`) over the UTF-8 bytes
        `turnledger-receipt-v1
    {battle_id}
    {version}
    {hash}`.
    """

    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    The chain hash of the event at `version` (hex).
    """
    key_id: Annotated[str, Field(title="Key Id")]
    """
    The `kid` of the signing key (see `GET /keys`).
    """
    signature: Annotated[str, Field(title="Signature")]
    """
    The Ed25519 signature, base64url without padding.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The battle's version after the append.
    """


class ReceiptConflict(BaseModel):
    hashes: Annotated[list[str], Field(title="Hashes")]
    """
    The different hashes signed for it.
    """
    version: Annotated[int, Field(title="Version")]
    """
    A version two valid receipts disagree on.
    """


class ReceiptDisagreement(BaseModel):
    log_hash: Annotated[str | None, Field(title="Log Hash")]
    """
    The log's hash there (null: no such version).
    """
    reason: Annotated[str, Field(title="Reason")]
    """
    Why they differ, in words.
    """
    receipt_hash: Annotated[str, Field(title="Receipt Hash")]
    """
    The hash the receipt names.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The receipt's version.
    """


class ReceiptIn(BaseModel):
    """
    A receipt as an appending answer gave it (`receipt`).
    """

    battle_id: Annotated[str, Field(max_length=64, min_length=1, title="Battle Id")]
    """
    The battle.
    """
    hash: Annotated[str, Field(pattern="^[0-9a-f]{64}$", title="Hash")]
    """
    The chain hash at that version (hex).
    """
    key_id: Annotated[str, Field(max_length=64, min_length=1, title="Key Id")]
    """
    The signing key's `kid`.
    """
    signature: Annotated[str, Field(max_length=128, min_length=1, title="Signature")]
    """
    Ed25519 signature, base64url.
    """
    version: Annotated[int, Field(ge=1, le=2147483647, title="Version")]
    """
    The version it was given at.
    """


class ReceiptInvalid(BaseModel):
    index: Annotated[int, Field(title="Index")]
    """
    The receipt's place in the request.
    """
    reason: Annotated[str, Field(title="Reason")]
    """
    Why it proves nothing (bad signature, unknown key...).
    """
    version: Annotated[int, Field(title="Version")]
    """
    The version it names.
    """


class ReceiptsChecked(BaseModel):
    """
    The log against the receipts given.
    """

    actions: Annotated[int | None, Field(title="Actions")] = None
    """
    The battle's actions: one receipt each was given, so a client that kept every receipt of the battle holds this many (fewer: some were never kept); never null in an answer.
    """
    agree: Annotated[bool, Field(title="Agree")]
    """
    True when the log agrees with every valid receipt.
    """
    checked: Annotated[int, Field(title="Checked")]
    """
    Validly signed receipts compared with the log.
    """
    conflicts: Annotated[list[ReceiptConflict], Field(title="Conflicts")]
    """
    Versions signed with two different hashes: proof of a rewrite.
    """
    disagreements: Annotated[list[ReceiptDisagreement], Field(title="Disagreements")]
    """
    Each receipt the log fails.
    """
    first_disagreeing_version: Annotated[
        int | None, Field(title="First Disagreeing Version")
    ]
    """
    The first version where the log and a receipt (or two receipts) differ; null when they all agree.
    """
    invalid: Annotated[list[ReceiptInvalid], Field(title="Invalid")]
    """
    Receipts that prove nothing.
    """
    rewritten: Annotated[bool, Field(title="Rewritten")]
    """
    True when `conflicts` is not empty.
    """


class ReclaimTheWildActions(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    minor: Annotated[int, Field(title="Minor")]
    """
    Minor Actions left this turn (Shield Surfing spends it).
    """
    standard: Annotated[int, Field(title="Standard")]
    """
    Standard Actions left this turn (Sprint spends it).
    """


class ReclaimTheWildEconomy(BaseModel):
    """
    Reclaim the Wild: Movement a turn (6 typically), 1-2-1 diagonals counted over the whole
    turn, Sprint doubling it for the Standard Action, the last square payable with less.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    actions: ReclaimTheWildActions | None
    """
    Actions left this turn; null without turns.
    """
    charged: Annotated[bool, Field(title="Charged")]
    """
    It Charged this turn: no more movement.
    """
    diagonals: Annotated[int, Field(title="Diagonals")]
    """
    Diagonal squares entered this turn.
    """
    held_items: Annotated[int | None, Field(title="Held Items")] = None
    """
    Items in its hands besides what its way of travel needs: `stats.hands_busy`, then what `draw` and `stow` changed. Above 0 it can't climb or Sprint (unless the battle's options waive it). Default: `0`.
    """
    may_sprint: Annotated[bool, Field(title="May Sprint")]
    """
    It may still start a Sprint (its Standard Action is left).
    """
    movement: Annotated[int, Field(title="Movement")]
    """
    The creature's Movement a turn, before Sprinting.
    """
    movement_left: Annotated[int, Field(title="Movement Left")]
    """
    What a further move (the ruleset's first move action, nothing converted) may still spend, in `unit`: the creature's `movement_left`. The last square may cost more than this (it is still entered); 0 after a Charge.
    """
    next_diagonal_costs: Annotated[int, Field(title="Next Diagonal Costs")]
    """
    What the next diagonal square costs before surcharges: 2 when it is the second of a pair (1-2-1 over the turn), else 1.
    """
    ruleset: Annotated[Literal["one-two-one"], Field(title="Ruleset")] = "one-two-one"
    """
    The battle's ruleset: which economy this is.
    """
    spent: Annotated[int, Field(title="Spent")]
    """
    Movement spent this turn (standing up included).
    """
    sprinting: Annotated[bool, Field(title="Sprinting")]
    """
    It Sprints this turn (Movement doubled).
    """
    turn: Annotated[Turn, Field(title="Turn")]
    """
    `active`: the creature's turn is under way; `waiting`: the battle tracks turns and it is not its turn, so nothing is left until its turn starts; `free`: the battle runs without turns, nothing is spent and each move has its whole budget.
    """
    unit: Annotated[Literal["Movement"] | None, Field(title="Unit")] = None
    """
    The unit `movement_left` and every distance here are counted in. Default: `"Movement"`.
    """


class RedoIn(BaseModel):
    """
    Empty: redo the latest undone action.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on; if the battle moved on: 409. Null (or left out): no check.
    """


class RedoRecord(BaseModel):
    """
    A redo as its action records it.
    """

    type: Annotated[Literal["redo"], Field(title="Type")] = "redo"
    """
    Always `redo`.
    """


class Refusal(BaseModel):
    """
    A refusal inside an answer: the rule that forbids, where, and a sentence.
    """

    detail: Annotated[str, Field(title="Detail")]
    """
    A sentence a player understands.
    """
    rule: Annotated[str, Field(title="Rule")]
    """
    A stable, namespaced rule id (`draw-steel/cannot-cut-corners`).
    """
    step: Annotated[int | None, Field(title="Step")]
    """
    The path step (or leg) it applies to, counted from 0; null when the rule applies to the intent as a whole.
    """


class Remove(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature to remove from the battle.
    """
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on: if the battle has moved on, the answer is 409 and nothing is appended; null (or left out): no check.
    """
    overrule: Overrule | None = None
    """
    The director's ruling: set aside the rules this intent breaks (director only); null (or
    left out): the rules stand.
    """
    rolls: Annotated[Rolls | None, Field(title="Rolls")] = None
    """
    Dice the table rolled, consumed in order by the rules that roll; null (or left out): the server rolls. Players may send them only where the battle's options allow.
    """
    type: Annotated[Literal["remove"], Field(title="Type")] = "remove"
    """
    What is asked: selects the intent's shape.
    """


class At(RootModel[list[float]]):
    root: Annotated[list[float], Field(max_length=3, min_length=2, title="At")]
    """
    Warcry: the landing point the opposing player picks for a fallen fighter; null (or left
    out) for every other reaction.
    """


class Decision1(StrEnum):
    """
    `take` the reaction or `decline` it.
    """

    take = "take"
    decline = "decline"


class ResolveReaction(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    at: Annotated[At | None, Field(title="At")] = None
    """
    Warcry: the landing point the opposing player picks for a fallen fighter; null (or left
    out) for every other reaction.
    """
    decision: Annotated[Decision1, Field(title="Decision")]
    """
    `take` the reaction or `decline` it.
    """
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on: if the battle has moved on, the answer is 409 and nothing is appended; null (or left out): no check.
    """
    overrule: Overrule | None = None
    """
    The director's ruling: set aside the rules this intent breaks (director only); null (or
    left out): the rules stand.
    """
    reaction: Annotated[str, Field(title="Reaction")]
    """
    The id of the reaction window (from `pending_reactions[].id`).
    """
    rolls: Annotated[Rolls | None, Field(title="Rolls")] = None
    """
    Dice the table rolled, consumed in order by the rules that roll; null (or left out): the server rolls. Players may send them only where the battle's options allow.
    """
    type: Annotated[Literal["resolve_reaction"], Field(title="Type")] = (
        "resolve_reaction"
    )
    """
    What is asked: selects the intent's shape.
    """


class Bump(RootModel[tuple[int, int, int]]):
    root: Annotated[
        tuple[int, int, int], Field(max_length=3, min_length=3, title="Bump")
    ]
    """
    An unseen obstruction just past the path's end (Epic Path collisions); null when there is
    none.
    """


class Kind6(StrEnum):
    """
    `move` or `shift`.
    """

    move = "move"
    shift = "shift"


class PathItem4(RootModel[tuple[int, int, int]]):
    root: Annotated[tuple[int, int, int], Field(max_length=3, min_length=3)]


class ResumedRuling(BaseModel):
    """
    The director's ruling a paused move was made under (the intent's `overrule`), kept so
    the rest of the move is judged under it when it resumes.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    cost: Annotated[int | None, Field(title="Cost")]
    """
    What a step the text cannot count costs (null: a plain step's cost).
    """
    reactions: Annotated[bool, Field(title="Reactions")]
    """
    Whether the move still provokes reactions.
    """
    reason: Annotated[str, Field(title="Reason")]
    """
    Why the table ruled so, as the intent's `overrule` gave it.
    """


class Reveal(BaseModel):
    """
    Director: show `creature` to every player from now on; with `history`, its past too.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature acting.
    """
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on: if the battle has moved on, the answer is 409 and nothing is appended; null (or left out): no check.
    """
    history: Annotated[bool | None, Field(title="History")] = None
    """
    Show its past events too, not only what comes next. Default: `false`.
    """
    overrule: Overrule | None = None
    """
    The director's ruling: set aside the rules this intent breaks (director only); null (or
    left out): the rules stand.
    """
    rolls: Annotated[Rolls | None, Field(title="Rolls")] = None
    """
    Dice the table rolled, consumed in order by the rules that roll; null (or left out): the server rolls. Players may send them only where the battle's options allow.
    """
    type: Annotated[Literal["reveal"], Field(title="Type")] = "reveal"
    """
    What is asked: selects the intent's shape.
    """


class RevokedOut(BaseModel):
    """
    What was revoked: every later request with those tokens is a 401 naming it revoked,
    and the live streams they hold end.
    """

    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle.
    """
    revoked: Annotated[list[str], Field(title="Revoked")]
    """
    What each revoked token was: `director` or `seat:<seat id>`.
    """
    revoked_at: Annotated[str, Field(title="Revoked At")]
    """
    When (ISO 8601).
    """


class RotatedOut(BaseModel):
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle.
    """
    director_token: Annotated[str, Field(title="Director Token")]
    """
    The battle's new director token, shown once; the old one stopped.
    """
    revoked: Annotated[list[str], Field(title="Revoked")]
    """
    What each revoked token was: `director` or `seat:<seat id>`.
    """
    revoked_at: Annotated[str, Field(title="Revoked At")]
    """
    When (ISO 8601).
    """


class RuleOverruledData(BaseModel):
    """
    The director set a rule aside (a ruling): the intent would have been
    refused by `rule` at `step` (`detail` says why); the events after it in the action go on
    as if that step were legal. It changes nothing in the battle when folded.
    """

    about: Annotated[list[str] | None, Field(title="About")] = None
    """
    The other creatures `detail` speaks of (the one whose space was in the way): a reader
    who may not see one of them does not read the ruling. Absent when it speaks of none. Default: `[]`.
    """
    creature: Annotated[str | None, Field(title="Creature")]
    """
    The creature the ruled intent moved (or acted for); null when it names none.
    """
    detail: Annotated[str, Field(title="Detail")]
    """
    The sentence the refusal would have said.
    """
    reason: Annotated[str, Field(title="Reason")]
    """
    The director's reason for the ruling.
    """
    rule: Annotated[str, Field(title="Rule")]
    """
    The id of the rule set aside, as a refusal names it (`draw-steel/ledge`).
    """
    step: Annotated[int | None, Field(title="Step")]
    """
    The path's step (or leg) it applied to, counted from 0; null: the intent as a whole.
    """


class RuleOverruledEnvelope(BaseModel):
    """
    A logged `RuleOverruled` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: RuleOverruledData
    """
    What the `RuleOverruled` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["RuleOverruled"], Field(title="Type")] = "RuleOverruled"
    """
    Always `RuleOverruled`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class RuleOverruledEvent(BaseModel):
    """
    A `RuleOverruled` event that was not logged.
    """

    data: RuleOverruledData
    """
    What the `RuleOverruled` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["RuleOverruled"], Field(title="Type")] = "RuleOverruled"
    """
    Always `RuleOverruled`: the event's type.
    """


class RuleOverruledRecord(BaseModel):
    """
    A `RuleOverruled` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: RuleOverruledData
    """
    What the `RuleOverruled` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["RuleOverruled"], Field(title="Type")] = "RuleOverruled"
    """
    Always `RuleOverruled`: the event's type.
    """


class Ruling(BaseModel):
    """
    A rule the director set aside, as the log recorded it (a `RuleOverruled` event).
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who ruled: `director`; null when the log recorded no actor.
    """
    creature: Annotated[str | None, Field(title="Creature")]
    """
    The creature the intent moved (or acted for); null when it names none.
    """
    detail: Annotated[str, Field(title="Detail")]
    """
    What the refusal would have said.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The ruled action's id (for its judgement); null when the log recorded none.
    """
    reason: Annotated[str, Field(title="Reason")]
    """
    The director's reason.
    """
    rule: Annotated[str, Field(title="Rule")]
    """
    The rule set aside (`draw-steel/ledge`).
    """
    step: Annotated[int | None, Field(title="Step")]
    """
    The path step (or leg) it applied to, counted from 0; null when the rule applied to the intent as a whole.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The `RuleOverruled` event's version.
    """


class RulingOn(BaseModel):
    detail: Annotated[str, Field(title="Detail")]
    """
    What the refusal would have said.
    """
    reason: Annotated[str, Field(title="Reason")]
    """
    The director's reason.
    """
    rule: Annotated[str, Field(title="Rule")]
    """
    The rule set aside.
    """
    step: Annotated[int | None, Field(title="Step")]
    """
    The path step (or leg), counted from 0; null when the rule applied to the intent as a whole.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The `RuleOverruled` event's version.
    """


class RulingShown(BaseModel):
    """
    The director's ruling on an action.
    """

    overruled: Annotated[list[Overruled], Field(title="Overruled")]
    """
    The rules it set aside, as recorded (empty: the rules allowed it anyway).
    """
    reason: Annotated[str, Field(title="Reason")]
    """
    The director's reason.
    """
    words: Annotated[str, Field(title="Words")]
    """
    "overruled by the director: <reason>".
    """


class RulingsPage(BaseModel):
    """
    The battle's rulings still in effect (an undone action's are left out), oldest first.
    """

    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle.
    """
    next_after: Annotated[int, Field(title="Next After")]
    """
    Pass as `after` to read the next page.
    """
    rulings: Annotated[list[Ruling], Field(title="Rulings")]
    """
    The rulings, in version order.
    """


class Name(RootModel[str]):
    root: Annotated[str, Field(max_length=200, title="Name")]
    """
    The player's name, shown in the log; null (or left out): no name.
    """


class SeatIn(BaseModel):
    """
    A player's seat: the creatures its token may act for.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    creatures: Annotated[
        list[str], Field(max_length=200, min_length=1, title="Creatures")
    ]
    """
    Ids of the creatures it controls.
    """
    name: Annotated[Name | None, Field(title="Name")] = None
    """
    The player's name, shown in the log; null (or left out): no name.
    """


class SeatOut(BaseModel):
    """
    A new seat and its token.
    """

    creatures: Annotated[list[str], Field(title="Creatures")]
    """
    Ids of the creatures it controls.
    """
    name: Annotated[str | None, Field(title="Name")] = None
    """
    The player's name; null when the seat was given none.
    """
    seat_id: Annotated[str, Field(title="Seat Id")]
    """
    The seat's id (actions show `seat:<seat_id>`).
    """
    token: Annotated[str, Field(title="Token")]
    """
    The player's token, shown once; it acts for `creatures`.
    """


class Landing2(RootModel[list[int]]):
    root: Annotated[list[int], Field(max_length=3, min_length=2, title="Landing")]
    """
    Draw Steel: a creature knocked prone by this effect while it climbs or rides another
    falls and lands "in an adjacent space of your choice": the space it chose; null (or left
    out): the nearest free one.
    """


class Until1Enum(StrEnum):
    """
    `end_of_turn`: the condition ends when the current turn ends; null: until removed.
    """

    end_of_turn = "end_of_turn"


class Until1(RootModel[Until1Enum | None]):
    root: Annotated[Until1Enum | None, Field(title="Until")] = None
    """
    `end_of_turn`: the condition ends when the current turn ends; null: until removed.
    """


class SetCondition(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    condition: Annotated[str, Field(title="Condition")]
    """
    The condition's name (`prone`, `slowed`, `grabbed`, `restrained`, ...).
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature acting.
    """
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on: if the battle has moved on, the answer is 409 and nothing is appended; null (or left out): no check.
    """
    landing: Annotated[Landing2 | None, Field(title="Landing")] = None
    """
    Draw Steel: a creature knocked prone by this effect while it climbs or rides another
    falls and lands "in an adjacent space of your choice": the space it chose; null (or left
    out): the nearest free one.
    """
    on: Annotated[bool | None, Field(title="On")] = None
    """
    True to give the condition, false to end it. Default: `true`.
    """
    overrule: Overrule | None = None
    """
    The director's ruling: set aside the rules this intent breaks (director only); null (or
    left out): the rules stand.
    """
    rolls: Annotated[Rolls | None, Field(title="Rolls")] = None
    """
    Dice the table rolled, consumed in order by the rules that roll; null (or left out): the server rolls. Players may send them only where the battle's options allow.
    """
    source: Annotated[str | None, Field(title="Source")] = None
    """
    The id of the creature imposing it (a grabber); null (or left out) when none does.
    """
    type: Annotated[Literal["set_condition"], Field(title="Type")] = "set_condition"
    """
    What is asked: selects the intent's shape.
    """
    until: Annotated[Until1 | None, Field(title="Until")] = None
    """
    `end_of_turn`: the condition ends when the current turn ends; null: until removed.
    """


class Creatures(RootModel[list[str]]):
    root: Annotated[list[str], Field(max_length=500, title="Creatures")]
    """
    Creature ids, first to act first (each once); null (or left out) when `sides` is given.
    """


class Sides(RootModel[list[str]]):
    root: Annotated[list[str], Field(max_length=50, title="Sides")]
    """
    Sides, first to act first (each once); their creatures act in turn. Null (or left out)
    when `creatures` is given.
    """


class SetOrder(BaseModel):
    """
    Director: set the turn order, `creatures` (rolled or chosen initiative: each acts once
    a round in this order) or `sides` (the sides take turns in this order, one creature of
    the side whose turn it is, any that has not acted this round: Draw Steel's sides, Warcry's
    alternating activations). Between rounds (or before the first turn) this is the table's
    set-up; changing the order while a round is under way sets aside the order the round
    began with, so it is a ruling (`turn/order-changed`: send it with `overrule`).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    creatures: Annotated[Creatures | None, Field(title="Creatures")] = None
    """
    Creature ids, first to act first (each once); null (or left out) when `sides` is given.
    """
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on: if the battle has moved on, the answer is 409 and nothing is appended; null (or left out): no check.
    """
    overrule: Overrule | None = None
    """
    The director's ruling: set aside the rules this intent breaks (director only); null (or
    left out): the rules stand.
    """
    rolls: Annotated[Rolls | None, Field(title="Rolls")] = None
    """
    Dice the table rolled, consumed in order by the rules that roll; null (or left out): the server rolls. Players may send them only where the battle's options allow.
    """
    sides: Annotated[Sides | None, Field(title="Sides")] = None
    """
    Sides, first to act first (each once); their creatures act in turn. Null (or left out)
    when `creatures` is given.
    """
    type: Annotated[Literal["set_order"], Field(title="Type")] = "set_order"
    """
    What is asked: selects the intent's shape.
    """


class Cell2(RootModel[list[int]]):
    root: Annotated[list[int], Field(max_length=3, min_length=2)]


class Cells(RootModel[list[Cell2]]):
    root: Annotated[list[Cell2], Field(max_length=3000, title="Cells")]
    """
    Squares `[x, y]`; null (or left out) when `area` is given instead.
    """


class Fits(RootModel[str]):
    root: Annotated[str, Field(max_length=16, title="Fits")]
    """
    For `narrow`: the size the opening is built for; null (or left out) for other kinds.
    """


class Kind7(StrEnum):
    """
    The terrain to put on the cells; `clear` removes every terrain there.
    """

    wall = "wall"
    obstacle = "obstacle"
    difficult = "difficult"
    damaging = "damaging"
    water = "water"
    hazard = "hazard"
    climbable = "climbable"
    impeded = "impeded"
    concealed = "concealed"
    updraft = "updraft"
    narrow = "narrow"
    landing = "landing"


class Material(StrEnum):
    """
    What an obstacle is made of: `glass`, `wood`, `stone` or `metal`; null (or left out) when not said.
    """

    glass = "glass"
    wood = "wood"
    stone = "stone"
    metal = "metal"


class Surface(StrEnum):
    """
    For `landing`: what a fall onto these squares lands on; null (or left out): normal.
    """

    jagged = "jagged"
    rough = "rough"
    normal = "normal"
    soft = "soft"


class SetTerrain(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    area: Area | None = None
    """
    A rectangle of squares, both corners included; null (or left out) when `cells` is given instead.
    """
    cells: Annotated[Cells | None, Field(title="Cells")] = None
    """
    Squares `[x, y]`; null (or left out) when `area` is given instead.
    """
    damage: Annotated[int | None, Field(title="Damage")] = None
    """
    For `damaging`: the damage it deals; null (or left out) for other kinds.
    """
    depth: Annotated[int | None, Field(title="Depth")] = None
    """
    Depth of water or of a pit, in squares; null (or left out) for other kinds.
    """
    elevation: Annotated[int | None, Field(title="Elevation")] = None
    """
    The ground's new height there, in squares; null (or left out): unchanged.
    """
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on: if the battle has moved on, the answer is 409 and nothing is appended; null (or left out): no check.
    """
    fits: Annotated[Fits | None, Field(title="Fits")] = None
    """
    For `narrow`: the size the opening is built for; null (or left out) for other kinds.
    """
    hard: Annotated[bool | None, Field(title="Hard")] = None
    """
    A surface hard to climb or a liquid hard to swim (the Director's Might test). Default: `false`.
    """
    height: Annotated[int | None, Field(title="Height")] = None
    """
    How tall a wall or obstacle stands (squares); null (or left out) for other kinds, and for a wall of no stated height.
    """
    kind: Annotated[Kind7 | Literal["clear"], Field(title="Kind")]
    """
    The terrain to put on the cells; `clear` removes every terrain there.
    """
    material: Annotated[Material | None, Field(title="Material")] = None
    """
    What an obstacle is made of: `glass`, `wood`, `stone` or `metal`; null (or left out) when not said.
    """
    overrule: Overrule | None = None
    """
    The director's ruling: set aside the rules this intent breaks (director only); null (or
    left out): the rules stand.
    """
    rolls: Annotated[Rolls | None, Field(title="Rolls")] = None
    """
    Dice the table rolled, consumed in order by the rules that roll; null (or left out): the server rolls. Players may send them only where the battle's options allow.
    """
    surface: Annotated[Surface | None, Field(title="Surface")] = None
    """
    For `landing`: what a fall onto these squares lands on; null (or left out): normal.
    """
    type: Annotated[Literal["set_terrain"], Field(title="Type")] = "set_terrain"
    """
    What is asked: selects the intent's shape.
    """


class ShieldSurf(BaseModel):
    """
    Reclaim the Wild: begin Shield Surfing (a Minor action, with a shield, on a downward
    slope), or with `stop` end it (a Minor action).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature acting.
    """
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on: if the battle has moved on, the answer is 409 and nothing is appended; null (or left out): no check.
    """
    overrule: Overrule | None = None
    """
    The director's ruling: set aside the rules this intent breaks (director only); null (or
    left out): the rules stand.
    """
    rolls: Annotated[Rolls | None, Field(title="Rolls")] = None
    """
    Dice the table rolled, consumed in order by the rules that roll; null (or left out): the server rolls. Players may send them only where the battle's options allow.
    """
    stop: Annotated[bool | None, Field(title="Stop")] = None
    """
    End Shield Surfing instead of beginning it. Default: `false`.
    """
    type: Annotated[Literal["shield_surf"], Field(title="Type")] = "shield_surf"
    """
    What is asked: selects the intent's shape.
    """


class ShieldAt(RootModel[tuple[int, int, int]]):
    root: Annotated[
        tuple[int, int, int], Field(max_length=3, min_length=3, title="Shield At")
    ]
    """
    Where a forced end dropped the shield, `[x, y, z]`; null when the end was not forced.
    """


class ShieldSurfEndedData(BaseModel):
    """
    Reclaim the Wild: Shield Surfing ended, by choice (a Minor action) or `forced` (`reason`:
    halted, frozen, prone, disarmed, broken); a forced end drops the shield on `shield_at`.
    """

    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """
    forced: Annotated[bool, Field(title="Forced")]
    """
    True when something ended it (the creature is knocked prone).
    """
    reason: Annotated[str, Field(title="Reason")]
    """
    Why it ended (`minor action`, `halted`, `frozen`, `prone`, `disarmed`, `broken`).
    """
    shield_at: Annotated[ShieldAt | None, Field(title="Shield At")]
    """
    Where a forced end dropped the shield, `[x, y, z]`; null when the end was not forced.
    """


class ShieldSurfEndedEnvelope(BaseModel):
    """
    A logged `ShieldSurfEnded` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: ShieldSurfEndedData
    """
    What the `ShieldSurfEnded` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["ShieldSurfEnded"], Field(title="Type")] = "ShieldSurfEnded"
    """
    Always `ShieldSurfEnded`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class ShieldSurfEndedEvent(BaseModel):
    """
    A `ShieldSurfEnded` event that was not logged.
    """

    data: ShieldSurfEndedData
    """
    What the `ShieldSurfEnded` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["ShieldSurfEnded"], Field(title="Type")] = "ShieldSurfEnded"
    """
    Always `ShieldSurfEnded`: the event's type.
    """


class ShieldSurfEndedRecord(BaseModel):
    """
    A `ShieldSurfEnded` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: ShieldSurfEndedData
    """
    What the `ShieldSurfEnded` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["ShieldSurfEnded"], Field(title="Type")] = "ShieldSurfEnded"
    """
    Always `ShieldSurfEnded`: the event's type.
    """


class ShieldSurfStartedData(BaseModel):
    """
    Reclaim the Wild: a creature began Shield Surfing (it stands on its shield).
    """

    at: Annotated[tuple[int, int, int], Field(title="At")]
    """
    Where the surf began, `[x, y, z]`.
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """


class ShieldSurfStartedEnvelope(BaseModel):
    """
    A logged `ShieldSurfStarted` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: ShieldSurfStartedData
    """
    What the `ShieldSurfStarted` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["ShieldSurfStarted"], Field(title="Type")] = (
        "ShieldSurfStarted"
    )
    """
    Always `ShieldSurfStarted`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class ShieldSurfStartedEvent(BaseModel):
    """
    A `ShieldSurfStarted` event that was not logged.
    """

    data: ShieldSurfStartedData
    """
    What the `ShieldSurfStarted` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["ShieldSurfStarted"], Field(title="Type")] = (
        "ShieldSurfStarted"
    )
    """
    Always `ShieldSurfStarted`: the event's type.
    """


class ShieldSurfStartedRecord(BaseModel):
    """
    A `ShieldSurfStarted` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: ShieldSurfStartedData
    """
    What the `ShieldSurfStarted` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["ShieldSurfStarted"], Field(title="Type")] = (
        "ShieldSurfStarted"
    )
    """
    Always `ShieldSurfStarted`: the event's type.
    """


class ShieldWornData(BaseModel):
    """
    Reclaim the Wild: the shield a creature surfs on lost `amount` Durability (`terrain`:
    harsh, normal or gentle); `left` is what remains. The wear adds to the creature's
    battle-long tally `battle:shield_wear`.
    """

    amount: Annotated[int, Field(title="Amount")]
    """
    Durability the shield lost.
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """
    left: Annotated[int, Field(title="Left")]
    """
    Durability the shield has left.
    """
    terrain: Annotated[str, Field(title="Terrain")]
    """
    How rough the ground was: `harsh`, `normal` or `gentle`.
    """


class ShieldWornEnvelope(BaseModel):
    """
    A logged `ShieldWorn` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: ShieldWornData
    """
    What the `ShieldWorn` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["ShieldWorn"], Field(title="Type")] = "ShieldWorn"
    """
    Always `ShieldWorn`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class ShieldWornEvent(BaseModel):
    """
    A `ShieldWorn` event that was not logged.
    """

    data: ShieldWornData
    """
    What the `ShieldWorn` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["ShieldWorn"], Field(title="Type")] = "ShieldWorn"
    """
    Always `ShieldWorn`: the event's type.
    """


class ShieldWornRecord(BaseModel):
    """
    A `ShieldWorn` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: ShieldWornData
    """
    What the `ShieldWorn` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["ShieldWorn"], Field(title="Type")] = "ShieldWorn"
    """
    Always `ShieldWorn`: the event's type.
    """


class Path2Item(RootModel[list[int]]):
    root: Annotated[list[int], Field(max_length=3, min_length=2)]


class Path2(RootModel[list[Path2Item]]):
    root: Annotated[list[Path2Item], Field(max_length=1000, title="Path")]
    """
    The squares to enter, in order, each `[x, y]` or `[x, y, z]` (not the starting square); null (or left out) when `to` is given instead.
    """


class To1(RootModel[list[int]]):
    root: Annotated[list[int], Field(max_length=3, min_length=2, title="To")]
    """
    Where to end, `[x, y]` or `[x, y, z]`; the server finds the cheapest legal path. Null (or left out) when `path` is given instead.
    """


class Shift(BaseModel):
    """
    The careful step: Disengage (default) or a shift granted by an effect (`free`, with
    `distance`). `instead_move` uses the granted distance to move instead (then it provokes).
    Epic Path: the 5-foot step, `action` `five_foot_step` (the default), `action_point` (a
    move action bought with an action point, even after moving), `full_attack` (an attack
    of a full attack traded for the step) or `feature` (an extra step a feat, class feature
    or racial trait grants, `stats.feature_steps` a round).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    action: Annotated[str | None, Field(title="Action")] = None
    """
    `disengage` (default) or `free` for Draw Steel; Epic Path's `five_foot_step`, `action_point`, `full_attack` or `feature`. Default: `"disengage"`.
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature acting.
    """
    distance: Annotated[int | None, Field(title="Distance")] = None
    """
    The distance an effect grants, in the ruleset's unit; null (or left out) when no effect grants one (the action's own distance).
    """
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on: if the battle has moved on, the answer is 409 and nothing is appended; null (or left out): no check.
    """
    instead_move: Annotated[bool | None, Field(title="Instead Move")] = None
    """
    Use the granted distance to move instead of shifting (then it provokes). Default: `false`.
    """
    overrule: Overrule | None = None
    """
    The director's ruling: set aside the rules this intent breaks (director only); null (or
    left out): the rules stand.
    """
    path: Annotated[Path2 | None, Field(title="Path")] = None
    """
    The squares to enter, in order, each `[x, y]` or `[x, y, z]` (not the starting square); null (or left out) when `to` is given instead.
    """
    rolls: Annotated[Rolls | None, Field(title="Rolls")] = None
    """
    Dice the table rolled, consumed in order by the rules that roll; null (or left out): the server rolls. Players may send them only where the battle's options allow.
    """
    to: Annotated[To1 | None, Field(title="To")] = None
    """
    Where to end, `[x, y]` or `[x, y, z]`; the server finds the cheapest legal path. Null (or left out) when `path` is given instead.
    """
    type: Annotated[Literal["shift"], Field(title="Type")] = "shift"
    """
    What is asked: selects the intent's shape.
    """
    use_main_action: Annotated[bool | None, Field(title="Use Main Action")] = None
    """
    Spend the main action as the move action (a second move). Default: `false`.
    """


class ShiftedData(BaseModel):
    """
    What a `Shifted` event records.
    """

    action: Annotated[str, Field(title="Action")]
    """
    The action that granted the movement (each ruleset names its own, such as Draw Steel's `advance` or Epic Path's `double_move`).
    """
    cost: Annotated[int, Field(title="Cost")]
    """
    Movement the shift spent, in the ruleset's unit.
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """
    move_remainder: Annotated[int | None, Field(title="Move Remainder")] = None
    """
    What is left of the move action this movement spends from, which a further move may
    continue (Draw Steel's Advance split around other actions), when it differs from
    `movement_left` (what the state shows after the event, in the ruleset's economy); null
    (left out) when it does not, and on events logged before it existed, whose `movement_left`
    held this.
    """
    movement_left: Annotated[int, Field(title="Movement Left")]
    """
    Movement the creature has left this turn afterwards, in the ruleset's unit.
    """
    path: Annotated[list[PathItem4], Field(title="Path")]
    """
    The squares entered, in order, each `[x, y, z]`; the starting square is not in it.
    """
    starts_action: Annotated[bool, Field(title="Starts Action")]
    """
    This movement began a new move action (it spent one of the turn's actions).
    """


class ShiftedEnvelope(BaseModel):
    """
    A logged `Shifted` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: ShiftedData
    """
    What the `Shifted` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["Shifted"], Field(title="Type")] = "Shifted"
    """
    Always `Shifted`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class ShiftedEvent(BaseModel):
    """
    A `Shifted` event that was not logged.
    """

    data: ShiftedData
    """
    What the `Shifted` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["Shifted"], Field(title="Type")] = "Shifted"
    """
    Always `Shifted`: the event's type.
    """


class ShiftedRecord(BaseModel):
    """
    A `Shifted` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: ShiftedData
    """
    What the `Shifted` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["Shifted"], Field(title="Type")] = "Shifted"
    """
    Always `Shifted`: the event's type.
    """


class PartOfMove1(RootModel[str]):
    root: Annotated[str, Field(max_length=100, min_length=1, title="Part Of Move")]
    """
    Epic Path: an activity done as part of the move action that stands the creature up
    (Part of a Move Action: "Nearly any action you perform with a move action (such as
    standing up from Prone) can also include an action which is 'part of a move action'").
    Null (or left out): none.
    """


class StandUp(BaseModel):
    """
    Stand up; `by` names an adjacent creature using its maneuver on a willing one.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    by: Annotated[str | None, Field(title="By")] = None
    """
    The id of an adjacent creature helping (using its own maneuver); null (or left out): no one helps.
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature acting.
    """
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on: if the battle has moved on, the answer is 409 and nothing is appended; null (or left out): no check.
    """
    overrule: Overrule | None = None
    """
    The director's ruling: set aside the rules this intent breaks (director only); null (or
    left out): the rules stand.
    """
    part_of_move: Annotated[PartOfMove1 | None, Field(title="Part Of Move")] = None
    """
    Epic Path: an activity done as part of the move action that stands the creature up
    (Part of a Move Action: "Nearly any action you perform with a move action (such as
    standing up from Prone) can also include an action which is 'part of a move action'").
    Null (or left out): none.
    """
    rolls: Annotated[Rolls | None, Field(title="Rolls")] = None
    """
    Dice the table rolled, consumed in order by the rules that roll; null (or left out): the server rolls. Players may send them only where the battle's options allow.
    """
    type: Annotated[Literal["stand_up"], Field(title="Type")] = "stand_up"
    """
    What is asked: selects the intent's shape.
    """
    use_main_action: Annotated[bool | None, Field(title="Use Main Action")] = None
    """
    Spend the main action as the move action (a second move). Default: `false`.
    """


class StartTurn(BaseModel):
    """
    Start `creature`'s turn (a Warcry activation): its movement and actions refresh.

    With turns on, one turn is under way at a time and each creature has one a round; a
    round ends when every creature still standing has had its turn, and the next turn
    starts the next round. Once the director has set an order (`set_order`), only the
    creature (or a creature of the side) whose turn is next may start one: the state's
    `turn_order.next` names them. Starting another's turn out of order (delaying, readying)
    is the director's ruling: send it with `overrule`. Refused with `turn/no-turns` when the
    battle runs without turns, `turn/turn-in-progress` while a turn is under way (send
    `end_turn` first), `turn/already-acted`, `turn/out-of-order` or `turn/not-in-order`.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature whose turn begins.
    """
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on: if the battle has moved on, the answer is 409 and nothing is appended; null (or left out): no check.
    """
    overrule: Overrule | None = None
    """
    The director's ruling: set aside the rules this intent breaks (director only); null (or
    left out): the rules stand.
    """
    rolls: Annotated[Rolls | None, Field(title="Rolls")] = None
    """
    Dice the table rolled, consumed in order by the rules that roll; null (or left out): the server rolls. Players may send them only where the battle's options allow.
    """
    type: Annotated[Literal["start_turn"], Field(title="Type")] = "start_turn"
    """
    What is asked: selects the intent's shape.
    """


class StateDifference(BaseModel):
    """
    What differs between the what-if's state and the log's.
    """

    creatures: Annotated[dict[str, CreatureDifference], Field(title="Creatures")]
    """
    Creatures that differ, by id (the others are the same).
    """
    pending_reactions: PendingDifference | None = None
    """
    The open reaction windows of each; null (left out) when they are the same.
    """


class Action1(StrEnum):
    """
    What standing up spent: nothing (`free`), a maneuver (Draw Steel's Stand Up), a move
    action (Epic Path; its `ActionUsed` spends it) or the turn's own movement (`movement`:
    Move Points, Reclaim the Wild's Movement; its `Tallied` spends it).
    """

    free = "free"
    maneuver = "maneuver"
    move = "move"
    movement = "movement"


class StoodUpData(BaseModel):
    """
    What a `StoodUp` event records.
    """

    action: Annotated[Action1, Field(title="Action")]
    """
    What standing up spent: nothing (`free`), a maneuver (Draw Steel's Stand Up), a move
    action (Epic Path; its `ActionUsed` spends it) or the turn's own movement (`movement`:
    Move Points, Reclaim the Wild's Movement; its `Tallied` spends it).
    """
    by: Annotated[str | None, Field(title="By")]
    """
    An adjacent creature that used its own Stand Up maneuver on this willing creature; null
    when the creature stood up by itself.
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """


class StoodUpEnvelope(BaseModel):
    """
    A logged `StoodUp` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: StoodUpData
    """
    What the `StoodUp` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["StoodUp"], Field(title="Type")] = "StoodUp"
    """
    Always `StoodUp`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class StoodUpEvent(BaseModel):
    """
    A `StoodUp` event that was not logged.
    """

    data: StoodUpData
    """
    What the `StoodUp` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["StoodUp"], Field(title="Type")] = "StoodUp"
    """
    Always `StoodUp`: the event's type.
    """


class StoodUpRecord(BaseModel):
    """
    A `StoodUp` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: StoodUpData
    """
    What the `StoodUp` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["StoodUp"], Field(title="Type")] = "StoodUp"
    """
    Always `StoodUp`: the event's type.
    """


class Stow(BaseModel):
    """
    Reclaim the Wild: `creature` sheathes or stows `items` of the items in its hands.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature putting items away.
    """
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on: if the battle has moved on, the answer is 409 and nothing is appended; null (or left out): no check.
    """
    items: Annotated[int | None, Field(ge=1, le=2, title="Items")] = None
    """
    How many items it puts away (one a hand; a two-handed item counts 2). Default: `1`.
    """
    overrule: Overrule | None = None
    """
    The director's ruling: set aside the rules this intent breaks (director only); null (or
    left out): the rules stand.
    """
    rolls: Annotated[Rolls | None, Field(title="Rolls")] = None
    """
    Dice the table rolled, consumed in order by the rules that roll; null (or left out): the server rolls. Players may send them only where the battle's options allow.
    """
    type: Annotated[Literal["stow"], Field(title="Type")] = "stow"
    """
    What is asked: selects the intent's shape.
    """


class TakenDownData(BaseModel):
    """
    A fighter was taken down (removed from the battlefield); `cause` says why.
    """

    cause: Annotated[str, Field(title="Cause")]
    """
    Why it was taken down, in words.
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """


class TakenDownEnvelope(BaseModel):
    """
    A logged `TakenDown` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: TakenDownData
    """
    What the `TakenDown` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["TakenDown"], Field(title="Type")] = "TakenDown"
    """
    Always `TakenDown`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class TakenDownEvent(BaseModel):
    """
    A `TakenDown` event that was not logged.
    """

    data: TakenDownData
    """
    What the `TakenDown` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["TakenDown"], Field(title="Type")] = "TakenDown"
    """
    Always `TakenDown`: the event's type.
    """


class TakenDownRecord(BaseModel):
    """
    A `TakenDown` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: TakenDownData
    """
    What the `TakenDown` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["TakenDown"], Field(title="Type")] = "TakenDown"
    """
    Always `TakenDown`: the event's type.
    """


class TalliedData(BaseModel):
    """
    A per-turn count a ruleset keeps on a creature (diagonals taken, action points spent,
    attacks of opportunity made): `amount` is added; every tally resets when the creature's
    own turn starts, except a name starting `battle:`, which counts for the whole battle
    (Epic Path: rounds run, endurance checks, action points spent).
    """

    amount: Annotated[int, Field(title="Amount")]
    """
    Added to the count.
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """
    name: Annotated[str, Field(title="Name")]
    """
    The count's name; one starting `battle:` lasts the whole battle, the others reset when the creature's turn starts.
    """


class TalliedEnvelope(BaseModel):
    """
    A logged `Tallied` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: TalliedData
    """
    What the `Tallied` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["Tallied"], Field(title="Type")] = "Tallied"
    """
    Always `Tallied`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class TalliedEvent(BaseModel):
    """
    A `Tallied` event that was not logged.
    """

    data: TalliedData
    """
    What the `Tallied` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["Tallied"], Field(title="Type")] = "Tallied"
    """
    Always `Tallied`: the event's type.
    """


class TalliedRecord(BaseModel):
    """
    A `Tallied` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: TalliedData
    """
    What the `Tallied` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["Tallied"], Field(title="Type")] = "Tallied"
    """
    Always `Tallied`: the event's type.
    """


class Teleport(BaseModel):
    """
    Teleport `creature` to `to`; `source` names another creature doing the teleporting
    (then the effect's `distance` is required); `stand` chooses to arrive standing.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature teleported.
    """
    distance: Annotated[int | None, Field(title="Distance")] = None
    """
    The distance an effect grants, in the ruleset's unit; null (or left out) when no effect grants one (the action's own distance).
    """
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on: if the battle has moved on, the answer is 409 and nothing is appended; null (or left out): no check.
    """
    overrule: Overrule | None = None
    """
    The director's ruling: set aside the rules this intent breaks (director only); null (or
    left out): the rules stand.
    """
    rolls: Annotated[Rolls | None, Field(title="Rolls")] = None
    """
    Dice the table rolled, consumed in order by the rules that roll; null (or left out): the server rolls. Players may send them only where the battle's options allow.
    """
    source: Annotated[str | None, Field(title="Source")] = None
    """
    The id of another creature doing the teleporting (then `distance` is required); null (or left out): the creature teleports itself.
    """
    stand: Annotated[bool | None, Field(title="Stand")] = None
    """
    Arrive standing (a prone creature may choose to). Default: `true`.
    """
    to: Annotated[list[int], Field(max_length=3, min_length=2, title="To")]
    """
    Where to arrive, `[x, y]` or `[x, y, z]`.
    """
    type: Annotated[Literal["teleport"], Field(title="Type")] = "teleport"
    """
    What is asked: selects the intent's shape.
    """
    use_main_action: Annotated[bool | None, Field(title="Use Main Action")] = None
    """
    Spend the main action as the move action (a second move). Default: `false`.
    """


class TeleportedData(BaseModel):
    """
    What a `Teleported` event records.
    """

    action: Annotated[str, Field(title="Action")]
    """
    The action that granted the teleport.
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """
    distance: Annotated[int, Field(title="Distance")]
    """
    The teleport's distance, in the ruleset's unit.
    """
    move_remainder: Annotated[int | None, Field(title="Move Remainder")] = None
    """
    What is left of the move action this movement spends from, which a further move may
    continue (Draw Steel's Advance split around other actions), when it differs from
    `movement_left` (what the state shows after the event, in the ruleset's economy); null
    (left out) when it does not, and on events logged before it existed, whose `movement_left`
    held this.
    """
    movement_left: Annotated[int, Field(title="Movement Left")]
    """
    Movement the creature has left this turn afterwards, in the ruleset's unit.
    """
    origin: Annotated[tuple[int, int, int], Field(title="Origin")]
    """
    Where the creature was before, `[x, y, z]`.
    """
    starts_action: Annotated[bool, Field(title="Starts Action")]
    """
    This movement began a new move action (it spent one of the turn's actions).
    """
    to: Annotated[tuple[int, int, int], Field(title="To")]
    """
    Where the creature ended up, `[x, y, z]`.
    """


class TeleportedEnvelope(BaseModel):
    """
    A logged `Teleported` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: TeleportedData
    """
    What the `Teleported` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["Teleported"], Field(title="Type")] = "Teleported"
    """
    Always `Teleported`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class TeleportedEvent(BaseModel):
    """
    A `Teleported` event that was not logged.
    """

    data: TeleportedData
    """
    What the `Teleported` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["Teleported"], Field(title="Type")] = "Teleported"
    """
    Always `Teleported`: the event's type.
    """


class TeleportedRecord(BaseModel):
    """
    A `Teleported` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: TeleportedData
    """
    What the `Teleported` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["Teleported"], Field(title="Type")] = "Teleported"
    """
    Always `Teleported`: the event's type.
    """


class Cell3(RootModel[tuple[int, int]]):
    root: Annotated[tuple[int, int], Field(max_length=2, min_length=2)]


class Kind8(StrEnum):
    """
    The terrain now on these cells; `clear` removes every terrain there.
    """

    wall = "wall"
    obstacle = "obstacle"
    difficult = "difficult"
    damaging = "damaging"
    water = "water"
    hazard = "hazard"
    climbable = "climbable"
    impeded = "impeded"
    concealed = "concealed"
    updraft = "updraft"
    narrow = "narrow"
    landing = "landing"


class Material1(StrEnum):
    """
    What an obstacle is made of: `glass`, `wood`, `stone` or `metal`; null when not said.
    """

    glass = "glass"
    wood = "wood"
    stone = "stone"
    metal = "metal"


class Surface1(StrEnum):
    """
    For `landing`: what a fall onto these squares lands on; null: normal.
    """

    jagged = "jagged"
    rough = "rough"
    normal = "normal"
    soft = "soft"


class TerrainSetData(BaseModel):
    """
    The director changed cells: `kind` "clear" removes all terrain there.
    """

    cells: Annotated[list[Cell3], Field(title="Cells")]
    """
    Squares `[x, y]` (areas already expanded to their squares).
    """
    damage: Annotated[int | None, Field(title="Damage")]
    """
    For `damaging`: the damage it deals; null for other kinds.
    """
    depth: Annotated[int | None, Field(title="Depth")]
    """
    Depth of water or of a pit, in squares; null for other kinds.
    """
    elevation: Annotated[int | None, Field(title="Elevation")]
    """
    The ground's height there, in squares; null when not set.
    """
    fits: Annotated[str | None, Field(title="Fits")]
    """
    For `narrow`: the size the opening is built for (bigger creatures squeeze or stop); null for other kinds.
    """
    hard: Annotated[bool, Field(title="Hard")]
    """
    A surface hard to climb or a liquid hard to swim: climbing or swimming it calls for the Director's Might test.
    """
    height: Annotated[int | None, Field(title="Height")]
    """
    How tall a wall or obstacle stands (squares); null for other kinds, and for a wall of no stated height.
    """
    kind: Annotated[Kind8 | Literal["clear"], Field(title="Kind")]
    """
    The terrain now on these cells; `clear` removes every terrain there.
    """
    material: Annotated[Material1 | None, Field(title="Material")]
    """
    What an obstacle is made of: `glass`, `wood`, `stone` or `metal`; null when not said.
    """
    rects: Annotated[list[Rect] | None, Field(title="Rects")] = None
    """
    An `area` as its rectangle, `[x0, y0, x1, y1]` corners included (absent: none). Default: `[]`.
    """
    surface: Annotated[Surface1 | None, Field(title="Surface")] = None
    """
    For `landing`: what a fall onto these squares lands on; null: normal.
    """


class TerrainSetEnvelope(BaseModel):
    """
    A logged `TerrainSet` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: TerrainSetData
    """
    What the `TerrainSet` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["TerrainSet"], Field(title="Type")] = "TerrainSet"
    """
    Always `TerrainSet`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class TerrainSetEvent(BaseModel):
    """
    A `TerrainSet` event that was not logged.
    """

    data: TerrainSetData
    """
    What the `TerrainSet` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["TerrainSet"], Field(title="Type")] = "TerrainSet"
    """
    Always `TerrainSet`: the event's type.
    """


class TerrainSetRecord(BaseModel):
    """
    A `TerrainSet` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: TerrainSetData
    """
    What the `TerrainSet` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["TerrainSet"], Field(title="Type")] = "TerrainSet"
    """
    Always `TerrainSet`: the event's type.
    """


class Cell4(RootModel[list[int]]):
    root: Annotated[list[int], Field(max_length=3, min_length=2)]


class Damage(RootModel[int]):
    root: Annotated[int, Field(ge=0, le=1000, title="Damage")]
    """
    For `damaging`: the damage it deals; null (or left out) for other kinds.
    """


class Depth(RootModel[int]):
    root: Annotated[int, Field(ge=0, le=1000, title="Depth")]
    """
    Depth of water or of a pit, in squares; null (or left out) for other kinds.
    """


class Fits1(RootModel[str]):
    root: Annotated[str, Field(max_length=16, title="Fits")]
    """
    For `narrow`: the size the opening is built for (bigger creatures squeeze or stop); null
    (or left out) for other kinds.
    """


class Height(RootModel[int]):
    root: Annotated[int, Field(ge=0, le=1000, title="Height")]
    """
    How tall a wall or obstacle stands (squares); for `updraft`, how many squares above the ground it lifts a glider; null (or left out) for other kinds, and for a wall of no stated height.
    """


class Kind9(StrEnum):
    """
    The terrain: `wall`, `obstacle`, `difficult`, `damaging`, `water`, `hazard`, `climbable`, `impeded`, `concealed`, `updraft`, `narrow` or `landing`.
    """

    wall = "wall"
    obstacle = "obstacle"
    difficult = "difficult"
    damaging = "damaging"
    water = "water"
    hazard = "hazard"
    climbable = "climbable"
    impeded = "impeded"
    concealed = "concealed"
    updraft = "updraft"
    narrow = "narrow"
    landing = "landing"


class Material2(StrEnum):
    """
    What an obstacle is made of: `glass`, `wood`, `stone` or `metal`; null (or left out) when not said.
    """

    glass = "glass"
    wood = "wood"
    stone = "stone"
    metal = "metal"


class Surface2(StrEnum):
    """
    For `landing`: what a fall onto these squares lands on, `jagged`, `rough`, `normal` or
    `soft` (the rulesets that read it say what each does); null (or left out): normal.
    """

    jagged = "jagged"
    rough = "rough"
    normal = "normal"
    soft = "soft"


class TerrainSetup(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    area: Area | None = None
    """
    A rectangle of squares, both corners included; null (or left out) when `cells` is given instead.
    """
    cells: Annotated[list[Cell4] | None, Field(title="Cells")] = None
    """
    Squares `[x, y]`; null (or left out) when `area` is given instead.
    """
    damage: Annotated[Damage | None, Field(title="Damage")] = None
    """
    For `damaging`: the damage it deals; null (or left out) for other kinds.
    """
    depth: Annotated[Depth | None, Field(title="Depth")] = None
    """
    Depth of water or of a pit, in squares; null (or left out) for other kinds.
    """
    fits: Annotated[Fits1 | None, Field(title="Fits")] = None
    """
    For `narrow`: the size the opening is built for (bigger creatures squeeze or stop); null
    (or left out) for other kinds.
    """
    hard: Annotated[bool | None, Field(title="Hard")] = None
    """
    A surface hard to climb or a liquid hard to swim (the Director's Might test). Default: `false`.
    """
    height: Annotated[Height | None, Field(title="Height")] = None
    """
    How tall a wall or obstacle stands (squares); for `updraft`, how many squares above the ground it lifts a glider; null (or left out) for other kinds, and for a wall of no stated height.
    """
    kind: Annotated[Kind9, Field(title="Kind")]
    """
    The terrain: `wall`, `obstacle`, `difficult`, `damaging`, `water`, `hazard`, `climbable`, `impeded`, `concealed`, `updraft`, `narrow` or `landing`.
    """
    material: Annotated[Material2 | None, Field(title="Material")] = None
    """
    What an obstacle is made of: `glass`, `wood`, `stone` or `metal`; null (or left out) when not said.
    """
    surface: Annotated[Surface2 | None, Field(title="Surface")] = None
    """
    For `landing`: what a fall onto these squares lands on, `jagged`, `rough`, `normal` or
    `soft` (the rulesets that read it say what each does); null (or left out): normal.
    """


class Cell5(RootModel[tuple[int, int]]):
    root: Annotated[tuple[int, int], Field(max_length=2, min_length=2)]


class Damage1(RootModel[int]):
    root: Annotated[int, Field(ge=0, le=1000, title="Damage")]
    """
    For `damaging`: the damage it deals; null for other kinds.
    """


class Depth1(RootModel[int]):
    root: Annotated[int, Field(ge=0, le=1000, title="Depth")]
    """
    Depth of water or of a pit, in squares; null for other kinds.
    """


class Fits2(RootModel[str]):
    root: Annotated[str, Field(max_length=16, title="Fits")]
    """
    For `narrow`: the size the opening is built for (bigger creatures squeeze or stop); null
    for other kinds.
    """


class Height1(RootModel[int]):
    root: Annotated[int, Field(ge=0, le=1000, title="Height")]
    """
    How tall a wall or obstacle stands (squares); for `updraft`, how many squares above the ground it lifts a glider; null for other kinds, and for a wall of no stated height.
    """


class Material3(StrEnum):
    """
    What an obstacle is made of: `glass`, `wood`, `stone` or `metal`; null when not said.
    """

    glass = "glass"
    wood = "wood"
    stone = "stone"
    metal = "metal"


class Surface3(StrEnum):
    """
    For `landing`: what a fall onto these squares lands on; null: normal.
    """

    jagged = "jagged"
    rough = "rough"
    normal = "normal"
    soft = "soft"


class TerrainSpec(BaseModel):
    """
    One terrain feature over some squares: `cells` listed one by one, and `rects` (an
    `area` of the setup, kept as its rectangle so that a big map logs compactly).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    cells: Annotated[list[Cell5], Field(title="Cells")]
    """
    Squares `[x, y]` (areas already expanded to their squares).
    """
    damage: Annotated[Damage1 | None, Field(title="Damage")]
    """
    For `damaging`: the damage it deals; null for other kinds.
    """
    depth: Annotated[Depth1 | None, Field(title="Depth")]
    """
    Depth of water or of a pit, in squares; null for other kinds.
    """
    fits: Annotated[Fits2 | None, Field(title="Fits")]
    """
    For `narrow`: the size the opening is built for (bigger creatures squeeze or stop); null
    for other kinds.
    """
    hard: Annotated[bool, Field(title="Hard")]
    """
    A surface hard to climb or a liquid hard to swim: the Director's Might test.
    """
    height: Annotated[Height1 | None, Field(title="Height")]
    """
    How tall a wall or obstacle stands (squares); for `updraft`, how many squares above the ground it lifts a glider; null for other kinds, and for a wall of no stated height.
    """
    kind: Annotated[Kind9, Field(title="Kind")]
    """
    The terrain: `wall`, `obstacle`, `difficult`, `damaging`, `water`, `hazard`, `climbable`, `impeded`, `concealed`, `updraft`, `narrow` or `landing`.
    """
    material: Annotated[Material3 | None, Field(title="Material")]
    """
    What an obstacle is made of: `glass`, `wood`, `stone` or `metal`; null when not said.
    """
    rects: Annotated[list[Rect] | None, Field(title="Rects")] = None
    """
    Rectangles of squares, `[x0, y0, x1, y1]` corners included (absent: none). Default: `[]`.
    """
    surface: Annotated[Surface3 | None, Field(title="Surface")] = None
    """
    For `landing`: what a fall onto these squares lands on; null: normal.
    """


class TerrainView(BaseModel):
    """
    Terrain of one kind (and height or fit) over cells.
    """

    cells: Annotated[list[list[int]], Field(title="Cells")]
    """
    Its squares, `[x, y]`.
    """
    fits: Annotated[str | None, Field(title="Fits")] = None
    """
    For `narrow`: the size it is built for; null (left out) for other kinds.
    """
    height: Annotated[int | None, Field(title="Height")] = None
    """
    For `updraft`: squares it lifts; for `wall` and `obstacle`: its height in squares (a wall given no height stands 100); null (left out) for other kinds.
    """
    kind: Annotated[str, Field(title="Kind")]
    """
    The terrain kind.
    """
    surface: Annotated[str | None, Field(title="Surface")] = None
    """
    For `landing`: what a fall there lands on (`jagged`, `rough`, `normal`, `soft`); null (left out) for other kinds.
    """


class TraceStep(BaseModel):
    """
    One line of a decision's explanation: a square with its cost and why, or a trigger.
    """

    at: Annotated[list[int] | None, Field(title="At")] = None
    """
    The square, `[x, y, z]`, when the step is about one; null (left out) on a trigger or a whole-intent note.
    """
    cost: Annotated[int | None, Field(title="Cost")] = None
    """
    What the step cost, in the ruleset's unit (0 when free); null (left out) when the step is not a square entered.
    """
    kind: Annotated[str, Field(title="Kind")]
    """
    What the step is: `step` (a square entered), `trigger` (a reaction opened), the intent's type for a whole-intent note, ...
    """
    reasons: Annotated[list[str], Field(title="Reasons")]
    """
    Why, in words: 'difficult terrain +1', 'diagonal 2 of 1-2-1', ...
    """


class TurnEndedData(BaseModel):
    """
    What a `TurnEnded` event records.
    """

    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature whose turn ended.
    """


class TurnEndedEnvelope(BaseModel):
    """
    A logged `TurnEnded` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: TurnEndedData
    """
    What the `TurnEnded` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["TurnEnded"], Field(title="Type")] = "TurnEnded"
    """
    Always `TurnEnded`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class TurnEndedEvent(BaseModel):
    """
    A `TurnEnded` event that was not logged.
    """

    data: TurnEndedData
    """
    What the `TurnEnded` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["TurnEnded"], Field(title="Type")] = "TurnEnded"
    """
    Always `TurnEnded`: the event's type.
    """


class TurnEndedRecord(BaseModel):
    """
    A `TurnEnded` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: TurnEndedData
    """
    What the `TurnEnded` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["TurnEnded"], Field(title="Type")] = "TurnEnded"
    """
    Always `TurnEnded`: the event's type.
    """


class TurnOrderView(BaseModel):
    """
    Whose turn it is and who is next, by the director's order (`set_order`).
    """

    acted: Annotated[list[str], Field(title="Acted")]
    """
    The creatures that have started a turn this round.
    """
    active: Annotated[str | None, Field(title="Active")]
    """
    Whose turn is under way (null: no one's).
    """
    creatures: Annotated[list[str], Field(title="Creatures")]
    """
    The order by creature, first to act first (empty when by sides or unset).
    """
    next: Annotated[list[str], Field(title="Next")]
    """
    Who may start the next turn (after the one under way): send `start_turn` for one of them. By sides, any creature of `next_side` that has not acted; by creature, the first in the order still to act.
    """
    next_round: Annotated[int, Field(title="Next Round")]
    """
    The round the next turn is in (the round after this one when everyone in the order has acted).
    """
    next_side: Annotated[str | None, Field(title="Next Side")]
    """
    By sides: the side whose turn is next; null when the order is not by sides.
    """
    set: Annotated[bool, Field(title="Set")]
    """
    The director has set an order (`set_order`); false: any creature that has not acted this round may start its turn.
    """
    sides: Annotated[list[str], Field(title="Sides")]
    """
    The order by side, first to act first (empty when by creature or unset).
    """


class TurnStartedData(BaseModel):
    """
    What a `TurnStarted` event records.
    """

    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature whose turn began.
    """
    round: Annotated[int, Field(title="Round")]
    """
    The round number, from 1.
    """


class TurnStartedEnvelope(BaseModel):
    """
    A logged `TurnStarted` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: TurnStartedData
    """
    What the `TurnStarted` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["TurnStarted"], Field(title="Type")] = "TurnStarted"
    """
    Always `TurnStarted`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class TurnStartedEvent(BaseModel):
    """
    A `TurnStarted` event that was not logged.
    """

    data: TurnStartedData
    """
    What the `TurnStarted` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["TurnStarted"], Field(title="Type")] = "TurnStarted"
    """
    Always `TurnStarted`: the event's type.
    """


class TurnStartedRecord(BaseModel):
    """
    A `TurnStarted` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: TurnStartedData
    """
    What the `TurnStarted` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["TurnStarted"], Field(title="Type")] = "TurnStarted"
    """
    Always `TurnStarted`: the event's type.
    """


class IntentId(RootModel[str]):
    root: Annotated[str, Field(max_length=64, min_length=1, title="Intent Id")]
    """
    Undo this earlier action alone, if no later action depends on it (director only); null (or left out): not a single earlier action.
    """


class UndoIn(BaseModel):
    """
    Empty: undo the latest action. `to_version`: rewind. `intent_id`: undo that one alone.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on; if the battle moved on: 409. Null (or left out): no check.
    """
    intent_id: Annotated[IntentId | None, Field(title="Intent Id")] = None
    """
    Undo this earlier action alone, if no later action depends on it (director only); null (or left out): not a single earlier action.
    """
    to_version: Annotated[int | None, Field(title="To Version")] = None
    """
    Rewind: undo every action after this version (director only); null (or left out): not a rewind.
    """


class UndoRecord(BaseModel):
    """
    An undo as its action records it.
    """

    intent_id: Annotated[str | None, Field(title="Intent Id")] = None
    """
    The one action undone; null (left out) unless the undo named one.
    """
    to_version: Annotated[int | None, Field(title="To Version")] = None
    """
    The version rewound to; null (left out) unless the undo was a rewind.
    """
    type: Annotated[Literal["undo"], Field(title="Type")] = "undo"
    """
    Always `undo`.
    """


class UnseenCreatureMetData(BaseModel):
    """
    A real action of `creature` ran into a creature it could not see (`unseen`) at `at`:
    the action ended there as the rules say (`rule` is the one that stopped it), and this is
    what its actor learned. A reader who cannot see `unseen` reads this event with it as "an
    unseen creature" (the mover's player learns that something is there, not what).
    """

    at: Annotated[tuple[int, int, int], Field(title="At")]
    """
    The square, `[x, y, z]`.
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """
    rule: Annotated[str | None, Field(title="Rule")]
    """
    The rule that ended the action where it met the unseen creature (null: the rules
    let the move on through its space, as Draw Steel's do through an enemy's).
    """
    unseen: Annotated[str | None, Field(title="Unseen")]
    """
    The creature met (null: what stopped the action was not one creature's space).
    """


class UnseenCreatureMetEnvelope(BaseModel):
    """
    A logged `UnseenCreatureMet` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: UnseenCreatureMetData
    """
    What the `UnseenCreatureMet` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["UnseenCreatureMet"], Field(title="Type")] = (
        "UnseenCreatureMet"
    )
    """
    Always `UnseenCreatureMet`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class UnseenCreatureMetEvent(BaseModel):
    """
    A `UnseenCreatureMet` event that was not logged.
    """

    data: UnseenCreatureMetData
    """
    What the `UnseenCreatureMet` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["UnseenCreatureMet"], Field(title="Type")] = (
        "UnseenCreatureMet"
    )
    """
    Always `UnseenCreatureMet`: the event's type.
    """


class UnseenCreatureMetRecord(BaseModel):
    """
    A `UnseenCreatureMet` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: UnseenCreatureMetData
    """
    What the `UnseenCreatureMet` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["UnseenCreatureMet"], Field(title="Type")] = (
        "UnseenCreatureMet"
    )
    """
    Always `UnseenCreatureMet`: the event's type.
    """


class UnseenData(BaseModel):
    """
    Nothing: the event concerns a creature hidden from this reader.
    """

    model_config = ConfigDict(
        extra="forbid",
    )


class UnseenEnvelope(BaseModel):
    """
    An event this reader may not read (it concerns a creature hidden from it): its version, so versions stay contiguous, and nothing else.
    """

    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    data: UnseenData
    """
    Empty.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["Unseen"], Field(title="Type")] = "Unseen"
    """
    Always `Unseen`: a placeholder.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class UnseenEvent(BaseModel):
    """
    An event this reader may not read (it concerns a creature hidden from it): its version, so versions stay contiguous, and nothing else.
    """

    data: UnseenData
    """
    Empty.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["Unseen"], Field(title="Type")] = "Unseen"
    """
    Always `Unseen`: a placeholder.
    """


class UnseenRecord(BaseModel):
    """
    An event this reader may not read (it concerns a creature hidden from it): its version, so versions stay contiguous, and nothing else.
    """

    data: UnseenData
    """
    Empty.
    """
    type: Annotated[Literal["Unseen"], Field(title="Type")] = "Unseen"
    """
    Always `Unseen`: a placeholder.
    """


class VerifyIn(BaseModel):
    """
    Receipts to check the log against.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    full: Annotated[bool | None, Field(title="Full")] = None
    """
    Walk the whole chain again (director only; else ignored). Default: `false`.
    """
    receipts: Annotated[list[ReceiptIn], Field(max_length=1000, title="Receipts")]
    """
    The receipts a client kept.
    """


class VerifyOut(BaseModel):
    """
    Whether a battle's hash chain holds.
    """

    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle.
    """
    checked: Annotated[int, Field(title="Checked")]
    """
    Events verified (up to the first broken one).
    """
    first_broken_version: Annotated[int | None, Field(title="First Broken Version")] = (
        None
    )
    """
    The first version whose hash does not match; null when the chain holds.
    """
    ok: Annotated[bool, Field(title="Ok")]
    """
    True when every event's hash matches.
    """
    reason: Annotated[str | None, Field(title="Reason")] = None
    """
    Why it breaks, in words; null when the chain holds.
    """
    receipts: ReceiptsChecked | None = None
    """
    `POST` only: the log against the receipts given; null on `GET`.
    """
    resumed_from: Annotated[int | None, Field(title="Resumed From")] = None
    """
    The verified head the walk resumed after (0: the whole chain was walked). Default: `0`.
    """


class WarcryEconomy(BaseModel):
    """
    Warcry: an activation of two actions; each move action moves up to Move inches, its
    legs counted together; nothing carries from one move action to the next.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    actions_left: Annotated[int | None, Field(title="Actions Left")]
    """
    Actions left in the activation; null without turns.
    """
    actions_per_activation: Annotated[int, Field(title="Actions Per Activation")]
    """
    Actions an activation has (option).
    """
    move: Annotated[float, Field(title="Move")]
    """
    The Move characteristic: inches in one move action.
    """
    movement_left: Annotated[float, Field(title="Movement Left")]
    """
    What a further move (the ruleset's first move action, nothing converted) may still spend, in `unit`: the creature's `movement_left`. Each move action has the whole Move; nothing carries over.
    """
    ruleset: Annotated[Literal["warcry"], Field(title="Ruleset")] = "warcry"
    """
    The battle's ruleset: which economy this is.
    """
    turn: Annotated[Turn, Field(title="Turn")]
    """
    `active`: the creature's turn is under way; `waiting`: the battle tracks turns and it is not its turn, so nothing is left until its turn starts; `free`: the battle runs without turns, nothing is spent and each move has its whole budget.
    """
    unit: Annotated[Literal["inches"] | None, Field(title="Unit")] = None
    """
    The unit `movement_left` and every distance here are counted in. Default: `"inches"`.
    """


class FallLanding(StrEnum):
    """
    Who places a fallen fighter (warcry.md, Falling): `ask` opens a `fall_landing` reaction window for the opposing player, answered by `resolve_reaction` with `at`; `nearest` picks the legal point nearest the fighter horizontally (then the highest, then the smallest x, y); `lowest` the lowest (then the nearest). Default: `"ask"`.
    """

    ask = "ask"
    nearest = "nearest"
    lowest = "lowest"


class WarcryOptions(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    actions_per_activation: Annotated[
        int | None, Field(ge=1, le=10, title="Actions Per Activation")
    ] = None
    """
    Actions in one activation (with turns); each move intent is one move action. Default: `2`.
    """
    climb_counts_vertical: Annotated[
        bool | None, Field(title="Climb Counts Vertical")
    ] = None
    """
    Climbing counts its vertical inches against Move (DIGEST 5.2 GUESS: the text exempts only jumping down and flying); false: only its horizontal part counts. Default: `true`.
    """
    fall_landing: Annotated[FallLanding | None, Field(title="Fall Landing")] = None
    """
    Who places a fallen fighter (warcry.md, Falling): `ask` opens a `fall_landing` reaction window for the opposing player, answered by `resolve_reaction` with `at`; `nearest` picks the legal point nearest the fighter horizontally (then the highest, then the smallest x, y); `lowest` the lowest (then the nearest). Default: `"ask"`.
    """
    fighter_height: Annotated[
        float | None, Field(gt=0.0, le=20.0, title="Fighter Height")
    ] = None
    """
    How tall a model stands above its base, in inches (the text gives none): whether a jump or a flight clears another fighter or passes under a piece. Default: `1.0`.
    """
    impact_threshold: Annotated[
        float | None, Field(gt=0.0, le=100.0, title="Impact Threshold")
    ] = None
    """
    Impact damage from a drop of this many inches or more (the text: 3"; a later edition: 2"). Default: `3.0`.
    """
    player_rolls: Annotated[bool | None, Field(title="Player Rolls")] = None
    """
    Whether players may send the dice the table rolled (`rolls`) with their intents; the director always may. Off by default: a player must not choose their dice. Default: `false`.
    """
    turns: Annotated[bool | None, Field(title="Turns")] = None
    """
    Track activations (a turn is a fighter's activation: `start_turn`, `end_turn`, `actions_per_activation` actions, a climber falls when it ends); false: free movement, each move action still bounded by Move. Default: `true`.
    """


class Adjust(BaseModel):
    """
    Director: set a creature's stamina, conditions or numbers by hand, with a `reason`
    (a potion, a power from another page, a backend's own bookkeeping). Only what is given
    changes; the `Adjusted` event says what each was before.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    conditions: Annotated[
        dict[str, bool] | None, Field(max_length=20, title="Conditions")
    ] = None
    """
    Conditions to set (`true`) or end (`false`), by name. Default: `{}`.
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature the director adjusts.
    """
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on: if the battle has moved on, the answer is 409 and nothing is appended; null (or left out): no check.
    """
    hp: Annotated[Hp | None, Field(title="Hp")] = None
    """
    Its stamina (hit points) from now on; null (or left out): unchanged.
    """
    overrule: Overrule | None = None
    """
    The director's ruling: set aside the rules this intent breaks (director only); null (or
    left out): the rules stand.
    """
    reason: Annotated[str, Field(max_length=500, min_length=1, title="Reason")]
    """
    Why (1 to 500 characters): shown wherever the action is.
    """
    rolls: Annotated[Rolls | None, Field(title="Rolls")] = None
    """
    Dice the table rolled, consumed in order by the rules that roll; null (or left out): the server rolls. Players may send them only where the battle's options allow.
    """
    speeds: Annotated[
        dict[
            Literal["walk", "climb", "swim", "fly", "hover", "burrow", "teleport"],
            SpeedsAdditionalProperty,
        ]
        | None,
        Field(max_length=7, title="Speeds"),
    ] = None
    """
    Speeds to set by movement mode (0 takes the mode away). Default: `{}`.
    """
    stability: Annotated[int | None, Field(title="Stability")] = None
    """
    Its stability from now on (a number as the create body's `stability`); null (or left
    out): unchanged.
    """
    stats: Annotated[
        dict[
            Annotated[str, StringConstraints(min_length=1, max_length=40)],
            StatsAdditionalProperty,
        ]
        | None,
        Field(max_length=40, title="Stats"),
    ] = None
    """
    Characteristics to set, each to its new value. Default: `{}`.
    """
    type: Annotated[Literal["adjust"], Field(title="Type")] = "adjust"
    """
    What is asked: selects the intent's shape.
    """


class BattleCreatedOut(BaseModel):
    """
    A new battle.
    """

    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle's id, for every other route.
    """
    continued_from: ContinueIn | None = None
    """
    Where its continued creatures came from (the battle, the version read, the creatures), also recorded in its opening `IntentAccepted`; null (left out) unless the body `continue`s another battle.
    """
    director_token: Annotated[str, Field(title="Director Token")]
    """
    The director's token, shown once; keep it. It can do everything.
    """
    receipt: Receipt | None = None
    """
    Signed proof of the creation's append (see `IntentOut`); every creation sends one, never null.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The battle's version after its creation: 2 (the creation's `IntentAccepted`, then `BattleCreated`); more when creatures beyond the creation event's room are placed by `CreaturePlaced` events of the same action.
    """


class BattleListed(BaseModel):
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle.
    """
    closed: Closure | None
    """
    Its closure; null while it is open.
    """
    created_at: Annotated[str, Field(title="Created At")]
    """
    When it was created (ISO 8601).
    """
    last_activity: Annotated[str, Field(title="Last Activity")]
    """
    When its last event was recorded (ISO 8601).
    """
    ruleset: Annotated[str, Field(title="Ruleset")]
    """
    Its ruleset.
    """
    tags: Annotated[list[str], Field(title="Tags")]
    """
    Its tags.
    """
    title: Annotated[str | None, Field(title="Title")]
    """
    Its title; null when it was given none.
    """
    version: Annotated[int, Field(title="Version")]
    """
    Its version now (the log's head).
    """


class BattlesPage(BaseModel):
    """
    The battles the caller may see, newest first.
    """

    battles: Annotated[list[BattleListed], Field(title="Battles")]
    """
    A page of battles.
    """
    next_before: Annotated[str | None, Field(title="Next Before")]
    """
    Pass as `before` for the next page; null on the last page.
    """


class BoardIn(BaseModel):
    """
    A gridless board in inches.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    height: Annotated[float, Field(gt=0.0, le=200.0, title="Height")]
    """
    Inches north-south.
    """
    terrain: Annotated[list[PieceSpec] | None, Field(title="Terrain")] = None
    """
    Terrain pieces. Default: `[]`.
    """
    width: Annotated[float, Field(gt=0.0, le=200.0, title="Width")]
    """
    Inches east-west.
    """


class BoardSpec(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    fighters: Annotated[dict[str, FighterSpec] | None, Field(title="Fighters")] = None
    """
    Each fighter's place, base and runemarks, by creature id. Default: `{}`.
    """
    height: Annotated[float, Field(gt=0.0, le=200.0, title="Height")]
    """
    The board's depth (north-south) in inches.
    """
    terrain: Annotated[
        list[PieceSpec] | None, Field(max_length=500, title="Terrain")
    ] = None
    """
    Terrain pieces. Default: `[]`.
    """
    width: Annotated[float, Field(gt=0.0, le=200.0, title="Width")]
    """
    The board's width in inches.
    """


class Bundle(BaseModel):
    """
    A battle's whole log, linked by a public hash chain whose head the server signed
    (docs/trust.md, "Battle bundles").
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    events: Annotated[list[BundleEvent], Field(max_length=100000, title="Events")]
    """
    Every event, versions 1 to the head.
    """
    format: Annotated[str, Field(title="Format")]
    """
    `turnledger-bundle-v1`.
    """
    key_id: Annotated[str, Field(title="Key Id")]
    """
    The `kid` of the key that signed the statement.
    """
    signature: Annotated[str, Field(title="Signature")]
    """
    Ed25519 over `turnledger-bundle-v1\\n` and the statement, base64url.
    """
    statement: Annotated[str, Field(title="Statement")]
    """
    JSON text: the battle, version, public link, head hash, reader, time of export, the server's public keys and the digests of shown texts.
    """


class ClosedOut(BaseModel):
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle.
    """
    closed: Closure
    """
    Its closure.
    """


class CreaturePlacedData(BaseModel):
    """
    What a `CreaturePlaced` event records.
    """

    creature: CreatureSpec
    """
    The creature placed, as in the create body.
    """


class CreaturePlacedEnvelope(BaseModel):
    """
    A logged `CreaturePlaced` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: CreaturePlacedData
    """
    What the `CreaturePlaced` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["CreaturePlaced"], Field(title="Type")] = "CreaturePlaced"
    """
    Always `CreaturePlaced`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class CreaturePlacedEvent(BaseModel):
    """
    A `CreaturePlaced` event that was not logged.
    """

    data: CreaturePlacedData
    """
    What the `CreaturePlaced` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["CreaturePlaced"], Field(title="Type")] = "CreaturePlaced"
    """
    Always `CreaturePlaced`: the event's type.
    """


class CreaturePlacedRecord(BaseModel):
    """
    A `CreaturePlaced` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: CreaturePlacedData
    """
    What the `CreaturePlaced` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["CreaturePlaced"], Field(title="Type")] = "CreaturePlaced"
    """
    Always `CreaturePlaced`: the event's type.
    """


class CreatureView(BaseModel):
    """
    A creature as the state shows it. Rulesets may add fields of their own.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    actions: ActionsLeft | None
    """
    Actions left this turn; never null.
    """
    base: Annotated[float | None, Field(title="Base")] = None
    """
    Gridless battles: the base's diameter in inches; null (left out) on grid battles.
    """
    conditions: Annotated[list[str], Field(title="Conditions")]
    """
    Its conditions, sorted.
    """
    economy: Annotated[
        DrawSteelEconomy
        | EpicPathEconomy
        | ReclaimTheWildEconomy
        | ActionPointsEconomy
        | WarcryEconomy
        | None,
        Field(title="Economy"),
    ]
    """
    What the creature has left this turn, in its ruleset's own unit and economy (a union keyed by `ruleset`); null only when this server does not know the battle's ruleset (a battle imported from a server with another ruleset), never for the built-in five.
    """
    hp: Annotated[int | None, Field(title="Hp")]
    """
    Stamina (hit points) left; never null.
    """
    movement_left: Annotated[int | float, Field(title="Movement Left")]
    """
    What a further move by the ruleset's default move action may still spend this turn, in the ruleset's unit (without turns: the whole budget of a move; waiting for its turn: 0). The same as `economy.movement_left`.
    """
    name: Annotated[str | None, Field(title="Name")]
    """
    Its name, as created; never null.
    """
    position: Annotated[list[int | float] | None, Field(title="Position")]
    """
    `[x, y, z]`: squares on a grid (z: the bottom of its space), inches on a gridless board; never null.
    """
    runemarks: Annotated[list[str] | None, Field(title="Runemarks")] = None
    """
    Gridless battles: the fighter's runemarks; null (left out) on grid battles.
    """
    side: Annotated[str | None, Field(title="Side")]
    """
    The side it fights on; never null.
    """
    size: Annotated[str | None, Field(title="Size")]
    """
    Its size in the ruleset's scale; never null.
    """
    speeds: Annotated[dict[str, int], Field(title="Speeds")]
    """
    Speed per movement mode.
    """
    stability: Annotated[int | None, Field(title="Stability")]
    """
    Its stability; never null.
    """
    stats: Annotated[dict[str, int], Field(title="Stats")]
    """
    The characteristics rules read.
    """


class Draw(BaseModel):
    """
    Reclaim the Wild: `creature` unsheathes `items` items or pulls them from its Pack into
    its hands (what that costs is the Sheathing and Belt Items section's, not the Movement
    page's).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature drawing items into its hands.
    """
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on: if the battle has moved on, the answer is 409 and nothing is appended; null (or left out): no check.
    """
    items: Annotated[int | None, Field(ge=1, le=2, title="Items")] = None
    """
    How many items come into its hands (one a hand; a two-handed item counts 2). Default: `1`.
    """
    overrule: Overrule | None = None
    """
    The director's ruling: set aside the rules this intent breaks (director only); null (or
    left out): the rules stand.
    """
    rolls: Annotated[Rolls | None, Field(title="Rolls")] = None
    """
    Dice the table rolled, consumed in order by the rules that roll; null (or left out): the server rolls. Players may send them only where the battle's options allow.
    """
    type: Annotated[Literal["draw"], Field(title="Type")] = "draw"
    """
    What is asked: selects the intent's shape.
    """


class EndTurn(BaseModel):
    """
    End `creature`'s turn: conditions that last until the end of the turn end, and the
    next creature may start its turn (`turn_order.next` in the state says who). Only the
    creature whose turn it is may end it (`turn/not-your-turn`).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature whose turn ends.
    """
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on: if the battle has moved on, the answer is 409 and nothing is appended; null (or left out): no check.
    """
    overrule: Overrule | None = None
    """
    The director's ruling: set aside the rules this intent breaks (director only); null (or
    left out): the rules stand.
    """
    rolls: Annotated[Rolls | None, Field(title="Rolls")] = None
    """
    Dice the table rolled, consumed in order by the rules that roll; null (or left out): the server rolls. Players may send them only where the battle's options allow.
    """
    type: Annotated[Literal["end_turn"], Field(title="Type")] = "end_turn"
    """
    What is asked: selects the intent's shape.
    """


class FallProne(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature acting.
    """
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on: if the battle has moved on, the answer is 409 and nothing is appended; null (or left out): no check.
    """
    landing: Annotated[Landing | None, Field(title="Landing")] = None
    """
    Draw Steel: a creature climbing or riding another falls off as it goes prone, landing
    in this unoccupied adjacent space of its choice; null (or left out): the nearest free one.
    """
    overrule: Overrule | None = None
    """
    The director's ruling: set aside the rules this intent breaks (director only); null (or
    left out): the rules stand.
    """
    rolls: Annotated[Rolls | None, Field(title="Rolls")] = None
    """
    Dice the table rolled, consumed in order by the rules that roll; null (or left out): the server rolls. Players may send them only where the battle's options allow.
    """
    type: Annotated[Literal["fall_prone"], Field(title="Type")] = "fall_prone"
    """
    What is asked: selects the intent's shape.
    """


class FallingTest(BaseModel):
    """
    Warcry: the falling test after an attack on `creature` near a platform's edge; the
    table resolved the attack and says whether it scored at least one critical hit.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the fighter the attack hit.
    """
    critical: Annotated[bool | None, Field(title="Critical")] = None
    """
    The attack scored at least one critical hit (without one there is no test). Default: `false`.
    """
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on: if the battle has moved on, the answer is 409 and nothing is appended; null (or left out): no check.
    """
    overrule: Overrule | None = None
    """
    The director's ruling: set aside the rules this intent breaks (director only); null (or
    left out): the rules stand.
    """
    rolls: Annotated[Rolls | None, Field(title="Rolls")] = None
    """
    Dice the table rolled, consumed in order by the rules that roll; null (or left out): the server rolls. Players may send them only where the battle's options allow.
    """
    type: Annotated[Literal["falling_test"], Field(title="Type")] = "falling_test"
    """
    What is asked: selects the intent's shape.
    """


class FighterPlacedData(BaseModel):
    """
    The director placed a fighter on a gridless board (its creature and its geometry).
    """

    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature this happened to (or that acted).
    """
    fighter: FighterSpec
    """
    The fighter's place, base and runemarks.
    """


class FighterPlacedEnvelope(BaseModel):
    """
    A logged `FighterPlaced` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: FighterPlacedData
    """
    What the `FighterPlaced` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["FighterPlaced"], Field(title="Type")] = "FighterPlaced"
    """
    Always `FighterPlaced`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class FighterPlacedEvent(BaseModel):
    """
    A `FighterPlaced` event that was not logged.
    """

    data: FighterPlacedData
    """
    What the `FighterPlaced` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["FighterPlaced"], Field(title="Type")] = "FighterPlaced"
    """
    Always `FighterPlaced`: the event's type.
    """


class FighterPlacedRecord(BaseModel):
    """
    A `FighterPlaced` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: FighterPlacedData
    """
    What the `FighterPlaced` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["FighterPlaced"], Field(title="Type")] = "FighterPlaced"
    """
    Always `FighterPlaced`: the event's type.
    """


class ForceMove(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    distance: Annotated[int, Field(title="Distance")]
    """
    How many squares, before the target's stability.
    """
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on: if the battle has moved on, the answer is 409 and nothing is appended; null (or left out): no check.
    """
    into_space: Annotated[bool | None, Field(title="Into Space")] = None
    """
    Draw Steel, the Director's discretion: forced into the space of the one creature in
    its way whose size is within 1 of its own, the target ends there squeezed (a bane on its
    ability rolls and tests) instead of colliding. Only the director may send it. Default: `false`.
    """
    kind: Annotated[Kind, Field(title="Kind")]
    """
    `push` (away from the source), `pull` (toward it) or `slide` (any direction).
    """
    melee_weapon: Annotated[bool | None, Field(title="Melee Weapon")] = None
    """
    The forced movement comes from a melee weapon attack. Default: `false`.
    """
    overrule: Overrule | None = None
    """
    The director's ruling: set aside the rules this intent breaks (director only); null (or
    left out): the rules stand.
    """
    path: Annotated[Path | None, Field(title="Path")] = None
    """
    The squares to move the target through (a slide's chosen route); null (or left out): the rules pick the line.
    """
    prone_after: Annotated[ProneAfter | None, Field(title="Prone After")] = None
    """
    The target drops prone after this many squares, ending the forced movement (Epic
    Path; 0: in its starting square). Rulesets without the option refuse it. Null (or left out):
    it does not drop prone.
    """
    rolls: Annotated[Rolls | None, Field(title="Rolls")] = None
    """
    Dice the table rolled, consumed in order by the rules that roll; null (or left out): the server rolls. Players may send them only where the battle's options allow.
    """
    source: Annotated[str, Field(title="Source")]
    """
    The id of the creature pushing, pulling or sliding.
    """
    target: Annotated[str | Target, Field(title="Target")]
    """
    The id of the creature force-moved, or a list of ids.
    """
    type: Annotated[Literal["force_move"], Field(title="Type")] = "force_move"
    """
    What is asked: selects the intent's shape.
    """
    vertical: Annotated[bool | None, Field(title="Vertical")] = None
    """
    Vertical forced movement (it may lift the target or slam it down). Default: `false`.
    """


class Hide(BaseModel):
    """
    Director: hide `creature` from every player, or from all but the players of the sides
    in `visible_to`. The rules still judge it as if seen.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature acting.
    """
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on: if the battle has moved on, the answer is 409 and nothing is appended; null (or left out): no check.
    """
    overrule: Overrule | None = None
    """
    The director's ruling: set aside the rules this intent breaks (director only); null (or
    left out): the rules stand.
    """
    rolls: Annotated[Rolls | None, Field(title="Rolls")] = None
    """
    Dice the table rolled, consumed in order by the rules that roll; null (or left out): the server rolls. Players may send them only where the battle's options allow.
    """
    type: Annotated[Literal["hide"], Field(title="Type")] = "hide"
    """
    What is asked: selects the intent's shape.
    """
    visible_to: Annotated[
        list[str] | None, Field(max_length=50, title="Visible To")
    ] = None
    """
    The sides whose players still see it (none: no player). Default: `[]`.
    """


class ImportedOut(BaseModel):
    """
    The battle an import made.
    """

    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The new battle's id.
    """
    director_token: Annotated[str, Field(title="Director Token")]
    """
    Its director's token, shown once.
    """
    receipt: Receipt
    """
    Signed proof of its head here.
    """
    source: Annotated[dict[str, Any], Field(title="Source")]
    """
    What it was exported as: `battle_id`, `version`, and the `key_id` that signed the bundle.
    """
    version: Annotated[int, Field(title="Version")]
    """
    Its version: the bundle's.
    """


class KeySet(BaseModel):
    """
    The server's receipt signing keys, current first (a JWK Set).
    """

    keys: Annotated[list[PublicKey], Field(title="Keys")]
    """
    Current and retired keys.
    """


class KnockOff(BaseModel):
    """
    Draw Steel: `creature` uses a maneuver to knock off `target`, who climbs or rides it.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature using the maneuver.
    """
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on: if the battle has moved on, the answer is 409 and nothing is appended; null (or left out): no check.
    """
    landing: Annotated[Landing1 | None, Field(title="Landing")] = None
    """
    The unoccupied adjacent space the knocked-off creature chooses to land in if it falls
    or slides off; null (or left out): the nearest free one.
    """
    overrule: Overrule | None = None
    """
    The director's ruling: set aside the rules this intent breaks (director only); null (or
    left out): the rules stand.
    """
    rolls: Annotated[Rolls | None, Field(title="Rolls")] = None
    """
    Dice the table rolled, consumed in order by the rules that roll; null (or left out): the server rolls. Players may send them only where the battle's options allow.
    """
    target: Annotated[str, Field(title="Target")]
    """
    The id of the creature climbing or riding it, to knock off.
    """
    type: Annotated[Literal["knock_off"], Field(title="Type")] = "knock_off"
    """
    What is asked: selects the intent's shape.
    """
    use_main_action: Annotated[bool | None, Field(title="Use Main Action")] = None
    """
    Spend the main action as the move action (a second move). Default: `false`.
    """


class LoseGrip(BaseModel):
    """
    Reclaim the Wild: a climbing `creature` loses its grip and falls, unless the GM lets
    it catch itself (`caught`, the table's ruling on its Athletics or Agility check).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    caught: Annotated[bool | None, Field(title="Caught")] = None
    """
    The GM allowed it to catch itself: it stays where it clings (a ruling: a player may
    send it only where the battle lets players send the table's rolls). Default: `false`.
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the climbing creature that loses its grip.
    """
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on: if the battle has moved on, the answer is 409 and nothing is appended; null (or left out): no check.
    """
    overrule: Overrule | None = None
    """
    The director's ruling: set aside the rules this intent breaks (director only); null (or
    left out): the rules stand.
    """
    rolls: Annotated[Rolls | None, Field(title="Rolls")] = None
    """
    Dice the table rolled, consumed in order by the rules that roll; null (or left out): the server rolls. Players may send them only where the battle's options allow.
    """
    type: Annotated[Literal["lose_grip"], Field(title="Type")] = "lose_grip"
    """
    What is asked: selects the intent's shape.
    """


class MapSetup(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    elevation: Annotated[list[ElevationSetup] | None, Field(title="Elevation")] = None
    """
    Ground heights over cells or areas. Default: `[]`.
    """
    height: Annotated[int, Field(ge=1, le=1000, title="Height")]
    """
    Height of the map in squares (north-south).
    """
    terrain: Annotated[list[TerrainSetup] | None, Field(title="Terrain")] = None
    """
    Terrain features over cells or areas. Default: `[]`.
    """
    width: Annotated[int, Field(ge=1, le=1000, title="Width")]
    """
    Width in squares (east-west).
    """


class MapSpec(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    elevation: Annotated[list[ElevationSpec], Field(title="Elevation")]
    """
    Ground heights over cells.
    """
    height: Annotated[int, Field(ge=1, le=1000, title="Height")]
    """
    Height of the map in squares (north-south).
    """
    terrain: Annotated[list[TerrainSpec], Field(title="Terrain")]
    """
    Terrain features over cells.
    """
    width: Annotated[int, Field(ge=1, le=1000, title="Width")]
    """
    Width in squares (east-west).
    """


class MapView(BaseModel):
    """
    The map as it is at this version.
    """

    elevation: Annotated[list[ElevationView], Field(title="Elevation")]
    """
    Ground heights other than 0.
    """
    height: Annotated[int, Field(title="Height")]
    """
    Squares north-south.
    """
    terrain: Annotated[list[TerrainView], Field(title="Terrain")]
    """
    Terrain, grouped by kind.
    """
    width: Annotated[int, Field(title="Width")]
    """
    Squares east-west.
    """


class Move(BaseModel):
    """
    Willing movement. `action`: draw-steel `advance` (default) or `free` (an effect that
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
    ruleset lacks is refused with its `<ruleset>/unknown-action`.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    action: Annotated[str | None, Field(title="Action")] = None
    """
    The action that grants the movement; each ruleset names its own, and the default means the ruleset's first. Default: `"advance"`.
    """
    action_points: Annotated[int | None, Field(ge=0, le=100, title="Action Points")] = (
        None
    )
    """
    action-points: action points converted into move points (never back). Default: `0`.
    """
    by: Annotated[str | None, Field(title="By")] = None
    """
    `pull_up`: the id of the creature pulling a willing burrower out; null (or left out) otherwise.
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the creature acting.
    """
    distance: Annotated[int | None, Field(title="Distance")] = None
    """
    `free`: how far the effect lets the creature move; null (or left out) for other actions.
    """
    expected_version: Annotated[int | None, Field(title="Expected Version")] = None
    """
    The version the client decided on: if the battle has moved on, the answer is 409 and nothing is appended; null (or left out): no check.
    """
    jump_test: Annotated[bool | None, Field(title="Jump Test")] = None
    """
    Roll the Might or Agility test to jump farther and higher (tier 2: +1, tier 3: +2). Default: `false`.
    """
    jumps: Annotated[list[int] | None, Field(max_length=1000, title="Jumps")] = None
    """
    Indices into `path` of the squares reached by a jump. Default: `[]`.
    """
    legs: Annotated[Legs | None, Field(title="Legs")] = None
    """
    Gridless rulesets (warcry): the move as legs in inches, judged as a whole; null (or left
    out) when the move is given by `path`, `to` or `to_inches`.
    """
    mode: Annotated[Mode | None, Field(title="Mode")] = None
    """
    The movement mode: `walk`, `climb`, `swim`, `fly`, `burrow` or `glide`. Default: `"walk"`.
    """
    onto: Annotated[str | None, Field(title="Onto")] = None
    """
    The id of a bigger creature to climb onto; null (or left out) otherwise.
    """
    overrule: Overrule | None = None
    """
    The director's ruling: set aside the rules this intent breaks (director only); null (or
    left out): the rules stand.
    """
    part_of_move: Annotated[PartOfMove | None, Field(title="Part Of Move")] = None
    """
    Epic Path: an activity done "as part of a move action" with this move (drawing a
    weapon, picking up an item): needs an actual move action, one per move action. Null (or left
    out): none.
    """
    path: Annotated[Path1 | None, Field(title="Path")] = None
    """
    The squares to enter, in order, each `[x, y]` or `[x, y, z]` (not the starting square); null (or left out) when `to` is given instead.
    """
    primary: Annotated[str | None, Field(title="Primary")] = None
    """
    Epic Path: the withdraw's primary target, or the charge's target; null (or left out) for
    other moves.
    """
    rolls: Annotated[Rolls | None, Field(title="Rolls")] = None
    """
    Dice the table rolled, consumed in order by the rules that roll; null (or left out): the server rolls. Players may send them only where the battle's options allow.
    """
    sneaking: Annotated[bool | None, Field(title="Sneaking")] = None
    """
    one-two-one: sneaking costs +1 Movement a square. Default: `false`.
    """
    through: Annotated[
        dict[str, Through] | None, Field(max_length=100, title="Through")
    ] = None
    """
    Epic Path: creatures this move gets past by a skill or maneuver the table resolved
    (its check is on another page): `clamber` (Might) enters and may end in the creature's
    space, `overrun` passes through it to a space beyond, `tumble` (Acrobatics) moves
    through the squares it threatens without its attack of opportunity. Default: `{}`.
    """
    to: Annotated[To | None, Field(title="To")] = None
    """
    Where to end, `[x, y]` or `[x, y, z]`; the server finds the cheapest legal path. Null (or left out) when `path` is given instead.
    """
    to_inches: Annotated[ToInches | None, Field(title="To Inches")] = None
    """
    Gridless rulesets: a `to` in inches (a `to` holding fractions is read into it); null (or
    left out) when the move is given otherwise.
    """
    type: Annotated[Literal["move"], Field(title="Type")] = "move"
    """
    What is asked: selects the intent's shape.
    """
    use_main_action: Annotated[bool | None, Field(title="Use Main Action")] = None
    """
    Spend the main action as the move action (a second move). Default: `false`.
    """
    willing: Annotated[bool | None, Field(title="Willing")] = None
    """
    The creature climbed is willing (no test). Default: `false`.
    """


class Movement(BaseModel):
    """
    What a creature did in a round, a turn or the whole battle so far (undone actions
    left out).
    """

    adjustments: Annotated[list[AdjustmentOn], Field(title="Adjustments")]
    """
    What the director set by hand (`adjust`): stamina, conditions, numbers.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle.
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The creature.
    """
    falls: Annotated[list[FallTaken], Field(title="Falls")]
    """
    Its falls.
    """
    forced: Movements
    """
    Movement forced on it (push, pull, slide).
    """
    reactions: Reactions
    """
    Reactions provoked and taken.
    """
    round: Annotated[int | None, Field(title="Round")]
    """
    The round asked for (null: every round).
    """
    rulings: Annotated[list[RulingOn], Field(title="Rulings")]
    """
    The director's rulings on its intents.
    """
    squares: Annotated[list[Entered], Field(title="Squares")]
    """
    Every square entered, willing or forced.
    """
    turn: Annotated[int | None, Field(title="Turn")]
    """
    The turn asked for (null: every turn).
    """
    unit: Annotated[str, Field(title="Unit")]
    """
    The ruleset's unit of distance.
    """
    willing: Movements
    """
    Movement it chose (moves, shifts, teleports).
    """


class OneTwoOneBattle(BaseModel):
    """
    The create body of a `one-two-one` battle.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    continue_: Annotated[ContinueIn | None, Field(alias="continue")] = None
    """
    Start from where another battle left some creatures (their lasting state); each still needs an entry in `creatures` saying where it stands (`at`); null (or left out): the battle starts afresh.
    """
    creatures: Annotated[
        list[CreatureIn] | None, Field(max_length=200, title="Creatures")
    ] = None
    """
    The creatures. Default: `[]`.
    """
    map: MapSetup
    """
    The map, in squares.
    """
    options: OneTwoOneOptions | None = None
    """
    The battle options: each rule the text leaves to the table, with its default; leave any out to take it.
    """
    ruleset: Annotated[Literal["one-two-one"], Field(title="Ruleset")] = "one-two-one"
    """
    The ruleset's id.
    """
    seed: Annotated[int | None, Field(title="Seed")] = None
    """
    The seed of the battle's dice, for play that can be repeated. Left out (or null), the server draws a secret one below 2^53 (so a JavaScript number holds it exactly); players never read it.
    """
    tags: Annotated[list[Tag] | None, Field(max_length=20, title="Tags")] = None
    """
    Tags to find it by (`GET /battles?tag=`). Default: `[]`.
    """
    title: Annotated[Title2 | None, Field(title="Title")] = None
    """
    A title a campaign knows it by; null (or left out): none.
    """


class ReachOut(BaseModel):
    """
    Where a creature could end a move now, with what it costs (a ruler to draw).
    """

    creature: Annotated[str, Field(title="Creature")]
    """
    The creature's id.
    """
    kind: Annotated[str, Field(title="Kind")]
    """
    `move` or `shift`.
    """
    mode: Annotated[str, Field(title="Mode")]
    """
    The movement mode.
    """
    region: ReachRegion | None = None
    """
    Gridless battles (warcry): the region it can reach; null on grid battles.
    """
    squares: Annotated[list[ReachSquare], Field(title="Squares")]
    """
    Every square it could end on, with its cost.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The version it was computed at.
    """


class ResumeMove(BaseModel):
    """
    What is left of a willing move paused by a reaction window.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    action: Annotated[str, Field(title="Action")]
    """
    The action that granted the movement (each ruleset names its own, such as Draw Steel's `advance` or Epic Path's `double_move`).
    """
    budget: Annotated[int, Field(title="Budget")]
    """
    Movement still available to the move, in the ruleset's unit.
    """
    bump: Annotated[Bump | None, Field(title="Bump")]
    """
    An unseen obstruction just past the path's end (Epic Path collisions); null when there is
    none.
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The id of the moving creature.
    """
    economy: Annotated[bool, Field(title="Economy")]
    """
    True when the move counts against the turn's economy.
    """
    jump_bonus: Annotated[int, Field(title="Jump Bonus")]
    """
    Extra squares a jump test granted.
    """
    jumps: Annotated[list[int], Field(title="Jumps")]
    """
    Indices into `path` reached by a jump.
    """
    kind: Annotated[Kind6, Field(title="Kind")]
    """
    `move` or `shift`.
    """
    mode: Annotated[str, Field(title="Mode")]
    """
    The movement mode: `walk`, `climb`, `swim`, `fly`, `burrow` or `glide`.
    """
    path: Annotated[list[PathItem4], Field(title="Path")]
    """
    The squares still to enter, in order.
    """
    provoked: Annotated[list[str], Field(title="Provoked")]
    """
    Reactors this action already provoked (Epic Path: one attack per enemy per action).
    """
    ruling: ResumedRuling | None = None
    """
    The director's ruling the move was made under; null when none.
    """
    through: Annotated[dict[str, str] | None, Field(title="Through")] = None
    """
    Creatures the move gets past by a maneuver the table resolved (Epic Path's clamber,
    overrun, tumble); absent when none.
    """


class StateChange(BaseModel):
    """
    What changed of a replayed state since the step before (`states=changes`): the
    battle's own fields (`ruleset`, `round`, `active`, `pending_reactions`, `options`,
    `board`) whole, `creatures` only those added or whose view changed (each whole),
    `removed` the ids of those gone, and `map` only when the map changed (else null: the
    map stands). Applied to the step before's state, it gives this step's state.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    active: Annotated[str | None, Field(title="Active")]
    """
    Whose turn it is (null: no one).
    """
    board: BoardIn | None = None
    """
    Gridless battles: the board in inches (`width`, `height`, `terrain` pieces), as in the create body; null (left out) on grid battles.
    """
    creatures: Annotated[dict[str, CreatureView], Field(title="Creatures")]
    """
    Creatures by id.
    """
    map: MapView | None
    """
    The map of squares; never null: every state has one.
    """
    options: Annotated[
        ActionPointsOptions
        | DrawSteelOptions
        | EpicPathOptions
        | OneTwoOneOptions
        | WarcryOptions,
        Field(title="Options"),
    ]
    """
    Every battle option of the ruleset, defaults filled in; each is described under the ruleset's options in the create body (`DrawSteelOptions`, ...).
    """
    pending_reactions: Annotated[
        list[PendingReaction], Field(title="Pending Reactions")
    ]
    """
    Open reaction windows; intents wait until they are answered.
    """
    removed: Annotated[list[str], Field(title="Removed")]
    """
    Creatures gone since the step before.
    """
    round: Annotated[int | None, Field(title="Round")]
    """
    The round (null without turns).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The rules version in force; never null.
    """
    ruleset: Annotated[str, Field(title="Ruleset")]
    """
    The ruleset's id.
    """
    turn_order: TurnOrderView | None
    """
    Whose turn it is and who is next (null: the battle runs without turns).
    """


class StateView(BaseModel):
    """
    A battle's state at one version (inside replays and what-if answers).
    """

    model_config = ConfigDict(
        extra="allow",
    )
    active: Annotated[str | None, Field(title="Active")]
    """
    Whose turn it is (null: no one).
    """
    board: BoardIn | None = None
    """
    Gridless battles: the board in inches (`width`, `height`, `terrain` pieces), as in the create body; null (left out) on grid battles.
    """
    creatures: Annotated[dict[str, CreatureView], Field(title="Creatures")]
    """
    Creatures by id.
    """
    map: MapView | None
    """
    The map of squares; never null: every state has one.
    """
    options: Annotated[
        ActionPointsOptions
        | DrawSteelOptions
        | EpicPathOptions
        | OneTwoOneOptions
        | WarcryOptions,
        Field(title="Options"),
    ]
    """
    Every battle option of the ruleset, defaults filled in; each is described under the ruleset's options in the create body (`DrawSteelOptions`, ...).
    """
    pending_reactions: Annotated[
        list[PendingReaction], Field(title="Pending Reactions")
    ]
    """
    Open reaction windows; intents wait until they are answered.
    """
    round: Annotated[int | None, Field(title="Round")]
    """
    The round (null without turns).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The rules version in force; never null.
    """
    ruleset: Annotated[str, Field(title="Ruleset")]
    """
    The ruleset's id.
    """
    turn_order: TurnOrderView | None
    """
    Whose turn it is and who is next (null: the battle runs without turns).
    """


class WarcryBattle(BaseModel):
    """
    The create body of a `warcry` battle.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    board: BoardIn
    """
    The board, in inches.
    """
    continue_: Annotated[ContinueIn | None, Field(alias="continue")] = None
    """
    Start from where another battle left some creatures (their lasting state); each still needs an entry in `creatures` saying where it stands (`at`); null (or left out): the battle starts afresh.
    """
    creatures: Annotated[
        list[FighterIn] | None, Field(max_length=200, title="Creatures")
    ] = None
    """
    The fighters. Default: `[]`.
    """
    options: WarcryOptions | None = None
    """
    The battle options: each rule the text leaves to the table, with its default; leave any out to take it.
    """
    ruleset: Annotated[Literal["warcry"], Field(title="Ruleset")] = "warcry"
    """
    The ruleset's id.
    """
    seed: Annotated[int | None, Field(title="Seed")] = None
    """
    The seed of the battle's dice, for play that can be repeated. Left out (or null), the server draws a secret one below 2^53 (so a JavaScript number holds it exactly); players never read it.
    """
    tags: Annotated[list[Tag] | None, Field(max_length=20, title="Tags")] = None
    """
    Tags to find it by (`GET /battles?tag=`). Default: `[]`.
    """
    title: Annotated[Title2 | None, Field(title="Title")] = None
    """
    A title a campaign knows it by; null (or left out): none.
    """


class WhatIfIn(BaseModel):
    """
    Intents to try from a version, without appending.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    intents: Annotated[
        list[
            Annotated[
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
        ],
        Field(max_length=50, min_length=1, title="Intents"),
    ]
    """
    The intents to try, in order.
    """
    version: Annotated[int, Field(ge=1, title="Version")]
    """
    The version to start from.
    """


class ActionPointsBattle(BaseModel):
    """
    The create body of a `action-points` battle.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    continue_: Annotated[ContinueIn | None, Field(alias="continue")] = None
    """
    Start from where another battle left some creatures (their lasting state); each still needs an entry in `creatures` saying where it stands (`at`); null (or left out): the battle starts afresh.
    """
    creatures: Annotated[
        list[CreatureIn] | None, Field(max_length=200, title="Creatures")
    ] = None
    """
    The creatures. Default: `[]`.
    """
    map: MapSetup
    """
    The map, in squares.
    """
    options: ActionPointsOptions | None = None
    """
    The battle options: each rule the text leaves to the table, with its default; leave any out to take it.
    """
    ruleset: Annotated[Literal["action-points"], Field(title="Ruleset")] = (
        "action-points"
    )
    """
    The ruleset's id.
    """
    seed: Annotated[int | None, Field(title="Seed")] = None
    """
    The seed of the battle's dice, for play that can be repeated. Left out (or null), the server draws a secret one below 2^53 (so a JavaScript number holds it exactly); players never read it.
    """
    tags: Annotated[list[Tag] | None, Field(max_length=20, title="Tags")] = None
    """
    Tags to find it by (`GET /battles?tag=`). Default: `[]`.
    """
    title: Annotated[Title | None, Field(title="Title")] = None
    """
    A title a campaign knows it by; null (or left out): none.
    """


class BattleCreatedData(BaseModel):
    """
    What a `BattleCreated` event records.
    """

    board: BoardSpec | None = None
    """
    A gridless board in inches (Warcry); null (not logged) on grid battles.
    """
    creatures: Annotated[list[CreatureSpec], Field(title="Creatures")]
    """
    The creatures as placed.
    """
    map: MapSpec
    """
    The map, areas expanded to cells.
    """
    options: Annotated[
        ActionPointsOptions
        | DrawSteelOptions
        | EpicPathOptions
        | OneTwoOneOptions
        | WarcryOptions,
        Field(title="Options"),
    ]
    """
    Every battle option of the ruleset, defaults filled in (see the ruleset's options in the create body).
    """
    rules_version: Annotated[str, Field(title="Rules Version")]
    """
    The ruleset's rules version that created the battle.
    """
    ruleset: Annotated[str, Field(title="Ruleset")]
    """
    The ruleset's id (`draw-steel`, `epic-path`, `one-two-one`, `action-points`, `warcry`).
    """
    seed: Annotated[int | None, Field(title="Seed")]
    """
    The seed of the battle's dice; null to a player, who never sees it (it would tell every coming roll): the director and the API key read it.
    """


class BattleCreatedEnvelope(BaseModel):
    """
    A logged `BattleCreated` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: BattleCreatedData
    """
    What the `BattleCreated` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["BattleCreated"], Field(title="Type")] = "BattleCreated"
    """
    Always `BattleCreated`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class BattleCreatedEvent(BaseModel):
    """
    A `BattleCreated` event that was not logged.
    """

    data: BattleCreatedData
    """
    What the `BattleCreated` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["BattleCreated"], Field(title="Type")] = "BattleCreated"
    """
    Always `BattleCreated`: the event's type.
    """


class BattleCreatedRecord(BaseModel):
    """
    A `BattleCreated` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: BattleCreatedData
    """
    What the `BattleCreated` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["BattleCreated"], Field(title="Type")] = "BattleCreated"
    """
    Always `BattleCreated`: the event's type.
    """


class BattleStateOut(BaseModel):
    """
    A battle's state: now, at a version, or at an instant.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    active: Annotated[str | None, Field(title="Active")]
    """
    Whose turn it is (null: no one).
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle.
    """
    board: BoardIn | None = None
    """
    Gridless battles: the board in inches (`width`, `height`, `terrain` pieces), as in the create body; null (left out) on grid battles.
    """
    creatures: Annotated[dict[str, CreatureView], Field(title="Creatures")]
    """
    Creatures by id.
    """
    map: MapView | None
    """
    The map of squares; never null: every state has one.
    """
    options: Annotated[
        ActionPointsOptions
        | DrawSteelOptions
        | EpicPathOptions
        | OneTwoOneOptions
        | WarcryOptions,
        Field(title="Options"),
    ]
    """
    Every battle option of the ruleset, defaults filled in; each is described under the ruleset's options in the create body (`DrawSteelOptions`, ...).
    """
    pending_reactions: Annotated[
        list[PendingReaction], Field(title="Pending Reactions")
    ]
    """
    Open reaction windows; intents wait until they are answered.
    """
    round: Annotated[int | None, Field(title="Round")]
    """
    The round (null without turns).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The rules version in force; never null.
    """
    ruleset: Annotated[str, Field(title="Ruleset")]
    """
    The ruleset's id.
    """
    turn_order: TurnOrderView | None
    """
    Whose turn it is and who is next (null: the battle runs without turns).
    """
    version: Annotated[int, Field(title="Version")]
    """
    The version this state is at.
    """


class CreatureOption(BaseModel):
    """
    One thing the creature may do now (or may not, and why).
    """

    action: Annotated[str | None, Field(title="Action")]
    """
    The ruleset's action for a move (`advance`, `sprint`, `run`, ...); `take`/`decline` for a reaction; `start`/`stop` for Shield Surfing; else null.
    """
    available: Annotated[bool, Field(title="Available")]
    """
    Submitting `intent` now, with the token that asked, is accepted.
    """
    intent: Annotated[
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
        Field(discriminator="type", title="Intent"),
    ]
    """
    An intent to submit as it is (`POST .../intents`). A movement's goes to the cheapest square of `reach` (gridless: the legs to the cheapest point); any other listed square may take its `to` (or point its `legs`).
    """
    kind: Annotated[str, Field(title="Kind")]
    """
    The intent's type: `move`, `shift`, `teleport`, `stand_up`, `fall_prone`, `start_turn`, `end_turn`, `resolve_reaction`, `shield_surf`.
    """
    reach: ReachOut | None
    """
    For a movement with the ruleset's first move action, a shift or a teleport: where it can end and at what cost, as `GET .../reach` answers; null for every other option.
    """
    spends: Annotated[list[OptionSpent], Field(title="Spends")]
    """
    What `intent` changes in the creature's economy (empty when unavailable).
    """
    summary: Annotated[str, Field(title="Summary")]
    """
    The option in plain words, for a player or an agent.
    """
    unavailable: OptionUnavailable | None
    """
    Why `intent` is refused now; null when available.
    """


class DrawSteelBattle(BaseModel):
    """
    The create body of a `draw-steel` battle.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    continue_: Annotated[ContinueIn | None, Field(alias="continue")] = None
    """
    Start from where another battle left some creatures (their lasting state); each still needs an entry in `creatures` saying where it stands (`at`); null (or left out): the battle starts afresh.
    """
    creatures: Annotated[
        list[CreatureIn] | None, Field(max_length=200, title="Creatures")
    ] = None
    """
    The creatures. Default: `[]`.
    """
    map: MapSetup
    """
    The map, in squares.
    """
    options: DrawSteelOptions | None = None
    """
    The battle options: each rule the text leaves to the table, with its default; leave any out to take it.
    """
    ruleset: Annotated[Literal["draw-steel"], Field(title="Ruleset")] = "draw-steel"
    """
    The ruleset's id.
    """
    seed: Annotated[int | None, Field(title="Seed")] = None
    """
    The seed of the battle's dice, for play that can be repeated. Left out (or null), the server draws a secret one below 2^53 (so a JavaScript number holds it exactly); players never read it.
    """
    tags: Annotated[list[Tag] | None, Field(max_length=20, title="Tags")] = None
    """
    Tags to find it by (`GET /battles?tag=`). Default: `[]`.
    """
    title: Annotated[Title2 | None, Field(title="Title")] = None
    """
    A title a campaign knows it by; null (or left out): none.
    """


class EpicPathBattle(BaseModel):
    """
    The create body of a `epic-path` battle.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    continue_: Annotated[ContinueIn | None, Field(alias="continue")] = None
    """
    Start from where another battle left some creatures (their lasting state); each still needs an entry in `creatures` saying where it stands (`at`); null (or left out): the battle starts afresh.
    """
    creatures: Annotated[
        list[CreatureIn] | None, Field(max_length=200, title="Creatures")
    ] = None
    """
    The creatures. Default: `[]`.
    """
    map: MapSetup
    """
    The map, in squares.
    """
    options: EpicPathOptions | None = None
    """
    The battle options: each rule the text leaves to the table, with its default; leave any out to take it.
    """
    ruleset: Annotated[Literal["epic-path"], Field(title="Ruleset")] = "epic-path"
    """
    The ruleset's id.
    """
    seed: Annotated[int | None, Field(title="Seed")] = None
    """
    The seed of the battle's dice, for play that can be repeated. Left out (or null), the server draws a secret one below 2^53 (so a JavaScript number holds it exactly); players never read it.
    """
    tags: Annotated[list[Tag] | None, Field(max_length=20, title="Tags")] = None
    """
    Tags to find it by (`GET /battles?tag=`). Default: `[]`.
    """
    title: Annotated[Title2 | None, Field(title="Title")] = None
    """
    A title a campaign knows it by; null (or left out): none.
    """


class IntentAcceptedData(BaseModel):
    """
    The intent an action was decided from, with what it needs to be judged again.

    `dice` are the seeded faces it consumed as [sides, face]; `round` and `active` place it
    in the turn order (a player may undo only within the turn); `trace` is the decision's
    explanation, kept so replays and judgements show it without re-deciding.
    """

    active: Annotated[str | None, Field(title="Active")]
    """
    The id of the creature whose turn it was (null without turns).
    """
    dice: Annotated[list[Die], Field(title="Dice")]
    """
    The seeded dice the decision consumed, as `[sides, face]`.
    """
    intent: Annotated[
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
        | Reveal
        | UndoRecord
        | RedoRecord
        | CreateRecord,
        Field(title="Intent"),
    ]
    """
    The intent as judged (the body sent to `POST .../intents`, or `undo`/`redo`/`create_battle`).
    """
    round: Annotated[int | None, Field(title="Round")]
    """
    The round it was decided in (null without turns).
    """
    trace: Annotated[list[dict[str, Any]], Field(title="Trace")]
    """
    The decision's explanation, step by step.
    """
    unseen: Annotated[list[str] | None, Field(title="Unseen")] = None
    """
    The creatures the actor could not see when it acted (a player's seat): the intent was
    planned on the battle without them and met them only as the rules say it does
    (engine/hiding.py), so a judgement judges it so again. Absent when it saw them all. Default: `[]`.
    """


class IntentAcceptedEnvelope(BaseModel):
    """
    A logged `IntentAccepted` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: IntentAcceptedData
    """
    What the `IntentAccepted` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["IntentAccepted"], Field(title="Type")] = "IntentAccepted"
    """
    Always `IntentAccepted`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class IntentAcceptedEvent(BaseModel):
    """
    A `IntentAccepted` event that was not logged.
    """

    data: IntentAcceptedData
    """
    What the `IntentAccepted` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["IntentAccepted"], Field(title="Type")] = "IntentAccepted"
    """
    Always `IntentAccepted`: the event's type.
    """


class IntentAcceptedRecord(BaseModel):
    """
    A `IntentAccepted` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: IntentAcceptedData
    """
    What the `IntentAccepted` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["IntentAccepted"], Field(title="Type")] = "IntentAccepted"
    """
    Always `IntentAccepted`: the event's type.
    """


class OpportunityAttackTriggeredData(BaseModel):
    """
    What a `OpportunityAttackTriggered` event records.
    """

    at: Annotated[tuple[int, int, int], Field(title="At")]
    """
    Where the target stands while the window is open.
    """
    kind: Annotated[str, Field(title="Kind")]
    """
    `opportunity_attack`, or `free_strike` (e.g. a failed attempt to climb a creature).
    """
    reaction: Annotated[str, Field(title="Reaction")]
    """
    The id of the reaction window (as in `pending_reactions[].id`).
    """
    reactor: Annotated[str, Field(title="Reactor")]
    """
    The id of the creature that may strike.
    """
    resume: ResumeMove | None
    """
    The rest of the paused move, taken up when the window closes; null when nothing is paused.
    """
    target: Annotated[str, Field(title="Target")]
    """
    The id of the creature that provoked it.
    """


class OpportunityAttackTriggeredEnvelope(BaseModel):
    """
    A logged `OpportunityAttackTriggered` event.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle the event belongs to.
    """
    causation_id: Annotated[str | None, Field(title="Causation Id")]
    """
    What caused the action; null when nothing was recorded (the server records none of its own: only an imported log may carry one).
    """
    correlation_id: Annotated[str | None, Field(title="Correlation Id")]
    """
    The request that caused it (the `X-Request-ID` answered); null when the action came with no request id.
    """
    data: OpportunityAttackTriggeredData
    """
    What the `OpportunityAttackTriggered` event records.
    """
    global_position: Annotated[int, Field(title="Global Position")]
    """
    The event's place across all battles.
    """
    hash: Annotated[str, Field(title="Hash")]
    """
    sha256 (hex) over `prev_hash` and this envelope: the hash chain.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    prev_hash: Annotated[str, Field(title="Prev Hash")]
    """
    The previous event's `hash` (hex); zeros for v1.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    rules_version: Annotated[str | None, Field(title="Rules Version")]
    """
    The ruleset's rules version that decided it; null when none was recorded with the event.
    """
    schema_version: Annotated[int, Field(title="Schema Version")]
    """
    The version of the event type's data shape.
    """
    type: Annotated[Literal["OpportunityAttackTriggered"], Field(title="Type")] = (
        "OpportunityAttackTriggered"
    )
    """
    Always `OpportunityAttackTriggered`: the event's type.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's place in its battle's log: 1, 2, 3, ...
    """


class OpportunityAttackTriggeredEvent(BaseModel):
    """
    A `OpportunityAttackTriggered` event that was not logged.
    """

    data: OpportunityAttackTriggeredData
    """
    What the `OpportunityAttackTriggered` event records.
    """
    narration: Annotated[str | None, Field(title="Narration")] = None
    """
    The event in plain words (the log's `narrate=true`, and what-if answers); null for bookkeeping events that tell nothing on their own.
    """
    type: Annotated[Literal["OpportunityAttackTriggered"], Field(title="Type")] = (
        "OpportunityAttackTriggered"
    )
    """
    Always `OpportunityAttackTriggered`: the event's type.
    """


class OpportunityAttackTriggeredRecord(BaseModel):
    """
    A `OpportunityAttackTriggered` event in a replay.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director`, or `seat:<seat_id>` for a player's seat; null when no actor was recorded with the event.
    """
    data: OpportunityAttackTriggeredData
    """
    What the `OpportunityAttackTriggered` event records.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action it belongs to: every event of one intent shares it; null when none was recorded with the event.
    """
    recorded_at: Annotated[str, Field(title="Recorded At")]
    """
    When the store recorded it (ISO-8601, UTC).
    """
    type: Annotated[Literal["OpportunityAttackTriggered"], Field(title="Type")] = (
        "OpportunityAttackTriggered"
    )
    """
    Always `OpportunityAttackTriggered`: the event's type.
    """


class OptionsOut(BaseModel):
    """
    What a creature may do now, as the caller may: each option, with its cost.
    """

    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle's id.
    """
    creature: Annotated[str, Field(title="Creature")]
    """
    The creature's id.
    """
    economy: Annotated[
        DrawSteelEconomy
        | EpicPathEconomy
        | ReclaimTheWildEconomy
        | ActionPointsEconomy
        | WarcryEconomy,
        Field(discriminator="ruleset", title="Economy"),
    ]
    """
    What the creature has left now (as in the state).
    """
    options: Annotated[list[CreatureOption], Field(title="Options")]
    """
    Every option, offered or not.
    """
    ruleset: Annotated[str, Field(title="Ruleset")]
    """
    The battle's ruleset.
    """
    unit: Annotated[str, Field(title="Unit")]
    """
    The unit distances and costs are counted in.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The version the options were judged at.
    """


class ReactionAhead(BaseModel):
    """
    A reaction window the previewed path opens, and what taking it would do.
    """

    at: Annotated[list[int | float], Field(title="At")]
    """
    Where the mover stands when it opens, `[x, y, z]`.
    """
    if_taken: Annotated[
        list[
            Annotated[
                ActionConvertedEvent
                | ActionRedoneEvent
                | ActionUndoneEvent
                | ActionUsedEvent
                | AdjustedEvent
                | BattleCreatedEvent
                | CollidedEvent
                | ConditionSetEvent
                | CreatureHiddenEvent
                | CreaturePlacedEvent
                | CreatureRemovedEvent
                | CreatureRevealedEvent
                | DamageTakenEvent
                | DiceRolledEvent
                | DroppedDownEvent
                | FellEvent
                | FellInchesEvent
                | FighterPlacedEvent
                | ForceMovedEvent
                | HandsChangedEvent
                | HurledThroughEvent
                | ImpactRolledEvent
                | IntentAcceptedEvent
                | JumpTestedEvent
                | KnockedProneEvent
                | MovedEvent
                | MovedInchesEvent
                | OpportunityAttackTriggeredEvent
                | OrderSetEvent
                | PowerRolledEvent
                | ReactionResolvedEvent
                | RuleOverruledEvent
                | ShieldSurfEndedEvent
                | ShieldSurfStartedEvent
                | ShieldWornEvent
                | ShiftedEvent
                | StoodUpEvent
                | TakenDownEvent
                | TalliedEvent
                | TeleportedEvent
                | TerrainSetEvent
                | TurnEndedEvent
                | TurnStartedEvent
                | UnseenCreatureMetEvent
                | UnseenEvent,
                Field(discriminator="type"),
            ]
        ],
        Field(title="If Taken"),
    ]
    """
    What taking it would append (with the preview's own dice, never the battle's next faces); empty when taking it would be refused.
    """
    if_taken_words: Annotated[list[str], Field(title="If Taken Words")]
    """
    `if_taken` in plain words.
    """
    kind: Annotated[str, Field(title="Kind")]
    """
    `opportunity_attack`, `free_strike`, ...
    """
    now: Annotated[bool, Field(title="Now")]
    """
    True for a window the intent opens at once (its events hold it: the move stops there); false for one further along the path, opened once every window before it is answered.
    """
    reactor: Annotated[str, Field(title="Reactor")]
    """
    The id of the creature that may react.
    """
    target: Annotated[str, Field(title="Target")]
    """
    The id of the creature that provokes it.
    """


class RecordedAction(BaseModel):
    """
    An action as the log holds it.
    """

    events: Annotated[
        list[
            Annotated[
                ActionConvertedEvent
                | ActionRedoneEvent
                | ActionUndoneEvent
                | ActionUsedEvent
                | AdjustedEvent
                | BattleCreatedEvent
                | CollidedEvent
                | ConditionSetEvent
                | CreatureHiddenEvent
                | CreaturePlacedEvent
                | CreatureRemovedEvent
                | CreatureRevealedEvent
                | DamageTakenEvent
                | DiceRolledEvent
                | DroppedDownEvent
                | FellEvent
                | FellInchesEvent
                | FighterPlacedEvent
                | ForceMovedEvent
                | HandsChangedEvent
                | HurledThroughEvent
                | ImpactRolledEvent
                | IntentAcceptedEvent
                | JumpTestedEvent
                | KnockedProneEvent
                | MovedEvent
                | MovedInchesEvent
                | OpportunityAttackTriggeredEvent
                | OrderSetEvent
                | PowerRolledEvent
                | ReactionResolvedEvent
                | RuleOverruledEvent
                | ShieldSurfEndedEvent
                | ShieldSurfStartedEvent
                | ShieldWornEvent
                | ShiftedEvent
                | StoodUpEvent
                | TakenDownEvent
                | TalliedEvent
                | TeleportedEvent
                | TerrainSetEvent
                | TurnEndedEvent
                | TurnStartedEvent
                | UnseenCreatureMetEvent
                | UnseenEvent,
                Field(discriminator="type"),
            ]
        ],
        Field(title="Events"),
    ]
    """
    Its events, without `IntentAccepted`.
    """
    trace: Annotated[list[TraceStep], Field(title="Trace")]
    """
    The trace recorded when it was decided.
    """


class ReplayStep(BaseModel):
    """
    One event of a replay and the state right after it.
    """

    change: StateChange | None = None
    """
    With `states=changes`, on each later step: what changed since the step before it that showed a state or a change; null (left out) on the keyframe and without `states=changes`.
    """
    event: Annotated[
        ActionConvertedRecord
        | ActionRedoneRecord
        | ActionUndoneRecord
        | ActionUsedRecord
        | AdjustedRecord
        | BattleCreatedRecord
        | CollidedRecord
        | ConditionSetRecord
        | CreatureHiddenRecord
        | CreaturePlacedRecord
        | CreatureRemovedRecord
        | CreatureRevealedRecord
        | DamageTakenRecord
        | DiceRolledRecord
        | DroppedDownRecord
        | FellRecord
        | FellInchesRecord
        | FighterPlacedRecord
        | ForceMovedRecord
        | HandsChangedRecord
        | HurledThroughRecord
        | ImpactRolledRecord
        | IntentAcceptedRecord
        | JumpTestedRecord
        | KnockedProneRecord
        | MovedRecord
        | MovedInchesRecord
        | OpportunityAttackTriggeredRecord
        | OrderSetRecord
        | PowerRolledRecord
        | ReactionResolvedRecord
        | RuleOverruledRecord
        | ShieldSurfEndedRecord
        | ShieldSurfStartedRecord
        | ShieldWornRecord
        | ShiftedRecord
        | StoodUpRecord
        | TakenDownRecord
        | TalliedRecord
        | TeleportedRecord
        | TerrainSetRecord
        | TurnEndedRecord
        | TurnStartedRecord
        | UnseenCreatureMetRecord
        | UnseenRecord,
        Field(discriminator="type", title="Event"),
    ]
    """
    The event.
    """
    ruling: Annotated[str | None, Field(title="Ruling")]
    """
    On a `RuleOverruled` event: "overruled by the director: <reason>"; null on every other event.
    """
    state: StateView | None
    """
    The state after this event (undone actions left out); with `states=changes`, only on the page's first step that has a state (a keyframe): null on the others.
    """
    trace: Annotated[list[TraceStep] | None, Field(title="Trace")]
    """
    The action's trace, on its `IntentAccepted` event; null on the others.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The event's version.
    """


class StreamEvent(
    RootModel[
        ActionConvertedEnvelope
        | ActionRedoneEnvelope
        | ActionUndoneEnvelope
        | ActionUsedEnvelope
        | AdjustedEnvelope
        | BattleCreatedEnvelope
        | CollidedEnvelope
        | ConditionSetEnvelope
        | CreatureHiddenEnvelope
        | CreaturePlacedEnvelope
        | CreatureRemovedEnvelope
        | CreatureRevealedEnvelope
        | DamageTakenEnvelope
        | DiceRolledEnvelope
        | DroppedDownEnvelope
        | FellEnvelope
        | FellInchesEnvelope
        | FighterPlacedEnvelope
        | ForceMovedEnvelope
        | HandsChangedEnvelope
        | HurledThroughEnvelope
        | ImpactRolledEnvelope
        | IntentAcceptedEnvelope
        | JumpTestedEnvelope
        | KnockedProneEnvelope
        | MovedEnvelope
        | MovedInchesEnvelope
        | OpportunityAttackTriggeredEnvelope
        | OrderSetEnvelope
        | PowerRolledEnvelope
        | ReactionResolvedEnvelope
        | RuleOverruledEnvelope
        | ShieldSurfEndedEnvelope
        | ShieldSurfStartedEnvelope
        | ShieldWornEnvelope
        | ShiftedEnvelope
        | StoodUpEnvelope
        | TakenDownEnvelope
        | TalliedEnvelope
        | TeleportedEnvelope
        | TerrainSetEnvelope
        | TurnEndedEnvelope
        | TurnStartedEnvelope
        | UnseenCreatureMetEnvelope
        | UnseenEnvelope
    ]
):
    root: Annotated[
        ActionConvertedEnvelope
        | ActionRedoneEnvelope
        | ActionUndoneEnvelope
        | ActionUsedEnvelope
        | AdjustedEnvelope
        | BattleCreatedEnvelope
        | CollidedEnvelope
        | ConditionSetEnvelope
        | CreatureHiddenEnvelope
        | CreaturePlacedEnvelope
        | CreatureRemovedEnvelope
        | CreatureRevealedEnvelope
        | DamageTakenEnvelope
        | DiceRolledEnvelope
        | DroppedDownEnvelope
        | FellEnvelope
        | FellInchesEnvelope
        | FighterPlacedEnvelope
        | ForceMovedEnvelope
        | HandsChangedEnvelope
        | HurledThroughEnvelope
        | ImpactRolledEnvelope
        | IntentAcceptedEnvelope
        | JumpTestedEnvelope
        | KnockedProneEnvelope
        | MovedEnvelope
        | MovedInchesEnvelope
        | OpportunityAttackTriggeredEnvelope
        | OrderSetEnvelope
        | PowerRolledEnvelope
        | ReactionResolvedEnvelope
        | RuleOverruledEnvelope
        | ShieldSurfEndedEnvelope
        | ShieldSurfStartedEnvelope
        | ShieldWornEnvelope
        | ShiftedEnvelope
        | StoodUpEnvelope
        | TakenDownEnvelope
        | TalliedEnvelope
        | TeleportedEnvelope
        | TerrainSetEnvelope
        | TurnEndedEnvelope
        | TurnStartedEnvelope
        | UnseenCreatureMetEnvelope
        | UnseenEnvelope,
        Field(discriminator="type", title="StreamEvent"),
    ]
    """
    One message of `GET .../stream`, parsed from its `data:` line: a logged event as in
    `GET .../events` (its SSE `event:` is the type, `id:` the version).
    """


class WhatIfStep(BaseModel):
    """
    One intent tried: its events and trace, or its refusal (which ends the what-if).
    """

    events: Annotated[
        list[
            Annotated[
                ActionConvertedEvent
                | ActionRedoneEvent
                | ActionUndoneEvent
                | ActionUsedEvent
                | AdjustedEvent
                | BattleCreatedEvent
                | CollidedEvent
                | ConditionSetEvent
                | CreatureHiddenEvent
                | CreaturePlacedEvent
                | CreatureRemovedEvent
                | CreatureRevealedEvent
                | DamageTakenEvent
                | DiceRolledEvent
                | DroppedDownEvent
                | FellEvent
                | FellInchesEvent
                | FighterPlacedEvent
                | ForceMovedEvent
                | HandsChangedEvent
                | HurledThroughEvent
                | ImpactRolledEvent
                | IntentAcceptedEvent
                | JumpTestedEvent
                | KnockedProneEvent
                | MovedEvent
                | MovedInchesEvent
                | OpportunityAttackTriggeredEvent
                | OrderSetEvent
                | PowerRolledEvent
                | ReactionResolvedEvent
                | RuleOverruledEvent
                | ShieldSurfEndedEvent
                | ShieldSurfStartedEvent
                | ShieldWornEvent
                | ShiftedEvent
                | StoodUpEvent
                | TakenDownEvent
                | TalliedEvent
                | TeleportedEvent
                | TerrainSetEvent
                | TurnEndedEvent
                | TurnStartedEvent
                | UnseenCreatureMetEvent
                | UnseenEvent,
                Field(discriminator="type"),
            ]
        ]
        | None,
        Field(title="Events"),
    ] = None
    """
    The events it would append; null (left out) when the intent was refused.
    """
    index: Annotated[int, Field(title="Index")]
    """
    The intent's index in the request, from 0.
    """
    refused: Refusal | None = None
    """
    Why the intent was refused; null (left out) when it was accepted.
    """
    trace: Annotated[list[TraceStep] | None, Field(title="Trace")] = None
    """
    Its trace; null (left out) when the intent was refused.
    """


class BattleIn(
    RootModel[
        ActionPointsBattle
        | DrawSteelBattle
        | EpicPathBattle
        | OneTwoOneBattle
        | WarcryBattle
    ]
):
    root: Annotated[
        ActionPointsBattle
        | DrawSteelBattle
        | EpicPathBattle
        | OneTwoOneBattle
        | WarcryBattle,
        Field(discriminator="ruleset"),
    ]


class DryRunOut(BaseModel):
    """
    A dry run's preview: what the intent would append, not logged.
    """

    dry_run: Annotated[Literal[True], Field(title="Dry Run")] = True
    """
    Always true here.
    """
    events: Annotated[
        list[
            Annotated[
                ActionConvertedEvent
                | ActionRedoneEvent
                | ActionUndoneEvent
                | ActionUsedEvent
                | AdjustedEvent
                | BattleCreatedEvent
                | CollidedEvent
                | ConditionSetEvent
                | CreatureHiddenEvent
                | CreaturePlacedEvent
                | CreatureRemovedEvent
                | CreatureRevealedEvent
                | DamageTakenEvent
                | DiceRolledEvent
                | DroppedDownEvent
                | FellEvent
                | FellInchesEvent
                | FighterPlacedEvent
                | ForceMovedEvent
                | HandsChangedEvent
                | HurledThroughEvent
                | ImpactRolledEvent
                | IntentAcceptedEvent
                | JumpTestedEvent
                | KnockedProneEvent
                | MovedEvent
                | MovedInchesEvent
                | OpportunityAttackTriggeredEvent
                | OrderSetEvent
                | PowerRolledEvent
                | ReactionResolvedEvent
                | RuleOverruledEvent
                | ShieldSurfEndedEvent
                | ShieldSurfStartedEvent
                | ShieldWornEvent
                | ShiftedEvent
                | StoodUpEvent
                | TakenDownEvent
                | TalliedEvent
                | TeleportedEvent
                | TerrainSetEvent
                | TurnEndedEvent
                | TurnStartedEvent
                | UnseenCreatureMetEvent
                | UnseenEvent,
                Field(discriminator="type"),
            ]
        ],
        Field(title="Events"),
    ]
    """
    The events the intent would append.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    Always null: nothing was logged.
    """
    overruled: Annotated[list[Overruled] | None, Field(title="Overruled")] = None
    """
    Only when the intent carried an `overrule`: the rules it set aside, in order; empty when the rules allowed the intent anyway (nothing was overruled); null (left out) when the intent carried no `overrule`.
    """
    reactions: Annotated[list[ReactionAhead], Field(title="Reactions")]
    """
    Every reaction window the intent's path would open, in order: the one it stops at (`now`) and those the rest of the move would open were each declined (under `opportunity_attacks: "ask"` a move stops at its first). Empty when it provokes none.
    """
    replayed: Annotated[bool, Field(title="Replayed")]
    """
    Always false for a dry run.
    """
    trace: Annotated[list[TraceStep], Field(title="Trace")]
    """
    The decision's explanation, step by step.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The version the battle would reach were the intent appended (it is not).
    """


class EventsPage(BaseModel):
    """
    A page of a battle's log, in version order.
    """

    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle.
    """
    events: Annotated[
        list[
            Annotated[
                ActionConvertedEnvelope
                | ActionRedoneEnvelope
                | ActionUndoneEnvelope
                | ActionUsedEnvelope
                | AdjustedEnvelope
                | BattleCreatedEnvelope
                | CollidedEnvelope
                | ConditionSetEnvelope
                | CreatureHiddenEnvelope
                | CreaturePlacedEnvelope
                | CreatureRemovedEnvelope
                | CreatureRevealedEnvelope
                | DamageTakenEnvelope
                | DiceRolledEnvelope
                | DroppedDownEnvelope
                | FellEnvelope
                | FellInchesEnvelope
                | FighterPlacedEnvelope
                | ForceMovedEnvelope
                | HandsChangedEnvelope
                | HurledThroughEnvelope
                | ImpactRolledEnvelope
                | IntentAcceptedEnvelope
                | JumpTestedEnvelope
                | KnockedProneEnvelope
                | MovedEnvelope
                | MovedInchesEnvelope
                | OpportunityAttackTriggeredEnvelope
                | OrderSetEnvelope
                | PowerRolledEnvelope
                | ReactionResolvedEnvelope
                | RuleOverruledEnvelope
                | ShieldSurfEndedEnvelope
                | ShieldSurfStartedEnvelope
                | ShieldWornEnvelope
                | ShiftedEnvelope
                | StoodUpEnvelope
                | TakenDownEnvelope
                | TalliedEnvelope
                | TeleportedEnvelope
                | TerrainSetEnvelope
                | TurnEndedEnvelope
                | TurnStartedEnvelope
                | UnseenCreatureMetEnvelope
                | UnseenEnvelope,
                Field(discriminator="type"),
            ]
        ],
        Field(title="Events"),
    ]
    """
    The events, oldest first.
    """
    next_after: Annotated[int, Field(title="Next After")]
    """
    Pass as `after` to read the next page.
    """


class IntentOut(BaseModel):
    """
    An accepted action: the new version, its logged events and its trace.
    """

    dry_run: Annotated[Literal[False], Field(title="Dry Run")] = False
    """
    Always false here.
    """
    events: Annotated[
        list[
            Annotated[
                ActionConvertedEnvelope
                | ActionRedoneEnvelope
                | ActionUndoneEnvelope
                | ActionUsedEnvelope
                | AdjustedEnvelope
                | BattleCreatedEnvelope
                | CollidedEnvelope
                | ConditionSetEnvelope
                | CreatureHiddenEnvelope
                | CreaturePlacedEnvelope
                | CreatureRemovedEnvelope
                | CreatureRevealedEnvelope
                | DamageTakenEnvelope
                | DiceRolledEnvelope
                | DroppedDownEnvelope
                | FellEnvelope
                | FellInchesEnvelope
                | FighterPlacedEnvelope
                | ForceMovedEnvelope
                | HandsChangedEnvelope
                | HurledThroughEnvelope
                | ImpactRolledEnvelope
                | IntentAcceptedEnvelope
                | JumpTestedEnvelope
                | KnockedProneEnvelope
                | MovedEnvelope
                | MovedInchesEnvelope
                | OpportunityAttackTriggeredEnvelope
                | OrderSetEnvelope
                | PowerRolledEnvelope
                | ReactionResolvedEnvelope
                | RuleOverruledEnvelope
                | ShieldSurfEndedEnvelope
                | ShieldSurfStartedEnvelope
                | ShieldWornEnvelope
                | ShiftedEnvelope
                | StoodUpEnvelope
                | TakenDownEnvelope
                | TalliedEnvelope
                | TeleportedEnvelope
                | TerrainSetEnvelope
                | TurnEndedEnvelope
                | TurnStartedEnvelope
                | UnseenCreatureMetEnvelope
                | UnseenEnvelope,
                Field(discriminator="type"),
            ]
        ],
        Field(title="Events"),
    ]
    """
    The action's events as logged, `IntentAccepted` first.
    """
    intent_id: Annotated[str | None, Field(title="Intent Id")]
    """
    The action's id (its events' `intent_id`); never null on an accepted action.
    """
    overruled: Annotated[list[Overruled] | None, Field(title="Overruled")] = None
    """
    Only when the intent carried an `overrule`: the rules it set aside, in order; empty when the rules allowed the intent anyway (nothing was overruled); null (left out) when the intent carried no `overrule`.
    """
    receipt: Receipt | None
    """
    Signed proof of this append (keep it: `POST .../verify` checks the log against the receipts a client kept); never null on an accepted action.
    """
    replayed: Annotated[bool, Field(title="Replayed")]
    """
    True when this is the first answer again (the `Idempotency-Key` was seen).
    """
    trace: Annotated[list[TraceStep], Field(title="Trace")]
    """
    The decision's explanation, step by step.
    """
    version: Annotated[int, Field(title="Version")]
    """
    The battle's version after the action.
    """


class JudgedAgain(BaseModel):
    """
    The action decided again: its events and trace, or the refusal the rules give now.
    """

    events: Annotated[
        list[
            Annotated[
                ActionConvertedEvent
                | ActionRedoneEvent
                | ActionUndoneEvent
                | ActionUsedEvent
                | AdjustedEvent
                | BattleCreatedEvent
                | CollidedEvent
                | ConditionSetEvent
                | CreatureHiddenEvent
                | CreaturePlacedEvent
                | CreatureRemovedEvent
                | CreatureRevealedEvent
                | DamageTakenEvent
                | DiceRolledEvent
                | DroppedDownEvent
                | FellEvent
                | FellInchesEvent
                | FighterPlacedEvent
                | ForceMovedEvent
                | HandsChangedEvent
                | HurledThroughEvent
                | ImpactRolledEvent
                | IntentAcceptedEvent
                | JumpTestedEvent
                | KnockedProneEvent
                | MovedEvent
                | MovedInchesEvent
                | OpportunityAttackTriggeredEvent
                | OrderSetEvent
                | PowerRolledEvent
                | ReactionResolvedEvent
                | RuleOverruledEvent
                | ShieldSurfEndedEvent
                | ShieldSurfStartedEvent
                | ShieldWornEvent
                | ShiftedEvent
                | StoodUpEvent
                | TakenDownEvent
                | TalliedEvent
                | TeleportedEvent
                | TerrainSetEvent
                | TurnEndedEvent
                | TurnStartedEvent
                | UnseenCreatureMetEvent
                | UnseenEvent,
                Field(discriminator="type"),
            ]
        ]
        | None,
        Field(title="Events"),
    ] = None
    """
    The events decided now; null (left out) when today's rules refuse the intent.
    """
    refused: Refusal | None = None
    """
    Why today's rules refuse the recorded intent; null (left out) when they accept it.
    """
    trace: Annotated[list[TraceStep] | None, Field(title="Trace")] = None
    """
    Today's trace; null (left out) when today's rules refuse the intent.
    """


class Judgement(BaseModel):
    """
    A recorded action judged again: same prior state, intent and dice; today's rules.
    """

    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director` or `seat:<seat_id>`; null when the log recorded no actor.
    """
    differences: Annotated[list[str], Field(title="Differences")]
    """
    Each difference, in words (empty when matching).
    """
    intent: Annotated[
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
        | Reveal
        | UndoRecord
        | RedoRecord
        | CreateRecord,
        Field(discriminator="type", title="Intent"),
    ]
    """
    The intent as recorded (an intent body, or the body of `undo`, `redo` or `create_battle`).
    """
    intent_id: Annotated[str, Field(title="Intent Id")]
    """
    The action judged.
    """
    judged: JudgedAgain | None
    """
    What the rules decide now; null for control actions (undo, redo, create).
    """
    matches: Annotated[bool, Field(title="Matches")]
    """
    True when today's decision equals the recorded one.
    """
    note: Annotated[str | None, Field(title="Note")] = None
    """
    Why the action was not judged (control actions); null (left out) on a judged one.
    """
    recorded: RecordedAction
    """
    What the log recorded.
    """
    rules_version_now: Annotated[str | None, Field(title="Rules Version Now")]
    """
    The rules version that judged it now (null for control actions).
    """
    rules_version_then: Annotated[str | None, Field(title="Rules Version Then")]
    """
    The rules version that decided it; null when the log recorded none.
    """
    ruling: RulingShown | None
    """
    The director's ruling on the action; null when it carried none.
    """
    versions: Annotated[list[int], Field(title="Versions")]
    """
    The action's first and last versions.
    """


class RejudgedAction(BaseModel):
    actor: Annotated[str | None, Field(title="Actor")]
    """
    Who acted: `director` or `seat:<seat_id>`; null when the log recorded no actor.
    """
    differences: Annotated[list[str], Field(title="Differences")]
    """
    Each difference, in words (empty when matching).
    """
    intent: Annotated[
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
        | Reveal
        | UndoRecord
        | RedoRecord
        | CreateRecord,
        Field(discriminator="type", title="Intent"),
    ]
    """
    The intent as recorded (an intent body, or the body of `undo`, `redo` or `create_battle`).
    """
    intent_id: Annotated[str, Field(title="Intent Id")]
    """
    The action judged.
    """
    judged: JudgedAgain | None
    """
    What the rules decide now; null for control actions (undo, redo, create).
    """
    matches: Annotated[bool, Field(title="Matches")]
    """
    True when today's decision equals the recorded one.
    """
    note: Annotated[str | None, Field(title="Note")] = None
    """
    Why the action was not judged (control actions); null (left out) on a judged one.
    """
    recorded: RecordedAction
    """
    What the log recorded.
    """
    rule: Annotated[str | None, Field(title="Rule")]
    """
    The rule that refuses the action now (null: still accepted, with other events).
    """
    rules_version_now: Annotated[str | None, Field(title="Rules Version Now")]
    """
    The rules version that judged it now (null for control actions).
    """
    rules_version_then: Annotated[str | None, Field(title="Rules Version Then")]
    """
    The rules version that decided it; null when the log recorded none.
    """
    ruling: RulingShown | None
    """
    The director's ruling on the action; null when it carried none.
    """
    versions: Annotated[list[int], Field(title="Versions")]
    """
    The action's first and last versions.
    """


class RejudgementPage(BaseModel):
    """
    A page of the battle's actions judged again under today's rules, oldest first.
    """

    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle.
    """
    checked: Annotated[int, Field(title="Checked")]
    """
    How many actions this page judged again.
    """
    differing: Annotated[list[RejudgedAction], Field(title="Differing")]
    """
    The actions whose events would differ today: the rule, what was recorded and what would be judged now.
    """
    next_after: Annotated[int | None, Field(title="Next After")]
    """
    Pass as `after` for the next page; null when this was the last.
    """


class Replay(BaseModel):
    """
    The states and events of a range of versions, for a viewer to step through.
    """

    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle.
    """
    from_: Annotated[int, Field(alias="from", title="From")]
    """
    The first version replayed.
    """
    steps: Annotated[list[ReplayStep], Field(title="Steps")]
    """
    One step per event, in version order.
    """
    to: Annotated[int, Field(title="To")]
    """
    The last version replayed.
    """


class WhatIf(BaseModel):
    """
    Intents tried from a version without appending, compared with what the log holds.
    """

    battle_id: Annotated[str, Field(title="Battle Id")]
    """
    The battle.
    """
    compared_with_version: Annotated[int, Field(title="Compared With Version")]
    """
    The logged version compared with: as many actions after `from_version` as intents were tried; the head when fewer followed, or when an undo or redo since took back some of what followed (the head is then what the log says happened).
    """
    difference: StateDifference
    """
    How the two states differ.
    """
    from_version: Annotated[int, Field(title="From Version")]
    """
    The version the intents were tried from.
    """
    state: StateView
    """
    The state after the intents.
    """
    steps: Annotated[list[WhatIfStep], Field(title="Steps")]
    """
    One step per intent tried, in order.
    """


from typing import TypeAlias  # noqa: E402


LoggedEvent: TypeAlias = ActionConvertedEnvelope | ActionRedoneEnvelope | ActionUndoneEnvelope | ActionUsedEnvelope | AdjustedEnvelope | BattleCreatedEnvelope | CollidedEnvelope | ConditionSetEnvelope | CreatureHiddenEnvelope | CreaturePlacedEnvelope | CreatureRemovedEnvelope | CreatureRevealedEnvelope | DamageTakenEnvelope | DiceRolledEnvelope | DroppedDownEnvelope | FellEnvelope | FellInchesEnvelope | FighterPlacedEnvelope | ForceMovedEnvelope | HandsChangedEnvelope | HurledThroughEnvelope | ImpactRolledEnvelope | IntentAcceptedEnvelope | JumpTestedEnvelope | KnockedProneEnvelope | MovedEnvelope | MovedInchesEnvelope | OpportunityAttackTriggeredEnvelope | OrderSetEnvelope | PowerRolledEnvelope | ReactionResolvedEnvelope | RuleOverruledEnvelope | ShieldSurfEndedEnvelope | ShieldSurfStartedEnvelope | ShieldWornEnvelope | ShiftedEnvelope | StoodUpEnvelope | TakenDownEnvelope | TalliedEnvelope | TeleportedEnvelope | TerrainSetEnvelope | TurnEndedEnvelope | TurnStartedEnvelope | UnseenCreatureMetEnvelope | UnseenEnvelope
"""One member of `StreamEvent`: what `stream()` yields."""
