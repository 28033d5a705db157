"""`SubmitIntent`: an intent judged on the battle's head and appended, or previewed.

A player asks and plans on the battle as it knows it (engine/unseen.py): the creatures hidden
from it are not there, to authorise, to judge a dry run, to search. Only a real action meets
the truth."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import Context, decide
from engine.budget import Budget, within
from engine.intents import Intent
from engine.preview import reactions_ahead
from engine.recorded_dice import RecordingDice
from engine.results import Decision, Refused
from engine.unseen import judge_unseen, known_state
from events.history_events import IntentAccepted
from events.vocabulary import Event
from projections import BattleState, fold
from server.commands.pipeline import Appending, IntentOutcome, Planned
from server.commands.request_encoding import (
    UnencodableBody,
    canonical_request,
    check_idempotency_key,
)
from server.commands.types import SubmitIntent
from server.ports import Ports
from server.readers.authorisation import authorise
from server.readers.unseen_dice import UnseenDice
from server.readers.view import view_of
from server.state.loader import Loaded


async def submit_intent(command: SubmitIntent, ports: Ports) -> IntentOutcome:
    """Judge an intent on the battle's head and append what it does (or preview it)."""
    check_idempotency_key(command.idempotency_key)
    intent, principal = command.intent, command.principal
    try:
        request = canonical_request(
            intent.model_dump(mode="json", exclude_none=True, by_alias=True)
        )
    except UnencodableBody as exc:
        return IntentOutcome(0, refused=Refused(rule="intent/invalid", detail=str(exc)))
    hidden: frozenset[str] = frozenset()
    if not principal.is_director:
        known = command.view
        if known is None:
            known = await ports.blocking(view_of, ports.readers, principal)
        hidden = frozenset(known.hidden())
    return await ports.writer.run(
        Appending(
            principal.battle_id,
            principal.actor,
            command,
            request.digest,
            request=request.data,
            hidden=hidden,
            idempotency_key=None if command.dry_run else command.idempotency_key,
            expected_version=intent.expected_version,
            correlation_id=command.correlation_id,
            heavy=searches(intent),
            dry_run=command.dry_run,
        )
    )


class IntentPlanner:
    """Authorises and plans a `SubmitIntent` (the pipeline's entry for it)."""

    def __init__(self, budget: Callable[[str], Budget]) -> None:
        self.budget = budget

    def authorise(self, appending: Appending, state: BattleState) -> Refused | None:
        """Who may submit it (server/readers/authorisation.py), on the battle as the one who
        asks knows it."""
        command: SubmitIntent = appending.command
        return authorise(command.principal, command.intent, known_state(state, appending.hidden))

    def plan(self, appending: Appending, loaded: Loaded | None) -> Planned | Refused:
        assert loaded is not None
        command: SubmitIntent = appending.command
        hidden, dry_run = appending.hidden, appending.dry_run
        known = known_state(loaded.state, hidden)
        # a dry run must not show the faces the real submission is about to roll
        dice = RecordingDice(UnseenDice() if dry_run else None)
        unseen = sorted(hidden & loaded.state.creatures.keys())
        ctx = Context(actor=command.principal.actor, dice=dice)
        with within(self.budget("this intent")):
            if dry_run or not unseen:
                decision = decide(command.intent, known, ctx)
            else:  # only a real action meets the truth, as the rules say it does
                decision, dice = _met_as_the_rules_say(command.intent, loaded, set(unseen), ctx)
        if isinstance(decision, Refused):
            return decision
        trace = tuple(step.to_json() for step in decision.trace)
        opener = IntentAccepted(
            intent=appending.request or {},
            dice=dice.faces,
            round=loaded.state.round,
            active=loaded.state.active,
            trace=list(trace),
            unseen=[] if dry_run else unseen,
        )
        after = (
            decision.state if decision.state is not None else fold(decision.events, loaded.state)
        )
        ahead = _ahead(command.principal.actor, loaded.state, after) if dry_run else ()
        return Planned(
            (opener, *decision.events),
            after,
            decision.events,
            trace,
            loaded.state.rules_version,
            ahead,
        )


def _ahead(actor: str, before: BattleState, after: BattleState) -> tuple[dict[str, Any], ...]:
    """A preview's every reaction window along its path (with unseen dice of its own)."""
    if not after.pending:
        return ()
    ctx = Context(actor=actor, dice=RecordingDice(UnseenDice()))
    return tuple(
        {
            "reactor": a.reactor,
            "target": a.target,
            "kind": a.kind,
            "at": list(a.at),
            "now": a.now,
            "if_taken": [_unlogged(e) for e in a.if_taken],
            "if_taken_words": list(a.words),
        }
        for a in reactions_ahead(before, after, ctx)
    )


def _met_as_the_rules_say(
    intent: Intent, loaded: Loaded, unseen: set[str], ctx: Context
) -> tuple[Decision, RecordingDice]:
    """A player's real intent while `unseen` are hidden from it (engine.unseen.judge_unseen):
    planned on what it knows with dice no one foresees, met on the truth with the battle's
    own; the dice the action records are those of its last attempt on the truth."""
    rolled = [RecordingDice()]

    def judge(tried: Any, state: Any, real: bool) -> Decision:
        dice = RecordingDice(None if real else UnseenDice())
        if real:
            rolled.append(dice)
        return decide(tried, state, Context(actor=ctx.actor, dice=dice, rulesets=ctx.rulesets))

    decision = judge_unseen(intent, loaded.state, unseen, judge, ctx)
    return decision, rolled[-1]


def searches(intent: Intent) -> bool:
    """Whether deciding the intent may search for a route (a `to` without a path, or a
    gridless move): such decisions run in the executor, so that one battle's long search
    never stalls the event loop that serves every other battle."""
    if getattr(intent, "path", None) is not None:
        return False
    return getattr(intent, "to", None) is not None or getattr(intent, "legs", None) is not None


def _unlogged(event: Event) -> dict[str, Any]:
    """An event not logged, as a dry run shows its own: `type` and `data`."""
    data = event.model_dump(mode="json")
    return {"type": data.pop("type", event.type), "data": data}
