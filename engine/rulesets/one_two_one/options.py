"""Reclaim the Wild battle options: what the Movement page leaves to the GM (DIGEST 4)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.rulesets.options import BaseOptions


class OneTwoOneOptions(BaseOptions):
    movement: int = Field(
        default=6,
        ge=1,
        le=100,
        description='Movement of a creature without `speeds.walk` ("typically, Heroes have 6").',
    )
    slowed_surcharge: int = Field(
        default=1,
        ge=0,
        le=10,
        description=(
            "Slowed (and squeezing, which slows) adds this per square (DIGEST 4.2 UNKNOWN)."
        ),
    )
    corner_rule: Literal["either", "both", "none"] = Field(
        default="either",
        description=(
            "No diagonal past a wall: either side (Draw Steel's rule, DIGEST 4.8 "
            "GUESS), both, none."
        ),
    )
    vertical_jump: int = Field(
        default=1,
        ge=0,
        le=20,
        description=(
            "Squares a creature falls without harm when its `stats.vertical_jump` is not given."
        ),
    )
    horizontal_jump: int = Field(
        default=2,
        ge=0,
        le=20,
        description=(
            "Squares of a creature's longest horizontal jump when its `stats.horizontal_jump` "
            "is not given (the value is in the full rulebook, not the Movement page: GUESS 2, "
            "a jump over one square to the next); doubled while Sprinting."
        ),
    )
    athletics_die: int = Field(
        default=6,
        ge=2,
        le=20,
        description=(
            "Rolling with a fall rolls `stats.athletics` dice of this size (DIGEST 4.5 UNKNOWN)."
        ),
    )
    collision_damage: Literal["moved", "both"] = Field(
        default="moved",
        description=(
            "A creature pushed into another: only the moved one takes damage, or both (4.4 GUESS)."
        ),
    )
    stand_up_cost: int = Field(
        default=3,
        ge=0,
        le=100,
        description="Movement to stand up from prone (DIGEST 4.6 UNKNOWN; half of 6).",
    )
    climb_needs_free_hands: bool = Field(
        default=True,
        description=(
            "Climbing needs both hands (Climbing): a creature with `stats.hands_busy` > "
            "0 can't climb until it puts things away; `false` lets the GM waive it."
        ),
    )
    sprint_needs_empty_hands: bool = Field(
        default=True,
        description=(
            "Sprinting: hands emptied of all but travel items first; a creature with "
            "`stats.hands_busy` > 0 can't Sprint; `false` lets the GM waive it."
        ),
    )
    squeeze_from: int = Field(
        default=1,
        ge=1,
        le=10,
        description=(
            "Squeezing: an opening built for a size this many categories smaller than "
            'the creature must be squeezed through ("shorter than one-half your height '
            'or width"; GUESS: each category about doubles height and width).'
        ),
    )
    too_small_from: int = Field(
        default=2,
        ge=1,
        le=10,
        description=(
            "Squeezing: an opening built for a size this many categories smaller is too "
            'small to squeeze into ("smaller than one-quarter"; GUESS as above).'
        ),
    )
    surf_needs_slope: bool = Field(
        default=True,
        description=(
            "Shield Surfing begins only on a downward slope, a square next to the "
            'surfer one square lower ("consult your GM"); `false` lets the GM call any '
            "terrain sloped enough."
        ),
    )
    surf_cost: Literal["half", "full"] = Field(
        default="half",
        description=(
            'Shield Surfing: "in most cases, your Movement costs will be halved" (the '
            "turn's raw costs added up, halved, rounded down); `full` for a gentle "
            "slope."
        ),
    )
    surf_difficult_wear: Literal["harsh", "normal", "gentle"] = Field(
        default="normal",
        description=(
            "Shield wear on difficult terrain, which the text's examples put on both "
            "sides (sand and snow are gentle, thickets harsh): normal (1 a turn) unless "
            "the GM says. Damaging terrain is always harsh (2), water always gentle (1 "
            "every other turn)."
        ),
    )
    fortitude: int = Field(
        default=2,
        ge=0,
        le=100,
        description=(
            "Holding Your Breath: rounds a creature without `stats.fortitude` holds its breath."
        ),
    )
