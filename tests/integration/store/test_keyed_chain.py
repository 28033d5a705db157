"""The keyed chain (events/chain_key.py): only the key's holder makes a chain that verifies,
and battles logged before the key still verify by their plain SHA-256 hashes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from events.chain_key import ChainKey
from events.envelope import ActionMeta, Envelope, chain_hash
from events.store_memory import InMemoryEventStore
from tests.event_fixtures import moved, test_registry

KEY = ChainKey(b"k" * 32, datetime(2026, 11, 1, tzinfo=UTC))
OTHER = ChainKey(b"o" * 32, datetime(2026, 11, 1, tzinfo=UTC))
BEFORE_KEY = datetime(2026, 10, 1, tzinfo=UTC)
AFTER_KEY = datetime(2026, 11, 20, tzinfo=UTC)


def rechained(envelopes: list[Envelope]) -> list[Envelope]:
    """What someone holding only the database can do: recompute every hash, unkeyed."""
    prev = envelopes[0].prev_hash
    out = []
    for e in envelopes:
        meta = ActionMeta(
            intent_id=e.intent_id,
            causation_id=e.causation_id,
            correlation_id=e.correlation_id,
            actor=e.actor,
            rules_version=e.rules_version,
        )
        digest = chain_hash(
            prev,
            battle_id=e.battle_id,
            version=e.version,
            type_name=e.type,
            schema_version=e.schema_version,
            data=e.data,
            meta=meta,
            recorded_at=e.recorded_at,
        )
        out.append(e.model_copy(update={"prev_hash": prev, "hash": digest}))
        prev = digest
    return out


def test_a_keyed_store_tags_its_hashes_and_verifies_only_with_its_key() -> None:
    store = InMemoryEventStore(lambda: AFTER_KEY, registry=test_registry, chain_key=KEY)
    store.append("b1", 0, [moved(x=1), moved(x=2)])
    envelopes = store.read_stream("b1")
    assert all(len(e.hash) == 32 for e in envelopes)  # the wire's 64 hex characters
    assert store.verify("b1").ok
    from events.chain import verify_chain

    assert not verify_chain("b1", envelopes, OTHER).ok
    assert verify_chain("b1", envelopes, None).reason == (
        "content does not match its hash (without the chain key to check it)"
    )


def test_an_altered_event_rechained_without_the_key_breaks_the_chain() -> None:
    from events.chain import verify_chain

    store = InMemoryEventStore(lambda: AFTER_KEY, registry=test_registry, chain_key=KEY)
    for version in range(3):
        store.append("b1", version, [moved(x=version)])
    envelopes = store.read_stream("b1")
    altered = [envelopes[0], envelopes[1].model_copy(update={"data": {"x": 99}}), envelopes[2]]
    result = verify_chain("b1", rechained(altered), KEY)
    assert not result.ok
    assert result.first_broken_version == 1
    assert result.reason is not None and "key store says keyed hashing had begun" in result.reason


def test_a_battle_logged_before_the_key_still_verifies_and_goes_on_keyed() -> None:
    clock = [BEFORE_KEY]
    legacy = InMemoryEventStore(lambda: clock[0], registry=test_registry)
    legacy.append("b1", 0, [moved(x=1)])
    legacy.append("b1", 1, [moved(x=2)])
    old = legacy.read_stream("b1")

    from events.chain import verify_chain

    # the key store recorded b1 as logged before the key, up to version 2
    key = ChainKey(KEY.secret, KEY.keyed_since, {"b1": 2})
    assert verify_chain("b1", old, key).ok
    # The keyed suffix binds the legacy prefix: its first HMAC covers the last plain hash.
    keyed = InMemoryEventStore(lambda: AFTER_KEY, registry=test_registry, chain_key=key)
    keyed._streams["b1"] = list(old)  # the same log, now written by a keyed server
    keyed.append("b1", 2, [moved(x=3)])
    stream = keyed.read_stream("b1")
    assert verify_chain("b1", stream, key).ok
    # Altering the legacy prefix and re-chaining it breaks at the first keyed event.
    altered = rechained([stream[0].model_copy(update={"data": {"x": 5}}), stream[1]])
    result = verify_chain("b1", [*altered, stream[2]], key)
    assert (result.ok, result.first_broken_version) == (False, 3)


def test_the_legacy_window_is_the_key_stores_not_the_logs_times() -> None:
    """A whole battle re-chained with plain hashes and its times moved back before the key:
    `recorded_at` said legacy; the key store, which never named the battle, says not."""
    from events.chain import verify_chain

    store = InMemoryEventStore(lambda: AFTER_KEY, registry=test_registry, chain_key=KEY)
    for version in range(3):
        store.append("b1", version, [moved(x=version)])
    moved_back = [e.model_copy(update={"recorded_at": BEFORE_KEY}) for e in store.read_stream("b1")]
    result = verify_chain("b1", rechained(moved_back), KEY)
    assert (result.ok, result.first_broken_version) == (False, 1)
    # beyond the versions it recorded for a legacy battle, plain hashes are refused too
    recorded = ChainKey(KEY.secret, KEY.keyed_since, {"b1": 2})
    result = verify_chain("b1", rechained(moved_back), recorded)
    assert (result.ok, result.first_broken_version) == (False, 3)


def test_unkeyed_hashes_after_keyed_ones_are_a_downgrade() -> None:
    from events.chain import verify_chain

    store = InMemoryEventStore(lambda: BEFORE_KEY, registry=test_registry, chain_key=KEY)
    store.append("b1", 0, [moved(x=1), moved(x=2)])
    envelopes = store.read_stream("b1")
    # keep the first (keyed) event, re-chain the second unkeyed
    tail = rechained([envelopes[1]])
    result = verify_chain("b1", [envelopes[0], *tail], KEY)
    assert (result.ok, result.first_broken_version) == (False, 2)
    assert "after keyed ones" in (result.reason or "")


def test_verification_resumes_after_a_verified_head() -> None:
    from events.chain import verify_chain

    store = InMemoryEventStore(
        lambda: AFTER_KEY + timedelta(seconds=1), registry=test_registry, chain_key=KEY
    )
    for version in range(4):
        store.append("b1", version, [moved(x=version)])
    stream = store.read_stream("b1")
    resumed = verify_chain("b1", stream[2:], KEY, start=(2, stream[1].hash, True))
    assert (resumed.ok, resumed.checked, resumed.head_hash) == (True, 4, stream[3].hash)
    assert resumed.keyed
    wrong = verify_chain("b1", stream[2:], KEY, start=(2, stream[0].hash, True))
    assert (wrong.ok, wrong.first_broken_version) == (False, 3)
