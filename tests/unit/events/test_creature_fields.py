"""Every field of an event or an intent that holds a creature's id is marked where it is
declared (events/creature_fields.py): a reader's view finds hidden creatures only there, so
an unmarked one would leak. Fields are known by the names the vocabulary gives creatures."""

from __future__ import annotations

import typing

from pydantic import BaseModel

import events.battle_events
import events.history_events
import events.visibility_events  # noqa: F401  (each module registers its event types)
from events.creature_fields import model_shape
from events.vocabulary import registry
from server.readers.redaction import _INTENTS

CREATURE_NAMES = {
    "creature",
    "source",
    "target",
    "reactor",
    "other_creature",
    "by",
    "onto",
    "primary",
    "active",
    "unseen",
    "about",
    "provoked",
    "through",
    "fighters",
}
NOT_A_CREATURE = {
    ("ActionUndone", "target"): "the undone action's id",
    ("ActionRedone", "target"): "the redone action's id",
}


def marked_fields(model: type[BaseModel]) -> set[str]:
    shape = model_shape(model)
    return {name for name, _ in shape[1]} if shape else set()


def nested_models(annotation: typing.Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in typing.get_args(annotation) for m in nested_models(arg)]


def unmarked(model: type[BaseModel], seen: set[type[BaseModel]]) -> list[str]:
    if model in seen:
        return []
    seen.add(model)
    marked = marked_fields(model)
    name = model.model_fields["type"].default if "type" in model.model_fields else model.__name__
    out = [
        f"{name}.{field}"
        for field in model.model_fields
        if field in CREATURE_NAMES and field not in marked and (name, field) not in NOT_A_CREATURE
    ]
    for info in model.model_fields.values():
        for inner in nested_models(info.annotation):
            out.extend(unmarked(inner, seen))
    return out


def test_every_field_of_the_vocabulary_that_names_a_creature_is_marked() -> None:
    seen: set[type[BaseModel]] = set()
    missing = [f for t in registry.types for f in unmarked(registry.model(t), seen)]
    assert missing == []


def test_every_field_of_an_intent_that_names_a_creature_is_marked() -> None:
    seen: set[type[BaseModel]] = set()
    missing = [f for model in _INTENTS.values() for f in unmarked(model, seen)]
    assert missing == []
