"""The single SQL statement an append is: a call of `turnledger_append` (migrations 0003,
0007_i25b, 0011_i36).

The function refuses a closed battle, writes the action's events, claims the idempotency key,
updates the read model and snapshot, writes the log questions' rows and records the battle's
head under its MAC (events/battle_head.py), all in the caller's one statement, hence one
transaction. Its rows travel as
arrays, so one text serves every batch size: the same text on one PostgreSQL and on a Citus
cluster, where the call is delegated whole to the worker holding the battle's shards.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson
import psycopg

from events.battle_head import head_mac
from events.chain import PendingRow
from events.chain_key import ChainKey
from events.migrations.append_0007_i25b import CLOSED_SQLSTATE
from events.store import ProjectionWrite, StoreError

# Arrays and hashes travel in binary: the text form escapes every quote of every event's JSON
# with a regular expression (measured at an eighth of the server's work per append).
_CALL = (
    "SELECT version, global_position FROM turnledger_append("
    "%(b)s, %(v)s::integer, %(t)b::varchar[], %(s)b::integer[], %(d)b::jsonb[], %(p)b::bytea,"
    " %(h)b::bytea[], %(i)b::varchar[], %(c)b::varchar[], %(r)b::varchar[], %(a)b::varchar[],"
    " %(rv)b::varchar[], %(at)b::timestamptz[], %(key)s::varchar, %(request_hash)b::bytea,"
    " %(response)s::text, %(reducer)s::integer, %(view)s::jsonb, %(map)s::jsonb,"
    " %(snapshot)s::jsonb, {notify}, %(questions)s::jsonb, %(head)b::bytea)"
)
_PLAIN = _CALL.format(notify="false")
_NOTIFYING = _CALL.format(notify="true")


def append_sql(
    n: int, keyed: bool, notify: bool, projected: bool = False, snapshot: bool = False
) -> str:
    """The append's text; only `notify` (a NOTIFY inside the append, single-node only) shapes it.

    The other arguments are kept so that callers need not know which parts shape the text.
    Each returned row is (version, global_position); no row means the idempotency key was
    claimed before and nothing was written.
    """
    return _NOTIFYING if notify else _PLAIN


def append_params(
    rows: list[PendingRow],
    idempotency_key: str | None,
    fingerprint: bytes,
    response: str | None,
    projection: ProjectionWrite | None = None,
    questions: QuestionRows | None = None,
    chain_key: ChainKey | None = None,
) -> dict[str, Any]:
    """The parameters of `append_sql` for these rows: consecutive versions of one battle;
    with a chain key, the battle's new head is recorded under its MAC (migration 0011_i36)."""
    first = rows[0]
    last = rows[-1]
    keyed = idempotency_key is not None
    return {
        "head": None
        if chain_key is None
        else head_mac(chain_key, last.battle_id, last.version, last.hash),
        "questions": None if questions is None else questions.document,
        "b": first.battle_id,
        "v": first.version,
        "t": [row.type for row in rows],
        "s": [row.schema_version for row in rows],
        "d": [row.data_json or orjson.dumps(row.data).decode() for row in rows],
        "p": first.prev_hash,
        "h": [row.hash for row in rows],
        "i": [row.meta.intent_id for row in rows],
        "c": [row.meta.causation_id for row in rows],
        "r": [row.meta.correlation_id for row in rows],
        "a": [row.meta.actor for row in rows],
        "rv": [row.meta.rules_version for row in rows],
        "at": [row.recorded_at for row in rows],
        "key": idempotency_key,
        "request_hash": fingerprint if keyed else None,
        "response": response if keyed else None,
        "reducer": None if projection is None else projection.reducer_version,
        "view": None if projection is None else view_payload(projection),
        "map": None
        if projection is None or projection.map_view is None
        else orjson.dumps(projection.map_view).decode(),
        "snapshot": None
        if projection is None or projection.snapshot is None
        else orjson.dumps(projection.snapshot).decode(),
    }


def view_payload(projection: ProjectionWrite) -> str:
    """The read model's `p_view` (migration 0005_i25's `turnledger_write_view`): the whole
    view, or what one action changed of it, `{"battle", "creatures", "complete"}` and
    `removed` when a creature went."""
    if projection.creatures is None:
        return orjson.dumps(projection.view).decode()
    payload: dict[str, Any] = {
        "battle": projection.view,
        "creatures": projection.creatures,
        "complete": projection.complete,
    }
    if projection.removed:
        payload["removed"] = list(projection.removed)
    return orjson.dumps(payload).decode()


@dataclass(frozen=True)
class QuestionRows:
    """The log questions' rows of one append, as migration 0007_i25b's `p_questions` (JSON
    text): `{"cursor", "events": [[round, turn]...], "about": [[creature, version]...],
    "facts": [[creature, version, kind, distance, squares, detail]...], "marks": [[first,
    last, undone]...]}`, `cursor` being the projector's cursor after the append, kept with
    the position. Written only where the position stood at the version before the append."""

    document: str


class BattleClosed(StoreError):
    """The battle was closed (`battles.closed_at`): the append wrote nothing."""

    def __init__(self, battle_id: str, at: datetime, reason: str) -> None:
        super().__init__(f"battle {battle_id!r} was closed at {at.isoformat()}: {reason}")
        self.battle_id = battle_id
        self.at = at
        self.reason = reason


def closed_from(battle_id: str, closure: str | None) -> BattleClosed | None:
    """The refusal a closure (`{"at", "reason"}` as JSON text, or None: open) makes."""
    if closure is None:
        return None
    found = orjson.loads(closure)
    return BattleClosed(battle_id, datetime.fromisoformat(found["at"]), str(found["reason"]))


def raise_if_closed(battle_id: str, exc: psycopg.Error) -> None:
    """Raise `BattleClosed` when `exc` is the append's refusal of a closed battle."""
    if exc.sqlstate == CLOSED_SQLSTATE:
        closed = closed_from(battle_id, exc.diag.message_detail)
        if closed is not None:
            raise closed from None
