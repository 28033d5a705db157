"""Turning events into chained rows, and checking a stored chain: shared by every store."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from events.chain_key import ChainKey, legacy_digest
from events.envelope import GENESIS_HASH, ActionMeta, Envelope, canonical_json, chain_content
from events.lru import SizedLRU
from events.store import MAX_EVENT_BYTES, EventTooLarge, InvalidAppend, VerifyResult
from events.vocabulary import Event, EventRegistry, JsonObject, encode


@dataclass(frozen=True)
class PendingRow:
    """An event ready to insert: everything but the database-assigned global position."""

    battle_id: str
    version: int
    type: str
    schema_version: int
    data: JsonObject
    meta: ActionMeta
    recorded_at: datetime
    prev_hash: bytes
    hash: bytes
    data_json: str = ""

    def envelope(self, global_position: int) -> Envelope:
        # Every field was built and checked here, so pydantic's validation is skipped.
        meta = self.meta
        return Envelope.trusted(
            {
                "battle_id": self.battle_id,
                "version": self.version,
                "global_position": global_position,
                "type": self.type,
                "schema_version": self.schema_version,
                "data": self.data,
                "intent_id": meta.intent_id,
                "causation_id": meta.causation_id,
                "correlation_id": meta.correlation_id,
                "actor": meta.actor,
                "rules_version": meta.rules_version,
                "recorded_at": self.recorded_at,
                "prev_hash": self.prev_hash,
                "hash": self.hash,
            }
        )


MAX_VERSION = 2**31 - 1
HEADS_BUDGET = 16 * 2**20
"""Bytes of chain heads kept per process (about 45,000 battles)."""


def check_append(
    battle_id: str,
    expected_version: int,
    events: Sequence[Event],
    idempotency_key: str | None = None,
) -> None:
    """Refuse an append whose arguments are malformed, before any encoding or I/O."""
    if not isinstance(battle_id, str) or not 0 < len(battle_id) <= 64:
        raise InvalidAppend("battle_id must be a non-empty string of at most 64 characters")
    if isinstance(expected_version, bool) or not isinstance(expected_version, int):
        raise InvalidAppend("expected_version must be an integer")
    if expected_version < 0:
        raise InvalidAppend(f"expected_version must be 0 or more, not {expected_version}")
    if not events:
        raise InvalidAppend("an append needs at least one event")
    if expected_version + len(events) > MAX_VERSION:
        raise InvalidAppend("the battle's version would overflow")
    if idempotency_key is not None and not 0 < len(idempotency_key) <= 200:
        raise InvalidAppend("an idempotency key has 1 to 200 characters")


def stamp(clock: Callable[[], datetime]) -> datetime:
    """The store's `recorded_at` for an append, from its injected clock."""
    recorded_at = clock()
    if recorded_at.tzinfo is None:
        raise InvalidAppend("the store's clock must return timezone-aware datetimes")
    return recorded_at


def encode_checked(event: Event, registry: EventRegistry) -> tuple[JsonObject, bytes]:
    """The payload to store (and its canonical JSON), after checking type, shape and size."""
    if not isinstance(event, Event):
        raise InvalidAppend(f"not an event: {type(event).__name__}")
    registry.validate(event)
    data = encode(event)
    try:
        data_json = canonical_json(data)
    except TypeError as exc:  # e.g. an integer beyond 64 bits
        raise InvalidAppend(f"{event.type} cannot be stored as JSON: {exc}") from None
    if b"\\u0000" in data_json:
        raise InvalidAppend(f"{event.type} holds a NUL character, which jsonb cannot store")
    size = len(data_json)
    if size > MAX_EVENT_BYTES:
        raise EventTooLarge(
            f"{event.type} payload is {size} bytes; the limit is {MAX_EVENT_BYTES} bytes"
        )
    # What is stored must read back: re-validate the payload as the reader will see it.
    registry.decode(event.type, type(event).schema_version, data)
    return data, data_json


@dataclass(frozen=True)
class EncodedEvent:
    type: str
    schema_version: int
    data: JsonObject
    data_json: bytes  # canonical_json(data), serialised once for the size check, hash and row


def encode_events(events: Sequence[Event], registry: EventRegistry) -> list[EncodedEvent]:
    encoded = []
    for event in events:
        data, data_json = encode_checked(event, registry)  # refuses non-events first
        encoded.append(EncodedEvent(event.type, type(event).schema_version, data, data_json))
    return encoded


def chain_rows(
    battle_id: str,
    expected_version: int,
    encoded: Sequence[EncodedEvent],
    meta: ActionMeta,
    recorded_at: datetime,
    prev_hash: bytes,
    chain_key: ChainKey | None = None,
) -> list[PendingRow]:
    """The rows of an append, each hash keyed with `chain_key` (legacy SHA-256 without one:
    only tools and tests that stand for the log before keys pass none)."""
    rows: list[PendingRow] = []
    for offset, event in enumerate(encoded, start=1):
        version = expected_version + offset
        content = chain_content(
            battle_id=battle_id,
            version=version,
            type_name=event.type,
            schema_version=event.schema_version,
            data=event.data,
            meta=meta,
            recorded_at=recorded_at,
            data_json=event.data_json,
        )
        digest = (
            legacy_digest(prev_hash, content)
            if chain_key is None
            else chain_key.digest(prev_hash, content)
        )
        rows.append(
            PendingRow(
                battle_id,
                version,
                event.type,
                event.schema_version,
                event.data,
                meta,
                recorded_at,
                prev_hash,
                digest,
                event.data_json.decode(),
            )
        )
        prev_hash = digest
    return rows


def build_rows(
    battle_id: str,
    expected_version: int,
    events: Sequence[Event],
    meta: ActionMeta,
    recorded_at: datetime,
    prev_hash: bytes,
    registry: EventRegistry,
    chain_key: ChainKey | None = None,
) -> list[PendingRow]:
    encoded = encode_events(events, registry)
    return chain_rows(battle_id, expected_version, encoded, meta, recorded_at, prev_hash, chain_key)


def request_fingerprint(expected_version: int, encoded: Sequence[EncodedEvent]) -> bytes:
    """What makes two appends "the same request" for an idempotency key by default."""
    body = [expected_version, [[event.type, event.data] for event in encoded]]
    return hashlib.sha256(canonical_json(body)).digest()


def verify_chain(
    battle_id: str,
    envelopes: Iterable[Envelope],
    chain_key: ChainKey | None = None,
    *,
    start: tuple[int, bytes, bool] = (0, GENESIS_HASH, False),
) -> VerifyResult:
    """Walk a battle's envelopes in version order; name the first version that breaks.

    Each hash must be the keyed one under `chain_key` (events/chain_key.py), or the legacy
    plain SHA-256 one, and that only before the battle's first keyed hash and where the key
    store records that the battle was logged before the key (`ChainKey.legacy`). `start`
    resumes after a version already verified: its version, its hash, and whether a keyed
    hash came by then; the envelopes then begin after it.
    """
    checked, prev, keyed_seen = start
    for env in envelopes:
        expected_version = checked + 1
        if env.version != expected_version:
            return VerifyResult(
                battle_id, False, checked, expected_version, f"version {expected_version} missing"
            )
        if env.prev_hash != prev:
            return VerifyResult(
                battle_id, False, checked, env.version, "prev_hash does not match the chain"
            )
        keyed, broken = _hash_breaks(env, prev, chain_key, keyed_seen)
        if broken is not None:
            return VerifyResult(battle_id, False, checked, env.version, broken)
        keyed_seen = keyed_seen or keyed
        prev = env.hash
        checked += 1
    return VerifyResult(battle_id, True, checked, head_hash=prev, keyed=keyed_seen)


def _hash_breaks(
    env: Envelope, prev: bytes, chain_key: ChainKey | None, keyed_seen: bool
) -> tuple[bool, str | None]:
    """(whether the hash is keyed, why it breaks the chain or None)."""
    content = chain_content(
        battle_id=env.battle_id,
        version=env.version,
        type_name=env.type,
        schema_version=env.schema_version,
        data=env.data,
        meta=ActionMeta(
            intent_id=env.intent_id,
            causation_id=env.causation_id,
            correlation_id=env.correlation_id,
            actor=env.actor,
            rules_version=env.rules_version,
        ),
        recorded_at=env.recorded_at,
    )
    if chain_key is not None and chain_key.digest(prev, content) == env.hash:
        return True, None
    if legacy_digest(prev, content) != env.hash:
        if chain_key is None:
            return False, "content does not match its hash (without the chain key to check it)"
        return False, _MISMATCH
    if keyed_seen:
        return False, "an unkeyed hash after keyed ones: the chain was recomputed without the key"
    if chain_key is not None and not chain_key.legacy_allowed(env.battle_id, env.version):
        return False, _KEYED_THERE
    return False, None


_KEYED_THERE = (
    "an unkeyed hash where the key store says keyed hashing had begun: the chain was"
    " recomputed without the key"
)


_MISMATCH = "content does not match its hash"


class ChainHeads:
    """The hash at each recent battle's head, so an append need not read it back.

    The hash at a given version never changes, so an entry can only be missing, never wrong:
    a miss costs the append one extra SELECT. Only the latest head of a battle is kept (an
    append extends the head), in a least-recently-used map bounded by an estimate of its
    bytes. Thread-safe, for the sync store's threads.
    """

    ENTRY_BYTES = 320
    """An entry beside its battle id's characters (measured: 353 bytes with a 30-character id)."""

    def __init__(self, budget: int = HEADS_BUDGET) -> None:
        self._heads: SizedLRU[str, tuple[int, bytes]] = SizedLRU(
            budget, lambda battle_id, _: self.ENTRY_BYTES + len(battle_id)
        )

    @property
    def held_bytes(self) -> int:
        return self._heads.held_bytes

    def __len__(self) -> int:
        return len(self._heads)

    def get(self, battle_id: str, version: int) -> bytes | None:
        if version == 0:
            return GENESIS_HASH
        found = self._heads.get(battle_id)
        return found[1] if found is not None and found[0] == version else None

    def remember(self, battle_id: str, version: int, digest: bytes) -> None:
        self._heads.put(battle_id, (version, digest), replaces=lambda held: held[0] <= version)
