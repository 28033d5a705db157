"""Action-point game (zaldar.com rulebook, Move) battle options: what the text leaves to the
GM ("Zaldar"), each with the DIGEST section 6 default."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.rulesets.base import BaseOptions


class ActionPointsOptions(BaseOptions):
    action_points: int = Field(default=3, ge=0, le=20)
    """Action points a turn (the Turgar example: 3); a creature's `stats.ap` overrides it."""
    failed_jump_spends: bool = True
    """A failed jump still spends its 2 Move Points (DIGEST 6.2 GUESS)."""
    failed_long_jump_spends: bool = True
    """A failed long jump spends 4 Move Points (DIGEST 6.2 GUESS); false: 2."""
    run_converts_action_point: bool = True
    """A runner's one action point may become a move point (DIGEST 6.1 GUESS)."""
    corner_rule: Literal["none", "walls"] = "none"
    """No corner rule in the text (DIGEST 6.6 GUESS); `walls`: no diagonal past a wall."""
    jump_target: int = Field(default=10, ge=1, le=40)
    """The d20 + DEX total a jump needs (the text: 10)."""
