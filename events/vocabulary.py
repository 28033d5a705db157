"""The base of every event type, the registry that maps type names to models, and upcasting.

An event is a frozen pydantic model with a literal `type` field (the discriminator stored in
the log) and a class-level `schema_version`. When a model changes shape its `schema_version`
goes up and an upcaster, registered under the version it reads, turns the old stored payload
into the next version's; reading always yields the current model.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from events.glossary import fill_descriptions

JsonObject = dict[str, Any]
Upcaster = Callable[[JsonObject], JsonObject]


class Event(BaseModel):
    """Base of every domain event: frozen, strict about unknown fields, past-tense named."""

    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        use_attribute_docstrings=True,
        json_schema_extra=fill_descriptions,
    )

    type: str
    schema_version: ClassVar[int] = 1


class UnknownEventType(LookupError):
    """The log names an event type this registry does not know."""


class MalformedEvent(ValueError):
    """A payload that does not validate against its event type."""


E = TypeVar("E", bound=type[Event])


class EventRegistry:
    """Maps type names to event models, and (type, version) to the upcaster reading it."""

    def __init__(self) -> None:
        self._models: dict[str, type[Event]] = {}
        self._upcasters: dict[tuple[str, int], Upcaster] = {}

    def register(self, model: E) -> E:
        model_cls: type[Event] = model
        name = model_cls.model_fields["type"].default
        if not isinstance(name, str):
            raise TypeError(f"{model.__name__} needs a literal default for its `type` field")
        if name in self._models and self._models[name] is not model:
            raise ValueError(f"event type {name!r} is registered twice")
        self._models[name] = model
        return model

    def upcaster(self, type_name: str, from_version: int) -> Callable[[Upcaster], Upcaster]:
        """Register a function turning a `from_version` payload into `from_version + 1`."""

        def decorate(fn: Upcaster) -> Upcaster:
            self._upcasters[(type_name, from_version)] = fn
            return fn

        return decorate

    def model(self, type_name: str) -> type[Event]:
        try:
            return self._models[type_name]
        except KeyError:
            raise UnknownEventType(f"unknown event type {type_name!r}") from None

    def knows(self, type_name: str) -> bool:
        return type_name in self._models

    @property
    def types(self) -> Mapping[str, type[Event]]:
        return dict(self._models)

    def decode(self, type_name: str, schema_version: int, data: Mapping[str, Any]) -> Event:
        """Read a stored payload of any known version as the current model."""
        model = self.model(type_name)
        payload: JsonObject = dict(data)
        version = schema_version
        while version < model.schema_version:
            step = self._upcasters.get((type_name, version))
            if step is None:
                raise MalformedEvent(f"no upcaster from {type_name} v{version} to v{version + 1}")
            payload = step(payload)
            version += 1
        if version > model.schema_version:
            raise MalformedEvent(
                f"{type_name} v{version} is newer than this code's v{model.schema_version}"
            )
        payload["type"] = type_name
        try:
            return model.model_validate(payload)
        except ValidationError as exc:
            raise MalformedEvent(f"{type_name}: {exc.errors(include_url=False)}") from exc

    def validate(self, event: Event) -> None:
        """Check an event about to be stored: its type is known and it round-trips."""
        model = self.model(event.type)
        if not isinstance(event, model):
            raise MalformedEvent(f"{event.type} must be a {model.__name__}")


registry = EventRegistry()
"""The process-wide registry; domain modules register their event types into it."""


def encode(event: Event) -> JsonObject:
    """The stored payload of an event: its fields as JSON, without the type discriminator."""
    data = event.model_dump(mode="json")
    data.pop("type", None)
    return data
