"""Events about actions rather than the battle: what was asked, and what was taken back.

Every action in the log opens with `IntentAccepted` (the intent as judged, and the seeded
dice it consumed), so a disputed action can be re-judged with the same intent and dice.
Undo and redo append `ActionUndone` / `ActionRedone`; nothing is ever deleted.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from events.creature_fields import TRACE, MetCreatureId, UnseenCreatureId
from events.vocabulary import Event, registry


@registry.register
class IntentAccepted(Event):
    """The intent an action was decided from, with what it needs to be judged again.

    `dice` are the seeded faces it consumed as [sides, face]; `round` and `active` place it
    in the turn order (a player may undo only within the turn); `trace` is the decision's
    explanation, kept so replays and judgements show it without re-deciding.
    """

    type: Literal["IntentAccepted"] = "IntentAccepted"
    intent: dict[str, Any]
    dice: list[tuple[int, int]] = []
    round: int | None = None
    active: MetCreatureId | None = None
    trace: Annotated[list[dict[str, Any]], TRACE] = []
    unseen: list[UnseenCreatureId] = Field(default=[], exclude_if=lambda v: not v)
    """The creatures the actor could not see when it acted (a player's seat): the intent was
    planned on the battle without them and met them only as the rules say it does
    (engine/hiding.py), so a judgement judges it so again. Absent when it saw them all."""


@registry.register
class ActionUndone(Event):
    """The action `target` (versions first..last) no longer counts; `rewind_to` if a rewind."""

    type: Literal["ActionUndone"] = "ActionUndone"
    target: str
    first_version: int
    last_version: int
    rewind_to: int | None = None


@registry.register
class ActionRedone(Event):
    type: Literal["ActionRedone"] = "ActionRedone"
    target: str
    first_version: int
    last_version: int


CONTROL_TYPES = frozenset({"IntentAccepted", "ActionUndone", "ActionRedone"})
"""Events that describe actions and never change the battle when folded."""
