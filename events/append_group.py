"""Appends of different battles committed in groups: one statement, one transaction, one commit.

Each append used to be its own statement and its own commit, a WAL flush that the database
waits for and pays per transaction. Appends that arrive while an earlier group is on its round
trip now wait for it to return (no timer: whatever waits when a round trip ends goes next) and
go to PostgreSQL together as one call of `turnledger_append_group` (migration 0010_i41), each
battle's part checked on its own: its expected version (the log's primary key), its closure,
its idempotency key. A part that is refused fails alone (its refusal comes back as its
`Outcome`) and its neighbours commit; each caller's answer waits for the commit of its own
group. A group that fails as a whole (the database away, a timeout) fails every caller in it,
as each of their appends would have failed alone.

`AppendGroups` is the queue: one lane per node that a group may go to (one PostgreSQL, or each
Citus worker: events/store_async.py), and up to `flights` groups of a lane on their round trip
at once (so one slow group does not hold every append). A group holds at most one append per
battle (a second waits for the next group, so one battle's appends reach the database in the
order they were made) and at most `max_parts`; its parts are sent sorted by battle, so two
groups in flight lock their battles in one order and never wait on each other in a cycle.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson
import psycopg

from events.append_statement import QuestionRows, view_payload
from events.battle_head import head_mac
from events.chain import PendingRow
from events.chain_key import ChainKey
from events.store import ProjectionWrite

GROUP_SQL = (
    "SELECT part, version, global_position, refused, detail FROM turnledger_append_group("
    "%(b)b::varchar[], %(v)b::integer[], %(n)b::integer[], %(p)b::bytea[], %(t)b::varchar[],"
    " %(s)b::integer[], %(d)b::jsonb[], %(h)b::bytea[], %(i)b::varchar[], %(c)b::varchar[],"
    " %(r)b::varchar[], %(a)b::varchar[], %(rv)b::varchar[], %(at)b::timestamptz[],"
    " %(key)b::varchar[], %(request_hash)b::bytea[], %(response)b::text[],"
    " %(reducer)b::integer[], %(view)b::jsonb[], %(map)b::jsonb[], %(snapshot)b::jsonb[],"
    " {notify}, %(questions)b::jsonb[], %(head)b::bytea[])"
)
"""The group's statement (`{notify}`: `true` or `false`). Every array travels in binary: the
text form escapes each quote of each JSON document with a regular expression (a profile of
the server showed it). A per-part array of NULLs alone goes as one NULL (psycopg cannot tell
its type), which the function indexes to NULL all the same."""

UNIQUE_VIOLATION = "23505"
"""A part whose expected version was stale: the log's primary key refused its first event."""
NOT_ON_THIS_NODE = "55000"
"""A part whose battle is not stored on the node the group went to (Citus)."""


@dataclass
class GroupPart:
    """One battle's append, ready to send: its chained rows and what it writes beside them."""

    rows: list[PendingRow]
    key: str | None
    fingerprint: bytes
    response: str | None
    projection: ProjectionWrite | None
    questions: QuestionRows | None

    @property
    def battle_id(self) -> str:
        return self.rows[0].battle_id


@dataclass(frozen=True)
class Outcome:
    """What the database did with one part: `positions` (version -> global position) of the
    events it wrote, none when its idempotency key was claimed before; or `refused`, the
    SQLSTATE that rolled the part back, with the error's `detail` and, when the part went
    alone, the error itself."""

    positions: dict[int, int] = field(default_factory=dict)
    refused: str | None = None
    detail: str | None = None
    error: psycopg.Error | None = None


def group_params(parts: Sequence[GroupPart], chain_key: ChainKey | None = None) -> dict[str, Any]:
    """The parameters of `GROUP_SQL` for these parts (in this order); with a chain key, each
    battle's new head is recorded under its MAC (migration 0011_i36)."""
    rows = [row for part in parts for row in part.rows]
    return {
        "head": None
        if chain_key is None
        else [
            head_mac(chain_key, part.battle_id, part.rows[-1].version, part.rows[-1].hash)
            for part in parts
        ],
        "b": [part.battle_id for part in parts],
        "v": [part.rows[0].version for part in parts],
        "n": [len(part.rows) for part in parts],
        "p": [part.rows[0].prev_hash for part in parts],
        "t": [row.type for row in rows],
        "s": [row.schema_version for row in rows],
        "d": [row.data_json or orjson.dumps(row.data).decode() for row in rows],
        "h": [row.hash for row in rows],
        "i": [row.meta.intent_id for row in rows],
        "c": [row.meta.causation_id for row in rows],
        "r": [row.meta.correlation_id for row in rows],
        "a": [row.meta.actor for row in rows],
        "rv": [row.meta.rules_version for row in rows],
        "at": [row.recorded_at for row in rows],
        "key": _or_null([part.key for part in parts]),
        "request_hash": _or_null(
            [part.fingerprint if part.key is not None else None for part in parts]
        ),
        "response": _or_null([part.response if part.key is not None else None for part in parts]),
        "reducer": _or_null([_reducer(part.projection) for part in parts]),
        "view": _or_null([_view(part.projection) for part in parts]),
        "map": _or_null([_map(part.projection) for part in parts]),
        "snapshot": _or_null([_snapshot(part.projection) for part in parts]),
        "questions": _or_null([_questions(part.questions) for part in parts]),
    }


def _or_null(values: list[Any]) -> list[Any] | None:
    return None if all(value is None for value in values) else values


def outcomes_of(count: int, found: Sequence[tuple[Any, ...]]) -> list[Outcome]:
    """Each part's `Outcome` from the group's rows `(part, version, position, refused,
    detail)` (migration 0010_i41)."""
    positions: list[dict[int, int]] = [{} for _ in range(count)]
    refusals: dict[int, tuple[str, str | None]] = {}
    for part, version, position, refused, detail in found:
        if refused is not None:
            refusals[part - 1] = (str(refused), detail)
        else:
            positions[part - 1][int(version)] = int(position)
    return [
        Outcome(refused=refusals[i][0], detail=refusals[i][1])
        if i in refusals
        else Outcome(positions[i])
        for i in range(count)
    ]


def _questions(questions: QuestionRows | None) -> str | None:
    return None if questions is None else questions.document


def _reducer(projection: ProjectionWrite | None) -> int | None:
    return None if projection is None else projection.reducer_version


def _view(projection: ProjectionWrite | None) -> str | None:
    return None if projection is None else view_payload(projection)


def _map(projection: ProjectionWrite | None) -> str | None:
    if projection is None or projection.map_view is None:
        return None
    return orjson.dumps(projection.map_view).decode()


def _snapshot(projection: ProjectionWrite | None) -> str | None:
    if projection is None or projection.snapshot is None:
        return None
    return orjson.dumps(projection.snapshot).decode()


Sender = Callable[[Hashable, list[GroupPart]], Awaitable[list[Outcome]]]
"""Sends one group to its lane's node and returns each part's outcome, in the parts' order."""


@dataclass
class _Lane:
    waiting: list[tuple[GroupPart, asyncio.Future[Outcome]]] = field(default_factory=list)
    flying: int = 0


class AppendGroups:
    """The queue of appends waiting to go in a group (module doc)."""

    def __init__(
        self,
        send: Sender,
        *,
        flights: int = 2,
        max_parts: int = 64,
        on_group: Callable[[int], None] = lambda size: None,
    ) -> None:
        if flights < 1 or max_parts < 1:
            raise ValueError("a lane needs at least one flight of at least one part")
        self._send = send
        self._flights = flights
        self._max_parts = max_parts
        self._on_group = on_group
        self._lanes: dict[Hashable, _Lane] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    async def submit(self, lane: Hashable, part: GroupPart) -> Outcome:
        """`part`'s outcome once the group it went in has committed (or failed as a whole:
        then its exception)."""
        waiting = self._lanes.get(lane)
        if waiting is None:
            waiting = self._lanes[lane] = _Lane()
        done: asyncio.Future[Outcome] = asyncio.get_running_loop().create_future()
        waiting.waiting.append((part, done))
        if waiting.flying < self._flights:
            waiting.flying += 1
            task = asyncio.create_task(self._fly(lane, waiting))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return await done

    async def _fly(self, lane: Hashable, waiting: _Lane) -> None:
        try:
            while waiting.waiting:
                group = self._next_group(waiting)
                if group:
                    await self._send_group(lane, group)
        finally:
            waiting.flying -= 1

    def _next_group(self, waiting: _Lane) -> list[tuple[GroupPart, asyncio.Future[Outcome]]]:
        group: list[tuple[GroupPart, asyncio.Future[Outcome]]] = []
        later: list[tuple[GroupPart, asyncio.Future[Outcome]]] = []
        battles: set[str] = set()
        for part, done in waiting.waiting:
            if done.done():  # its caller went away before it was sent: nothing to write
                continue
            if part.battle_id in battles or len(group) >= self._max_parts:
                later.append((part, done))
                continue
            battles.add(part.battle_id)
            group.append((part, done))
        waiting.waiting = later
        group.sort(key=lambda waiter: waiter[0].battle_id)
        return group

    async def _send_group(
        self, lane: Hashable, group: list[tuple[GroupPart, asyncio.Future[Outcome]]]
    ) -> None:
        self._on_group(len(group))
        try:
            outcomes = await self._send(lane, [part for part, _ in group])
        except Exception as exc:  # the group failed whole: each of its callers fails
            for _, done in group:
                if not done.done():
                    done.set_exception(exc)
            return
        except BaseException as exc:  # cancelled (the log closing): so are its callers
            for _, done in group:
                done.cancel()
            raise exc
        for (_, done), outcome in zip(group, outcomes, strict=True):
            if not done.done():
                done.set_result(outcome)

    async def close(self) -> None:
        """Wait for the groups in flight (their callers are owed an answer)."""
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
