"""The one write path: every command that appends (an intent, undo, redo, rewind, a new
battle) goes through `CommandPipeline.run`, and nothing else appends.

A handler hands the pipeline its command (server/commands/types.py) with what it worked out
before (`Appending`); the pipeline finds the command's planner by the command's type, in the
table the composition root gave it, and owns the rest, in this order:

1. serialise per battle in this process (an asyncio lock per battle: a busy battle queues
   instead of burning retries; other battles never wait on it), except a `lock_free`
   command's first tries (history's long re-judgements: the battle's other commands go on
   meanwhile, and the append's expected version keeps the answer right);
2. load the battle's state (the cache, or the log on a miss);
3. authorise, once: the planner says who may do this, before anything else, a retry's
   stored answer included (a retry is answered only to a caller the first request would
   have been allowed from);
4. plan: the engine decides (on the event loop, or in a bounded executor for a command that
   may search at length, so other battles keep being served meanwhile);
5. append with the version it was planned on, claiming the idempotency key in the same
   statement, which also refuses a closed battle and writes the log questions' rows (from
   the projector's cursor kept per battle, server/questions/rows.py); the key is looked
   up only when that statement inserted nothing or the plan was a refusal (that read asks
   the closure too, so a command on a closed battle is a 409 whatever it planned);
6. on a version conflict (another process appended first), drop the cached state and plan
   again on fresh state, a bounded number of times; 409 instead when the client named the
   version it decided on;
7. answer, and keep the state after the events (the engine built it while deciding) as the
   cache, so nothing is folded twice.

Every answer is judged on the battle's head, whichever process cached what: an accepted plan
is checked by the append's version; a refusal and a dry run are answered only after one
cheap read confirms the cache was at the head (else they are judged again on fresh state).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Callable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

import orjson
import structlog

from engine.results import Refused
from events.append_statement import BattleClosed
from events.envelope import ActionMeta, Envelope
from events.store import (
    AppendResult,
    EventTooLarge,
    IdempotencyKeyReused,
    InvalidAppend,
    VersionConflict,
)
from events.store_async import AsyncPostgresLog
from events.vocabulary import Event, encode
from projections import BattleState
from projections.log_questions import Cursor, Logged
from server.campaign.catalog import closed_error
from server.errors import BadRequest, Busy, StaleVersion
from server.questions.answering import LogQuestions
from server.questions.rows import FactSeal, QuestionCursors, question_rows
from server.state.loader import Loaded, StateLoader
from server.state.read_model import ReadModelProjector

log = structlog.get_logger("turnledger.pipeline")


@dataclass(frozen=True)
class Planned:
    """What a command plans to append: its events (the action's `IntentAccepted` first), the
    state after them, the events and trace to answer with, and the rules that decided."""

    events: tuple[Event, ...]
    after: BattleState
    answer_events: tuple[Event, ...]
    trace: tuple[dict[str, Any], ...]
    rules_version: str | None
    ahead: tuple[dict[str, Any], ...] = ()
    """A dry run's reaction windows along the whole path (`engine.preview`)."""


@dataclass(frozen=True)
class Appending:
    """One appending request as the write path takes it: the command, parsed and validated
    once, with its canonical request hash and what its handler worked out before (`known`:
    the creatures hidden from the one who asks; `scratch`: what a planner keeps across the
    tries of one request)."""

    battle_id: str
    actor: str
    command: Any
    """One of server/commands/types.py's commands: its type picks the planner."""
    request_hash: bytes
    request: dict[str, Any] | None = None
    """The request as it is recorded (its canonical encoding)."""
    hidden: frozenset[str] = frozenset()
    scratch: Any = None
    idempotency_key: str | None = None
    expected_version: int | None = None
    correlation_id: str | None = None
    heavy: bool = False
    dry_run: bool = False
    new_battle: bool = False
    lock_free: bool = False
    """Plan without holding the battle's lock (a long re-judgement: undo of an earlier action,
    rewind, redo): judged against a version and appended with it as the expected version,
    planned again only if the log moved meanwhile; other commands of the battle are served
    meanwhile. The last try holds the lock, so a busy battle cannot starve it."""


@dataclass(frozen=True)
class IntentOutcome:
    """A judged command: accepted (appended, or previewed when `dry_run`) or refused."""

    version: int
    intent_id: str | None = None
    envelopes: tuple[Envelope, ...] = ()
    events: tuple[Event, ...] = ()
    trace: tuple[dict[str, Any], ...] = ()
    refused: Refused | None = None
    replayed: bool = False
    dry_run: bool = False
    ahead: tuple[dict[str, Any], ...] = ()
    """A dry run's reaction windows along the whole path (`engine.preview`)."""


class Planner(Protocol):
    """How one type of command is authorised and planned (server/commands/table.py)."""

    def authorise(self, appending: Appending, state: BattleState) -> Refused | None:
        """Who may do this, judged once, before anything else (None: allowed)."""

    def plan(self, appending: Appending, loaded: Loaded | None) -> Planned | Refused:
        """The events the command appends on `loaded` (None: a new battle), or a refusal."""


class BattleLocks:
    """One asyncio lock per battle, dropped when nobody holds or waits for it."""

    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}

    @contextlib.asynccontextmanager
    async def hold(self, battle_id: str) -> AsyncIterator[None]:
        lock, users = self._locks.get(battle_id) or (asyncio.Lock(), 0)
        self._locks[battle_id] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[battle_id]
            if users == 1:
                del self._locks[battle_id]
            else:
                self._locks[battle_id] = (lock, users - 1)

    def __len__(self) -> int:
        return len(self._locks)


class CommandPipeline:
    def __init__(
        self,
        log: AsyncPostgresLog,
        loader: StateLoader,
        new_id: Callable[[], str],
        executor: Executor,
        planners: Mapping[type, Planner],
        *,
        max_retries: int = 5,
        snapshot_every: int = 200,
        on_conflict: Callable[[], None] = lambda: None,
        read_model: ReadModelProjector | None = None,
        questions: LogQuestions | None = None,
    ) -> None:
        self.planners = planners
        self.questions = questions
        """Where the write path finds the log questions' cursor it did not keep (None: the
        append writes no log questions' rows, and questions catch up from the log)."""
        self.cursors = QuestionCursors()
        self.log = log
        self.loader = loader
        self.new_id = new_id
        self.executor = executor
        self.max_retries = max_retries
        self.snapshot_every = snapshot_every
        self.on_conflict = on_conflict
        self.locks = BattleLocks()
        self.read_model = read_model or ReadModelProjector()

    async def run(self, command: Appending) -> IntentOutcome:
        """Judge and append one command (see the module docstring for the steps)."""
        if command.dry_run:
            return await self._preview(command)
        if command.new_battle:
            return await self._create(command)
        try:
            return await self._run(command)
        except BattleClosed as exc:
            raise closed_error(exc.battle_id, exc.at, exc.reason) from None

    async def _run(self, command: Appending) -> IntentOutcome:
        locked_from = self.max_retries - 1 if command.lock_free else 0
        for attempt in range(locked_from):
            if attempt:
                await backoff(attempt)
            outcome = await self._attempt(command)
            if outcome is not None:
                return outcome
        async with self.locks.hold(command.battle_id):
            for attempt in range(locked_from, self.max_retries):
                if attempt:
                    await backoff(attempt)
                outcome = await self._attempt(command)
                if outcome is not None:
                    return outcome
        raise Busy("the battle kept changing while this command was decided; retry it")

    async def _attempt(self, command: Appending) -> IntentOutcome | None:
        """One try: an outcome, or None when the state was stale and the command must be
        planned again."""
        loaded = await self.cached_or_loaded(command.battle_id)
        forbidden = self._planner(command).authorise(command, loaded.state)
        if forbidden is not None:
            return await self._refusal(command, loaded, forbidden, replay=False)
        expected = command.expected_version
        if expected is not None and expected != loaded.version:
            return await self._not_at_expected(command, loaded)
        planned = await self._plan(command, loaded)
        if isinstance(planned, Refused):
            return await self._refusal(command, loaded, planned)
        try:
            result = await self._append(command, loaded.version, loaded.state, planned)
        except VersionConflict as conflict:
            self.loader.forget(command.battle_id)
            self.on_conflict()
            if expected is not None:
                raise StaleVersion(expected, conflict.actual) from None
            return None
        except IdempotencyKeyReused as exc:
            raise BadRequest(str(exc)) from None
        except InvalidAppend as exc:
            await self.log.head_and_first(command.battle_id, None, b"")  # closed: a 409
            return IntentOutcome(loaded.version, refused=unstorable(exc))
        if result.replayed:
            self.loader.forget(command.battle_id)
            return outcome_of(result)
        self.loader.remember(Loaded(command.battle_id, result.version, planned.after))
        return IntentOutcome(
            result.version,
            result.envelopes[0].intent_id,
            result.envelopes,
            planned.answer_events,
            planned.trace,
        )

    async def _not_at_expected(self, command: Appending, loaded: Loaded) -> IntentOutcome | None:
        """The client decided on another version than the cached one: the cache may be
        stale, the command may have been appended already, or the client is behind."""
        head, first = await self._head_and_first(command)
        if first is not None:
            return first
        if head != loaded.version:
            self.loader.forget(command.battle_id)
            if head == command.expected_version:
                return None  # the cache was behind: plan again on the head
        assert command.expected_version is not None
        raise StaleVersion(command.expected_version, head)

    async def _refusal(
        self, command: Appending, loaded: Loaded, refused: Refused, *, replay: bool = True
    ) -> IntentOutcome | None:
        if replay:
            head, first = await self._head_and_first(command)
            if first is not None:  # this very request was appended before (a retry)
                return first
        else:  # the read asks the closure, as the append would
            head, _ = await self.log.head_and_first(command.battle_id, None, b"")
        if head != loaded.version:
            self.loader.forget(command.battle_id)
            return None  # judged on a stale copy: judge it again on the head
        return IntentOutcome(loaded.version, refused=refused)

    async def _head_and_first(self, command: Appending) -> tuple[int, IntentOutcome | None]:
        try:
            head, first = await self.log.head_and_first(
                command.battle_id, command.idempotency_key, command.request_hash
            )
        except IdempotencyKeyReused as exc:
            raise BadRequest(str(exc)) from None
        return head, None if first is None else outcome_of(first)

    async def _preview(self, command: Appending) -> IntentOutcome:
        """A dry run: judged like the real thing on the head, appended never, no write lock."""
        for _ in range(self.max_retries):
            loaded = await self.cached_or_loaded(command.battle_id)
            forbidden = self._planner(command).authorise(command, loaded.state)
            planned = forbidden or await self._plan(command, loaded)
            head = await self.log.head_version(command.battle_id)
            if head != loaded.version:
                self.loader.forget(command.battle_id)
                continue
            if isinstance(planned, Refused):
                return IntentOutcome(loaded.version, refused=planned)
            return IntentOutcome(
                loaded.version + len(planned.events),
                events=planned.answer_events,
                trace=planned.trace,
                dry_run=True,
                ahead=planned.ahead,
            )
        raise Busy("the battle kept changing while this dry run was judged; retry it")

    async def _create(self, command: Appending) -> IntentOutcome:
        planned = await self._plan(command, None)
        if isinstance(planned, Refused):
            return IntentOutcome(0, refused=planned)
        try:
            result = await self._append(command, 0, None, planned)
        except VersionConflict:  # a fresh id cannot be taken; a retried creation can
            raise Busy("the new battle's id was taken; retry") from None
        except IdempotencyKeyReused as exc:
            raise BadRequest(str(exc)) from None
        except InvalidAppend as exc:
            return IntentOutcome(0, refused=unstorable(exc))
        if result.replayed:
            return outcome_of(result)
        self.loader.remember(Loaded(command.battle_id, result.version, planned.after))
        return IntentOutcome(
            result.version,
            result.envelopes[0].intent_id,
            result.envelopes,
            planned.answer_events,
            planned.trace,
        )

    def _planner(self, command: Appending) -> Planner:
        return self.planners[type(command.command)]

    async def _plan(self, command: Appending, loaded: Loaded | None) -> Planned | Refused:
        plan = self._planner(command).plan
        if command.heavy:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self.executor, plan, command, loaded)
        return plan(command, loaded)

    def hold(self, battle_id: str) -> contextlib.AbstractAsyncContextManager[None]:
        """Serialise with the battle's appends in this process (closing a battle waits for
        the append in flight)."""
        return self.locks.hold(battle_id)

    async def cached_or_loaded(self, battle_id: str) -> Loaded:
        """The cached state (possibly behind the log's head), or the head loaded from the log."""
        cached = self.loader.cached(battle_id)
        if cached is not None:
            return cached
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, self.loader.current, battle_id)

    async def fresh(self, battle_id: str) -> Loaded:
        """The state at the log's head, for read-only answers (one version read on a hit)."""
        for _ in range(self.max_retries):
            loaded = await self.cached_or_loaded(battle_id)
            if await self.log.head_version(battle_id) == loaded.version:
                return loaded
            self.loader.forget(battle_id)
        raise Busy("the battle kept changing while it was read; retry")

    async def _append(
        self,
        command: Appending,
        expected: int,
        before: BattleState | None,
        planned: Planned,
    ) -> AppendResult:
        new_version = expected + len(planned.events)
        due = new_version // self.snapshot_every > expected // self.snapshot_every
        projection = self.read_model.write(command.battle_id, before, planned.after, snapshot=due)
        cursor = await self._questions_cursor(command.battle_id, expected)
        meta = ActionMeta(
            intent_id=self.new_id(),
            correlation_id=command.correlation_id,
            actor=command.actor,
            rules_version=planned.rules_version,
        )
        # the log questions' rows, from the events as they will be stored, before the append
        moved, questions = None, None
        if cursor is not None:
            logged = [
                Logged(expected + offset, event.type, encode(event), meta.intent_id)
                for offset, event in enumerate(planned.events, start=1)
            ]
            moved, questions = question_rows(cursor, logged, self._fact_seal(command.battle_id))
        result = await self.log.append(
            command.battle_id,
            expected,
            planned.events,
            meta,
            idempotency_key=command.idempotency_key,
            request_hash=command.request_hash if command.idempotency_key else None,
            response=orjson.dumps(planned.trace).decode(),
            projection=projection,
            questions=questions,
        )
        if not result.replayed:
            self.read_model.written(command.battle_id, projection)
            if moved is not None:
                self.cursors.keep(command.battle_id, moved)
        return result

    def _fact_seal(self, battle_id: str) -> FactSeal | None:
        seals = self.log.seals
        return None if seals is None else partial(seals.fact, battle_id)

    async def _questions_cursor(self, battle_id: str, version: int) -> Cursor | None:
        """The log questions' cursor at `version`: kept, or (once per battle, or after
        another process appended) read from the position, caught up to it on a thread. None
        when it cannot be had: the append then writes no log questions' rows."""
        if self.questions is None:
            return None
        cursor = self.cursors.at(battle_id, version)
        if cursor is not None:
            return cursor
        loop = asyncio.get_running_loop()
        try:
            cursor = await loop.run_in_executor(
                self.executor, self.questions.cursor_at, battle_id, version
            )
        except Exception:  # a question catches up later; the write goes on without
            log.warning("log-questions.cursor-failed", battle_id=battle_id, exc_info=True)
            return None
        if cursor is not None:
            self.cursors.keep(battle_id, cursor)
        return cursor


async def backoff(attempt: int) -> None:
    """Wait a little, at random, before deciding again after another process appended first:
    two processes writing one battle in lockstep would otherwise keep beating each other to
    the same version (jitter lets one through; the wait doubles, up to 50 ms)."""
    await asyncio.sleep(random.uniform(0, min(0.05, 0.002 * 2**attempt)))


def unstorable(exc: InvalidAppend) -> Refused:
    """What the log refused to store, as the client's refusal (nothing was appended)."""
    if isinstance(exc, EventTooLarge):
        return Refused(rule="limits/event-too-large", detail=str(exc))
    return Refused(rule="intent/invalid", detail=f"the log cannot store this: {exc}")


def outcome_of(result: AppendResult) -> IntentOutcome:
    """The answer a repeated request gets: what its first attempt appended and answered."""
    trace = tuple(orjson.loads(result.response)) if result.response else ()
    return IntentOutcome(
        result.version,
        result.envelopes[0].intent_id,
        result.envelopes,
        trace=trace,
        replayed=True,
    )
