"""The keyed hash chain: HMAC-SHA256 with a secret kept outside the database.

A plain SHA-256 chain proves nothing against someone who can write the database: they alter
an event and compute the chain again with the same public function. Keyed, the chain can be
extended or recomputed only by whoever holds the key, which lives in the server's key store
(server/trust/keyring.py), never in the database.

Hashes keep their shape (32 bytes, 64 hex characters on the wire) and no scheme marker is
stored: a marker in the database would be the attacker's to change, so it could prove nothing.
A hash is recognised by the scheme it matches, keyed first; a legacy one (plain SHA-256,
`events.envelope.chain_hash`, which battles logged before the key carry) is accepted only
before the battle's first keyed hash and only where the key store says keyed hashing had not
begun yet: `legacy`, recorded in the key store once (server/wiring.py), names each battle
logged before the key and the last version it then had. Nothing in the database decides it:
not `recorded_at`, which a re-chain could move back before the key. So stripping the keys
off a battle and re-chaining it with plain SHA-256 is caught whatever its times say.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime


@dataclass(frozen=True)
class ChainKey:
    """The chain's secret, the instant it was made, and the battles logged before it (each
    with the last version it had then: its legacy hashes end there)."""

    secret: bytes
    keyed_since: datetime | None = None
    legacy: Mapping[str, int] = field(default_factory=dict, hash=False)

    def legacy_allowed(self, battle_id: str, version: int) -> bool:
        """Whether a plain SHA-256 hash may stand at this version (the key store says keyed
        hashing had not begun there)."""
        return version <= self.legacy.get(battle_id, 0)

    def __post_init__(self) -> None:
        if len(self.secret) < 32:
            raise ValueError("a chain key has at least 32 bytes")

    def __repr__(self) -> str:  # never print the secret
        return f"ChainKey(keyed_since={self.keyed_since!r})"

    def digest(self, prev_hash: bytes, content: bytes) -> bytes:
        """The keyed hash of an envelope's canonical content after `prev_hash`."""
        return hmac.digest(self.secret, prev_hash + content, "sha256")  # one C call

    def mac(self, message: bytes) -> bytes:
        """An HMAC for the server's own records kept in the database (verified heads)."""
        return hmac.digest(self.secret, b"turnledger-mac\n" + message, "sha256")


def legacy_digest(prev_hash: bytes, content: bytes) -> bytes:
    """The chain as it was before keys: plain SHA-256, anyone can compute it."""
    return hashlib.sha256(prev_hash + content).digest()
