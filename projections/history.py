"""The effective log: which actions count, once undo and redo markers are applied.

An action is the run of events sharing an `intent_id`. `ActionUndone(target)` takes a whole
action out of the effective log and `ActionRedone(target)` puts it back; both are actions of
their own, so nothing is ever deleted. The state at version N folds the events up to N whose
action is effective as of N (markers after N do not reach back), which keeps every snapshot
true forever: a snapshot at V stays the state at V.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from events.envelope import Envelope
from events.history_events import CONTROL_TYPES, ActionRedone, ActionUndone
from events.vocabulary import Event, EventRegistry


@dataclass(frozen=True, slots=True)
class Marker:
    version: int
    undo: bool
    target: str
    first_version: int
    last_version: int


def markers(envelopes: Iterable[Envelope]) -> list[Marker]:
    found = []
    for env in envelopes:
        if env.type in ("ActionUndone", "ActionRedone"):
            found.append(
                Marker(
                    env.version,
                    env.type == "ActionUndone",
                    str(env.data["target"]),
                    int(env.data["first_version"]),
                    int(env.data["last_version"]),
                )
            )
    return found


def undone_after(marks: Iterable[Marker]) -> set[str]:
    """The actions that stand undone once `marks` are applied in order."""
    undone: set[str] = set()
    for mark in marks:
        if mark.undo:
            undone.add(mark.target)
        else:
            undone.discard(mark.target)
    return undone


def reaches_before(marks: Iterable[Marker], version: int) -> int | None:
    """The lowest first version at or before `version` that a marker changes, if any.

    A snapshot at `version` is only a valid start for folding the markers' tail if none of
    them undoes or redoes an action the snapshot already contains.
    """
    lows = [m.first_version for m in marks if m.first_version <= version]
    return min(lows) if lows else None


def effective_events(
    tail: Sequence[Envelope], registry: EventRegistry, marks: Iterable[Marker] | None = None
) -> list[Event]:
    """The battle events of `tail` that count, decoded, in log order.

    `marks` defaults to the markers within `tail`; pass later ones too to see `tail` as the
    effective log stands after them.
    """
    undone = undone_after(markers(tail) if marks is None else marks)
    return [
        env.event(registry)
        for env in tail
        if env.type not in CONTROL_TYPES and env.intent_id not in undone
    ]


def is_marker(event: Event) -> bool:
    return isinstance(event, ActionUndone | ActionRedone)
