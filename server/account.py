"""A readable, turn-by-turn account of a battle's log (for `turnledger replay`)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from events.envelope import Envelope


def _at(value: Any) -> str:
    return (
        f"[{', '.join(str(v) for v in value)}]" if isinstance(value, list | tuple) else str(value)
    )


def describe(e: Envelope) -> str:
    d = e.data
    who = d.get("creature") or d.get("target") or ""
    if e.type == "BattleCreated":
        count = len(d.get("creatures", []))
        return f"battle created: {d.get('ruleset')} with {count} creatures"
    if e.type in ("Moved", "Shifted", "ForceMoved"):
        path = d.get("path") or []
        end = _at(path[-1]) if path else "?"
        cost = f", cost {d['cost']}" if "cost" in d else ""
        return f"{e.type} {who} to {end} ({len(path)} squares{cost})"
    if e.type == "DamageTaken":
        return f"{who} takes {d.get('amount', d.get('damage', '?'))} damage"
    if e.type == "Fell":
        return f"{who} falls {d.get('distance', d.get('squares', '?'))} squares"
    gridless = _gridless(e.type, d, who)
    if gridless is not None:
        return gridless
    if e.type == "ActionUndone":
        return f"undone: action {d.get('intent_id')}"
    if e.type == "ActionRedone":
        return f"redone: action {d.get('intent_id')}"
    details = ", ".join(f"{k}={_at(v)}" for k, v in d.items() if k not in ("trace",))
    return f"{e.type} {details}"[:160]


def _inches(value: Any) -> str:
    return f'{float(value):.2f}"'.replace('.00"', '"') if isinstance(value, int | float) else "?"


def _pt(value: Any) -> str:
    if not isinstance(value, list | tuple):
        return str(value)
    return f"[{', '.join(f'{float(v):g}' if isinstance(v, float) else str(v) for v in value)}]"


def _gridless(kind: str, d: dict[str, Any], who: str) -> str | None:
    """Warcry's events (events/gridless_events.py), in inches."""
    if kind == "MovedInches":
        legs = ", ".join(leg.get("kind", "?") for leg in d.get("legs", []))
        path = d.get("path") or []
        end = _pt(path[-1]) if path else "?"
        climbing = ", still climbing" if d.get("climbing") else ""
        return f"{who} moves {_inches(d.get('cost'))} ({legs}) to {end}{climbing}"
    if kind == "DroppedDown":
        return f"{who} drops {_inches(d.get('height'))} to {_pt(d.get('to'))}"
    if kind == "FellInches":
        if d.get("chosen_by") == "stays":
            return f"{who} falls but stays at {_pt(d.get('landing'))}"
        chooser = {"opponent": "the opposing player", "auto": "the automatic choice"}
        by = chooser.get(str(d.get("chosen_by")), str(d.get("chosen_by")))
        return f"{who} falls {_inches(d.get('height'))} to {_pt(d.get('landing'))} ({by} chose)"
    if kind == "ImpactRolled":
        hurt = f"{d['damage']} damage" if d.get("damage") else "no damage"
        return f"{who} rolls {d.get('roll')} for impact after {_inches(d.get('height'))}: {hurt}"
    if kind == "TakenDown":
        return f"{who} is taken down ({d.get('cause')})"
    return None


def _intent(data: dict[str, Any]) -> str:
    intent = data.get("intent", {})
    kind = intent.get("type", "?")
    subject = intent.get("creature") or intent.get("source") or intent.get("reaction") or ""
    return f"{kind} {subject}".strip()


def account(envelopes: Sequence[Envelope]) -> Iterator[str]:
    """Lines: a heading per turn, then each action (version, actor, intent) and its events."""
    turn: tuple[Any, Any] | None = None
    for e in envelopes:
        if e.type == "IntentAccepted":
            now = (e.data.get("round"), e.data.get("active"))
            if now != turn and now[1] is not None:
                turn = now
                yield f"[bold]round {now[0]}, {now[1] or 'no one'} acting[/bold]"
            yield f"v{e.version} [cyan]{e.actor}[/cyan]: {_intent(e.data)}"
        else:
            yield f"  v{e.version} {describe(e)}"
