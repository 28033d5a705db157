"""Battles and their seats: who holds which token (hashed) for which creatures."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import orjson
from sqlalchemy import Engine, text

from server.readers.tokens import Principal

_CREATE = text(
    "INSERT INTO battles (battle_id, ruleset, director_token_hash, created_at, title, tags,"
    " created_by) VALUES (:b, :r, :h, :at, :title, CAST(:tags AS varchar[]), :by)"
)
_ADD_SEAT = text(
    "INSERT INTO battle_seats (battle_id, token_hash, seat_id, name, creatures, created_at)"
    " VALUES (:b, :h, :s, :n, CAST(:c AS jsonb), :at)"
)
# One round trip, routed to the battle's node on a cluster: revoked first, so a revoked
# director token is named revoked even though its hash is still the battle's.
_WHO = text(
    "SELECT 0 AS rank, what, revoked_at FROM revoked_tokens"
    " WHERE battle_id = :b AND token_hash = :h"
    " UNION ALL SELECT 1, 'director', NULL FROM battles"
    " WHERE battle_id = :b AND director_token_hash = :h"
    " UNION ALL SELECT 1, 'director', NULL FROM director_tokens"
    " WHERE battle_id = :b AND token_hash = :h"
    " ORDER BY rank LIMIT 1"
)
_REVOKE = text(
    "INSERT INTO revoked_tokens (battle_id, token_hash, revoked_at, what)"
    " VALUES (:b, :h, :at, :what) ON CONFLICT DO NOTHING"
)
_ADD_DIRECTOR = text(
    "INSERT INTO director_tokens (battle_id, token_hash, created_at) VALUES (:b, :h, :at)"
)
_LIVE_TOKENS = text(
    "SELECT 'director' AS what, director_token_hash AS h FROM battles WHERE battle_id = :b"
    " UNION ALL SELECT 'director', token_hash FROM director_tokens WHERE battle_id = :b"
    " UNION ALL SELECT 'seat:' || seat_id, token_hash FROM battle_seats WHERE battle_id = :b"
    " EXCEPT SELECT what, token_hash FROM revoked_tokens WHERE battle_id = :b"
)
_SEAT_TOKEN = text("SELECT token_hash FROM battle_seats WHERE battle_id = :b AND seat_id = :s")
_SEAT = text("SELECT seat_id, creatures FROM battle_seats WHERE battle_id = :b AND token_hash = :h")
_EXISTS = text("SELECT ruleset FROM battles WHERE battle_id = :b")
_FORGET_EMPTY = text(
    "DELETE FROM battles WHERE battle_id = :b"
    " AND NOT EXISTS (SELECT 1 FROM event_log WHERE battle_id = :b)"
)
# A transaction-scoped advisory lock per battle, not `SELECT ... FOR UPDATE`: row locks need
# the UPDATE privilege, which the application role does not hold on `battles` (README, "Least
# privilege"). Two battles whose ids share a hash only wait on each other, never mix seats.
# Taken through the battle's row, so that on a Citus cluster it is taken on the node holding
# the battle (where the rest of the transaction runs too), which every server reaches: servers
# connected to different workers would otherwise each lock on their own node and exclude
# nobody (ops/SCALING.md, "Servers on the workers"). On one PostgreSQL it is the same lock.
_LOCK_BATTLE = text(
    "SELECT pg_advisory_xact_lock(hashtextextended(:b, 7424)) FROM battles WHERE battle_id = :b"
)
_SEAT_COUNT = text("SELECT count(*) FROM battle_seats WHERE battle_id = :b")
_SEAT_NAMES = text("SELECT seat_id, name FROM battle_seats WHERE battle_id = :b")


@dataclass(frozen=True)
class Revoked:
    """A token that was revoked: what it was (`director`, `seat:<id>`) and when."""

    what: str
    at: datetime


class BattleDirectory:
    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    @property
    def engine(self) -> Engine:
        return self._engine

    def create(
        self,
        battle_id: str,
        ruleset: str,
        director_hash: bytes,
        at: datetime,
        *,
        title: str | None = None,
        tags: Sequence[str] = (),
        created_by: str | None = None,
    ) -> None:
        """A battle's row; `created_by` is the scope of the API key that created it (None
        without one), so a campaign holding that key can find the battle again."""
        with self._engine.begin() as conn:
            conn.execute(
                _CREATE,
                {
                    "b": battle_id,
                    "r": ruleset,
                    "h": director_hash,
                    "at": at,
                    "title": title,
                    "tags": list(tags),
                    "by": created_by,
                },
            )

    def add_seat(
        self,
        battle_id: str,
        seat_id: str,
        player_hash: bytes,
        name: str | None,
        creatures: list[str],
        at: datetime,
        limit: int | None = None,
    ) -> bool:
        """Add the seat; False (and nothing added) when the battle has `limit` seats already.
        The battle's row is locked meanwhile, so concurrent seats cannot pass the limit."""
        with self._engine.begin() as conn:
            if limit is not None:
                conn.execute(_LOCK_BATTLE, {"b": battle_id})
                if conn.execute(_SEAT_COUNT, {"b": battle_id}).scalar_one() >= limit:
                    return False
            conn.execute(
                _ADD_SEAT,
                {
                    "b": battle_id,
                    "h": player_hash,
                    "s": seat_id,
                    "n": name,
                    "c": orjson.dumps(creatures).decode(),
                    "at": at,
                },
            )
        return True

    def principal(self, battle_id: str, hashed: bytes) -> Principal | Revoked | None:
        """Who the token is in the battle; `Revoked` once revoked; None when it is none of
        the battle's tokens."""
        with self._engine.connect() as conn:
            found = conn.execute(_WHO, {"b": battle_id, "h": hashed}).first()
            if found is not None and found.rank == 0:
                return Revoked(found.what, found.revoked_at)
            if found is not None:
                return Principal(battle_id, "director", "director")
            seat = conn.execute(_SEAT, {"b": battle_id, "h": hashed}).first()
        if seat is None:
            return None
        return Principal(battle_id, "player", seat.seat_id, frozenset(seat.creatures))

    def revoke(self, battle_id: str, hashes: dict[bytes, str], at: datetime) -> None:
        """Revoke each token (its hash, and what it was: `director`, `seat:<id>`)."""
        with self._engine.begin() as conn:
            for hashed, what in hashes.items():
                conn.execute(_REVOKE, {"b": battle_id, "h": hashed, "at": at, "what": what})

    def rotate_director(self, battle_id: str, new: bytes, at: datetime) -> list[bytes]:
        """`new` opens the battle as its director and every director token before it is
        revoked (their hashes are returned), in one transaction under the battle's lock:
        there is never a moment with both, or neither, and two rotations at once leave one
        director token, the later one's."""
        with self._engine.begin() as conn:
            conn.execute(_LOCK_BATTLE, {"b": battle_id})
            rows = conn.execute(_LIVE_TOKENS, {"b": battle_id}).all()
            old = [bytes(row.h) for row in rows if row.what == "director"]
            conn.execute(_ADD_DIRECTOR, {"b": battle_id, "h": new, "at": at})
            for hashed in old:
                conn.execute(_REVOKE, {"b": battle_id, "h": hashed, "at": at, "what": "director"})
        return old

    def live_tokens(self, battle_id: str) -> dict[bytes, str]:
        """Every token of the battle not revoked (its hash, and what it is)."""
        with self._engine.connect() as conn:
            rows = conn.execute(_LIVE_TOKENS, {"b": battle_id}).all()
        return {bytes(row.h): row.what for row in rows}

    def seat_token(self, battle_id: str, seat_id: str) -> bytes | None:
        with self._engine.connect() as conn:
            row = conn.execute(_SEAT_TOKEN, {"b": battle_id, "s": seat_id}).first()
        return None if row is None else bytes(row.token_hash)

    def forget_unborn(self, battle_id: str) -> None:
        """Remove the row of a battle whose creation appended nothing (a failed creation)."""
        with self._engine.begin() as conn:
            conn.execute(_FORGET_EMPTY, {"b": battle_id})

    def exists(self, battle_id: str) -> bool:
        with self._engine.connect() as conn:
            return conn.execute(_EXISTS, {"b": battle_id}).first() is not None

    def seat_names(self, battle_id: str) -> dict[str, str]:
        """Each named seat's player name, keyed by the actor its actions record."""
        with self._engine.connect() as conn:
            rows = conn.execute(_SEAT_NAMES, {"b": battle_id}).all()
        return {f"seat:{row.seat_id}": row.name for row in rows if row.name}
