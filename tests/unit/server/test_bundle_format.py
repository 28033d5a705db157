"""Bundles without a database: the server's check and the client's verifier agree on every
bundle and every byte changed in one; a player's bundle seals the seed and a hidden creature
and keeps the director's links; rows rebuilt for an import chain and fold as the original."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from turnledger_client.bundle import BundleBroken, verify_bundle

from engine import Context, create_battle
from events.chain import verify_chain
from events.envelope import ActionMeta, Envelope
from events.history_events import IntentAccepted
from events.store_memory import InMemoryEventStore
from events.vocabulary import registry
from projections import fold, state_to_json
from projections.history import effective_events
from server.readers.redaction import Reader
from server.trust.bundle.checking import BundleRefused, check_bundle
from server.trust.bundle.exporting import ChainBroken, build_bundle
from server.trust.bundle.importing import rows_of
from server.trust.keyring import Keyring, generate
from tests.e2e.test_hidden_creatures import LURKER, battle_with_lurker

AT = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
KEYRING = generate(AT)


def logged(keyring: Keyring = KEYRING) -> list[Envelope]:
    """A battle's creation, with a hidden lurker, in a log keyed with `keyring`'s chain key."""
    body = {k: v for k, v in battle_with_lurker([6, 6]).items() if k not in ("title", "tags")}
    decision = create_battle(body, Context(actor="director"))
    opener = IntentAccepted(intent={"type": "create_battle"}, trace=[])
    store = InMemoryEventStore(lambda: AT, chain_key=keyring.chain_key)
    meta = ActionMeta(intent_id="i-1", actor="director", rules_version="draw-steel@1")
    store.append("b-1", 0, [opener, *decision.events], meta)
    return store.read_stream("b-1")


def bundle_bytes(reader: Reader = Reader(True), name: str = "director") -> bytes:
    return orjson.dumps(build_bundle(logged(), KEYRING, reader, name, AT))


KEYS = [key.jwk() for key in KEYRING.published]
DIRECTORS = bundle_bytes()
PLAYERS = bundle_bytes(Reader(False, frozenset({"hero"}), frozenset({"heroes"})), "seat:s1")


def test_the_server_and_the_client_both_accept_an_untouched_bundle() -> None:
    checked = check_bundle(orjson.loads(DIRECTORS))
    verdict = verify_bundle(DIRECTORS, KEYS)
    assert verdict.ok and checked.version == verdict.version == 3 and checked.sealed == 0
    assert [e.content for e in verdict.events] == list(checked.contents)


def refused_by_the_server(raw: bytes) -> bool:
    try:
        check_bundle(orjson.loads(raw))
    except (BundleRefused, orjson.JSONDecodeError):
        return True
    return False


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_both_refuse_a_bundle_with_any_byte_changed(data: st.DataObject) -> None:
    raw = data.draw(st.sampled_from([DIRECTORS, PLAYERS]), label="bundle")
    at = data.draw(st.integers(0, len(raw) - 1), label="position")
    value = data.draw(st.integers(0, 255).filter(lambda v: v != raw[at]), label="value")
    changed = raw[:at] + bytes([value]) + raw[at + 1 :]
    with pytest.raises(BundleBroken):
        verify_bundle(changed, KEYS)
    assert refused_by_the_server(changed)


def test_a_players_bundle_seals_the_seed_and_the_hidden_creature_and_links_the_same() -> None:
    verdict = verify_bundle(PLAYERS, KEYS)
    assert verdict.ok and verdict.reader == "seat:s1"
    opener, created, hidden = verdict.events
    assert opener.content is not None and opener.content["type"] == "IntentAccepted"
    assert created.sealed and created.shown is not None  # shown, without seed and lurker
    assert created.shown["data"]["seed"] is None
    assert [c["id"] for c in created.shown["data"]["creatures"]] == ["hero", "gob"]
    assert hidden.sealed and hidden.shown is None  # a placeholder
    assert LURKER.encode() not in PLAYERS
    statement = orjson.loads(orjson.loads(PLAYERS)["statement"])
    assert statement["link"] == orjson.loads(orjson.loads(DIRECTORS)["statement"])["link"]


def test_a_sealed_events_commitment_is_not_its_plain_hash() -> None:
    """Salted: the commitment of a sealed event cannot be found by hashing guesses of it."""
    import hashlib

    players = orjson.loads(PLAYERS)["events"]
    directors = orjson.loads(DIRECTORS)["events"]
    for sealed, opened in zip(players[1:], directors[1:], strict=True):
        plain = hashlib.sha256(opened["content"].encode()).hexdigest()
        assert sealed["commitment"] != plain and "salt" not in sealed


def test_a_signature_by_a_key_not_trusted_is_not_trusted() -> None:
    other = generate(AT)
    forged = orjson.dumps(build_bundle(logged(other), other, Reader(True), "director", AT))
    assert check_bundle(orjson.loads(forged)).key_id == other.current.kid  # it holds together
    assert not verify_bundle(forged, KEYS).trusted
    assert verify_bundle(forged, [k.jwk() for k in other.published]).ok


def test_a_log_that_does_not_verify_under_the_chain_key_is_never_signed() -> None:
    log = logged()
    altered = log[1].model_copy(update={"data": {**log[1].data, "seed": 8}})
    with pytest.raises(ChainBroken):
        build_bundle([log[0], altered, log[2]], KEYRING, Reader(True), "director", AT)


def state_of(envelopes: list[Envelope]) -> dict[str, Any]:
    return state_to_json(fold(effective_events(envelopes, registry)))


def test_rows_for_an_import_chain_under_the_new_key_and_fold_as_the_original() -> None:
    here = generate(AT)
    rows = rows_of(check_bundle(orjson.loads(DIRECTORS)), "b-2", here.chain_key)
    envelopes = [row.envelope(position) for position, row in enumerate(rows, start=1)]
    assert verify_chain("b-2", envelopes, here.chain_key).ok
    assert state_of(envelopes) == state_of(logged())
    original = logged()
    for new, old in zip(envelopes, original, strict=True):
        same = ("type", "schema_version", "data", "intent_id", "actor", "recorded_at")
        assert all(getattr(new, f) == getattr(old, f) for f in same)


def test_a_players_bundle_is_not_imported() -> None:
    with pytest.raises(BundleRefused, match="director"):
        rows_of(check_bundle(orjson.loads(PLAYERS)), "b-2", KEYRING.chain_key)


def test_a_key_retired_before_the_export_is_not_trusted_for_it() -> None:
    later = KEYRING.rotated(datetime(2026, 4, 1, tzinfo=UTC))  # retired before AT, the export
    retired = [k.jwk() for k in later.published]
    assert not verify_bundle(DIRECTORS, retired).trusted
    still = KEYRING.rotated(datetime(2026, 6, 1, tzinfo=UTC))  # retired after it
    assert verify_bundle(DIRECTORS, [k.jwk() for k in still.published]).ok


def test_a_log_that_does_not_open_with_a_creation_is_not_imported() -> None:
    checked = check_bundle(orjson.loads(DIRECTORS))
    opener, created, hidden = checked.contents
    assert opener is not None and hidden is not None
    for contents in ((opener, hidden), (opener, created, created)):
        renumbered = tuple({**c, "version": n} for n, c in enumerate(contents, start=1) if c)
        odd = replace(checked, version=len(renumbered), contents=renumbered)
        with pytest.raises(BundleRefused, match="opens with its creation"):
            rows_of(odd, "b-2", KEYRING.chain_key)
