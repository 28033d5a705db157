"""The actions of a battle, read from the log's action boundaries (newest first, paged).

Every action opens with `IntentAccepted`; undo and redo actions carry `ActionUndone` and
`ActionRedone` markers. Walking these boundaries backwards (a partial index keeps them
cheap) finds the latest effective action or the redo stack without reading every event.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from events.envelope import Envelope
from events.store import EventStore

CONTROL_INTENTS = frozenset({"undo", "redo", "create_battle"})


@dataclass
class ActionInfo:
    intent_id: str
    first_version: int
    last_version: int
    intent: dict[str, Any]
    dice: list[tuple[int, int]]
    actor: str | None
    round: int | None
    active: str | None
    trace: list[dict[str, Any]]
    markers: list[Envelope] = field(default_factory=list)

    @property
    def kind(self) -> str:
        return str(self.intent.get("type", "?"))

    @property
    def is_control(self) -> bool:
        return self.kind in CONTROL_INTENTS


def _boundaries(store: EventStore, battle_id: str, page: int = 200) -> Iterator[Envelope]:
    before: int | None = None
    while True:
        rows = store.read_actions_backwards(battle_id, before=before, limit=page)
        yield from rows
        if len(rows) < page:
            return
        before = rows[-1].version


def actions_backwards(store: EventStore, battle_id: str, head: int) -> Iterator[ActionInfo]:
    """Actions from the newest to the oldest, each with its markers and version range."""
    pending_markers: list[Envelope] = []
    next_first = head + 1
    for env in _boundaries(store, battle_id):
        if env.type != "IntentAccepted":
            pending_markers.append(env)
            continue
        data = env.data
        yield ActionInfo(
            intent_id=str(env.intent_id),
            first_version=env.version,
            last_version=next_first - 1,
            intent=dict(data.get("intent", {})),
            dice=[(int(s), int(f)) for s, f in data.get("dice", [])],
            actor=env.actor,
            round=data.get("round"),
            active=data.get("active"),
            trace=list(data.get("trace", [])),
            markers=list(reversed(pending_markers)),
        )
        pending_markers = []
        next_first = env.version
