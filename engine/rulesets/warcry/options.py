"""Warcry battle options: every call the text leaves open, with its documented default.

DIGEST section 5 marks these GUESS or asks for them to be configurable. Each field's
`description` is what the OpenAPI shows a client author.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.rulesets.options import BaseOptions


class WarcryOptions(BaseOptions):
    turns: bool = Field(
        default=True,
        description="Track activations (a turn is a fighter's activation: `start_turn`, "
        "`end_turn`, `actions_per_activation` actions, a climber falls when it ends); false: "
        "free movement, each move action still bounded by Move.",
    )
    fall_landing: Literal["ask", "nearest", "lowest"] = Field(
        default="ask",
        description="Who places a fallen fighter (warcry.md, Falling): `ask` opens a "
        "`fall_landing` reaction window for the opposing player, answered by "
        "`resolve_reaction` with `at`; `nearest` picks the legal point nearest the fighter "
        "horizontally (then the highest, then the smallest x, y); `lowest` the lowest (then "
        "the nearest).",
    )
    impact_threshold: float = Field(
        default=3.0,
        gt=0,
        le=100,
        description='Impact damage from a drop of this many inches or more (the text: 3"; a '
        'later edition: 2").',
    )
    climb_counts_vertical: bool = Field(
        default=True,
        description="Climbing counts its vertical inches against Move (DIGEST 5.2 GUESS: the "
        "text exempts only jumping down and flying); false: only its horizontal part counts.",
    )
    fighter_height: float = Field(
        default=1.0,
        gt=0,
        le=20,
        description="How tall a model stands above its base, in inches (the text gives none): "
        "whether a jump or a flight clears another fighter or passes under a piece.",
    )
    actions_per_activation: int = Field(
        default=2,
        ge=1,
        le=10,
        description="Actions in one activation (with turns); each move intent is one move action.",
    )
