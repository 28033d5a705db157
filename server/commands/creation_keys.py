"""Battle creation honours `Idempotency-Key` like every appending POST: a retried creation gets
the first answer (the same battle, the same director token), and never a second battle.

A battle has no id until its creation is judged, so the key is claimed per client scope (its
API key, or its real address: `server.api.rate_limits.client_of`; `X-Forwarded-For` counts only
from a configured proxy, so no header a client writes makes it another client) before the
battle is appended, with
the new battle's id and its director token *sealed*: XORed with HMAC-SHA256 of the server's
sealing secret and the battle id. Tokens stay unreadable in the database: the secret lives in
the server's key store (server/trust/keyring.py), never beside what it seals, so a full copy of the
database alone unseals nothing. The claim that a creation made is what answers its retries; a
creation that fails removes its claim.
"""

from __future__ import annotations

import base64
import hmac
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine, text

TOKEN_BYTES = 32

_CLAIM = text(
    "INSERT INTO creation_keys (scope, key, request_hash, battle_id, sealed_token, recorded_at)"
    " VALUES (:s, :k, :h, :b, :t, :at) ON CONFLICT DO NOTHING RETURNING battle_id"
)
_FIRST = text(
    "SELECT request_hash, battle_id, sealed_token FROM creation_keys WHERE scope = :s AND key = :k"
)
_RELEASE = text("DELETE FROM creation_keys WHERE scope = :s AND key = :k AND battle_id = :b")


def director_token(raw: bytes) -> str:
    """The wire form of a director token (as `server.readers.tokens.new_token("dir")` writes it)."""
    return "dir_" + base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _pad(secret: bytes, battle_id: str) -> bytes:
    return hmac.new(secret, b"turnledger creation token:" + battle_id.encode(), "sha256").digest()


def seal(secret: bytes, battle_id: str, raw: bytes) -> bytes:
    """The token's bytes, unreadable without the secret (a one-time pad per battle id)."""
    return bytes(a ^ b for a, b in zip(raw, _pad(secret, battle_id), strict=True))


unseal = seal  # XOR with the same pad undoes it


@dataclass(frozen=True)
class FirstCreation:
    battle_id: str
    director_token: str


class KeyReusedForAnother(ValueError):
    """The key was first used to create a different battle."""


class CreationKeys:
    def __init__(self, engine: Engine, sealing_secret: bytes) -> None:
        self._engine = engine
        self._secret = sealing_secret

    def secret(self) -> bytes:
        """The server's sealing secret, from its key store (server/trust/keyring.py)."""
        return self._secret

    def claim(
        self, scope: str, key: str, request_hash: bytes, battle_id: str, raw: bytes, at: datetime
    ) -> FirstCreation | None:
        """Claim `key` for this creation (None), or the first creation that claimed it."""
        sealed = seal(self.secret(), battle_id, raw)
        params = {"s": scope, "k": key, "h": request_hash, "b": battle_id, "t": sealed, "at": at}
        with self._engine.begin() as conn:
            if conn.execute(_CLAIM, params).first() is not None:
                return None
            first = conn.execute(_FIRST, {"s": scope, "k": key}).one()
        if bytes(first.request_hash) != request_hash:
            raise KeyReusedForAnother(
                f"idempotency key {key!r} was first used to create a different battle"
            )
        token = unseal(self.secret(), first.battle_id, bytes(first.sealed_token))
        return FirstCreation(first.battle_id, director_token(token))

    def release(self, scope: str, key: str, battle_id: str) -> None:
        """Give the key back: this creation failed and appended nothing."""
        with self._engine.begin() as conn:
            conn.execute(_RELEASE, {"s": scope, "k": key, "b": battle_id})
