"""Types validated as the services take them but documented with their full shape.

Some fields are parsed loosely on purpose (the engine judges them and refuses with a rule
id), and some answers are written straight from the read models; these types give
`/openapi.json` the shape the server knows for them, so generated clients get classes,
not free dicts (openapi-python-client) or `unknown` (openapi-typescript).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union, get_args

from pydantic import BaseModel, ConfigDict, Field, GetJsonSchemaHandler, TypeAdapter, create_model
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from engine.intents import Intent, Place
from server.api.answers.battle_bodies import RULESETS, CreatureIn


@dataclass(frozen=True)
class SchemaOf:
    """Annotation: keep the field's own validation, describe it as `shown` in the schema."""

    shown: Any

    def __get_pydantic_json_schema__(
        self, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        shown = getattr(self.shown, "__pydantic_core_schema__", None)
        return handler(shown if shown is not None else TypeAdapter(self.shown).core_schema)


def _documented_place() -> type[Place]:
    creature = Annotated[dict[str, Any], SchemaOf(CreatureIn)]
    described = Field(description="The creature, as in the create body's `creatures`.")
    return create_model(
        "Place", __base__=Place, __doc__=Place.__doc__, creature=(creature, described)
    )


def _intent_members() -> list[Any]:
    members = list(get_args(get_args(Intent)[0]))
    return [_documented_place() if m is Place else m for m in members]


INTENT_MEMBERS = _intent_members()


def _absent(value: Any) -> bool:
    return value is None


class ControlRecord(BaseModel):
    model_config = ConfigDict(json_schema_serialization_defaults_required=True)


class UndoRecord(ControlRecord):
    """An undo as its action records it."""

    type: Literal["undo"] = Field(description="Always `undo`.")
    to_version: int | None = Field(
        default=None,
        exclude_if=_absent,
        description="The version rewound to; null (left out) unless the undo was a rewind.",
    )
    intent_id: str | None = Field(
        default=None,
        exclude_if=_absent,
        description="The one action undone; null (left out) unless the undo named one.",
    )


class RedoRecord(ControlRecord):
    """A redo as its action records it."""

    type: Literal["redo"] = Field(description="Always `redo`.")


class CreateRecord(ControlRecord):
    """The creation of the battle as its first action records it."""

    type: Literal["create_battle"] = Field(description="Always `create_battle`.")


OPTIONS_MODELS = list(
    dict.fromkeys(rs.options_model for rs in (RULESETS.get(i) for i in RULESETS.ids()) if rs)
)

# The unions are built from the registries at run time; mypy sees what they validate as.
if TYPE_CHECKING:
    IntentIn = Intent
    RecordedIntent = Intent | UndoRecord | RedoRecord | CreateRecord
    BattleOptions = BaseModel
else:
    IntentIn = Annotated[Union[tuple(INTENT_MEMBERS)], Field(discriminator="type")]  # noqa: UP007
    """The intent body: validated exactly as `engine.intents.Intent` (`Place` is a subclass
    that only documents its creature)."""
    RecordedIntent = Annotated[
        Union[tuple([*INTENT_MEMBERS, UndoRecord, RedoRecord, CreateRecord])],  # noqa: UP007
        Field(discriminator="type"),
    ]
    """An intent as an action records it: an intent body, or the body of undo, redo or
    create."""
    BattleOptions = Union[tuple(OPTIONS_MODELS)]  # noqa: UP007
    """Some ruleset's battle options (the state says which ruleset)."""

ChangeValue = list[int | float] | list[str] | int | float | None
"""A value a what-if compares: a position, stamina, conditions or movement left."""
