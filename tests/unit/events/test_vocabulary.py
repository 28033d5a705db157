"""The event vocabulary: registry, decoding, and upcasting old payloads to the current model."""

from __future__ import annotations

from typing import Literal

import pytest

from events.vocabulary import Event, EventRegistry, MalformedEvent, UnknownEventType, encode


def old_and_new_registries() -> tuple[EventRegistry, EventRegistry, type[Event]]:
    old = EventRegistry()

    @old.register
    class Fell(Event):  # v1 stored the height in feet
        type: Literal["Fell"] = "Fell"
        creature: str
        feet: int

    new = EventRegistry()

    @new.register
    class FellV2(Event):  # v2 counts squares, as the engine does
        type: Literal["Fell"] = "Fell"
        schema_version = 2
        creature: str
        squares: int

    @new.upcaster("Fell", from_version=1)
    def feet_to_squares(data: dict[str, object]) -> dict[str, object]:
        feet = data.pop("feet")
        assert isinstance(feet, int)
        return {**data, "squares": feet // 5}

    return old, new, FellV2


def test_an_old_payload_is_read_as_the_current_model() -> None:
    old, new, fell_v2 = old_and_new_registries()
    stored = encode(old.model("Fell")(creature="gob", feet=20))

    event = new.decode("Fell", 1, stored)

    assert event == fell_v2(creature="gob", squares=4)


def test_a_current_payload_needs_no_upcaster() -> None:
    _, new, fell_v2 = old_and_new_registries()
    assert new.decode("Fell", 2, {"creature": "gob", "squares": 3}) == fell_v2(
        creature="gob", squares=3
    )


def test_a_payload_from_newer_code_is_refused() -> None:
    _, new, _ = old_and_new_registries()
    with pytest.raises(MalformedEvent, match="newer"):
        new.decode("Fell", 3, {"creature": "gob", "squares": 3})


def test_an_unknown_type_is_refused() -> None:
    with pytest.raises(UnknownEventType):
        EventRegistry().decode("Teleported", 1, {})


def test_a_payload_missing_fields_is_malformed() -> None:
    _, new, _ = old_and_new_registries()
    with pytest.raises(MalformedEvent, match="squares"):
        new.decode("Fell", 2, {"creature": "gob"})


def test_a_type_cannot_be_registered_twice() -> None:
    registry = EventRegistry()

    @registry.register
    class A(Event):
        type: Literal["A"] = "A"

    with pytest.raises(ValueError, match="twice"):

        @registry.register
        class B(Event):
            type: Literal["A"] = "A"


def test_events_are_frozen() -> None:
    *_, fell_v2 = old_and_new_registries()
    event = fell_v2(creature="gob", squares=1)
    with pytest.raises(ValueError):
        event.squares = 2  # type: ignore[misc]
