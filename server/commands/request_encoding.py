"""A request's one canonical encoding: what its idempotency hash, the stored intent and the
size check all read, so a body is dumped once and checked once."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

import orjson

from events.store import MAX_EVENT_BYTES
from server.errors import BadRequest


class UnencodableBody(ValueError):
    """A body JSON can carry but the log cannot: integers beyond 64 bits, NUL characters, or
    more than one event's worth of bytes."""


@dataclass(frozen=True)
class CanonicalRequest:
    data: dict[str, Any]
    digest: bytes


def canonical_request(data: dict[str, Any], *, limit: int = MAX_EVENT_BYTES) -> CanonicalRequest:
    """Key-sorted JSON of the request, hashed; refused if the log could not store it."""
    try:
        encoded = orjson.dumps(data, option=orjson.OPT_SORT_KEYS)
    except TypeError as exc:  # orjson's JSONEncodeError
        if "surrogate" in str(exc):
            raise UnencodableBody("text must be valid Unicode (no lone surrogates)") from None
        raise UnencodableBody("numbers must fit in 64 bits") from None
    if b"\\u0000" in encoded:  # PostgreSQL's jsonb cannot hold a NUL character
        raise UnencodableBody("text may not contain NUL characters")
    if len(encoded) > limit:
        raise UnencodableBody(f"the request is {len(encoded)} bytes; at most {limit} are stored")
    return CanonicalRequest(data, hashlib.sha256(encoded).digest())


def check_idempotency_key(key: str | None) -> None:
    """Keys are 1 to 200 characters, none a control character (the header's value is stored
    as it is); the store would refuse anything else as a bug."""
    if key is None:
        return
    if not 0 < len(key) <= 200:
        raise BadRequest("an Idempotency-Key has 1 to 200 characters")
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in key):
        raise BadRequest("an Idempotency-Key may not hold control characters")
