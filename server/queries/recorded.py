"""Recorded events beside events judged again: the comparison judgement and undo share."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from events.envelope import Envelope
from events.vocabulary import Event, encode, registry


def encoded(events: Sequence[Event]) -> list[dict[str, Any]]:
    return [{"type": e.type, "data": encode(e)} for e in events]


def as_recorded(envelopes: Sequence[Envelope]) -> list[dict[str, Any]]:
    """Recorded events as the current vocabulary reads them (upcast), without the fields
    that were added to an event type after it was recorded (absent then, None now)."""
    out = []
    for env in envelopes:
        data = encode(env.event(registry))
        kept = {k: v for k, v in data.items() if k in env.data or v is not None}
        out.append({"type": env.type, "data": kept})
    return out


def differences(recorded: list[dict[str, Any]], judged: list[dict[str, Any]]) -> list[str]:
    """What a judgement changes in the recorded events. A field the recorded event does not
    have (added to the vocabulary later) is information the rules give now, not a change."""
    out = []
    for i in range(max(len(recorded), len(judged))):
        if i >= len(recorded):
            out.append(f"event {i + 1}: now also {judged[i]['type']}")
        elif i >= len(judged):
            out.append(f"event {i + 1}: {recorded[i]['type']} would no longer happen")
        elif recorded[i]["type"] != judged[i]["type"]:
            out.append(f"event {i + 1}: recorded {recorded[i]['type']}, now {judged[i]['type']}")
        else:
            then, now = recorded[i]["data"], judged[i]["data"]
            for key in sorted(then):
                if then.get(key) != now.get(key):
                    out.append(
                        f"event {i + 1} ({recorded[i]['type']}): {key} recorded"
                        f" {then.get(key)!r}, now {now.get(key)!r}"
                    )
    return out
