"""Epic Path battle options: what the Types of Movement page leaves to the GM (DIGEST 3)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.rulesets.options import BaseOptions


class EpicPathOptions(BaseOptions):
    opportunity_attacks: Literal["ask", "always", "never"] = Field(
        default="ask",
        description="An attack of opportunity asks the reactor, or is taken or declined at once.",
    )
    run_rule: Literal["run_section", "encumbrance_section"] = Field(
        default="run_section",
        description=(
            "Run x4 (x3 in heavy armour), or the encumbrance paragraph's x5, -1 medium, "
            "-2 heavy (DIGEST 3.2: the text disagrees with itself; GUESS x4)."
        ),
    )
    corner_obstacles: Literal["skirt", "block"] = Field(
        default="skirt",
        description=(
            "An obstacle only partly fills its square, so diagonals may skirt it; "
            "`block`: treat it as completely filled (walls always are)."
        ),
    )
    aoo_target_ac: int = Field(
        default=10,
        description=(
            "Armour class of a target without `stats.ac` when an attack of opportunity is rolled."
        ),
    )
    stand_up_provokes: bool = Field(
        default=True,
        description=(
            "Standing up from prone or splayed provokes attacks of opportunity as "
            "leaving a threatened square (DIGEST 3.10 [SRC]); `false` for a table that "
            "waives it."
        ),
    )
    landing_surface: Literal["jagged", "rough", "normal", "soft"] = Field(
        default="normal",
        description=(
            "What falls land on, a per-die modifier (Falling): jagged +2 (obsidian "
            "shards), rough +1 (broken trunks, solid stone), normal 0, soft -1 (loam, "
            "deep grass)."
        ),
    )
    forced_collisions: bool = Field(
        default=False,
        description=(
            "Forced movement stopped by an obstruction deals no damage (the text); "
            "`true`: treat it as uncautious movement (Collisions: 1d6 per 10 ft left, "
            "never against a creature)."
        ),
    )
    altitude_ceiling: int = Field(
        default=100,
        ge=5,
        le=5000,
        multiple_of=5,
        description=(
            'Feet above the ground a flier may climb to: the text "strongly recommends" '
            "that referees enforce altitude ceilings in three-dimensional encounters "
            "(3-D Movement)."
        ),
    )
    withdraw_defense: int = Field(
        default=15,
        ge=0,
        le=100,
        description=(
            "Maneuver Defense of a primary target without `stats.maneuver_defense`, "
            "against which a withdrawal's Movement check exempts more enemies (DIGEST "
            "3.4 GUESS)."
        ),
    )
    allies_may_share: bool = Field(
        default=False,
        description=(
            "A move may end in a consenting ally's space; both are then squeezed "
            '(Squeezing: "Squeezing can only occur if the two creatures sharing a space '
            'both agree").'
        ),
    )
    creatures_per_square: int = Field(
        default=4,
        ge=1,
        le=100,
        description=(
            "Creatures smaller than Medium one square may hold, however small they are "
            '(Space and Reach: "it is recommended that no more than four creatures be '
            'allowed into one space, no matter how tiny"); what they take of it still '
            "limits them (4 Tiny, 2 Small, 25 Diminutive, 100 Fine fill a square)."
        ),
    )
    teleport_line_of_effect: Literal["walls", "blocked"] = Field(
        default="walls",
        description=(
            "What blocks a teleport's line of effect (Blocked Terrain: teleport passes "
            'blocked terrain "as long as line of sight and line of effect rules are '
            'satisfied", and "many types of blocked terrain also block line of sight and/or '
            'line of effect. The GM adjudicates"): `walls`, a wall between; `blocked`, any '
            "blocked square (walls and objects)."
        ),
    )
    dead_are_rough: bool = Field(
        default=True,
        description=(
            "A dead creature's square is rough (difficult) terrain; `false` for a GM "
            "who \"may elect to ignore the 'dead creatures are rough terrain' rule\" "
            "(Squeezing)."
        ),
    )
