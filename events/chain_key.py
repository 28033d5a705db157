"""The keyed hash chain: HMAC-SHA256 with a secret kept outside the database.

A plain SHA-256 chain proves nothing against someone who can write the database: they alter
an event and compute the chain again with the same public function. Keyed, the chain can be
extended or recomputed only by whoever holds the key, which lives in the server's key store
(server/keyring.py), never in the database.

Hashes keep their shape (32 bytes, 64 hex characters on the wire) and no scheme marker is
stored: a marker in the database would be the attacker's to change, so it could prove nothing.
A hash is recognised by the scheme it matches, keyed first; a legacy one (plain SHA-256,
`events.envelope.chain_hash`, which battles logged before the key carry) is accepted only
before the battle's first keyed hash and before the instant the key was made
(`keyed_since`). So stripping the keys off a battle and re-chaining it with plain SHA-256 is
caught, unless its times are also moved back before the key, which the signed receipts
players keep still catch (README, "Receipts").
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class ChainKey:
    """The chain's secret and the instant it was made (legacy hashes must predate it)."""

    secret: bytes
    keyed_since: datetime | None = None

    def __post_init__(self) -> None:
        if len(self.secret) < 32:
            raise ValueError("a chain key has at least 32 bytes")

    def __repr__(self) -> str:  # never print the secret
        return f"ChainKey(keyed_since={self.keyed_since!r})"

    def digest(self, prev_hash: bytes, content: bytes) -> bytes:
        """The keyed hash of an envelope's canonical content after `prev_hash`."""
        return hmac.new(self.secret, prev_hash + content, hashlib.sha256).digest()

    def mac(self, message: bytes) -> bytes:
        """An HMAC for the server's own records kept in the database (verified heads)."""
        return hmac.new(self.secret, b"turnledger-mac\n" + message, hashlib.sha256).digest()


def legacy_digest(prev_hash: bytes, content: bytes) -> bytes:
    """The chain as it was before keys: plain SHA-256, anyone can compute it."""
    return hashlib.sha256(prev_hash + content).digest()
