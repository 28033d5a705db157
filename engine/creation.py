"""`create_battle(setup, ctx) -> Accepted([BattleCreated, ...]) | Refused`: a new battle.

The setup is parsed (`engine.setup`), its ruleset found in the context's registry, and the
ruleset lays the battle out (`Ruleset.create`: on a map, or on a board in inches). A
`Refusal` becomes `Refused`; any other exception is a bug, reported as
`engine/internal-error`.
"""

from __future__ import annotations

from typing import Any

from engine.context import Context
from engine.hiding import split
from engine.results import Accepted, Decision, Refusal, Refused
from engine.setup import BattleSetup, parse_setup


def create_battle(setup: BattleSetup | dict[str, Any], ctx: Context | None = None) -> Decision:
    """Judge a battle setup: `Accepted([BattleCreated])` or a refusal naming the problem."""
    ctx = ctx or Context()
    try:
        body = setup if isinstance(setup, BattleSetup) else parse_setup(setup)
        return _create(body, ctx)
    except Refusal as refusal:
        return refusal.refused()
    except Exception as exc:
        return Refused(rule="engine/internal-error", detail=f"{type(exc).__name__}: {exc}")


def _create(body: BattleSetup, ctx: Context) -> Accepted:
    rs = ctx.rulesets.get(body.ruleset)
    if rs is None:
        known = ", ".join(ctx.rulesets.ids())
        raise Refusal(
            "battle/unknown-ruleset", f"unknown ruleset {body.ruleset!r} (known: {known})"
        )
    entries, hiding = [], []
    for raw in body.creatures:
        entry, hidden = split(raw)
        entries.append(entry)
        if hidden is not None:
            hiding.append(hidden)
    created = rs.create(body.model_copy(update={"creatures": entries}))
    if not hiding:
        return created
    return Accepted(events=(*created.events, *hiding), trace=created.trace, state=created.state)
