"""A battle as a bundle anyone can verify offline, and a bundle made a battle again.

`GET /battles/{id}/export` signs the battle's whole log as its caller may read it;
`POST /battles/import` verifies a director's bundle and makes the battle anew here. The
format is in docs/trust.md ("Battle bundles"); server/bundle/ holds the work.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, ConfigDict, Field

from server.api.answers.common import Receipt
from server.api.deps import BattleId, Caller, Deps, View, api_key, limited
from server.api.problems import ProblemError, responses
from server.api.rate_limits import client_of
from server.api.wire import OrjsonResponse
from server.trust.bundle.checking import BundleRefused, check_bundle
from server.trust.bundle.exporting import MAX_BUNDLE_EVENTS, ChainBroken, build_bundle
from server.trust.bundle.importing import import_checked
from server.trust.receipts import make_receipt
from server.trust.transfer import ImportRefused

router = APIRouter(tags=["bundles"])
IMPORT_MAX_BYTES = 64 * 2**20
"""The largest import body: a bundle holds a whole battle, so the usual 256 KiB is too little
(about 1 KiB an event: 60,000 events)."""


class BundleEvent(BaseModel):
    """One event of a bundle: opened (`salt` and `content`) or sealed (`commitment`, and
    `shown` unless its reader is shown a placeholder)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    version: int = Field(ge=1, description="Its version.")
    hash: str = Field(description="The log's keyed chain hash at this version (hex).")
    salt: str | None = Field(
        default=None, description="Opened: its salt (hex); null on a sealed event."
    )
    content: str | None = Field(
        default=None,
        description="Opened: its canonical JSON, the bytes it commits to; null on a sealed event.",
    )
    commitment: str | None = Field(
        default=None,
        description="Sealed: SHA-256 over its salt and content (hex); null on an opened event.",
    )
    shown: str | None = Field(
        default=None,
        description="Sealed: what its reader is shown of it, as JSON text; null on an opened "
        "event.",
    )


class Bundle(BaseModel):
    """A battle's whole log, linked by a public hash chain whose head the server signed
    (docs/trust.md, "Battle bundles")."""

    model_config = ConfigDict(extra="forbid", strict=True)

    format: str = Field(description="`turnledger-bundle-v1`.")
    statement: str = Field(
        description="JSON text: the battle, version, public link, head hash, reader, time of"
        " export, the server's public keys and the digests of shown texts."
    )
    key_id: str = Field(description="The `kid` of the key that signed the statement.")
    signature: str = Field(
        description="Ed25519 over `turnledger-bundle-v1\\n` and the statement, base64url."
    )
    events: list[BundleEvent] = Field(
        max_length=MAX_BUNDLE_EVENTS, description="Every event, versions 1 to the head."
    )


class ImportedOut(BaseModel):
    """The battle an import made."""

    battle_id: str = Field(description="The new battle's id.")
    director_token: str = Field(description="Its director's token, shown once.")
    version: int = Field(description="Its version: the bundle's.")
    receipt: Receipt = Field(description="Signed proof of its head here.")
    source: dict[str, Any] = Field(
        description="What it was exported as: `battle_id`, `version`, and the `key_id` that"
        " signed the bundle."
    )


@router.get(
    "/battles/{battle_id}/export",
    response_model=Bundle,
    response_model_exclude_none=True,
    responses={**responses(401, 403, 404, 409, 422, 429, 503)},
    operation_id="export_battle",
)
async def export_battle(battle_id: BattleId, who: Caller, view: View, deps: Deps) -> Any:
    """The battle's whole log as a signed bundle that anyone verifies offline with the
    server's public keys (`turnledger-verify`): the director's holds every event; a
    player's seals what it may not read (the seed, hidden creatures), keeping the links.
    409 when the log does not verify under the server's chain key (nothing is signed)."""
    head = await run_in_threadpool(deps.battles.store.head_version, battle_id)
    if head > MAX_BUNDLE_EVENTS:
        raise ProblemError(
            422,
            "limits/bundle-too-large",
            f"the battle has {head} events; a bundle holds at most {MAX_BUNDLE_EVENTS}",
        )
    reader = view.reader

    def export() -> dict[str, Any]:
        log = deps.battles.store.read_stream(battle_id)
        return build_bundle(log, deps.keyring, reader, who.actor, deps.battles.clock())

    try:
        bundle = await run_in_threadpool(export)
    except ChainBroken as exc:
        raise ProblemError(409, "chain-broken", str(exc)) from None
    return OrjsonResponse(bundle)


@router.post(
    "/battles/import",
    status_code=201,
    response_model=ImportedOut,
    responses={**responses(401, 413, 415, 422, 429, 503)},
    dependencies=[Depends(api_key), limited("create")],
    operation_id="import_battle",
)
async def import_battle(body: Bundle, deps: Deps, request: Request) -> Any:
    """Verify a director's bundle (from this server or another) and make its battle anew
    here: the same events under a new id, chained with this server's key; the answer holds
    the id and the director token. A bundle that does not verify, a player's (sealed)
    bundle, or events that do not make a battle are refused (422) and nothing is written."""
    scope = client_of(request, deps.keys)
    doc = body.model_dump(exclude_none=True)
    try:
        checked = await run_in_threadpool(check_bundle, doc)
        made = await run_in_threadpool(
            lambda: import_checked(
                checked,
                engine=deps.engine,
                directory=deps.battles.directory,
                chain_key=deps.keyring.chain_key,
                new_id=deps.battles.new_id,
                now=deps.battles.clock(),
                created_by=scope if scope.startswith("key:") else None,
            )
        )
    except (BundleRefused, ImportRefused) as exc:
        raise ProblemError(422, "bundle-refused", str(exc)) from None
    return OrjsonResponse(
        {
            "battle_id": made.battle_id,
            "director_token": made.director_token,
            "version": made.version,
            "receipt": make_receipt(deps.keyring, made.battle_id, made.version, made.head_hash),
            "source": made.source,
        },
        201,
    )
