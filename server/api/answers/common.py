"""The answers of the HTTP API, typed, so `/openapi.json` says what each route sends.

These models describe the JSON the routes write (routes answer with orjson directly, so they
are documentation and the contract tests' yardstick, not a serialisation step). Every field
is described where clients read it.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel

from engine.economy import Economy
from events.creature_fields import LOGGED, STATE, TRACE, CreatureId, StateMarker
from server.api.answers.battle_bodies import BoardIn
from server.api.answers.documented import BattleOptions
from server.api.answers.events import LoggedEvent, UnloggedEvent

Position = list[int | float]


def _absent(value: Any) -> bool:
    return value is None


def sometimes(description: str) -> Any:
    """A field some answers leave out (null when read): not required in the schema."""
    return Field(default=None, exclude_if=_absent, description=description)


class Answer(BaseModel):
    """Base of the answers: new fields may appear, so clients should ignore unknown ones.

    Answers are written whole, so a field with a default is still always sent: the schema
    (serialisation mode) lists it as required (server/api/openapi_typing.py says why)."""

    model_config = ConfigDict(
        populate_by_name=True, json_schema_serialization_defaults_required=True
    )


class TraceStep(Answer):
    """One line of a decision's explanation: a square with its cost and why, or a trigger."""

    kind: str = Field(
        description="What the step is: `step` (a square entered), `trigger` (a reaction "
        "opened), the intent's type for a whole-intent note, ..."
    )
    at: list[int] | None = sometimes(
        "The square, `[x, y, z]`, when the step is about one; null (left out) on a trigger "
        "or a whole-intent note."
    )
    cost: int | None = sometimes(
        "What the step cost, in the ruleset's unit (0 when free); null (left out) when the "
        "step is not a square entered."
    )
    reasons: list[str] = Field(
        default=[],
        description="Why, in words: 'difficult terrain +1', 'diagonal 2 of 1-2-1', ...",
    )


class Refusal(Answer):
    """A refusal inside an answer: the rule that forbids, where, and a sentence."""

    rule: str = Field(description="A stable, namespaced rule id (`draw-steel/cannot-cut-corners`).")
    step: int | None = Field(
        default=None,
        description="The path step (or leg) it applies to, counted from 0; null when the rule "
        "applies to the intent as a whole.",
    )
    detail: str = Field(description="A sentence a player understands.")


class Receipt(Answer):
    """Signed proof of an append: the battle was at `version` with chain hash `hash`.

    `signature` is Ed25519 (key `key_id`, at `GET /keys`) over the UTF-8 bytes
    `turnledger-receipt-v1\n{battle_id}\n{version}\n{hash}`."""

    battle_id: str = Field(description="The battle.")
    version: int = Field(description="The battle's version after the append.")
    hash: str = Field(description="The chain hash of the event at `version` (hex).")
    key_id: str = Field(description="The `kid` of the signing key (see `GET /keys`).")
    signature: str = Field(description="The Ed25519 signature, base64url without padding.")


class Overruled(Answer):
    """A rule the director's ruling set aside (a `RuleOverruled` event of the action)."""

    rule: str = Field(description="The rule set aside (`draw-steel/ledge`).")
    step: int | None = Field(
        default=None,
        description="The path step (or leg) it applied to, counted from 0; null when the rule "
        "applied to the intent as a whole.",
    )
    detail: str = Field(description="What the refusal would have said.")


OVERRULED_FIELD = sometimes(
    "Only when the intent carried an `overrule`: the rules it set aside, in order;"
    " empty when the rules allowed the intent anyway (nothing was overruled); null (left"
    " out) when the intent carried no `overrule`."
)


class IntentOut(Answer):
    """An accepted action: the new version, its logged events and its trace."""

    version: int = Field(description="The battle's version after the action.")
    intent_id: str | None = Field(
        default=None,
        description="The action's id (its events' `intent_id`); never null on an accepted action.",
    )
    events: list[Annotated[LoggedEvent, LOGGED]] = Field(
        description="The action's events as logged, `IntentAccepted` first."
    )
    trace: Annotated[list[TraceStep], TRACE] = Field(
        description="The decision's explanation, step by step."
    )
    replayed: bool = Field(
        default=False,
        description="True when this is the first answer again (the `Idempotency-Key` was seen).",
    )
    dry_run: Literal[False] = Field(default=False, description="Always false here.")
    overruled: list[Overruled] | None = OVERRULED_FIELD
    receipt: Receipt | None = Field(
        default=None,
        description="Signed proof of this append (keep it: `POST .../verify` checks the log "
        "against the receipts a client kept); never null on an accepted action.",
    )


class ReactionAhead(Answer):
    """A reaction window the previewed path opens, and what taking it would do."""

    reactor: CreatureId = Field(description="The id of the creature that may react.")
    target: CreatureId = Field(description="The id of the creature that provokes it.")
    kind: str = Field(description="`opportunity_attack`, `free_strike`, ...")
    at: Position = Field(description="Where the mover stands when it opens, `[x, y, z]`.")
    now: bool = Field(
        description="True for a window the intent opens at once (its events hold it: the "
        "move stops there); false for one further along the path, opened once every window "
        "before it is answered."
    )
    if_taken: list[UnloggedEvent] = Field(
        description="What taking it would append (with the preview's own dice, never the "
        "battle's next faces); empty when taking it would be refused."
    )
    if_taken_words: list[str] = Field(description="`if_taken` in plain words.")


class DryRunOut(Answer):
    """A dry run's preview: what the intent would append, not logged."""

    version: int = Field(
        description="The version the battle would reach were the intent appended (it is not)."
    )
    intent_id: str | None = Field(default=None, description="Always null: nothing was logged.")
    events: list[Annotated[UnloggedEvent, LOGGED]] = Field(
        description="The events the intent would append."
    )
    trace: Annotated[list[TraceStep], TRACE] = Field(
        description="The decision's explanation, step by step."
    )
    replayed: bool = Field(default=False, description="Always false for a dry run.")
    dry_run: Literal[True] = Field(default=True, description="Always true here.")
    overruled: list[Overruled] | None = OVERRULED_FIELD
    reactions: list[ReactionAhead] = Field(
        description="Every reaction window the intent's path would open, in order: the one "
        "it stops at (`now`) and those the rest of the move would open were each declined "
        '(under `opportunity_attacks: "ask"` a move stops at its first). Empty when it '
        "provokes none."
    )


class StreamEvent(RootModel[LoggedEvent]):
    """One message of `GET .../stream`, parsed from its `data:` line: a logged event as in
    `GET .../events` (its SSE `event:` is the type, `id:` the version)."""


class EventsPage(Answer):
    """A page of a battle's log, in version order."""

    battle_id: str = Field(description="The battle.")
    events: list[Annotated[LoggedEvent, LOGGED]] = Field(description="The events, oldest first.")
    next_after: int = Field(description="Pass as `after` to read the next page.")


class ActionsLeft(Answer):
    """The actions a creature has left this turn."""

    move: int = Field(description="Move actions left.")
    main: int = Field(description="Main actions left.")
    maneuver: int = Field(description="Maneuvers left.")


class CreatureView(Answer):
    """A creature as the state shows it. Rulesets may add fields of their own."""

    model_config = ConfigDict(extra="allow")

    name: str | None = Field(default=None, description="Its name, as created; never null.")
    side: str | None = Field(default=None, description="The side it fights on; never null.")
    size: str | None = Field(
        default=None, description="Its size in the ruleset's scale; never null."
    )
    position: Position | None = Field(
        default=None,
        description="`[x, y, z]`: squares on a grid (z: the bottom of its space), inches on a "
        "gridless board; never null.",
    )
    hp: int | None = Field(default=None, description="Stamina (hit points) left; never null.")
    conditions: list[str] = Field(default=[], description="Its conditions, sorted.")
    movement_left: int | float = Field(
        description="What a further move by the ruleset's default move action may still "
        "spend this turn, in the ruleset's unit (without turns: the whole budget of a move; "
        "waiting for its turn: 0). The same as `economy.movement_left`.",
    )
    speeds: dict[str, int] = Field(default={}, description="Speed per movement mode.")
    stats: dict[str, int] = Field(default={}, description="The characteristics rules read.")
    stability: int | None = Field(default=None, description="Its stability; never null.")
    actions: ActionsLeft | None = Field(
        default=None, description="Actions left this turn; never null."
    )
    base: float | None = sometimes(
        "Gridless battles: the base's diameter in inches; null (left out) on grid battles."
    )
    economy: Economy | None = Field(
        default=None,
        description="What the creature has left this turn, in its ruleset's own unit and "
        "economy (a union keyed by `ruleset`); null only when this server does not know the "
        "battle's ruleset (a battle imported from a server with another ruleset), never for "
        "the built-in five.",
    )
    runemarks: list[str] | None = sometimes(
        "Gridless battles: the fighter's runemarks; null (left out) on grid battles."
    )


class PendingReaction(Answer):
    """An open reaction window: the move it paused waits for the reactor's answer."""

    id: str = Field(description="Answer it with `resolve_reaction` and this `reaction` id.")
    kind: str = Field(description="`opportunity_attack`, `free_strike`, `fall_landing`, ...")
    reactor: str = Field(description="The id of the creature that may react.")
    target: str = Field(description="The id of the creature that provoked it.")
    at: Position = Field(description="Where the target stands, `[x, y, z]`.")


class TerrainView(Answer):
    """Terrain of one kind (and height or fit) over cells."""

    kind: str = Field(description="The terrain kind.")
    cells: list[list[int]] = Field(description="Its squares, `[x, y]`.")
    height: int | None = sometimes(
        "For `updraft`: squares it lifts; for `wall` and `obstacle`: its height in squares "
        "(a wall given no height stands 100); null (left out) for other kinds."
    )
    fits: str | None = sometimes(
        "For `narrow`: the size it is built for; null (left out) for other kinds."
    )
    surface: str | None = sometimes(
        "For `landing`: what a fall there lands on (`jagged`, `rough`, `normal`, `soft`); "
        "null (left out) for other kinds."
    )


class ElevationView(Answer):
    """Raised (or sunken) ground."""

    cells: list[list[int]] = Field(description="Its squares, `[x, y]`.")
    height: int = Field(description="The ground's height there, in squares.")


class MapView(Answer):
    """The map as it is at this version."""

    width: int = Field(description="Squares east-west.")
    height: int = Field(description="Squares north-south.")
    terrain: list[TerrainView] = Field(description="Terrain, grouped by kind.")
    elevation: list[ElevationView] = Field(description="Ground heights other than 0.")


class TurnOrderView(Answer):
    """Whose turn it is and who is next, by the director's order (`set_order`)."""

    set: bool = Field(
        description="The director has set an order (`set_order`); false: any creature that "
        "has not acted this round may start its turn."
    )
    creatures: list[str] = Field(
        description="The order by creature, first to act first (empty when by sides or unset)."
    )
    sides: list[str] = Field(
        description="The order by side, first to act first (empty when by creature or unset)."
    )
    active: str | None = Field(description="Whose turn is under way (null: no one's).")
    acted: list[str] = Field(description="The creatures that have started a turn this round.")
    next: list[str] = Field(
        description="Who may start the next turn (after the one under way): send "
        "`start_turn` for one of them. By sides, any creature of `next_side` that has not "
        "acted; by creature, the first in the order still to act."
    )
    next_side: str | None = Field(
        description="By sides: the side whose turn is next; null when the order is not by sides."
    )
    next_round: int = Field(
        description="The round the next turn is in (the round after this one when everyone "
        "in the order has acted)."
    )


class StateView(Answer):
    """A battle's state at one version (inside replays and what-if answers)."""

    model_config = ConfigDict(extra="allow")
    reads_as: ClassVar[StateMarker] = STATE
    """A reader reads a state without the creatures it may not see (server/readers/view.py)."""

    ruleset: str = Field(description="The ruleset's id.")
    rules_version: str | None = Field(
        default=None, description="The rules version in force; never null."
    )
    round: int | None = Field(default=None, description="The round (null without turns).")
    active: str | None = Field(default=None, description="Whose turn it is (null: no one).")
    turn_order: TurnOrderView | None = Field(
        default=None,
        description="Whose turn it is and who is next (null: the battle runs without turns).",
    )
    creatures: dict[str, CreatureView] = Field(default={}, description="Creatures by id.")
    pending_reactions: list[PendingReaction] = Field(
        default=[], description="Open reaction windows; intents wait until they are answered."
    )
    map: MapView | None = Field(
        default=None, description="The map of squares; never null: every state has one."
    )
    board: BoardIn | None = sometimes(
        "Gridless battles: the board in inches (`width`, `height`, `terrain` pieces), as in "
        "the create body; null (left out) on grid battles."
    )
    options: BattleOptions = Field(
        description="Every battle option of the ruleset, defaults filled in; each is described "
        "under the ruleset's options in the create body (`DrawSteelOptions`, ...).",
    )


class BattleStateOut(StateView):
    """A battle's state: now, at a version, or at an instant."""

    battle_id: str = Field(description="The battle.")
    version: int = Field(description="The version this state is at.")
