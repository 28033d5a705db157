"""The service behind the routes: load, decide, append, project, answer.

One battle's intents are decided one at a time in this process (a lock per battle), so a
busy battle queues instead of burning retries; writers in other processes are caught by the
store's version check, and the intent is re-decided on fresh state (a few times at most).
"""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import orjson

import events.battle_events
import events.history_events  # noqa: F401  (registers the action event types)
from engine import RULESETS, Context, create_battle, decide, parse_intent
from engine.intents import IntentError
from engine.recorded_dice import RecordingDice
from engine.results import Accepted, Refused, TraceStep
from engine.view import battle_view
from events.envelope import ActionMeta, Envelope
from events.history_events import IntentAccepted
from events.store import (
    AppendResult,
    EventStore,
    IdempotencyKeyReused,
    ProjectionWrite,
    VersionConflict,
)
from events.vocabulary import Event, registry
from projections import REDUCER_VERSION, BattleState, fold, state_to_json
from server.auth import DIRECTOR_ONLY, Principal, new_token, token_hash
from server.battle_directory import BattleDirectory
from server.errors import BadRequest, Busy, Forbidden, NotFound, StaleVersion
from server.state_loader import Loaded, StateLoader

MAX_RETRIES = 5


@dataclass(frozen=True)
class IntentOutcome:
    """A judged intent: accepted (appended, or previewed when `dry_run`) or refused."""

    version: int
    intent_id: str | None = None
    envelopes: tuple[Envelope, ...] = ()
    events: tuple[Event, ...] = ()
    trace: tuple[dict[str, Any], ...] = ()
    refused: Refused | None = None
    replayed: bool = False
    dry_run: bool = False


@dataclass(frozen=True)
class CreatedBattle:
    battle_id: str
    director_token: str
    version: int
    envelopes: tuple[Envelope, ...]


@dataclass
class _Locks:
    guard: threading.Lock = field(default_factory=threading.Lock)
    by_battle: dict[str, threading.Lock] = field(default_factory=dict)

    def of(self, battle_id: str) -> threading.Lock:
        with self.guard:
            return self.by_battle.setdefault(battle_id, threading.Lock())


def check_idempotency_key(key: str | None) -> None:
    """Keys are 1 to 200 characters; the store would refuse anything else as a bug."""
    if key is not None and not 0 < len(key) <= 200:
        raise BadRequest("an Idempotency-Key has 1 to 200 characters")


class UnencodableBody(ValueError):
    """A body JSON can carry but the log cannot: integers beyond 64 bits, NUL characters."""


def request_hash(body: Any) -> bytes:
    try:
        encoded = orjson.dumps(body, option=orjson.OPT_SORT_KEYS)
    except TypeError as exc:
        raise UnencodableBody(f"numbers must fit in 64 bits: {exc}") from None
    if b"\\u0000" in encoded:  # PostgreSQL's jsonb cannot hold a NUL character
        raise UnencodableBody("text may not contain NUL characters")
    return hashlib.sha256(encoded).digest()


class BattleService:
    def __init__(
        self,
        store: EventStore,
        directory: BattleDirectory,
        clock: Callable[[], datetime],
        *,
        snapshot_every: int = 200,
        on_conflict: Callable[[], None] | None = None,
    ) -> None:
        self.store = store
        self.on_conflict = on_conflict or (lambda: None)
        self.directory = directory
        self.clock = clock
        self.loader = StateLoader(store, registry)
        self.snapshot_every = snapshot_every
        self._locks = _Locks()

    # -- ids ----------------------------------------------------------------------------

    def new_id(self) -> str:
        """Time-ordered, unguessable ids: milliseconds then 72 random bits."""
        millis = int(self.clock().timestamp() * 1000)
        return f"{millis:012x}{secrets.token_hex(9)}"

    # -- battles ------------------------------------------------------------------------

    def create_battle(
        self, body: dict[str, Any], *, idempotency_key: str | None = None
    ) -> CreatedBattle | Refused:
        try:
            request_hash(body)
        except UnencodableBody as exc:
            return Refused(rule="battle/invalid-setup", detail=str(exc))
        decision = create_battle(body, Context(actor="director"))
        if isinstance(decision, Refused):
            return decision
        battle_id = self.new_id()
        token = new_token("dir")
        ruleset = str(body.get("ruleset"))
        # The directory row first: a crash before the append leaves a row with no events,
        # which every read treats as "no such battle".
        self.directory.create(battle_id, ruleset, token_hash(token), self.clock())
        intent_id = self.new_id()
        state = fold(decision.events)
        result = self._append(
            battle_id,
            0,
            [
                IntentAccepted(
                    intent={"type": "create_battle"},
                    trace=[step.to_json() for step in decision.trace],
                ),
                *decision.events,
            ],
            None,
            state,
            intent_id,
            "director",
            state.rules_version,
            idempotency_key=None,
            body_hash=b"",
            trace=decision.trace,
        )
        return CreatedBattle(battle_id, token, result.version, result.envelopes)

    def add_seat(
        self, principal: Principal, creatures: Sequence[str], name: str | None
    ) -> tuple[str, str]:
        self.require_director(principal)
        state = self.loader.current(principal.battle_id).state
        unknown = [c for c in creatures if c not in state.creatures]
        if unknown:
            raise BadRequest(f"no such creature(s): {', '.join(unknown)}")
        token = new_token("ply")
        seat_id = self.new_id()
        self.directory.add_seat(
            principal.battle_id, seat_id, token_hash(token), name, list(creatures), self.clock()
        )
        return seat_id, token

    def authenticate(self, battle_id: str, token: str | None) -> Principal | None:
        if not token:
            return None
        return self.directory.principal(battle_id, token_hash(token))

    @staticmethod
    def require_director(principal: Principal) -> None:
        if not principal.is_director:
            raise Forbidden("only the battle's director may do this")

    # -- reading ------------------------------------------------------------------------

    def view(self, battle_id: str, version: int | None = None) -> dict[str, Any]:
        if version is None:
            stored = self.store.read_view(battle_id)
            if stored is not None and stored.reducer_version == REDUCER_VERSION:
                return {**stored.view, "map": stored.map_view, "version": stored.version}
            loaded = self.loader.current(battle_id)
        else:
            head = self.store.head_version(battle_id)
            if head == 0:
                raise NotFound(f"no battle {battle_id!r}")
            if not 1 <= version <= head:
                raise NotFound(f"battle {battle_id!r} has versions 1 to {head}, not {version}")
            loaded = self.loader.at(battle_id, version)
        return self.render(loaded)

    def view_at(self, battle_id: str, instant: datetime) -> dict[str, Any]:
        version = self.store.version_at(battle_id, instant)
        if version == 0:
            raise NotFound(f"battle {battle_id!r} had no events by {instant.isoformat()}")
        return self.render(self.loader.at(battle_id, version))

    @staticmethod
    def render(loaded: Loaded) -> dict[str, Any]:
        view = battle_view(loaded.state)
        return {"battle_id": loaded.battle_id, **view, "version": loaded.version}

    # -- intents ------------------------------------------------------------------------

    def submit(
        self,
        principal: Principal,
        body: dict[str, Any],
        *,
        idempotency_key: str | None = None,
        dry_run: bool = False,
        correlation_id: str | None = None,
    ) -> IntentOutcome:
        battle_id = principal.battle_id
        check_idempotency_key(idempotency_key)
        try:
            body_hash = request_hash(body)
        except UnencodableBody as exc:
            return IntentOutcome(
                self.store.head_version(battle_id),
                refused=Refused(rule="intent/invalid", detail=str(exc)),
            )
        key = None if dry_run else idempotency_key
        try:
            intent = parse_intent(body)
        except IntentError as exc:
            return IntentOutcome(
                self.store.head_version(battle_id),
                refused=Refused(rule="intent/invalid", detail=exc.detail),
            )
        with self._locks.of(battle_id):
            for _ in range(MAX_RETRIES):
                # Checked under the battle's lock, so a retry that arrives while its first
                # attempt is still being appended waits for it and gets its answer.
                first = self._first_answer(battle_id, key, body_hash)
                if first is not None:
                    return first
                loaded = self.loader.current(battle_id)
                expected = intent.expected_version
                if expected is not None and expected != loaded.version:
                    raise StaleVersion(expected, loaded.version)
                refusal = self._authorise(principal, intent, loaded.state)
                if refusal is not None:
                    return IntentOutcome(loaded.version, refused=refusal)
                dice = RecordingDice()
                decision = decide(intent, loaded.state, Context(actor=principal.actor, dice=dice))
                if isinstance(decision, Refused):
                    # another process may have appended the first attempt meanwhile
                    first = self._first_answer(battle_id, key, body_hash)
                    return first or IntentOutcome(loaded.version, refused=decision)
                trace = tuple(step.to_json() for step in decision.trace)
                if dry_run:
                    return IntentOutcome(
                        loaded.version + 1 + len(decision.events),
                        events=decision.events,
                        trace=trace,
                        dry_run=True,
                    )
                state = fold(decision.events, loaded.state)
                recorded = IntentAccepted(
                    intent=intent.model_dump(mode="json", exclude_none=True),
                    dice=dice.faces,
                    round=loaded.state.round,
                    active=loaded.state.active,
                    trace=list(trace),
                )
                intent_id = self.new_id()
                try:
                    result = self._append(
                        battle_id,
                        loaded.version,
                        [recorded, *decision.events],
                        loaded.state,
                        state,
                        intent_id,
                        principal.actor,
                        loaded.state.rules_version,
                        idempotency_key=key,
                        body_hash=body_hash,
                        trace=decision.trace,
                        correlation_id=correlation_id,
                    )
                except VersionConflict as conflict:
                    self.loader.forget(battle_id)
                    self.on_conflict()
                    if expected is not None:
                        raise StaleVersion(expected, conflict.actual) from None
                    continue
                if result.replayed:
                    self.loader.forget(battle_id)
                    return self._outcome_of(result)
                return IntentOutcome(
                    result.version, intent_id, result.envelopes, decision.events, trace
                )
        raise Busy("the battle kept changing while this intent was decided; retry it")

    def _first_answer(
        self, battle_id: str, key: str | None, body_hash: bytes
    ) -> IntentOutcome | None:
        if key is None:
            return None
        try:
            first = self.store.find_idempotent(battle_id, key, body_hash)
        except IdempotencyKeyReused as exc:
            raise BadRequest(str(exc)) from None
        return None if first is None else self._outcome_of(first)

    @staticmethod
    def _outcome_of(result: AppendResult) -> IntentOutcome:
        trace = tuple(orjson.loads(result.response)) if result.response else ()
        return IntentOutcome(
            result.version,
            result.envelopes[0].intent_id,
            result.envelopes,
            trace=trace,
            replayed=True,
        )

    def _authorise(self, principal: Principal, intent: Any, state: BattleState) -> Refused | None:
        if principal.is_director:
            return None
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

    # -- appending ----------------------------------------------------------------------

    def _append(
        self,
        battle_id: str,
        expected: int,
        events: list[Event],
        before: BattleState | None,
        after: BattleState,
        intent_id: str,
        actor: str,
        rules_version: str,
        *,
        idempotency_key: str | None,
        body_hash: bytes,
        trace: Sequence[TraceStep] = (),
        correlation_id: str | None = None,
    ) -> AppendResult:
        new_version = expected + len(events)
        view = battle_view(after)
        map_view = view.pop("map", None)
        if before is not None and before.grid is after.grid:
            map_view = None  # unchanged: keep the stored map, the read model's bulky part
        snapshot = None
        if new_version // self.snapshot_every > expected // self.snapshot_every:
            snapshot = state_to_json(after)
        result = self.store.append(
            battle_id,
            expected,
            events,
            ActionMeta(
                intent_id=intent_id,
                correlation_id=correlation_id,
                actor=actor,
                rules_version=rules_version,
            ),
            idempotency_key=idempotency_key,
            request_hash=body_hash if idempotency_key else None,
            response=orjson.dumps([s.to_json() for s in trace]).decode(),
            projection=ProjectionWrite(
                REDUCER_VERSION, {"battle_id": battle_id, **view}, map_view, snapshot
            ),
        )
        if not result.replayed:
            self.loader.remember(Loaded(battle_id, result.version, after))
        return result

    # -- the rest of reading ------------------------------------------------------------

    def events(self, battle_id: str, after: int = 0, limit: int = 100) -> list[Envelope]:
        return self.store.read_stream(battle_id, after=after, up_to=after + limit)

    def reach(self, principal: Principal, creature: str, kind: str, mode: str) -> dict[str, Any]:
        from engine import reach
        from engine.results import Refusal
        from engine.rulesets.warcry.reach import lattice

        loaded = self.loader.current(principal.battle_id)
        region = None
        try:
            rs = RULESETS.get(loaded.state.ruleset)
            region_of = getattr(rs, "reach_region", None)
            if rs is not None and region_of is not None and loaded.state.board is not None:
                # gridless: search the region once; the squares are its lattice, rounded
                region = region_of(loaded.state, rs.creature(loaded.state, creature), kind)
                squares = lattice(region)
            else:
                squares = reach(loaded.state, creature, kind, mode)
        except Refusal as refusal:
            return {"refused": refusal.refused()}
        found: dict[str, Any] = {
            "version": loaded.version,
            "creature": creature,
            "kind": kind,
            "mode": mode,
            "squares": [{"at": list(at), "cost": cost} for at, cost in sorted(squares.items())],
        }
        if region is not None:
            found["region"] = region_json(region)
        return found


def region_json(region: Any) -> dict[str, Any]:
    """A gridless reach region on the wire: each float point, its inches and its legs."""
    points = [
        {"at": list(at), "cost": round(cost, 6), "legs": [{"kind": k, "to": to} for k, to in legs]}
        for at, (cost, legs) in sorted(region.points.items())
    ]
    return {"resolution": region.resolution, "points": points}


__all__ = ["RULESETS", "Accepted", "BattleService", "CreatedBattle", "IntentOutcome"]
