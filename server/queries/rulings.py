"""A ruling in the words narration, the viewer, judgement and replay share (DESIGN section 7)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.ruling import PREFIX


def ruling_words(data: dict[str, Any]) -> str:
    """A ruling in the words narration, the viewer and replay share (DESIGN section 7)."""
    return f"{PREFIX}: {data.get('reason', '')}"


def ruling_of(intent: dict[str, Any], events: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """The director's ruling on a recorded action: its reason, the rules it set aside (as
    the reader may read the action's `events`: a ruling that names a creature hidden from
    it is a placeholder, so not listed) and the words shown for it; None for an action
    without one."""
    given = intent.get("overrule")
    if not isinstance(given, dict):
        return None
    set_aside = [
        {k: e["data"].get(k) for k in ("rule", "step", "detail")}
        for e in events
        if e["type"] == "RuleOverruled"
    ]
    return {
        "reason": given.get("reason"),
        "overruled": set_aside,
        "words": f"{PREFIX}: {given.get('reason')}",
    }
