"""A readable, turn-by-turn account of a battle's log (for `turnledger replay`).

The words are the engine's narration, the same the API and the viewer show.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from rich.markup import escape

from engine.narration import Narrator
from events.envelope import Envelope


def account(
    envelopes: Sequence[Envelope], seats: Mapping[str, str] | None = None, first: int = 1
) -> Iterator[str]:
    """Lines (rich markup): a heading per turn, then each action (version, who, what) and its
    events in words. `envelopes` start at version 1; lines start at version `first`."""
    narrator = Narrator(seats=dict(seats or {}))
    turn: tuple[Any, Any] | None = None
    for e in envelopes:
        words = narrator.narrate(e.type, e.data, e.actor)
        if e.version < first:
            continue
        if e.type == "IntentAccepted":
            now = (e.data.get("round"), e.data.get("active"))
            if now != turn and now[1] is not None:
                turn = now
                yield f"[bold]round {now[0]}, {escape(narrator.name(now[1]))} acting[/bold]"
            yield f"v{e.version} [cyan]{escape(narrator.intent_line(e.data, e.actor))}[/cyan]"
        elif words is not None:
            yield f"  v{e.version} {escape(words)}"
