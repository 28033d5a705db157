"""Battle options, typed: every rule a text leaves to the table, with its default, as a model.

A battle logs its options as a JSON object (`BattleCreated.options`, every option filled
with its default when the battle was created, so replay never depends on defaults), and the
state keeps that object: it is the log's shape and the API's. The rules read the options as
their ruleset's model, parsed beside the state (`of`): attributes, never `.get("name",
default)`, so each default is written once, in the model, and a misspelt option is a type
error rather than a silent default.

Reading a logged object upcasts it: an option a later version no longer has is dropped, one
it added takes its default.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, Field

from projections.state import TURNS_BY_DEFAULT, BattleState

_PARSED: dict[tuple[type[BaseModel], int], tuple[Mapping[str, Any], BaseModel]] = {}
"""Parsed options by model and logged object. A state's options object is never changed in
place and is shared by every later state of the battle, so one parse serves them all; the
entry holds the object, so its identity can't be reused while it is cached."""
_MOST_PARSED = 256


class BaseOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True)

    turns: bool = Field(
        default=TURNS_BY_DEFAULT,
        description=(
            "Track turns and rounds; `false` is free movement, each move still bounded by speed."
        ),
    )
    player_rolls: bool = Field(
        default=False,
        description=(
            "Whether players may send the dice the table rolled (`rolls`) with their intents;"
            " the director always may. Off by default: a player must not choose their dice."
        ),
    )

    @classmethod
    def logged(cls, raw: Mapping[str, Any]) -> Self:
        """The options a battle logged, read with this model (options it no longer has
        dropped, new ones at their defaults)."""
        return cls.model_validate({k: v for k, v in raw.items() if k in cls.model_fields})

    @classmethod
    def of(cls, state: BattleState) -> Self:
        """The battle's options as this model (parsed once per battle's options object)."""
        raw = state.options
        key = (cls, id(raw))
        hit = _PARSED.get(key)
        if hit is not None and hit[0] is raw:
            parsed = hit[1]
            assert isinstance(parsed, cls)
            return parsed
        found = cls.logged(raw)
        if len(_PARSED) >= _MOST_PARSED:
            _PARSED.clear()
        _PARSED[key] = (raw, found)
        return found
