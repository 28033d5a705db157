"""Revoking and rotating a battle's tokens (DESIGN section 8, Auth; docs/campaigns.md).

A leaked token must stop working: the director revokes a seat's token, rotates its own (the
old one stops at once, the new one is shown once), and the API key that created a battle
revokes every token of it (and may then rotate a fresh director token for itself). A revoked
token's hash is a row of `revoked_tokens` (migration 0009_i38), which the application role may
only insert: a revocation is never taken back.

"At once": the process that revokes drops the token from its cache of authenticated tokens
and ends the live streams it holds before it answers; other server processes ask the database
again about any token within `PrincipalCache.FRESH_SECONDS`, and end a revoked token's
streams at its next heartbeat.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from server.campaign.directory import BattleDirectory
from server.errors import NotFound
from server.readers.tokens import Principal, new_token, token_hash


@dataclass(frozen=True)
class Revocation:
    """What was revoked (`director`, `seat:<id>`, one entry a token) and when."""

    battle_id: str
    revoked: tuple[str, ...]
    at: datetime


class TokenRevocation:
    def __init__(
        self,
        directory: BattleDirectory,
        clock: Callable[[], datetime],
        on_revoked: Callable[[str, frozenset[bytes]], None],
    ) -> None:
        self._directory = directory
        self._clock = clock
        self._on_revoked = on_revoked

    def revoke_seat(self, battle_id: str, seat_id: str) -> Revocation:
        """The seat's token stops opening the battle (its seat and creatures stay)."""
        hashed = self._directory.seat_token(battle_id, seat_id)
        if hashed is None:
            raise NotFound(f"battle {battle_id!r} has no seat {seat_id!r}")
        return self._revoke(battle_id, {hashed: f"seat:{seat_id}"})

    def rotate_director(self, battle_id: str) -> tuple[str, Revocation]:
        """A new director token (shown once); every director token before it is revoked in
        the same transaction."""
        token = new_token("dir")
        at = self._clock()
        old = self._directory.rotate_director(battle_id, token_hash(token), at)
        self._on_revoked(battle_id, frozenset(old))
        return token, Revocation(battle_id, ("director",) * len(old), at)

    def revoke_all(self, battle_id: str) -> Revocation:
        """Every token of the battle stops opening it: the director's and every seat's."""
        return self._revoke(battle_id, self._directory.live_tokens(battle_id))

    def _revoke(self, battle_id: str, hashes: dict[bytes, str]) -> Revocation:
        at = self._clock()
        self._directory.revoke(battle_id, hashes, at)
        self._on_revoked(battle_id, frozenset(hashes))
        return Revocation(battle_id, tuple(sorted(hashes.values())), at)


def may_revoke_all(who: Principal) -> bool:
    """Only the API key that created the battle revokes all its tokens (the director would
    lock itself out; the key can always rotate a new director token)."""
    return who.key is not None
