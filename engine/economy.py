"""What a creature has left this turn, in its own ruleset's economy (DESIGN sections 2 and 4).

Each ruleset answers `economy(state, creature)` with one of these models, in its own unit and
words; `engine.view.battle_view` lays it over the projection's view as the creature's
`economy`, and its `movement_left` becomes the creature's `movement_left` (the wire contract
of DESIGN section 9). The models are the OpenAPI schema of that object, so every field says
what it means.

Three words are shared. `turn` is `active` while the creature's own turn (a Warcry
activation) is under way, `waiting` when the battle tracks turns and it is not its turn
(nothing is left until its turn starts: "your movement refreshes when you get another
turn"), and `free` when the battle runs without turns (nothing is ever spent: each move has
its whole budget). `movement_left` is what a further move, by the ruleset's first move action
with nothing converted, may still spend, in `unit`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from projections.state import BattleState, Creature

Turn = Literal["active", "waiting", "free"]

_TURN = (
    "`active`: the creature's turn is under way; `waiting`: the battle tracks turns and it "
    "is not its turn, so nothing is left until its turn starts; `free`: the battle runs "
    "without turns, nothing is spent and each move has its whole budget."
)
_LEFT = (
    "What a further move (the ruleset's first move action, nothing converted) may still "
    "spend, in `unit`: the creature's `movement_left`."
)


def turn_of(state: BattleState, c: Creature) -> Turn:
    """Where the creature stands in the turn order, as every economy reports it."""
    if not state.turns:
        return "free"
    return "active" if state.active == c.id else "waiting"


class _Economy(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class DrawSteelActions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    main: int = Field(description="Main actions left this turn.")
    maneuver: int = Field(description="Maneuvers left this turn.")
    move: int = Field(description="Move actions left this turn.")


class DrawSteelEconomy(_Economy):
    """Draw Steel: one main action, one maneuver and one move action a turn; Advance moves up
    to speed and may be split around the other actions; the main action may become a second
    move action or maneuver, only when an intent says so (`use_main_action`)."""

    ruleset: Literal["draw-steel"] = Field(
        default="draw-steel", description="The battle's ruleset: which economy this is."
    )
    unit: Literal["squares"] = Field(
        default="squares",
        description="The unit `movement_left` and every distance here are counted in.",
    )
    turn: Turn = Field(description=_TURN)
    movement_left: int = Field(description=_LEFT)
    speed: int = Field(
        description="Current speed (slowed, grabbed, restrained and a held creature applied): "
        "what a fresh move action grants."
    )
    advance_left: int = Field(
        description="Squares left of an Advance under way; a further move continues it "
        "without another move action (0: none under way)."
    )
    actions: DrawSteelActions | None = Field(
        description="Actions left this turn (a dazed creature that acted has none); null "
        "without turns."
    )
    main_converts: bool = Field(
        description="The main action can still become a second move action (a fresh `speed`) "
        "or maneuver, with `use_main_action`."
    )


class EpicPathActions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    standard: int = Field(description="Standard actions left this turn.")
    move: int = Field(description="Move actions left this turn.")
    full_round: bool = Field(
        description="A full-round action (run, double move, clamber) is still possible: the "
        "standard and the move action are both left."
    )


class EpicPathEconomy(_Economy):
    """Epic Path: feet, a move action walks up to speed (it is not split), a standard action
    may be spent as a move action (`use_main_action`), a double move or a run takes both,
    and the 5-foot step has its own eligibility."""

    ruleset: Literal["epic-path"] = Field(
        default="epic-path", description="The battle's ruleset: which economy this is."
    )
    unit: Literal["feet"] = Field(
        default="feet",
        description="The unit `movement_left` and every distance here are counted in.",
    )
    turn: Turn = Field(description=_TURN)
    movement_left: int = Field(
        description=_LEFT + " In its walk speed (`speeds` holds each movement type's); a "
        "prone or splayed creature crawls 5 ft; an overburdened one moves 5 ft a round."
    )
    speeds: dict[str, int] = Field(description="Each movement mode's speed, encumbrance applied.")
    actions: EpicPathActions | None = Field(
        description="Actions left this turn; null without turns."
    )
    double_move_left: int = Field(
        description="Feet a double move could still cover now (0: its actions are spent)."
    )
    run_left: int = Field(description="Feet a run could still cover now (0: it can't run now).")
    moved: bool = Field(description="The creature has moved this round (by its own volition).")
    five_foot_step: bool = Field(
        description="A 5-foot step of the 'no other movement' kind is still allowed this round."
    )
    five_foot_step_used: bool = Field(description="It took a 5-foot step this round.")
    action_points_left: int = Field(
        description="Action points left for the battle (`stats.action_points` less those spent)."
    )


class ReclaimTheWildActions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    standard: int = Field(description="Standard Actions left this turn (Sprint spends it).")
    minor: int = Field(description="Minor Actions left this turn (Shield Surfing spends it).")


class ReclaimTheWildEconomy(_Economy):
    """Reclaim the Wild: Movement a turn (6 typically), 1-2-1 diagonals counted over the whole
    turn, Sprint doubling it for the Standard Action, the last square payable with less."""

    ruleset: Literal["one-two-one"] = Field(
        default="one-two-one", description="The battle's ruleset: which economy this is."
    )
    unit: Literal["Movement"] = Field(
        default="Movement",
        description="The unit `movement_left` and every distance here are counted in.",
    )
    turn: Turn = Field(description=_TURN)
    movement_left: int = Field(
        description=_LEFT + " The last square may cost more than this (it is still entered); "
        "0 after a Charge."
    )
    movement: int = Field(description="The creature's Movement a turn, before Sprinting.")
    spent: int = Field(description="Movement spent this turn (standing up included).")
    diagonals: int = Field(description="Diagonal squares entered this turn.")
    next_diagonal_costs: int = Field(
        description="What the next diagonal square costs before surcharges: 2 when it is the "
        "second of a pair (1-2-1 over the turn), else 1."
    )
    sprinting: bool = Field(description="It Sprints this turn (Movement doubled).")
    may_sprint: bool = Field(
        description="It may still start a Sprint (its Standard Action is left)."
    )
    charged: bool = Field(description="It Charged this turn: no more movement.")
    held_items: int = Field(
        default=0,
        description="Items in its hands besides what its way of travel needs: "
        "`stats.hands_busy`, then what `draw` and `stow` changed. Above 0 it can't climb or "
        "Sprint (unless the battle's options waive it).",
    )
    actions: ReclaimTheWildActions | None = Field(
        description="Actions left this turn; null without turns."
    )


class ActionPointsEconomy(_Economy):
    """The action-point game: MOVE in Move Points a turn (a diagonal costs 2), Action Points
    converting one for one into Move Points (never back), a run doubling MOVE but allowing
    one Action Point that round."""

    ruleset: Literal["action-points"] = Field(
        default="action-points", description="The battle's ruleset: which economy this is."
    )
    unit: Literal["Move Points"] = Field(
        default="Move Points",
        description="The unit `movement_left` and every distance here are counted in.",
    )
    turn: Turn = Field(description=_TURN)
    movement_left: int = Field(description=_LEFT + " Standing up and starting to crawl spend it.")
    move: int = Field(description="MOVE: the Move Points a turn gives (doubled while running).")
    spent: int = Field(description="Move Points spent this turn.")
    converted: int = Field(description="Action Points converted into Move Points this turn.")
    action_points_left: int = Field(description="Action Points left this turn.")
    convertible: int = Field(
        description="Action Points that may still become Move Points (a runner: at most its "
        "one Action Point of the round)."
    )
    running: bool = Field(description="It runs this turn (MOVE doubled, 1 Action Point at most).")
    may_run: bool = Field(
        description="It may still start running (it hasn't stood up, nor spent more than 1 "
        "Action Point, this turn)."
    )
    stood_up: bool = Field(description="It stood up this turn (no running).")


class WarcryEconomy(_Economy):
    """Warcry: an activation of two actions; each move action moves up to Move inches, its
    legs counted together; nothing carries from one move action to the next."""

    ruleset: Literal["warcry"] = Field(
        default="warcry", description="The battle's ruleset: which economy this is."
    )
    unit: Literal["inches"] = Field(
        default="inches",
        description="The unit `movement_left` and every distance here are counted in.",
    )
    turn: Turn = Field(description=_TURN)
    movement_left: float = Field(
        description=_LEFT + " Each move action has the whole Move; nothing carries over."
    )
    move: float = Field(description="The Move characteristic: inches in one move action.")
    actions_left: int | None = Field(
        description="Actions left in the activation; null without turns."
    )
    actions_per_activation: int = Field(description="Actions an activation has (option).")


AnyEconomy = (
    DrawSteelEconomy | EpicPathEconomy | ReclaimTheWildEconomy | ActionPointsEconomy | WarcryEconomy
)
Economy = Annotated[AnyEconomy, Field(discriminator="ruleset")]
"""Any ruleset's economy, told apart by `ruleset` (the OpenAPI shows the five)."""
