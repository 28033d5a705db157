"""A battle's log as a bundle: every event opened or sealed for its reader, the public chain
over them, and the server's signature over its head (server/trust/bundle/format.py)."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import orjson

from events.chain import verify_chain
from events.envelope import ActionMeta, Envelope, chain_content
from server.readers.redaction import PLACEHOLDER, Reader, Visibility
from server.readers.view import ReaderView
from server.trust.bundle.format import (
    FORMAT,
    GENESIS_LINK,
    commitment,
    link,
    salt_for,
    statement_message,
)
from server.trust.keyring import Keyring, b64url

MAX_BUNDLE_EVENTS = 100_000
"""The most events one bundle holds (its signature covers the whole log, so it has no pages)."""


class ChainBroken(Exception):
    """The log does not verify under the server's chain key: the server signs no bundle of it."""


def content_of(env: Envelope, type_name: str | None = None, data: Any = None) -> bytes:
    """The event's canonical content (`chain_content`), or, with `type_name` and `data`, the
    same shape as a reader is shown it."""
    return chain_content(
        battle_id=env.battle_id,
        version=env.version,
        type_name=env.type if type_name is None else type_name,
        schema_version=env.schema_version,
        data=env.data if data is None else data,
        meta=ActionMeta(
            intent_id=env.intent_id,
            causation_id=env.causation_id,
            correlation_id=env.correlation_id,
            actor=env.actor,
            rules_version=env.rules_version,
        ),
        recorded_at=env.recorded_at,
    )


def build_bundle(
    envelopes: Sequence[Envelope],
    keyring: Keyring,
    reader: Reader,
    reader_name: str,
    exported_at: datetime,
) -> dict[str, Any]:
    """The bundle of a whole log (versions 1 to its head) as `reader` may read it.

    An event the reader reads exactly as logged is opened (its salt and content), but for a
    player's action's opening while a creature is hidden from the reader (`_keeps_unseen`);
    any other is sealed (its commitment only), with what the reader is shown of it (`shown`)
    unless it is a placeholder; the statement signs the digest of each `shown`. The keyed chain is
    verified first: the server never signs a log that does not verify under its key.
    """
    battle_id = envelopes[0].battle_id
    chain_key = keyring.chain_key
    verified = verify_chain(battle_id, envelopes, chain_key)
    if not verified.ok:
        raise ChainBroken(
            f"the log of battle {battle_id!r} breaks at version"
            f" {verified.first_broken_version} ({verified.reason}); no bundle is signed"
        )
    # who may see whom as the exported log says (the log read for it, not the request's)
    view = ReaderView(reader, Visibility.of(envelopes))
    events: list[dict[str, Any]] = []
    shown_digests: dict[str, str] = {}
    head = GENESIS_LINK
    for env in envelopes:
        salt = salt_for(chain_key, battle_id, env.version)
        content = content_of(env)
        committed = commitment(salt, content)
        head = link(head, committed, env.hash)
        entry: dict[str, Any] = {"version": env.version, "hash": env.hash.hex()}
        kind, data = _as_read(env, view)
        if kind == env.type and data == env.data and not _keeps_unseen(env, view):
            entry.update(salt=salt.hex(), content=content.decode())
        else:
            entry["commitment"] = committed.hex()
            if kind != PLACEHOLDER:
                shown = content_of(env, kind, data).decode()
                entry["shown"] = shown
                shown_digests[str(env.version)] = hashlib.sha256(shown.encode()).hexdigest()
        events.append(entry)
    last = envelopes[-1]
    statement = orjson.dumps(
        {
            "format": FORMAT,
            "battle_id": battle_id,
            "version": last.version,
            "link": head.hex(),
            "head_hash": last.hash.hex(),
            "reader": reader_name,
            "exported_at": exported_at.isoformat(),
            "keys": [key.jwk() for key in keyring.published],
            "shown": shown_digests,
        },
        option=orjson.OPT_SORT_KEYS,
    ).decode()
    kid, signature = keyring.sign(statement_message(statement))
    return {
        "format": FORMAT,
        "statement": statement,
        "key_id": kid,
        "signature": b64url(signature),
        "events": events,
    }


def _as_read(env: Envelope, view: ReaderView) -> tuple[str, Any]:
    if view.director:
        return env.type, env.data
    # the one reading every route's answers go through: the seed nulled, hidden creatures cut
    return view.event(env.type, env.data, env.version)


def _keeps_unseen(env: Envelope, view: ReaderView) -> bool:
    """Whether a player's action's opening stays sealed though its reader reads it as
    logged: while a creature is hidden from the reader, a player's action is recorded with
    the creatures its actor could not see (`IntentAccepted.unseen`, cut from what the
    reader is shown), so opening only those that list none would tell whether any hidden
    creature was still on the battle when it acted. The director sees every creature: its
    actions list none."""
    if env.type != "IntentAccepted" or env.actor == "director" or view.director:
        return False
    return bool(view.hidden(env.version))
