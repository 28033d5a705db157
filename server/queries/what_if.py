"""What-if: from a version, other intents applied without appending, compared with the
real log (DESIGN section 7)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine import Context, decide
from engine.budget import within
from engine.intents import Intent
from engine.results import Refused
from engine.unseen import known_state
from engine.view import battle_view
from events.vocabulary import Event, encode
from projections import BattleState, fold
from server.errors import NotFound
from server.ports import Ports
from server.queries.action_index import ActionInfo, actions_backwards
from server.readers.authorisation import authorise
from server.readers.tokens import Principal
from server.readers.unseen_dice import UnseenDice
from server.readers.view import ReaderView, view_of

TOO_COSTLY = "limits/too-costly"
NOT_A_CREATURE = frozenset({"battle/invalid-creature", "battle/invalid-creature-id"})
"""A `place` whose creature is no creature (no `at`, a bad id, a field of the wrong type):
its creature is read by the rules (engine/placement.py), not by the body's schema, so the
rules say so; it is bad input for the whole what-if (422, as the intents route answers it),
not a move the rules refused at one step."""
MAX_WHAT_IF_INTENTS = 50


def what_if(
    ports: Ports,
    principal: Principal,
    version: int,
    intents: Sequence[Intent],
    view: ReaderView | None = None,
) -> dict[str, Any] | Refused:
    """From `version`, apply other intents without appending; compare with the real log.

    Each intent is authorised as if it were submitted (a player may not try the
    director's intents or move another seat's creatures), and a player's what-if rolls
    unseen dice, so it cannot show the faces the battle's next real roll will have.
    """
    battle_id = principal.battle_id
    head = ports.log.head_version(battle_id)
    if head == 0:
        raise NotFound(f"no battle {battle_id!r}")
    actions = list(actions_backwards(ports.log, battle_id, head))  # newest first
    # the creation is an action too: before its last event there is no battle to try on
    created = actions[-1].last_version if actions else 1
    if not created <= version <= head:
        return Refused(
            rule="history/bad-version",
            detail=f"choose a version from {created} (the battle created) to {head}",
        )
    if not 1 <= len(intents) <= MAX_WHAT_IF_INTENTS:
        return Refused(
            rule="history/what-if-size",
            detail=f"give 1 to {MAX_WHAT_IF_INTENTS} intents",
        )
    view = view or view_of(ports.readers, principal)

    def shown_event(e: Event, at: int) -> dict[str, Any]:
        kind, data = view.event(e.type, encode(e), at)
        return {"type": kind, "data": data}

    hidden = set(view.hidden_then_or_now(version))
    # a player's what-if is asked of the battle as it knows it (engine/unseen.py)
    state = known_state(ports.states.at(battle_id, version).state, hidden)
    tried = _tried(ports, principal, state, intents, lambda e: shown_event(e, head + 1))
    if isinstance(tried, Refused):
        return tried
    steps, state = tried
    compare_at = _compared_version(actions, version, len(intents), head)
    actual = ports.states.at(battle_id, compare_at).state
    hidden |= view.hidden(compare_at)
    shown, actual = known_state(state, hidden), known_state(actual, hidden)
    return {
        "battle_id": battle_id,
        "from_version": version,
        "steps": steps,
        "state": view.state(battle_view(shown), version),
        "compared_with_version": compare_at,
        "difference": _state_difference(shown, actual),
    }


def _tried(
    ports: Ports,
    principal: Principal,
    state: BattleState,
    intents: Sequence[Intent],
    shown: Callable[[Event], dict[str, Any]],
) -> tuple[list[dict[str, Any]], BattleState] | Refused:
    """Each intent judged in turn from `state`, authorised as if it were submitted, within
    one budget: the steps (up to the first the rules refuse) and the state after them. A
    player's rolls are unseen dice, so no step shows the faces of the battle's next roll."""
    ctx = Context(actor=principal.actor)
    if not principal.is_director:
        ctx = Context(actor=principal.actor, dice=UnseenDice())
    budget = ports.budget("this what-if")
    steps: list[dict[str, Any]] = []
    for index, intent in enumerate(intents):
        refusal = authorise(principal, intent, state)
        if refusal is not None:
            return refusal
        with within(budget):
            decision = decide(intent, state, ctx)
        if isinstance(decision, Refused) and (
            decision.rule == TOO_COSTLY or decision.rule in NOT_A_CREATURE
        ):
            return decision
        if isinstance(decision, Refused):
            steps.append({"index": index, "refused": decision.model_dump()})
            break
        state = fold(decision.events, state)
        steps.append(
            {
                "index": index,
                "events": [shown(e) for e in decision.events],
                "trace": [s.to_json() for s in decision.trace],
            }
        )
    return steps, state


def _compared_version(actions: Sequence[ActionInfo], version: int, tried: int, head: int) -> int:
    """The logged version a what-if from `version` with `tried` intents is compared with: as
    many actions after `version` as were tried, when the log went straight on from there.

    When an undo or redo came after `version`, the states between hold actions since taken
    back (after a rewind to `version` the log still holds the moves it undid), so the log's
    own account of what happened is its head; so also when fewer actions followed."""
    after = [a for a in actions if a.first_version > version]
    if any(a.is_control for a in after) or len(after) < tried:
        return head
    return sorted(a.last_version for a in after)[tried - 1]


def _state_difference(hypothetical: BattleState, actual: BattleState) -> dict[str, Any]:
    fields = ("position", "hp", "conditions", "movement_left")
    a_view = battle_view(hypothetical)["creatures"]
    b_view = battle_view(actual)["creatures"]
    creatures: dict[str, Any] = {}
    for cid in sorted(set(a_view) | set(b_view)):
        a, b = a_view.get(cid), b_view.get(cid)
        if a is None or b is None:
            creatures[cid] = {"what_if": a is not None, "actual": b is not None}
            continue
        changed = {
            f: {"what_if": a.get(f), "actual": b.get(f)} for f in fields if a.get(f) != b.get(f)
        }
        if changed:
            creatures[cid] = changed
    pending_a = [p.id for p in hypothetical.pending]
    pending_b = [p.id for p in actual.pending]
    out: dict[str, Any] = {"creatures": creatures}
    if pending_a != pending_b:
        out["pending_reactions"] = {"what_if": pending_a, "actual": pending_b}
    return out
