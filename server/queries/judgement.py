"""Judgement: a recorded action judged again, with the same prior state, intent and dice,
under today's rules (DESIGN section 7, "Judgement of a disputed turn")."""

from __future__ import annotations

from typing import Any

from engine import Context, builtin_rulesets, decide
from engine.budget import Budget, within
from engine.intents import parse_intent
from engine.recorded_dice import ReplayDice
from engine.results import Decision, Refused
from engine.unseen import judge_unseen, known_state
from events.history_events import IntentAccepted
from events.vocabulary import registry
from projections import BattleState
from server.ports import Ports
from server.queries.recorded import as_recorded, differences, encoded
from server.queries.rulings import ruling_of
from server.readers.tokens import Principal
from server.readers.view import ReaderView, view_of

TOO_COSTLY = "limits/too-costly"


def judgement(
    ports: Ports,
    principal: Principal,
    intent_id: str,
    budget: Budget | None = None,
    view: ReaderView | None = None,
) -> dict[str, Any] | Refused:
    """Judge a recorded action again: same prior state, intent and dice; current rules.
    `budget` is the work it may cost (a whole battle's re-judgement shares one); it is
    read as `view`'s reader may read it (the request's, server/readers/view.py)."""
    battle_id = principal.battle_id
    envelopes = ports.log.find_action(battle_id, intent_id)
    if not envelopes or envelopes[0].type != "IntentAccepted":
        return Refused(rule="history/unknown-action", detail=f"no action {intent_id!r}")
    opening = envelopes[0].event(registry)
    assert isinstance(opening, IntentAccepted)
    view = view or view_of(ports.readers, principal)
    first = envelopes[0].version
    hidden = set(view.hidden(first))
    if not view.shows(envelopes[0]):
        # an action a hidden creature took is, to this reader, no action
        return Refused(rule="history/unknown-action", detail=f"no action {intent_id!r}")
    recorded = as_recorded(envelopes[1:])
    recorded_seen = _as_seen(recorded, first + 1, view)
    base: dict[str, Any] = {
        "intent_id": intent_id,
        "intent": opening.intent,
        "versions": [first, envelopes[-1].version],
        "actor": envelopes[0].actor,
        "rules_version_then": envelopes[0].rules_version,
        "recorded": {
            "events": recorded_seen,
            "trace": view.trace(opening.trace, first),
        },
        "ruling": ruling_of(opening.intent, recorded_seen),
    }
    if opening.intent.get("type") in ("undo", "redo", "create_battle"):
        return {
            **base,
            "judged": None,
            "matches": True,
            "rules_version_now": None,
            "differences": [],
            "note": "control actions are not judged",
        }
    before = ports.states.at(battle_id, first - 1).state
    with within(budget or ports.budget("this judgement")):
        again = _judged_again(opening, before, hidden, principal.is_director)
    if isinstance(again, Refused) and again.rule == TOO_COSTLY:
        return again
    rs = builtin_rulesets().get(before.ruleset)
    now_version = rs.rules_version if rs is not None else None
    return {**base, "rules_version_now": now_version, **_compared(again, recorded_seen)}


def _compared(again: Decision, recorded: list[dict[str, Any]]) -> dict[str, Any]:
    """The judgement now beside the record: what it judged, whether they match, and how
    they differ. A player's judgement holds no creature hidden from it (judged on what it
    knows); it is compared with the record as that player reads it."""
    if isinstance(again, Refused):
        return {
            "judged": {"refused": again.model_dump()},
            "matches": False,
            "differences": [f"now refused: {again.rule}: {again.detail}"],
        }
    judged = {
        "events": encoded(again.events),
        "trace": [step.to_json() for step in again.trace],
    }
    found = differences(recorded, judged["events"])
    return {"judged": judged, "matches": not found, "differences": found}


def _judged_again(
    opening: IntentAccepted, before: BattleState, hidden: set[str], director: bool
) -> Decision:
    """A recorded intent judged again on the state before it, with the dice it rolled.
    The director's: as the actor met the battle (an actor who could not see some creatures
    planned without them, engine.unseen.judge_unseen). A player's: on the battle as that
    player knows it (DESIGN section 3), so the answer holds nothing hidden from it."""
    if not director:
        known = known_state(before, hidden)
        return decide(opening.intent, known, Context(dice=ReplayDice(opening.dice)))
    if not opening.unseen:
        return decide(opening.intent, before, Context(dice=ReplayDice(opening.dice)))

    def judge(intent: Any, state: BattleState, real: bool) -> Decision:
        return decide(intent, state, Context(dice=ReplayDice(opening.dice)))

    intent = parse_intent(opening.intent)
    return judge_unseen(intent, before, set(opening.unseen), judge, Context())


def _as_seen(events: list[dict[str, Any]], version: int, view: ReaderView) -> list[dict[str, Any]]:
    """Events of an action starting at `version`, as `view`'s reader may read them."""
    out = []
    for n, e in enumerate(events):
        kind, data = view.event(e["type"], e["data"], version + n)
        out.append({"type": kind, "data": data})
    return out
