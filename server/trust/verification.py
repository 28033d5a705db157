"""Verifying a battle's chain, and its content, at the cost of a walk only where needed.

Each verification that holds records the head it reached (version and hash) in
`verified_heads` with two HMACs under the chain key (migration 0008_i36): `mac` over the head
itself, and `content_mac` over the head and the SHA-256 of every event up to it as the log
holds them now (`CONTENT_DIGEST`, computed by PostgreSQL in the same snapshot the walk read).
The next verification recomputes that digest from the log, one aggregate over the battle's
rows, and resumes after the head only if the HMAC over it holds: an event under the head
whose data was altered, its hash columns kept, changes the digest and the log is walked
again from the start, which names the event. A head is so a MAC over content, never a
bookmark. A head the log no longer reaches (rows removed) is caught by its own `mac`.

Beside the log, records the database cannot forge say how far the battle went: the append
records the battle's head under the chain key's MAC beside its row (events/battle_head.py,
migration 0011_i36), the battle's view is sealed at its head (events/seal.py) and its
directory row says it was created. A log that ends before the recorded or sealed head, goes
on past the recorded head, has another hash there, or is empty while the battle exists, does
not verify (issue: an emptied battle answered `{"ok": true, "checked": 0}`). A full re-walk
stays available (`?full=true`, the command line).
"""

from __future__ import annotations

import hmac
import threading
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import Connection, Engine, text

from events.battle_head import compare_with_log
from events.chain import verify_chain
from events.chain_key import ChainKey
from events.rows import COLUMNS, envelope_from_row
from events.store import VerifyResult
from events.store_postgres import PostgresEventStore

_LATEST = text(
    "SELECT version, hash, keyed, mac, content_mac FROM verified_heads WHERE battle_id = :b"
    " ORDER BY version DESC LIMIT 8"
)
_RECORD = text(
    "INSERT INTO verified_heads (battle_id, version, hash, keyed, mac, content_mac, verified_at)"
    " VALUES (:b, :v, :h, :k, :m, :c, :at) ON CONFLICT DO NOTHING"
)
_HASHES = text("SELECT version, hash FROM event_log WHERE battle_id = :b AND version = ANY(:vs)")
_RECORDED = text(
    "SELECT version, recorded_at FROM event_log WHERE battle_id = :b AND version = ANY(:vs)"
)
_STREAM = text(
    f"SELECT {COLUMNS} FROM event_log WHERE battle_id = :b AND version > :after ORDER BY version"
)
_EXISTS = text("SELECT 1 FROM battles WHERE battle_id = :b")
CONTENT_DIGEST = text(
    "SELECT count(*) AS n, sha256(coalesce(string_agg("
    "sha256(convert_to(jsonb_build_array(version, type, schema_version, data, intent_id,"
    " causation_id, correlation_id, actor, rules_version,"
    " (extract(epoch FROM recorded_at) * 1000000)::bigint)::text, 'UTF8'))"
    " || prev_hash || hash, ''::bytea ORDER BY version), ''::bytea)) AS digest"
    " FROM event_log WHERE battle_id = :b AND version <= :v"
)
"""The SHA-256 of every event of a battle up to a version, each field as PostgreSQL reads it
back (the time as microseconds since the epoch, so no session setting shapes it)."""


@dataclass(frozen=True)
class VerifiedHead:
    version: int
    hash: bytes
    keyed: bool


class VerifiedHeads:
    """The INSERT-only record of verified heads (migrations 0006_i24, 0008_i36)."""

    def __init__(self, engine: Engine, chain_key: ChainKey) -> None:
        self._engine = engine
        self._key = chain_key

    def _mac(self, battle_id: str, version: int, digest: bytes, keyed: bool) -> bytes:
        message = f"verified-head\n{battle_id}\n{version}\n{digest.hex()}\n{keyed}"
        return self._key.mac(message.encode())

    def _content_mac(self, battle_id: str, version: int, content: bytes) -> bytes:
        message = f"verified-content\n{battle_id}\n{version}\n{content.hex()}"
        return self._key.mac(message.encode())

    def latest(self, battle_id: str) -> tuple[VerifiedHead, bytes | None] | None:
        """The latest head whose own HMAC holds, with its content HMAC (None: recorded
        before heads covered content)."""
        with self._engine.connect() as conn:
            rows = conn.execute(_LATEST, {"b": battle_id}).all()
        for row in rows:
            if hmac.compare_digest(
                bytes(row.mac), self._mac(battle_id, row.version, bytes(row.hash), row.keyed)
            ):
                content = None if row.content_mac is None else bytes(row.content_mac)
                return VerifiedHead(row.version, bytes(row.hash), row.keyed), content
        return None

    def content_holds(self, battle_id: str, head: VerifiedHead, content_mac: bytes) -> bool:
        """Whether every event up to `head` is, field for field, what was verified there."""
        with self._engine.connect() as conn:
            content = content_digest(conn, battle_id, head.version)
        if content is None:
            return False
        expected = self._content_mac(battle_id, head.version, content)
        return hmac.compare_digest(expected, content_mac)

    def record(
        self, battle_id: str, version: int, digest: bytes, keyed: bool, content: bytes
    ) -> None:
        params = {
            "b": battle_id,
            "v": version,
            "h": digest,
            "k": keyed,
            "m": self._mac(battle_id, version, digest, keyed),
            "c": self._content_mac(battle_id, version, content),
            "at": datetime.now(UTC),
        }
        with self._engine.begin() as conn:
            conn.execute(_RECORD, params)


def content_digest(conn: Connection, battle_id: str, version: int) -> bytes | None:
    """`CONTENT_DIGEST` of the battle up to `version`; None when the log lacks a version."""
    row = conn.execute(CONTENT_DIGEST, {"b": battle_id, "v": version}).one()
    return bytes(row.digest) if row.n == version else None


_ACTIONS = text("SELECT count(DISTINCT intent_id) FROM event_log WHERE battle_id = :b")


class Verifier:
    def __init__(self, store: PostgresEventStore, heads: VerifiedHeads) -> None:
        self._store = store
        self._heads = heads
        # One verification at a time per battle (striped, so bounded): eight asked at once of
        # a long battle walk it once, and the other seven resume from the head it recorded.
        self._locks = tuple(threading.Lock() for _ in range(64))

    def hashes_at(self, battle_id: str, versions: list[int]) -> dict[int, bytes]:
        return self._store.hashes_at(battle_id, versions)

    def recorded_at(self, battle_id: str, versions: list[int]) -> dict[int, datetime]:
        """When the log says each version was recorded (bound by the keyed chain)."""
        if not versions:
            return {}
        with self._store.engine.connect() as conn:
            rows = conn.execute(_RECORDED, {"b": battle_id, "vs": versions})
            return {row.version: row.recorded_at for row in rows}

    def actions(self, battle_id: str) -> int:
        """The battle's actions (appends): each answer that appended carried one receipt, so
        a client that saw them all holds this many."""
        with self._store.engine.connect() as conn:
            return int(conn.execute(_ACTIONS, {"b": battle_id}).scalar_one())

    def verify(self, battle_id: str, *, full: bool = False) -> tuple[VerifyResult, int]:
        """(the chain's verdict, the version it resumed after: 0 for a full walk)."""
        with self._locks[hash(battle_id) % len(self._locks)]:
            result, resumed = self._verify(battle_id, full=full)
        if result.ok:
            result = against_records(self._store, result)
        return result, resumed

    def _verify(self, battle_id: str, *, full: bool) -> tuple[VerifyResult, int]:
        found = None if full else self._heads.latest(battle_id)
        if found is None:
            return self._walk(battle_id, None), 0
        head, content_mac = found
        if self.hashes_at(battle_id, [head.version]).get(head.version) != head.hash:
            return self._changed_before(battle_id, head), 0
        if content_mac is None or not self._heads.content_holds(battle_id, head, content_mac):
            # not a head to resume from: the whole log is walked, and names what changed
            return self._walk(battle_id, None), 0
        return self._walk(battle_id, head), head.version

    def _walk(self, battle_id: str, head: VerifiedHead | None) -> VerifyResult:
        """The chain walked after `head` (from the start without one); a head that holds is
        recorded with the digest of the content the walk read, in the same snapshot."""
        after = 0 if head is None else head.version
        engine = self._store.engine.execution_options(isolation_level="REPEATABLE READ")
        with engine.connect() as conn, conn.begin():
            rows = conn.execute(_STREAM, {"b": battle_id, "after": after})
            envelopes = [envelope_from_row(row) for row in rows]
            start = None if head is None else (head.version, head.hash, head.keyed)
            key = self._store.chain_key
            result = (
                verify_chain(battle_id, envelopes, key)
                if start is None
                else verify_chain(battle_id, envelopes, key, start=start)
            )
            content = None
            if result.ok and result.head_hash is not None and result.checked > after:
                content = content_digest(conn, battle_id, result.checked)
        if content is not None and result.head_hash is not None:
            self._heads.record(battle_id, result.checked, result.head_hash, result.keyed, content)
        return result

    def _changed_before(self, battle_id: str, head: VerifiedHead) -> VerifyResult:
        """The log no longer has the hash verified at `head`: name where it first breaks."""
        walked = self._walk(battle_id, None)
        if not walked.ok and (walked.first_broken_version or 0) <= head.version:
            return walked
        return VerifyResult(
            battle_id,
            False,
            0,
            head.version,
            f"the hash at version {head.version} is not the one verified there before",
        )


def against_records(store: PostgresEventStore, result: VerifyResult) -> VerifyResult:
    """A chain that holds, compared with what the database cannot forge of its head: the head
    the append recorded under its MAC (events/battle_head.py), the view's seal
    (events/seal.py) and, for an empty log, the battle's existence.

    Each is read after the walk; an append writes the log and them in one statement, so a
    head past the walk's end whose hash the log now has was appended meanwhile."""
    battle_id = result.battle_id
    end = result.checked

    def hash_now(version: int) -> bytes | None:
        return store.hashes_at(battle_id, [version]).get(version)

    recorded = store.recorded_head(battle_id)
    if recorded is not None:
        broken = compare_with_log(recorded, end, result.head_hash, hash_now)
        if broken is not None:
            return VerifyResult(
                battle_id, False, min(end, broken.first_broken_version - 1),
                broken.first_broken_version, broken.reason,
            )  # fmt: skip
    sealed = store.sealed_head(battle_id)
    if sealed is not None and hash_now(sealed.version) != sealed.hash:
        if sealed.version > end:
            why = (
                f"the log ends at version {end}, but the battle's view was sealed at version"
                f" {sealed.version}: events were removed"
            )
            return VerifyResult(battle_id, False, end, end + 1, why)
        why = f"the hash at version {sealed.version} is not the one the view was sealed at"
        return VerifyResult(battle_id, False, end, sealed.version, why)
    if end == 0:
        with store.engine.connect() as conn:
            exists = conn.execute(_EXISTS, {"b": battle_id}).first() is not None
        if exists:
            why = "the battle was created, but its log holds no event"
            return VerifyResult(battle_id, False, 0, 1, why)
    return result
