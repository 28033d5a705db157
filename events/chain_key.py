"""The keyed hash chain: HMAC-SHA256 with a secret kept outside the database.

A plain SHA-256 chain proves nothing against someone who can write the database: they alter
an event and compute the chain again with the same public function. Keyed, the chain can be
extended or recomputed only by whoever holds the key, which lives in the server's key store
(server/keyring.py), never in the database.

Each stored hash names the scheme that made it, so battles logged before the key existed
still verify: a keyed hash is 33 bytes, the tag byte `KEYED_TAG` then the HMAC; a legacy hash
is the 32 bytes of plain SHA-256 (`events.envelope.chain_hash`). Once a battle has a keyed
event every later one must be keyed, and no legacy hash may be recorded at or after the
instant the key was made (`keyed_since`), so stripping the keys off a whole battle and
re-chaining it with plain SHA-256 is caught unless its times are also moved back (which the
signed receipts players keep still catch: README, "Receipts").
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import datetime

KEYED_TAG = b"\x01"
"""The first byte of a keyed hash; a legacy (plain SHA-256) hash is 32 bytes with no tag."""

LEGACY_LENGTH = 32
KEYED_LENGTH = 33


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
        return KEYED_TAG + hmac.new(self.secret, prev_hash + content, hashlib.sha256).digest()

    def mac(self, message: bytes) -> bytes:
        """An HMAC for the server's own records kept in the database (verified heads)."""
        return hmac.new(self.secret, b"turnledger-mac\n" + message, hashlib.sha256).digest()


def is_keyed(digest: bytes) -> bool:
    return len(digest) == KEYED_LENGTH and digest[:1] == KEYED_TAG


def legacy_digest(prev_hash: bytes, content: bytes) -> bytes:
    """The chain as it was before keys: plain SHA-256, anyone can compute it."""
    return hashlib.sha256(prev_hash + content).digest()
