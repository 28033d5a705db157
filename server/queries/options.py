"""`GET /battles/{id}/creatures/{cid}/options`: what a creature may do now, as its caller may.

The engine generates the options and judges each with `decide` (engine/options.py); here
each is first held to `authorise`, the check a submitted intent meets, so an option offered
to a caller is one that caller's dry run accepts (a player's for a creature its seat does not
control are all unavailable, `auth/not-your-creature`). Dice are unseen ones, as a dry run's:
judging an option never shows the battle's next roll. A closed battle (issue 28, `POST
/battles/{id}/close`) appends nothing, so every option is unavailable with the closure
(`battle/closed`, the sentence a submission's 409 says) before any rule is asked.
"""

from __future__ import annotations

from typing import Any

from engine.budget import Budget, within
from engine.context import Context
from engine.intents import IntentError, parse_intent
from engine.option_words import summary
from engine.options import Option, options
from engine.provoking import Provoked
from engine.recorded_dice import RecordingDice
from engine.results import Refusal, Refused
from events.battle_events import Coord
from projections.state import BattleState
from server.errors import NotFound
from server.queries.reach import provoked, region_json, squares_json
from server.readers.authorisation import authorise
from server.readers.tokens import Principal
from server.readers.unseen_dice import UnseenDice
from server.state.loader import Loaded


def options_answer(
    loaded: Loaded,
    principal: Principal,
    creature: str,
    budget: Budget | None = None,
    closed: Refused | None = None,
) -> dict[str, Any]:
    """The route's answer (or `{"refused": ...}` when the budget runs out); an unknown
    creature is `NotFound`, the answer a path naming nothing gets. `closed`: the battle's
    closure, which refuses every option as it refuses every submission."""
    state = loaded.state
    if creature not in state.creatures:
        raise NotFound(f"no creature {creature!r} in battle {loaded.battle_id!r}")
    ctx = Context(actor=principal.actor, dice=RecordingDice(UnseenDice()))
    rs = ctx.rulesets.get(state.ruleset)
    if rs is None:
        return {"refused": Refused(rule="battle/unknown-ruleset", detail=state.ruleset)}

    def permit(intent: dict[str, Any]) -> Refused | None:
        if closed is not None:  # the pipeline's guard refuses before it authorises
            return closed
        try:
            return authorise(principal, parse_intent(intent), state)
        except IntentError as exc:  # a bug in the generator, reported as a refusal
            return Refused(rule="intent/invalid", detail=exc.detail)

    try:
        with within(budget):
            found = options(state, creature, ctx, permit)
            marks = [_marks(state, o) for o in found]
    except Refusal as refusal:
        return {"refused": refusal.refused()}
    economy = rs.economy(state, state.creatures[creature])
    return {
        "battle_id": loaded.battle_id,
        "version": loaded.version,
        "creature": creature,
        "ruleset": state.ruleset,
        "unit": rs.unit[1],
        "economy": economy.model_dump(mode="json"),
        "options": [_option_json(o, loaded, rs.unit, m) for o, m in zip(found, marks, strict=True)],
    }


def _marks(state: BattleState, o: Option) -> dict[Coord, tuple[Provoked, ...]]:
    """The squares of a movement option's reach whose move, as the option's intent sends
    it there, would provoke (`engine.provoking`)."""
    if o.reach is None or o.reach.region is not None:
        return {}
    intent = {k: v for k, v in o.intent.items() if k not in ("to", "path", "legs")}
    creature = str(o.intent["creature"])
    return provoked(state, creature, o.reach.kind, o.reach.squares, intent)


def _option_json(
    o: Option,
    loaded: Loaded,
    unit: tuple[str, str, int],
    marks: dict[Coord, tuple[Provoked, ...]],
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "kind": o.kind,
        "action": o.action,
        "available": o.available,
        "intent": o.intent,
        "spends": [{"what": s.what, "before": s.before, "after": s.after} for s in o.spends],
        "unavailable": None
        if o.refused is None
        else {"rule": o.refused.rule, "detail": o.refused.detail},
        "reach": None,
        "summary": summary(o, unit, loaded.state),
    }
    if o.reach is not None:
        reach: dict[str, Any] = {
            "version": loaded.version,
            "creature": o.intent.get("creature"),
            "kind": o.reach.kind,
            "mode": o.reach.mode,
            "squares": squares_json(loaded.state, o.reach.squares, marks),
        }
        if o.reach.region is not None:
            reach["region"] = region_json(o.reach.region)
        out["reach"] = reach
    return out


__all__ = ["options_answer"]
