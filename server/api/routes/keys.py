"""The server's public signing keys, for checking receipts without the server's code."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from server.api.answers import schemas as s
from server.api.deps import Deps
from server.api.wire import OrjsonResponse

router = APIRouter(tags=["keys"])


@router.get("/keys", response_model=s.KeySet, operation_id="get_keys")
def keys(deps: Deps) -> Any:
    """The Ed25519 public keys that sign receipts, as a JWK Set: the current key first, then
    the retired ones (kept published so receipts they signed still check)."""
    return OrjsonResponse({"keys": [key.jwk() for key in deps.keyring.published]})
