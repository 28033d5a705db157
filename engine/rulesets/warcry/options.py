"""Warcry battle options: every call the text leaves open, with its documented default.

DIGEST section 5 marks these GUESS or asks for them to be configurable.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.rulesets.base import BaseOptions


class WarcryOptions(BaseOptions):
    fall_landing: Literal["ask", "nearest", "lowest"] = "ask"
    """Who places a fallen fighter: `ask` opens a reaction window for the opposing player
    (warcry.md, Falling); `nearest` picks the legal point nearest the fighter horizontally
    (then the highest, then the smallest x, y); `lowest` the lowest (then the nearest)."""
    impact_threshold: float = Field(default=3.0, gt=0, le=100)
    """Impact damage from a drop of this many inches or more (the text: 3; a later edition 2)."""
    climb_counts_vertical: bool = True
    """Climbing counts the vertical inches against Move (DIGEST 5.2 GUESS); false: only the
    horizontal part counts, like jumping and flying."""
    fighter_height: float = Field(default=1.0, gt=0, le=20)
    """How tall a model stands above its base, in inches (the text gives none; it decides
    whether a jump or flight clears another fighter or passes under a platform)."""
    actions_per_activation: int = Field(default=2, ge=1, le=10)
    """Actions in one activation (with turns); each move intent is one move action."""
