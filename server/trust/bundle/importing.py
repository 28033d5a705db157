"""A verified bundle made a battle anew: the same events under a new id, chained again here.

The events keep everything they were logged with (type, schema version, data, intent,
causation, correlation, actor, rules version and the instant they were recorded); only the
battle id, the chain hashes (keyed with this server's chain key) and the global positions
are this server's. Every event must decode as its type says and the log must fold into a
battle, else nothing is written. The battle's row and its director token are made first, as
a creation makes them, and the rows go in with one call of the append statement (all or
none); a battle whose append fails leaves no row.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Engine

from engine.view import battle_view
from events.chain import PendingRow
from events.chain_key import ChainKey
from events.envelope import GENESIS_HASH, ActionMeta, canonical_json, chain_content
from events.store import MAX_EVENT_BYTES
from events.vocabulary import MalformedEvent, UnknownEventType, registry
from projections import fold
from projections.history import effective_events
from server.campaign.directory import BattleDirectory
from server.readers.tokens import new_token, token_hash
from server.trust.bundle.checking import BundleRefused, CheckedBundle
from server.trust.transfer import append_battle

META = ("intent_id", "causation_id", "correlation_id", "actor", "rules_version")


@dataclass(frozen=True)
class ImportedBattle:
    battle_id: str
    director_token: str
    version: int
    head_hash: bytes
    source: dict[str, Any]
    """The battle it was exported as: `battle_id`, `version` and the signing `key_id`."""


def rows_of(checked: CheckedBundle, battle_id: str, chain_key: ChainKey) -> list[PendingRow]:
    """The bundle's events as this server's rows of battle `battle_id`, chained with
    `chain_key`; `BundleRefused` when the bundle seals any event or an event is not one."""
    if checked.sealed or checked.reader != "director":
        raise BundleRefused(
            "a reader's bundle seals what its reader may not read; only the director's bundle"
            " holds a whole battle to import"
        )
    rows: list[PendingRow] = []
    prev = GENESIS_HASH
    for content in checked.contents:
        assert content is not None  # none is sealed
        row = _row(content, battle_id, prev, chain_key)
        rows.append(row)
        prev = row.hash
    kinds = [row.type for row in rows if row.type != "IntentAccepted"]
    if not kinds or kinds[0] != "BattleCreated" or kinds.count("BattleCreated") > 1:
        raise BundleRefused("a battle's log opens with its creation, once")
    try:
        battle_view(fold(effective_events([row.envelope(0) for row in rows], registry)))
    except Exception as exc:
        # A log this server never judged may hold what its reducers and views never met (a
        # signed bundle proves who signed it, not that its rules made it): whatever fails to
        # fold or to show is the bundle's fault, refused before anything is written.
        raise BundleRefused(f"the events do not fold into a battle: {exc!r}") from None
    return rows


def _row(content: dict[str, Any], battle_id: str, prev: bytes, key: ChainKey) -> PendingRow:
    version = content["version"]
    type_name, schema_version, data = content["type"], content["schema_version"], content["data"]
    if not isinstance(type_name, str) or not isinstance(schema_version, int):
        raise BundleRefused(f"event {version}'s type or schema version is malformed")
    if not isinstance(data, dict):
        raise BundleRefused(f"event {version}'s data is not an object")
    try:
        registry.decode(type_name, schema_version, data)
    except (MalformedEvent, UnknownEventType) as exc:
        raise BundleRefused(f"event {version} is not a {type_name}: {exc}") from None
    if any(not _storable(content[k]) for k in META):
        raise BundleRefused(f"event {version}'s intent, actor or rules version is malformed")
    meta = ActionMeta(**{k: content[k] for k in META})
    recorded_at = _instant(content["recorded_at"], version)
    data_json = canonical_json(data)
    if len(data_json) > MAX_EVENT_BYTES:
        raise BundleRefused(f"event {version} is over {MAX_EVENT_BYTES} bytes")
    if b"\\u0000" in data_json:
        raise BundleRefused(f"event {version} holds a NUL character, which cannot be stored")
    text = chain_content(
        battle_id=battle_id,
        version=version,
        type_name=type_name,
        schema_version=schema_version,
        data=data,
        meta=meta,
        recorded_at=recorded_at,
        data_json=data_json,
    )
    digest = key.digest(prev, text)
    return PendingRow(
        battle_id,
        version,
        type_name,
        schema_version,
        data,
        meta,
        recorded_at,
        prev,
        digest,
        data_json.decode(),
    )


def _storable(value: Any) -> bool:
    """A meta column's value: none, or 1 to 64 characters without NUL (varchar(64))."""
    return value is None or (isinstance(value, str) and len(value) <= 64 and "\x00" not in value)


def _instant(value: Any, version: int) -> datetime:
    try:
        at = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        at = None
    if at is None or at.tzinfo is None:
        raise BundleRefused(f"event {version}'s recorded_at is not an ISO 8601 instant")
    return at


def import_checked(
    checked: CheckedBundle,
    *,
    engine: Engine,
    directory: BattleDirectory,
    chain_key: ChainKey,
    new_id: Callable[[], str],
    now: datetime,
    created_by: str | None,
) -> ImportedBattle:
    """Make the battle of a verified director's bundle here; its new id and director token."""
    battle_id = new_id()
    rows = rows_of(checked, battle_id, chain_key)
    ruleset = next((str(r.data.get("ruleset")) for r in rows if r.type == "BattleCreated"), "")
    token = new_token("dir")
    directory.create(battle_id, ruleset, token_hash(token), now, created_by=created_by)
    try:
        append_battle(engine, rows, chain_key)
    except BaseException:
        directory.forget_unborn(battle_id)
        raise
    source = {"battle_id": checked.battle_id, "version": checked.version, "key_id": checked.key_id}
    return ImportedBattle(battle_id, token, rows[-1].version, rows[-1].hash, source)
