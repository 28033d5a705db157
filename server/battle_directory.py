"""Battles and their seats: who holds which token (hashed) for which creatures."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import orjson
from sqlalchemy import Engine, text

from server.auth import Principal

_CREATE = text(
    "INSERT INTO battles (battle_id, ruleset, director_token_hash, created_at, title, tags,"
    " created_by) VALUES (:b, :r, :h, :at, :title, CAST(:tags AS varchar[]), :by)"
)
_ADD_SEAT = text(
    "INSERT INTO battle_seats (battle_id, token_hash, seat_id, name, creatures, created_at)"
    " VALUES (:b, :h, :s, :n, CAST(:c AS jsonb), :at)"
)
_DIRECTOR = text("SELECT 1 FROM battles WHERE battle_id = :b AND director_token_hash = :h")
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

    def principal(self, battle_id: str, hashed: bytes) -> Principal | None:
        with self._engine.connect() as conn:
            if conn.execute(_DIRECTOR, {"b": battle_id, "h": hashed}).first() is not None:
                return Principal(battle_id, "director", "director")
            seat = conn.execute(_SEAT, {"b": battle_id, "h": hashed}).first()
        if seat is None:
            return None
        return Principal(battle_id, "player", seat.seat_id, frozenset(seat.creatures))

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
