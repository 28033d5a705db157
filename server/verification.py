"""Verifying a battle's chain at a cost that grows with what was appended since the last time.

Each verification that holds records the head it reached (version and hash) in
`verified_heads`, with an HMAC under the chain key, so a row written by anyone without the key
is ignored. The next verification checks that the log still has that hash there (one indexed
read) and walks only the events after it: the keyed hash at the head already commits to every
event before it. A full re-walk stays available (`?full=true`, the command line).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import Engine, text

from events.chain_key import ChainKey
from events.store import VerifyResult
from events.store_postgres import PostgresEventStore

_LATEST = text(
    "SELECT version, hash, keyed, mac FROM verified_heads WHERE battle_id = :b"
    " ORDER BY version DESC LIMIT 8"
)
_RECORD = text(
    "INSERT INTO verified_heads (battle_id, version, hash, keyed, mac, verified_at)"
    " VALUES (:b, :v, :h, :k, :m, :at) ON CONFLICT DO NOTHING"
)
_HASHES = text("SELECT version, hash FROM event_log WHERE battle_id = :b AND version = ANY(:vs)")


@dataclass(frozen=True)
class VerifiedHead:
    version: int
    hash: bytes
    keyed: bool


class VerifiedHeads:
    """The INSERT-only record of verified heads (migration 0006_i24)."""

    def __init__(self, engine: Engine, chain_key: ChainKey) -> None:
        self._engine = engine
        self._key = chain_key

    def _mac(self, battle_id: str, version: int, digest: bytes, keyed: bool) -> bytes:
        message = f"verified-head\n{battle_id}\n{version}\n{digest.hex()}\n{keyed}"
        return self._key.mac(message.encode())

    def latest(self, battle_id: str) -> VerifiedHead | None:
        with self._engine.connect() as conn:
            rows = conn.execute(_LATEST, {"b": battle_id}).all()
        for row in rows:
            if bytes(row.mac) == self._mac(battle_id, row.version, bytes(row.hash), row.keyed):
                return VerifiedHead(row.version, bytes(row.hash), row.keyed)
        return None

    def record(self, battle_id: str, version: int, digest: bytes, keyed: bool) -> None:
        params = {
            "b": battle_id,
            "v": version,
            "h": digest,
            "k": keyed,
            "m": self._mac(battle_id, version, digest, keyed),
            "at": datetime.now(UTC),
        }
        with self._engine.begin() as conn:
            conn.execute(_RECORD, params)


_ACTIONS = text("SELECT count(DISTINCT intent_id) FROM event_log WHERE battle_id = :b")


class Verifier:
    def __init__(self, store: PostgresEventStore, heads: VerifiedHeads) -> None:
        self._store = store
        self._heads = heads
        # One verification at a time per battle (striped, so bounded): eight asked at once of
        # a long battle walk it once, and the other seven resume from the head it recorded.
        self._locks = tuple(threading.Lock() for _ in range(64))

    def hashes_at(self, battle_id: str, versions: list[int]) -> dict[int, bytes]:
        if not versions:
            return {}
        with self._store.engine.connect() as conn:
            rows = conn.execute(_HASHES, {"b": battle_id, "vs": versions})
            return {row.version: bytes(row.hash) for row in rows}

    def actions(self, battle_id: str) -> int:
        """The battle's actions (appends): each answer that appended carried one receipt, so
        a client that saw them all holds this many."""
        with self._store.engine.connect() as conn:
            return int(conn.execute(_ACTIONS, {"b": battle_id}).scalar_one())

    def verify(self, battle_id: str, *, full: bool = False) -> tuple[VerifyResult, int]:
        """(the chain's verdict, the version it resumed after: 0 for a full walk)."""
        with self._locks[hash(battle_id) % len(self._locks)]:
            return self._verify(battle_id, full=full)

    def _verify(self, battle_id: str, *, full: bool) -> tuple[VerifyResult, int]:
        head = None if full else self._heads.latest(battle_id)
        if head is None:
            result, resumed = self._store.verify(battle_id), 0
        elif self.hashes_at(battle_id, [head.version]).get(head.version) != head.hash:
            result, resumed = self._changed_before(battle_id, head), 0
        else:
            start = (head.version, head.hash, head.keyed)
            result, resumed = self._store.verify(battle_id, start), head.version
        if result.ok and result.head_hash is not None and result.checked > resumed:
            self._heads.record(battle_id, result.checked, result.head_hash, result.keyed)
        return result, resumed

    def _changed_before(self, battle_id: str, head: VerifiedHead) -> VerifyResult:
        """The log no longer has the hash verified at `head`: name where it first breaks."""
        walked = self._store.verify(battle_id)
        if not walked.ok and (walked.first_broken_version or 0) <= head.version:
            return walked
        return VerifyResult(
            battle_id,
            False,
            0,
            head.version,
            f"the hash at version {head.version} is not the one verified there before",
        )
