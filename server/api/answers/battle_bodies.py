"""The create body as the schema shows it: one shape per ruleset, keyed by `ruleset`.

Each ruleset's `options` come from the engine's own options model (every option with its
default and the rule it settles), so they are never written twice. The request itself is
still parsed by the loose `BattleIn` (an unknown ruleset or a bad option is the engine's
refusal, with its rule id); these models only describe it in `/openapi.json`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, create_model

from engine import builtin_rulesets
from engine.rulesets.protocol import Ruleset
from engine.setup import MapSetup
from events.gridless_events import MAX_BOARD, PieceSpec

MAX_CREATURES = 200


class CreatureIn(BaseModel):
    """A creature as placed on a grid. Ruleset-specific fields are allowed."""

    # strict: `"hp": true` or `"at": ["1", "2"]` is refused, not read as numbers
    model_config = ConfigDict(extra="allow", strict=True)

    id: str = Field(
        min_length=1,
        max_length=64,
        pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$",
        description="Its id, chosen by the client: 1 to 64 ASCII letters, digits, `_`, `.` or "
        "`-`, starting with a letter or a digit (so no two ids can look alike).",
    )
    name: str = Field(default="", max_length=200, description="A name to show.")
    side: str | None = Field(
        default=None,
        min_length=1,
        max_length=64,
        description="The side it fights on; creatures of other sides are enemies. Required,"
        " except for a creature the battle `continue`s from another (it keeps its side): null"
        " (or left out) only there.",
    )
    at: list[int | float] = Field(
        min_length=2,
        max_length=3,
        description="Where it stands: `[x, y]` (on the ground) or `[x, y, z]` in squares "
        "(x east, y south, z up). Gridless battles: inches.",
    )
    size: str = Field(
        default="1M",
        description="Its size in the ruleset's scale (Draw Steel: `1T`, `1S`, `1M`, `1L`, `2`, "
        "`3`, ...); the footprint in squares follows from it.",
    )
    speeds: dict[str, int] = Field(
        default={},
        description="Speed per movement mode it has natively (walk, climb, swim, fly, hover, "
        "burrow, teleport), in the ruleset's unit; a mode it lacks may still be used where the "
        "rules allow, at their cost.",
    )
    stats: dict[str, int] = Field(
        default={}, description="The characteristics the ruleset reads (might, agility, ...)."
    )
    stability: int = Field(default=0, description="Stability against forced movement.")
    hp: int = Field(default=1, description="Stamina (hit points).")
    conditions: list[str] = Field(
        default=[], description="Conditions it starts with (`prone`, `slowed`, ...)."
    )


class FighterIn(CreatureIn):
    """A fighter on a gridless board: `at` in inches, `speeds.walk` is its Move."""

    base: float = Field(default=1.0, gt=0, le=20, description="The base's diameter in inches.")
    runemarks: list[str] = Field(
        default=[], description="Its runemarks (such as `fly`, `mount`, `monster`)."
    )


class BoardIn(BaseModel):
    """A gridless board in inches."""

    model_config = ConfigDict(extra="forbid", strict=True)

    width: float = Field(gt=0, le=MAX_BOARD, description="Inches east-west.")
    height: float = Field(gt=0, le=MAX_BOARD, description="Inches north-south.")
    terrain: list[PieceSpec] = Field(default=[], description="Terrain pieces.")


Title = Annotated[str, Field(min_length=1, max_length=200)]


class ContinueIn(BaseModel):
    """The battle (and version, default its head) whose creatures a new battle continues."""

    model_config = ConfigDict(extra="forbid", strict=True)

    battle_id: str = Field(
        min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$", description="The old battle."
    )
    version: int | None = Field(
        default=None,
        ge=1,
        le=2**31 - 1,
        description="Its version to read; null (or left out): its head.",
    )
    creatures: list[str] = Field(
        min_length=1, max_length=MAX_CREATURES, description="The ids of the creatures carried on."
    )


Tag = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")]
Tags = Annotated[list[Tag], Field(max_length=20)]


class BattleBody(BaseModel):
    """Fields every battle's create body shares."""

    model_config = ConfigDict(extra="forbid", strict=True)

    seed: int | None = Field(
        default=None,
        description="The seed of the battle's dice, for play that can be repeated. Left out"
        " (or null), the server draws a secret one below 2^53 (so a JavaScript number holds it"
        " exactly); players never read it.",
    )
    title: Title | None = Field(
        default=None, description="A title a campaign knows it by; null (or left out): none."
    )
    continue_: ContinueIn | None = Field(
        default=None,
        alias="continue",
        description="Start from where another battle left some creatures (their lasting"
        " state); each still needs an entry in `creatures` saying where it stands (`at`);"
        " null (or left out): the battle starts afresh.",
    )
    tags: Tags = Field(default=[], description="Tags to find it by (`GET /battles?tag=`).")


def _is_gridless(ruleset: Ruleset) -> bool:
    return ruleset.gridless


def _camel(ruleset_id: str) -> str:
    return "".join(part.capitalize() for part in ruleset_id.split("-"))


def _body(ruleset: Ruleset) -> Any:
    options = ruleset.options_model
    fields: dict[str, Any] = {
        "ruleset": (Literal[ruleset.id], Field(description="The ruleset's id.")),
        "options": (
            options,
            Field(
                default_factory=options,
                description="The battle options: each rule the text leaves to the table, with "
                "its default; leave any out to take it.",
            ),
        ),
    }
    if _is_gridless(ruleset):
        fields["board"] = (BoardIn, Field(description="The board, in inches."))
        fields["creatures"] = (
            list[FighterIn],
            Field(default=[], max_length=MAX_CREATURES, description="The fighters."),
        )
    else:
        fields["map"] = (MapSetup, Field(description="The map, in squares."))
        fields["creatures"] = (
            list[CreatureIn],
            Field(default=[], max_length=MAX_CREATURES, description="The creatures."),
        )
    doc = f"The create body of a `{ruleset.id}` battle."
    return create_model(f"{_camel(ruleset.id)}Battle", __base__=BattleBody, __doc__=doc, **fields)


RULESETS = builtin_rulesets()
BATTLE_BODIES = [_body(rs) for rs in (RULESETS.get(i) for i in RULESETS.ids()) if rs is not None]
TypedBattle: TypeAdapter[Any] = TypeAdapter(
    Annotated[Union[tuple(BATTLE_BODIES)], Field(discriminator="ruleset")]  # type: ignore[arg-type]  # noqa: UP007
)
"""The create body as a union keyed by `ruleset` (for the schema)."""
