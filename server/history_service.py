"""History as a feature: undo, redo, rewind, replay, judgement, what-if, rebuild (DESIGN 7).

Undo and redo append markers and never delete. Undo works as a stack on the effective
actions; a rewind brings the effective log back to what it was at a version (undoing what
came after, redoing what was undone after it); an earlier action may be undone alone only
if every later effective action, judged again without it with its recorded intent and dice,
yields exactly the events it recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from engine import Context, RulesetRegistry, builtin_rulesets, decide
from engine.budget import Budget, within
from engine.intents import Intent, parse_intent
from engine.recorded_dice import ReplayDice
from engine.results import Decision, Refusal, Refused
from engine.ruling import PREFIX
from engine.unseen import judge_unseen, known_state
from engine.view import battle_view, view_change
from events.envelope import Envelope
from events.history_events import ActionRedone, ActionUndone, IntentAccepted
from events.store import EventStore, ProjectionWrite, Snapshot
from events.vocabulary import Event, encode, registry
from projections import REDUCER_VERSION, BattleState, evolve, fold, state_to_json
from projections.history import Marker, effective_events, markers, undone_after
from server.battle_service import BattleService
from server.commands.pipeline import Command, IntentOutcome, Planned
from server.commands.request_encoding import (
    UnencodableBody,
    canonical_request,
    check_idempotency_key,
)
from server.errors import NotFound
from server.queries.action_index import ActionInfo, actions_backwards
from server.queries.lazy_page import LazyPage
from server.readers.authorisation import authorise
from server.readers.redaction import PLACEHOLDER
from server.readers.tokens import Principal
from server.readers.unseen_dice import UnseenDice
from server.readers.view import ReaderView, view_of
from server.state.loader import Loaded

TOO_COSTLY = "limits/too-costly"
MAX_REPLAY_EVENTS = 500
MAX_REPLAY_BYTES = 8 * 1024 * 1024
"""The states one replay page carries at most (a 200x200 battle's state is megabytes)."""
MAX_WHAT_IF_INTENTS = 50


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


def _refusal(rule: str, detail: str) -> IntentOutcome:
    return IntentOutcome(0, refused=Refused(rule=rule, detail=detail))


class HistoryService:
    def __init__(self, battles: BattleService, *, snapshot_every: int = 200) -> None:
        self.battles = battles
        self.store = battles.store
        self.loader = battles.loader
        self.pipeline = battles.pipeline
        self.snapshot_every = snapshot_every
        self.lock_free = True
        """Undo and redo plan without holding the battle's lock (bench_history compares)."""

    # -- undo and redo ------------------------------------------------------------------

    async def undo(
        self,
        principal: Principal,
        to_version: int | None = None,
        intent_id: str | None = None,
        *,
        idempotency_key: str | None = None,
        expected_version: int | None = None,
    ) -> IntentOutcome:
        """Undo the latest effective action, rewind to `to_version`, or undo one action alone."""
        request = {"type": "undo", "to_version": to_version, "intent_id": intent_id}
        rejudging = Rejudging()  # one budget for every try of this request
        return await self._marker_action(
            principal,
            request,
            lambda loaded: self._plan_undo(principal, loaded, to_version, intent_id, rejudging),
            idempotency_key,
            expected_version,
        )

    async def redo(
        self,
        principal: Principal,
        *,
        idempotency_key: str | None = None,
        expected_version: int | None = None,
    ) -> IntentOutcome:
        """Redo the latest undone action (a new action clears redo)."""
        return await self._marker_action(
            principal,
            {"type": "redo"},
            lambda loaded: self._plan_redo(principal, loaded),
            idempotency_key,
            expected_version,
        )

    async def _marker_action(
        self,
        principal: Principal,
        request: dict[str, Any],
        plan: Callable[[Loaded], list[Event] | Refused],
        idempotency_key: str | None,
        expected_version: int | None,
    ) -> IntentOutcome:
        """Undo and redo as commands of the one write path: their plan reads the log's action
        boundaries and appends `ActionUndone`/`ActionRedone` markers behind an opener."""
        check_idempotency_key(idempotency_key)
        body = {k: v for k, v in request.items() if v is not None}
        try:
            canonical = canonical_request(body)
        except UnencodableBody as exc:
            return _refusal("history/bad-version", str(exc))

        def planned(loaded: Loaded | None) -> Planned | Refused:
            assert loaded is not None
            marks = plan(loaded)
            if isinstance(marks, Refused):
                return marks
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
            after = self.loader.at(loaded.battle_id, loaded.version, extra_marks=extra).state
            opener = IntentAccepted(intent=body, trace=list(trace))
            return Planned((opener, *marks), after, tuple(marks), trace, loaded.state.rules_version)

        return await self.pipeline.run(
            Command(
                principal.battle_id,
                principal.actor,
                planned,
                canonical.digest,
                idempotency_key=idempotency_key,
                expected_version=expected_version,
                heavy=True,
                lock_free=self.lock_free,
            )
        )

    def _plan_undo(
        self,
        principal: Principal,
        loaded: Loaded,
        to_version: int | None,
        intent_id: str | None,
        rejudging: Rejudging | None = None,
    ) -> list[Event] | Refused:
        if to_version is not None:
            if not principal.is_director:
                return Refused(rule="auth/director-only", detail="only the director rewinds")
            return self._plan_rewind(loaded, to_version)
        effective: list[ActionInfo] = []  # newest first
        status: dict[str, bool] = {}  # the newest marker of a target decides: True = undone
        target: ActionInfo | None = None
        for action in actions_backwards(self.store, loaded.battle_id, loaded.version):
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
        log = self.store.read_stream(battle_id, after=start - 1, up_to=loaded.version)
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
            state = self.loader.at(
                battle_id, start - 1, markers_until=loaded.version, extra_marks=[pseudo]
            ).state
            cursor, done = start, 0
            rejudging.target, rejudging.start, rejudging.judged = target.intent_id, start, []
        if rejudging.budget is None:
            rejudging.budget = self.battles.budget("re-judging the later actions")
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
            if isinstance(again, Refused) or _differences(
                _as_recorded(recorded), _encoded(again.events)
            ):
                why = again.detail if isinstance(again, Refused) else "its events would differ"
                return Refused(
                    rule="history/later-action-depends",
                    step=action.first_version,
                    detail=(
                        f"the {action.kind} at version {action.first_version} (intent"
                        f" {action.intent_id}) depends on it: {why}"
                    ),
                )
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
        actions = list(actions_backwards(self.store, loaded.battle_id, loaded.version))
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
        for action in actions_backwards(self.store, loaded.battle_id, loaded.version):
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
                for a in actions_backwards(self.store, loaded.battle_id, loaded.version)
                if a.first_version == first
            }
            if owners.get(target) != principal.actor:
                return Refused(
                    rule="auth/not-your-action", detail="the action to redo is not this seat's"
                )
        return [ActionRedone(target=target, first_version=first, last_version=last)]

    # -- judgement ----------------------------------------------------------------------

    def judgement(
        self,
        principal: Principal,
        intent_id: str,
        budget: Budget | None = None,
        view: ReaderView | None = None,
    ) -> dict[str, Any] | Refused:
        """Judge a recorded action again: same prior state, intent and dice; current rules.
        `budget` is the work it may cost (a whole battle's re-judgement shares one); it is
        read as `view`'s reader may read it (the request's, server/readers/view.py)."""
        battle_id = principal.battle_id
        envelopes = self.store.find_action(battle_id, intent_id)
        if not envelopes or envelopes[0].type != "IntentAccepted":
            return Refused(rule="history/unknown-action", detail=f"no action {intent_id!r}")
        opening = envelopes[0].event(registry)
        assert isinstance(opening, IntentAccepted)
        view = view or view_of(self.battles, principal)
        first = envelopes[0].version
        hidden = set(view.hidden(first))
        if not view.shows(envelopes[0]):
            # an action a hidden creature took is, to this reader, no action
            return Refused(rule="history/unknown-action", detail=f"no action {intent_id!r}")
        recorded = _as_recorded(envelopes[1:])
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
        before = self.loader.at(battle_id, first - 1).state
        rs = self.battles_rulesets().get(before.ruleset)
        now_version = rs.rules_version if rs is not None else None
        with within(budget or self.battles.budget("this judgement")):
            again = _judged_again(opening, before, hidden, principal.is_director)
        if isinstance(again, Refused) and again.rule == TOO_COSTLY:
            return again
        if isinstance(again, Refused):
            judged: dict[str, Any] = {"refused": again.model_dump()}
            differences = [f"now refused: {again.rule}: {again.detail}"]
            matches = False
        else:
            # a player's judgement holds no creature hidden from it (judged on what it
            # knows); it is compared with the record as that player reads it
            judged = {
                "events": _encoded(again.events),
                "trace": [step.to_json() for step in again.trace],
            }
            differences = _differences(recorded_seen, judged["events"])
            matches = not differences
        return {
            **base,
            "rules_version_now": now_version,
            "judged": judged,
            "matches": matches,
            "differences": differences,
        }

    @staticmethod
    def battles_rulesets() -> RulesetRegistry:
        return builtin_rulesets()

    # -- replay and what-if --------------------------------------------------------------

    def replay(
        self,
        principal: Principal,
        first: int | None,
        last: int | None,
        states: str = "each",
        max_bytes: int = MAX_REPLAY_BYTES,
        view: ReaderView | None = None,
    ) -> dict[str, Any]:
        """`replay_page`, built whole."""
        return self.replay_page(principal, first, last, states, max_bytes, view).whole()

    def replay_page(
        self,
        principal: Principal,
        first: int | None,
        last: int | None,
        states: str = "each",
        max_bytes: int = MAX_REPLAY_BYTES,
        view: ReaderView | None = None,
    ) -> LazyPage:
        """Each event of a range with the state after it, and each action's trace.

        `states` says which steps carry the state after them: `each` (the default), `last`
        (only the range's last step), `none`, or `changes` (the page's first state whole, a
        keyframe, then each step only what changed since the step before: its size grows
        with what happened, not with the battle). An answer is a page: it stops before the
        step that would take it past `max_bytes` of states, and then says where the next
        page starts (`next_from`); `to` is always the last version it covers.
        """
        battle_id = principal.battle_id
        head = self.store.head_version(battle_id)
        if head == 0:
            raise NotFound(f"no battle {battle_id!r}")
        first = 1 if first is None else first
        last = min(head, first + MAX_REPLAY_EVENTS - 1) if last is None else last
        if not 1 <= first <= last <= head:
            raise NotFound(f"versions run from 1 to {head}; {first}..{last} is not a range")
        last = min(last, first + MAX_REPLAY_EVENTS - 1)
        state = self.loader.at(battle_id, first - 1).state if first > 1 else None
        view = view or view_of(self.battles, principal)
        if not view.everything:
            # a change between two whole states would tell what hidden creatures did: a
            # reader from whom some are hidden is sent each state, redacted (keyframes only)
            states = "each" if states == "changes" else states
        # read now: the page is made while it is sent, holding no connection meanwhile
        envelopes = self.store.read_stream(battle_id, after=first - 1, up_to=last)
        ended = [first - 1]  # the page's last version, once its steps are made
        return LazyPage(
            {"battle_id": battle_id, "from": first},
            "steps",
            self._replay_steps(battle_id, envelopes, state, states, view, last, ended, max_bytes),
            lambda: {"to": ended[0], **({"next_from": ended[0] + 1} if ended[0] < last else {})},
        )

    def _replay_steps(
        self,
        battle_id: str,
        envelopes: Sequence[Envelope],
        state: BattleState | None,
        states: str,
        view: ReaderView,
        last: int,
        ended: list[int],
        max_bytes: int = MAX_REPLAY_BYTES,
    ) -> Iterator[dict[str, Any]]:
        spent, any_step = 0, False
        shown_before: BattleState | None = None  # `changes`: the state the page last showed
        for env in envelopes:
            if env.type in ("ActionUndone", "ActionRedone"):
                state = self.loader.at(battle_id, env.version).state
            elif env.type != "IntentAccepted":
                state = evolve(state, env.event(registry))
            shown = change = None
            if state is not None and states == "changes" and shown_before is not None:
                change = state_change(shown_before, state)
                size = len(orjson.dumps(change))
            elif state is not None and (
                states in ("each", "changes") or (states == "last" and env.version == last)
            ):
                shown = view.state(battle_view(state), env.version)
                size = len(orjson.dumps(shown))
            if shown is not None or change is not None:
                if any_step and spent + size > max_bytes:
                    break  # this page is full: the client asks again from here
                spent += size
                shown_before = state
            kind, data = view.event(env.type, env.data, env.version)
            event: dict[str, Any] = {"type": kind, "data": data}
            if kind != PLACEHOLDER:
                event.update(
                    intent_id=env.intent_id,
                    actor=env.actor,
                    recorded_at=env.recorded_at.isoformat(),
                )
            trace = data.get("trace") if kind == "IntentAccepted" else None
            any_step = True
            ended[0] = env.version
            yield {
                "version": env.version,
                "event": event,
                "trace": trace,
                "state": shown,
                "ruling": ruling_words(data) if kind == "RuleOverruled" else None,
                **({} if change is None else {"change": change}),
            }

    def what_if(
        self,
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
        head = self.store.head_version(battle_id)
        if head == 0:
            raise NotFound(f"no battle {battle_id!r}")
        actions = list(actions_backwards(self.store, battle_id, head))  # newest first
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
        view = view or view_of(self.battles, principal)
        hidden = set(view.hidden_then_or_now(version))
        # a player's what-if is asked of the battle as it knows it (engine/unseen.py)
        state = known_state(self.loader.at(battle_id, version).state, hidden)
        steps: list[dict[str, Any]] = []
        ctx = Context(actor=principal.actor)
        if not principal.is_director:
            ctx = Context(actor=principal.actor, dice=UnseenDice())
        budget = self.battles.budget("this what-if")
        for index, intent in enumerate(intents):
            refusal = authorise(principal, intent, state)
            if refusal is not None:
                return refusal
            with within(budget):
                decision = decide(intent, state, ctx)
            if isinstance(decision, Refused) and decision.rule == TOO_COSTLY:
                return decision
            if isinstance(decision, Refused):
                steps.append({"index": index, "refused": decision.model_dump()})
                break
            state = fold(decision.events, state)
            tried = []
            for e in decision.events:
                kind, data = view.event(e.type, encode(e), head + 1)
                tried.append({"type": kind, "data": data})
            steps.append(
                {
                    "index": index,
                    "events": tried,
                    "trace": [s.to_json() for s in decision.trace],
                }
            )
        compare_at = _compared_version(actions, version, len(intents), head)
        actual = self.loader.at(battle_id, compare_at).state
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

    # -- rebuilding projections -----------------------------------------------------------

    def rebuild(
        self,
        battle_ids: Sequence[str] | None,
        progress: Callable[[str, int, int], None] | None = None,
    ) -> dict[str, str]:
        """Recompute every read model and snapshot of the battles from the log alone."""
        done = rebuild_projections(self.store, battle_ids, self.snapshot_every, progress)
        for battle_id in done:
            self.loader.forget(battle_id)
        return done


def rebuild_projections(
    store: EventStore,
    battle_ids: Sequence[str] | None,
    every: int,
    progress: Callable[[str, int, int], None] | None = None,
) -> dict[str, str]:
    """Recompute every read model and snapshot of the battles from the log alone."""
    ids = list(battle_ids) if battle_ids else store.battle_ids()
    done: dict[str, str] = {}
    for number, battle_id in enumerate(ids, start=1):
        log = store.read_stream(battle_id)
        if not log:
            done[battle_id] = "no events"
            continue
        state: BattleState | None = None
        previous_grid = None
        snapshots: list[Snapshot] = []
        map_view: dict[str, Any] = {}
        for group_start, group in _actions(log):
            before_version = group_start - 1
            has_marker = any(e.type in ("ActionUndone", "ActionRedone") for e in group)
            if has_marker:
                upto = [e for e in log if e.version <= group[-1].version]
                state = fold(effective_events(upto, registry))
            else:
                for env in group:
                    if env.type != "IntentAccepted":
                        state = evolve(state, env.event(registry))
            assert state is not None
            if previous_grid is None or state.grid is not previous_grid:
                map_view = battle_view(state)["map"]
                previous_grid = state.grid
            last = group[-1].version
            if last // every > before_version // every:
                snap = state_to_json(state)
                snapshots.append(Snapshot(battle_id, last, REDUCER_VERSION, snap))
        assert state is not None
        view = battle_view(state)
        view.pop("map", None)

        store.replace_projections(
            battle_id,
            log[-1].version,
            ProjectionWrite(REDUCER_VERSION, {"battle_id": battle_id, **view}, map_view),
            snapshots,
        )
        done[battle_id] = f"{len(log)} events, {len(snapshots)} snapshots"
        if progress is not None:
            progress(battle_id, number, len(ids))
    return done


def _actions(log: Sequence[Any]) -> list[tuple[int, list[Any]]]:
    groups: list[tuple[int, list[Any]]] = []
    for env in log:
        if groups and groups[-1][1][-1].intent_id == env.intent_id:
            groups[-1][1].append(env)
        else:
            groups.append((env.version, [env]))
    return groups


def _undone(action: ActionInfo, rewind_to: int | None = None) -> ActionUndone:
    return ActionUndone(
        target=action.intent_id,
        first_version=action.first_version,
        last_version=action.last_version,
        rewind_to=rewind_to,
    )


def _pseudo_marker(event: Event, version: int) -> Any:
    from projections.history import Marker

    assert isinstance(event, ActionUndone | ActionRedone)
    return Marker(
        version,
        isinstance(event, ActionUndone),
        event.target,
        event.first_version,
        event.last_version,
    )


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


def _encoded(events: Sequence[Event]) -> list[dict[str, Any]]:
    return [{"type": e.type, "data": encode(e)} for e in events]


def _as_recorded(envelopes: Sequence[Envelope]) -> list[dict[str, Any]]:
    """Recorded events as the current vocabulary reads them (upcast), without the fields
    that were added to an event type after it was recorded (absent then, None now)."""
    out = []
    for env in envelopes:
        data = encode(env.event(registry))
        kept = {k: v for k, v in data.items() if k in env.data or v is not None}
        out.append({"type": env.type, "data": kept})
    return out


def _differences(recorded: list[dict[str, Any]], judged: list[dict[str, Any]]) -> list[str]:
    """What a judgement changes in the recorded events. A field the recorded event does not
    have (added to the vocabulary later) is information the rules give now, not a change."""
    out = []
    for i in range(max(len(recorded), len(judged))):
        if i >= len(recorded):
            out.append(f"event {i + 1}: now also {judged[i]['type']}")
        elif i >= len(judged):
            out.append(f"event {i + 1}: {recorded[i]['type']} would no longer happen")
        elif recorded[i]["type"] != judged[i]["type"]:
            out.append(f"event {i + 1}: recorded {recorded[i]['type']}, now {judged[i]['type']}")
        else:
            then, now = recorded[i]["data"], judged[i]["data"]
            for key in sorted(then):
                if then.get(key) != now.get(key):
                    out.append(
                        f"event {i + 1} ({recorded[i]['type']}): {key} recorded"
                        f" {then.get(key)!r}, now {now.get(key)!r}"
                    )
    return out


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


def state_change(before: BattleState, after: BattleState) -> dict[str, Any]:
    """A replay step's `change` (`StateChange`): the battle's part, the creatures whose
    view changed, those removed, and the map only when it changed."""
    change = view_change(before, after)
    removed = [cid for cid in before.creatures if cid not in after.creatures]
    return {
        **change.battle,
        "creatures": change.creatures,
        "removed": removed,
        "map": change.map if before.grid is not after.grid else None,
    }
