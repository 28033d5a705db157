"""Small event types of our own for testing the store apart from any game's vocabulary."""

from __future__ import annotations

from typing import Literal

from events.vocabulary import Event, EventRegistry

test_registry = EventRegistry()


@test_registry.register
class TokenMoved(Event):
    type: Literal["TokenMoved"] = "TokenMoved"
    token: str
    to: tuple[int, int]


@test_registry.register
class NoteWritten(Event):
    type: Literal["NoteWritten"] = "NoteWritten"
    text: str


class NeverRegistered(Event):
    type: Literal["NeverRegistered"] = "NeverRegistered"


def moved(token: str = "gob", x: int = 1, y: int = 2) -> TokenMoved:
    return TokenMoved(token=token, to=(x, y))
