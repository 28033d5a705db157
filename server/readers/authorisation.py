"""Who may submit what (DESIGN section 8, Auth): read by the write path, what-if and the
options route alike, so an option is offered exactly when its submission is authorised."""

from __future__ import annotations

from typing import Any

from engine.results import Refused
from engine.rulesets.options import BaseOptions
from projections import BattleState
from server.commands.intent_kinds import DIRECTOR_ONLY
from server.readers.tokens import Principal


def authorise(principal: Principal, intent: Any, state: BattleState) -> Refused | None:
    """Who may submit what (DESIGN section 8, Auth): the director anything; a player the
    intents of its own creatures and the reaction windows they must answer, and table-rolled
    dice only where the battle's `player_rolls` option allows them."""
    if principal.is_director:
        return None
    if getattr(intent, "overrule", None) is not None:
        return Refused(
            rule="auth/overrule-director-only", detail="only the director may overrule the rules"
        )
    if getattr(intent, "rolls", None) and not BaseOptions.of(state).player_rolls:
        return Refused(
            rule="auth/rolls-director-only",
            detail="in this battle only the director sends the table's rolls",
        )
    if getattr(intent, "caught", False) and not BaseOptions.of(state).player_rolls:
        return Refused(
            rule="auth/rulings-director-only",
            detail="whether a creature catches itself is the GM's ruling (`caught`)",
        )
    if getattr(intent, "into_space", False):
        return Refused(
            rule="auth/rulings-director-only",
            detail="forcing a creature into another's space is the Director's discretion",
        )
    if intent.type in DIRECTOR_ONLY:
        return Refused(rule="auth/director-only", detail=f"only the director may {intent.type}")
    if intent.type == "resolve_reaction":
        window = next((p for p in state.pending if p.id == intent.reaction), None)
        if window is not None and not principal.controls(window.reactor):
            return Refused(
                rule="auth/not-your-reaction",
                detail=f"{window.reactor} answers reaction {window.id}, not this seat",
            )
        return None
    actor_creature = getattr(intent, "creature", None) or getattr(intent, "source", None)
    if not principal.controls(actor_creature):
        return Refused(
            rule="auth/not-your-creature",
            detail=f"this seat does not control {actor_creature!r}",
        )
    return None
