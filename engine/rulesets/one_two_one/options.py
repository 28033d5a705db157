"""Reclaim the Wild battle options: what the Movement page leaves to the GM (DIGEST 4)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.rulesets.base import BaseOptions


class OneTwoOneOptions(BaseOptions):
    movement: int = Field(default=6, ge=1, le=100)
    """Movement of a creature without `speeds.walk` ("typically, Heroes have 6")."""
    slowed_surcharge: int = Field(default=1, ge=0, le=10)
    """Slowed (and squeezing, which slows) adds this per square (DIGEST 4.2 UNKNOWN)."""
    corner_rule: Literal["either", "both", "none"] = "either"
    """No diagonal past a wall: either side (Draw Steel's rule, DIGEST 4.8 GUESS), both, none."""
    vertical_jump: int = Field(default=1, ge=0, le=20)
    """Squares a creature falls without harm when its `stats.vertical_jump` is not given."""
    athletics_die: int = Field(default=6, ge=2, le=20)
    """Rolling with a fall rolls `stats.athletics` dice of this size (DIGEST 4.5 UNKNOWN)."""
    collision_damage: Literal["moved", "both"] = "moved"
    """A creature pushed into another: only the moved one takes damage, or both (4.4 GUESS)."""
    stand_up_cost: int = Field(default=3, ge=0, le=100)
    """Movement to stand up from prone (DIGEST 4.6 UNKNOWN; half of 6)."""
    climb_needs_free_hands: bool = True
    """Climbing needs both hands (Climbing): a creature with `stats.hands_busy` > 0 can't
    climb until it puts things away; `false` lets the GM waive it."""
