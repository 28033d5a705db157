"""`Undo`, `Rewind` and `Redo`: history as commands of the one write path (DESIGN 7).

Undo and redo append markers and never delete. Undo works as a stack on the effective
actions; a rewind brings the effective log back to what it was at a version (undoing what
came after, redoing what was undone after it); an earlier action may be undone alone only
if every later effective action, judged again without it with its recorded intent and dice,
yields exactly the events it recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine import Context, decide
from engine.budget import Budget, within
from engine.recorded_dice import ReplayDice
from engine.results import Decision, Refusal, Refused
from events.envelope import Envelope
from events.history_events import ActionRedone, ActionUndone, IntentAccepted
from events.store import EventStore
from events.vocabulary import Event, registry
from projections import BattleState, evolve, fold
from projections.history import Marker, effective_events, markers, undone_after
from server.commands.pipeline import Appending, IntentOutcome, Planned
from server.commands.request_encoding import (
    UnencodableBody,
    canonical_request,
    check_idempotency_key,
)
from server.commands.types import Redo, Rewind, Undo
from server.ports import Ports
from server.queries.action_index import ActionInfo, actions_backwards
from server.queries.recorded import as_recorded, differences, encoded
from server.readers.tokens import Principal
from server.state.loader import Loaded, StateLoader

TOO_COSTLY = "limits/too-costly"


@dataclass
class Rejudging:
    """One undo request's re-judgement of the later actions, across its tries.

    The work budget bounds the whole request: a try whose append finds the battle moved on
    (another action appended meanwhile) plans again within what is left of the same budget,
    not a fresh one. And it re-judges only what changed: the later actions judged by an
    earlier try (the same actions, with the same undo and redo markers among them) stand,
    and the new try goes on from the state after them."""

    budget: Budget | None = None
    target: str | None = None
    start: int = 0
    judged: list[tuple[str, int, int]] = field(default_factory=list)
    marks: list[Marker] = field(default_factory=list)
    state: BattleState | None = None
    cursor: int = 0

    def resumes(
        self,
        target: str,
        start: int,
        later: list[tuple[str, int, int]],
        log: list[Marker],
    ) -> bool:
        """Whether an earlier try's judgements hold for this one's `later` actions."""
        done = len(self.judged)
        return (
            done > 0
            and self.state is not None
            and self.target == target
            and self.start == start
            and later[:done] == self.judged
            and [m for m in log if m.version < self.cursor] == self.marks
        )


async def undo(command: Undo, ports: Ports) -> IntentOutcome:
    """Undo the latest effective action, or one earlier action alone."""
    request = {"type": "undo", "intent_id": command.intent_id}
    return await _marker_action(command, request, ports, scratch=Rejudging())


async def rewind(command: Rewind, ports: Ports) -> IntentOutcome:
    """Rewind the effective log to `to_version` (the director's)."""
    request = {"type": "undo", "to_version": command.to_version}
    return await _marker_action(command, request, ports)


async def redo(command: Redo, ports: Ports) -> IntentOutcome:
    """Redo the latest undone action (a new action clears redo)."""
    return await _marker_action(command, {"type": "redo"}, ports)


async def _marker_action(
    command: Undo | Rewind | Redo, request: dict[str, Any], ports: Ports, scratch: Any = None
) -> IntentOutcome:
    """Undo and redo as commands of the one write path: their plan reads the log's action
    boundaries and appends `ActionUndone`/`ActionRedone` markers behind an opener. Planned
    without holding the battle's lock (`lock_free`): a long re-judgement of later actions
    must not keep the battle's other commands waiting."""
    check_idempotency_key(command.idempotency_key)
    body = {k: v for k, v in request.items() if v is not None}
    try:
        canonical = canonical_request(body)
    except UnencodableBody as exc:
        return IntentOutcome(0, refused=Refused(rule="history/bad-version", detail=str(exc)))
    principal = command.principal
    return await ports.writer.run(
        Appending(
            principal.battle_id,
            principal.actor,
            command,
            canonical.digest,
            request=body,
            scratch=scratch,
            idempotency_key=command.idempotency_key,
            expected_version=command.expected_version,
            heavy=True,
            lock_free=ports.undo_lock_free,
        )
    )


class HistoryPlanner:
    """Plans `Undo`, `Rewind` and `Redo`: which markers they append, judged on the log's
    action boundaries (and, for an earlier action undone alone, on the later actions judged
    again without it)."""

    def __init__(
        self, log: EventStore, states: StateLoader, budget: Callable[[str], Budget]
    ) -> None:
        self.log = log
        self.states = states
        self.budget = budget

    def authorise(self, appending: Appending, state: BattleState) -> Refused | None:
        command = appending.command
        if isinstance(command, Rewind) and not command.principal.is_director:
            return Refused(rule="auth/director-only", detail="only the director rewinds")
        return None  # who may undo or redo which action is judged on the log (_may_undo)

    def plan(self, appending: Appending, loaded: Loaded | None) -> Planned | Refused:
        assert loaded is not None
        command = appending.command
        if isinstance(command, Rewind):
            marks = self._plan_rewind(loaded, command.to_version)
        elif isinstance(command, Undo):
            marks = self._plan_undo(command.principal, loaded, command.intent_id, appending.scratch)
        else:
            marks = self._plan_redo(command.principal, loaded)
        if isinstance(marks, Refused):
            return marks
        body = appending.request or {}
        trace = (
            {
                "kind": body["type"],
                "reasons": [
                    f"{'undid' if isinstance(e, ActionUndone) else 'redid'} action"
                    f" {e.target} (versions {e.first_version}-{e.last_version})"
                    for e in marks
                    if isinstance(e, ActionUndone | ActionRedone)
                ],
            },
        )
        extra = [_pseudo_marker(e, loaded.version + 2 + i) for i, e in enumerate(marks)]
        after = self.states.at(loaded.battle_id, loaded.version, extra_marks=extra).state
        opener = IntentAccepted(intent=body, trace=list(trace))
        return Planned((opener, *marks), after, tuple(marks), trace, loaded.state.rules_version)

    def _plan_undo(
        self,
        principal: Principal,
        loaded: Loaded,
        intent_id: str | None,
        rejudging: Rejudging | None = None,
    ) -> list[Event] | Refused:
        effective: list[ActionInfo] = []  # newest first
        status: dict[str, bool] = {}  # the newest marker of a target decides: True = undone
        target: ActionInfo | None = None
        for action in actions_backwards(self.log, loaded.battle_id, loaded.version):
            if action.is_control:
                for mark in reversed(markers(action.markers)):
                    status.setdefault(mark.target, mark.undo)
                continue
            undone = status.get(action.intent_id, False)
            if intent_id is not None and action.intent_id == intent_id:
                if undone:
                    return Refused(rule="history/already-undone", detail="that action is undone")
                target = action
            elif not undone:
                effective.append(action)
            if not undone and intent_id is None:
                target = action
            if target is not None:
                break
        if target is None:
            if intent_id is None:
                return Refused(rule="history/nothing-to-undo", detail="there is nothing to undo")
            return Refused(rule="history/unknown-action", detail=f"no action {intent_id!r} to undo")
        if target.first_version == 1:
            return Refused(rule="history/not-undoable", detail="the battle's creation stays")
        refusal = self._may_undo(principal, loaded, target, effective)
        if refusal is not None:
            return refusal
        later = [a for a in reversed(effective) if a is not target]
        if later:
            blocker = self._first_dependent(loaded, target, later, rejudging or Rejudging())
            if blocker is not None:
                return blocker
        return [_undone(target)]

    def _may_undo(
        self, principal: Principal, loaded: Loaded, target: ActionInfo, effective: list[ActionInfo]
    ) -> Refused | None:
        if principal.is_director:
            return None
        if effective and target is not effective[0]:
            return Refused(
                rule="auth/players-undo-latest",
                detail="a player may undo only the latest action",
            )
        if target.actor != principal.actor:
            return Refused(
                rule="auth/not-your-action", detail="the latest action is not this seat's"
            )
        state = loaded.state
        if state.turns and (target.round != state.round or target.active != state.active):
            return Refused(
                rule="auth/turn-over", detail="a player may undo only within the same turn"
            )
        return None

    def _first_dependent(
        self, loaded: Loaded, target: ActionInfo, later: list[ActionInfo], rejudging: Rejudging
    ) -> Refused | None:
        """Judge every later action again without `target`; the first that differs blocks.

        Within the request's one budget, and from where an earlier try of the same request
        left off when what it judged still holds (`Rejudging`)."""
        battle_id = loaded.battle_id
        pseudo = _pseudo_marker(_undone(target), loaded.version + 2)
        start = later[0].first_version
        log = self.log.read_stream(battle_id, after=start - 1, up_to=loaded.version)
        logged_marks = markers(log)
        marks = [*logged_marks, pseudo]
        by_intent: dict[str, list[Envelope]] = {}
        for env in log:
            if env.type != "IntentAccepted" and env.intent_id is not None:
                by_intent.setdefault(env.intent_id, []).append(env)
        identities = [(a.intent_id, a.first_version, a.last_version) for a in later]
        if rejudging.resumes(target.intent_id, start, identities, logged_marks):
            assert rejudging.state is not None
            state, cursor, done = rejudging.state, rejudging.cursor, len(rejudging.judged)
        else:
            state = self.states.at(
                battle_id, start - 1, markers_until=loaded.version, extra_marks=[pseudo]
            ).state
            cursor, done = start, 0
            rejudging.target, rejudging.start, rejudging.judged = target.intent_id, start, []
        if rejudging.budget is None:
            rejudging.budget = self.budget("re-judging the later actions")
        budget = rejudging.budget
        for action in later[done:]:
            # effective events between later actions (none, normally) keep the state current
            gap = [e for e in log if cursor <= e.version < action.first_version]
            state = fold(effective_events(gap, registry, marks), state)
            cursor = action.last_version + 1
            recorded = by_intent.get(action.intent_id, [])
            try:
                budget.spend()  # each re-judgement costs a step, searching or not
            except Refusal as refusal:
                return refusal.refused()
            with within(budget):
                again = decide(action.intent, state, Context(dice=ReplayDice(action.dice)))
            if isinstance(again, Refused) and again.rule == TOO_COSTLY:
                return again
            blocked = _depends(action, again, recorded)
            if blocked is not None:
                return blocked
            for env in recorded:
                state = evolve(state, env.event(registry))
            rejudging.judged.append((action.intent_id, action.first_version, action.last_version))
            rejudging.state, rejudging.cursor = state, cursor
            rejudging.marks = [m for m in logged_marks if m.version < cursor]
        return None

    def _plan_rewind(self, loaded: Loaded, to_version: int) -> list[Event] | Refused:
        if not 1 <= to_version <= loaded.version:
            return Refused(
                rule="history/bad-version",
                detail=f"rewind to a version from 1 to {loaded.version}, not {to_version}",
            )
        if to_version == loaded.version:
            return Refused(rule="history/nothing-to-undo", detail="already at that version")
        actions = list(actions_backwards(self.log, loaded.battle_id, loaded.version))
        inside = next((a for a in actions if a.first_version <= to_version < a.last_version), None)
        if inside is not None:
            return Refused(
                rule="history/inside-an-action",
                detail=(
                    f"version {to_version} falls inside an action (versions"
                    f" {inside.first_version}-{inside.last_version}); rewind to"
                    f" {inside.first_version - 1} or {inside.last_version}"
                ),
            )
        all_marks = [m for a in reversed(actions) for m in markers(a.markers)]
        undone_then = undone_after(m for m in all_marks if m.version <= to_version)
        undone_now = undone_after(all_marks)
        planned: list[Event] = []
        for action in actions:  # newest first, so redo re-applies them oldest first
            if action.is_control:
                continue
            effective_now = action.intent_id not in undone_now
            effective_then = action.first_version <= to_version and (
                action.intent_id not in undone_then
            )
            if effective_now and not effective_then:
                planned.append(_undone(action, rewind_to=to_version))
            elif effective_then and not effective_now:
                planned.append(
                    ActionRedone(
                        target=action.intent_id,
                        first_version=action.first_version,
                        last_version=action.last_version,
                    )
                )
        if not planned:
            return Refused(rule="history/nothing-to-undo", detail="already as at that version")
        return planned

    def _plan_redo(self, principal: Principal, loaded: Loaded) -> list[Event] | Refused:
        stack: list[tuple[str, int, int]] = []
        marker_actions: list[ActionInfo] = []
        for action in actions_backwards(self.log, loaded.battle_id, loaded.version):
            if not action.is_control or action.kind == "create_battle":
                break  # a new action clears redo
            marker_actions.append(action)
        owners: dict[str, str | None] = {}
        for action in reversed(marker_actions):
            for mark in markers(action.markers):
                if mark.undo:
                    stack.append((mark.target, mark.first_version, mark.last_version))
                else:
                    stack = [s for s in stack if s[0] != mark.target]
        if not stack:
            return Refused(rule="history/nothing-to-redo", detail="there is nothing to redo")
        target, first, last = stack[-1]
        if not principal.is_director:
            owners = {
                a.intent_id: a.actor
                for a in actions_backwards(self.log, loaded.battle_id, loaded.version)
                if a.first_version == first
            }
            if owners.get(target) != principal.actor:
                return Refused(
                    rule="auth/not-your-action", detail="the action to redo is not this seat's"
                )
        return [ActionRedone(target=target, first_version=first, last_version=last)]


def _depends(action: ActionInfo, again: Decision, recorded: list[Envelope]) -> Refused | None:
    """The refusal an undo meets when `action`, judged again without the undone one,
    would be refused or would append other events than it recorded (None: it would not)."""
    if not isinstance(again, Refused) and not differences(
        as_recorded(recorded), encoded(again.events)
    ):
        return None
    why = again.detail if isinstance(again, Refused) else "its events would differ"
    return Refused(
        rule="history/later-action-depends",
        step=action.first_version,
        detail=(
            f"the {action.kind} at version {action.first_version} (intent"
            f" {action.intent_id}) depends on it: {why}"
        ),
    )


def _undone(action: ActionInfo, rewind_to: int | None = None) -> ActionUndone:
    return ActionUndone(
        target=action.intent_id,
        first_version=action.first_version,
        last_version=action.last_version,
        rewind_to=rewind_to,
    )


def _pseudo_marker(event: Event, version: int) -> Any:
    assert isinstance(event, ActionUndone | ActionRedone)
    return Marker(
        version,
        isinstance(event, ActionUndone),
        event.target,
        event.first_version,
        event.last_version,
    )
