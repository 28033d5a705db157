"""Who is asking: battle tokens (shown once, stored as sha256 hashes) and what each may do.

The director token of a battle may do everything in it. A player token is bound to some
creatures: it may read the battle, submit intents for those creatures, answer reaction
windows their creatures must answer, and undo its own latest action in the current turn.
Tokens carry 256 bits of randomness, so a plain sha256 is a sound way to store them.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field


def new_token(prefix: str) -> str:
    return f"{prefix}_{secrets.token_urlsafe(32)}"


def token_hash(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


def same_secret(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


@dataclass(frozen=True)
class Principal:
    battle_id: str
    role: str  # "director" or "player"
    seat_id: str
    creatures: frozenset[str] = field(default_factory=frozenset)
    key: str | None = None
    """The name of the API key acting as the battle's director (the key that created it);
    None for a battle token."""

    @property
    def is_director(self) -> bool:
        return self.role == "director"

    @property
    def actor(self) -> str:
        return "director" if self.is_director else f"seat:{self.seat_id}"

    def controls(self, creature: str | None) -> bool:
        return self.is_director or (creature is not None and creature in self.creatures)
