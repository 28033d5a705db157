"""Action-point game (zaldar.com rulebook, Move) battle options: what the text leaves to the
GM ("Zaldar"), each with the DIGEST section 6 default."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.rulesets.options import BaseOptions


class ActionPointsOptions(BaseOptions):
    action_points: int = Field(
        default=3,
        ge=0,
        le=20,
        description=(
            "Action points a turn (the Turgar example: 3); a creature's `stats.ap` overrides it."
        ),
    )
    failed_jump_spends: bool = Field(
        default=True,
        description="A failed jump still spends its 2 Move Points (DIGEST 6.2 GUESS).",
    )
    failed_long_jump_spends: bool = Field(
        default=True,
        description="A failed long jump spends 4 Move Points (DIGEST 6.2 GUESS); false: 2.",
    )
    run_converts_action_point: bool = Field(
        default=True,
        description="A runner's one action point may become a move point (DIGEST 6.1 GUESS).",
    )
    corner_rule: Literal["none", "walls"] = Field(
        default="none",
        description=(
            "No corner rule in the text (DIGEST 6.6 GUESS); `walls`: no diagonal past a wall."
        ),
    )
    jump_target: int = Field(
        default=10,
        ge=1,
        le=40,
        description="The d20 + DEX total a jump needs (the text: 10).",
    )
    dodge_cost: int | None = Field(
        default=1,
        ge=0,
        le=20,
        description=(
            "Action points a Dodge costs: a move that may pass through neutral and "
            'hostile spaces (the text refers to "Dodge under Actions", which we could '
            "not find: DIGEST 6 UNKNOWN). `null`: no Dodge at this table."
        ),
    )
    move_silently_cost: int = Field(
        default=1,
        ge=0,
        le=20,
        description="Moving Silently is an action of 1 Action Point (the text).",
    )
    climb_needs_free_hands: bool = Field(
        default=True,
        description=(
            "Climbing needs both hands free of items (the text): a creature with "
            "`stats.hands_busy` > 0 can't climb; `false` lets the GM waive it."
        ),
    )
    climb_marked_only: bool = Field(
        default=False,
        description=(
            'Climbing Up / Down: only a feature "deemed climbable by Zaldar" is climbed: '
            "`true`, a step up onto or down off a feature needs its (higher) square marked "
            "`climbable` on the map; `false`, every raised feature may be climbed."
        ),
    )
    actions_while_swimming: bool = Field(
        default=False,
        description=(
            '"A character in general cannot perform actions while swimming, however '
            'Zaldar may agree to offer the attempt" (the text): a creature in water '
            "can't Dodge or Move Silently (the actions among its moves) unless the "
            "table allows it."
        ),
    )
