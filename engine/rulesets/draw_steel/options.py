"""Draw Steel battle options: every rule the text leaves to the Director, with its default.

The DIGEST (section 2 and 7) marks these GUESS or UNKNOWN; each default is the digest's
suggestion, so a table can change any of them per battle in `options`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.rulesets.options import BaseOptions


class DrawSteelOptions(BaseOptions):
    opportunity_attacks: Literal["ask", "always", "never"] = Field(
        default="ask",
        description="A reaction window asks the reactor (`ask`), or is taken or declined at once.",
    )
    corner_rule: Literal["either", "both"] = Field(
        default="either",
        description=(
            "A diagonal is blocked when either (DIGEST 2.4) or both orthogonal squares are walls."
        ),
    )
    fall_threshold: Literal["effective", "raw"] = Field(
        default="effective",
        description=(
            "The 2-square minimum for falling damage is tested on the effective or raw height."
        ),
    )
    hard_terrain_test: bool = Field(
        default=True,
        description=(
            "Terrain marked `hard` calls for a Might test to climb or swim it (11 or "
            "less fails: the creature stops before it, wasting no movement)."
        ),
    )
    falling_far: bool = Field(
        default=True,
        description=(
            "With turns, a fall of more than 100 squares takes rounds: 100 now, 100 each new round."
        ),
    )
    stack_penalties: bool = Field(
        default=True,
        description=(
            "Crawling, climbing/swimming and difficult terrain add up (true) or the largest counts."
        ),
    )
    jump_costs_movement: bool = Field(
        default=True,
        description=(
            "Squares jumped count against movement (DIGEST 2.3 GUESS); false: a jump costs 1."
        ),
    )
    hurl_through: Literal["auto", "never"] = Field(
        default="auto",
        description=(
            "A creature force-moved into a mundane object breaks through when it has the squares."
        ),
    )
    push_line: Literal["bresenham", "monotone"] = Field(
        default="bresenham",
        description=(
            "Push/pull paths follow the source-target ray, or any path ever farther/closer."
        ),
    )
    stability: Literal["full", "none"] = Field(
        default="full",
        description=(
            "A force-moved target reduces the distance by its full stability, or not at all."
        ),
    )
    stop_move_at_zero_stamina: bool = Field(
        default=True,
        description=(
            "A move paused by a free strike ends when the strike drops the mover to 0 Stamina."
        ),
    )
    map_edge_collision: bool = Field(
        default=False,
        description=(
            "Forced movement into the map's edge counts as hitting an object (2 + remaining)."
        ),
    )
    damaging_terrain: Literal["each_square", "once_per_move"] = Field(
        default="each_square",
        description=(
            "Damaging terrain deals its damage for each square entered, or once per movement."
        ),
    )
    slam_fall: Literal["moved", "nominal"] = Field(
        default="moved",
        description=(
            "A target slammed down into the ground takes falling damage for the squares "
            "it was moved (`moved`) or for the whole forced distance (`nominal`)."
        ),
    )
    grab_speed_rounding: Literal["down", "up"] = Field(
        default="down",
        description="How a grabber's halved speed rounds.",
    )
    free_strike_damage: tuple[int, int, int] = Field(
        default=(2, 5, 7),
        description="Melee weapon free strike damage by tier, before the characteristic is added.",
    )
