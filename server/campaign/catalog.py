"""Battles a campaign can find: titles and tags, the battles a caller may see, and closure.

A caller sees the battles its API key created (`created_by`, the key's scope) or the battles a
token of its opens (as director or seat, and not revoked). A closed battle reads as before and
appends nothing: the append itself refuses it, under a per-battle lock that a close takes
exclusively (migration 0007_i25b), so a close and an append are strictly ordered in every
process; the pipeline turns that refusal, and a closure its reads find, into `Closed`
(`closed_error`). Reads that tell what a submission would meet (a creature's options) ask
`closure` here.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson
from sqlalchemy import Engine, text

from server.errors import BadRequest, ServiceError

MAX_LIST = 100

_LIST = """
SELECT b.battle_id, b.ruleset, b.title, b.tags, b.created_at, b.closed_at, b.closed_reason,
       head.version, head.recorded_at AS last_activity
FROM battles AS b
LEFT JOIN LATERAL (
    SELECT e.version, e.recorded_at FROM event_log AS e
    WHERE e.battle_id = b.battle_id ORDER BY e.version DESC LIMIT 1
) AS head ON true
WHERE ({who}) {tag} {before} AND head.version IS NOT NULL
ORDER BY b.created_at DESC, b.battle_id DESC
LIMIT :limit
"""
_BY_KEY = "b.created_by = :scope"
_BY_TOKEN = (
    "(b.director_token_hash = :h"
    " OR b.battle_id IN (SELECT s.battle_id FROM battle_seats AS s WHERE s.token_hash = :h)"
    " OR b.battle_id IN (SELECT d.battle_id FROM director_tokens AS d WHERE d.token_hash = :h))"
    " AND b.battle_id NOT IN (SELECT r.battle_id FROM revoked_tokens AS r WHERE r.token_hash = :h)"
)
_DESCRIBE = (
    "UPDATE battles SET title = COALESCE(:title, title),"
    " tags = COALESCE(CAST(:tags AS varchar[]), tags) WHERE battle_id = :b"
)
_CLOSE = (
    "UPDATE battles SET closed_at = :at, closed_reason = :reason"
    " WHERE battle_id = :b AND closed_at IS NULL"
)
_CLOSURE = "SELECT closed_at, closed_reason FROM battles WHERE battle_id = :b"


CLOSED_RULE = "battle/closed"
"""The rule an option of a closed battle is unavailable by (its submission's answer: 409)."""


class Closed(ServiceError):
    """The battle was closed: nothing appends to it any more."""

    status = 409
    kind = "battle-closed"


@dataclass(frozen=True)
class Page:
    battles: list[dict[str, Any]]
    next_before: str | None


def cursor_of(row: dict[str, Any]) -> str:
    raw = orjson.dumps([row["created_at"], row["battle_id"]])
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def parse_cursor(cursor: str) -> tuple[str, str]:
    """A listing's `before` as it was given out; anything else is bad input, named."""
    try:
        at, battle_id = orjson.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
        datetime.fromisoformat(at)
    except (ValueError, TypeError) as exc:
        raise BadRequest(f"`before` is not a cursor this server gave out: {exc}") from None
    return str(at), str(battle_id)


class BattleCatalog:
    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    def listing(
        self,
        *,
        scope: str | None,
        token_hash: bytes | None,
        tags: Sequence[str],
        limit: int,
        before: str | None,
    ) -> Page:
        """The battles the caller may see, newest first, with each one's head and last
        activity; `tags` must all be on a battle for it to be listed."""
        params: dict[str, Any] = {"limit": min(limit, MAX_LIST) + 1}
        who = []
        if scope is not None:
            who.append(_BY_KEY)
            params["scope"] = scope
        if token_hash is not None:
            who.append(_BY_TOKEN)
            params["h"] = token_hash
        tag = ""
        if tags:
            tag = "AND b.tags @> CAST(:tags AS varchar[])"
            params["tags"] = list(tags)
        after = ""
        if before is not None:
            at, battle_id = parse_cursor(before)
            after = "AND (b.created_at, b.battle_id) < (CAST(:at AS timestamptz), :bid)"
            params.update(at=at, bid=battle_id)
        sql = _LIST.format(who=" OR ".join(f"({w})" for w in who), tag=tag, before=after)
        with self._engine.connect() as conn:
            rows = [dict(r._mapping) for r in conn.execute(text(sql), params)]
        more = len(rows) > min(limit, MAX_LIST)
        rows = rows[: min(limit, MAX_LIST)]
        shown = [_shown(r) for r in rows]
        return Page(shown, cursor_of(shown[-1]) if more and shown else None)

    def describe(self, battle_id: str, title: str | None, tags: Sequence[str] | None) -> None:
        with self._engine.begin() as conn:
            conn.execute(
                text(_DESCRIBE),
                {"b": battle_id, "title": title, "tags": None if tags is None else list(tags)},
            )

    def described(self, battle_id: str) -> tuple[str | None, list[str]]:
        sql = text("SELECT title, tags FROM battles WHERE battle_id = :b")
        with self._engine.connect() as conn:
            row = conn.execute(sql, {"b": battle_id}).one()
        return row.title, list(row.tags or [])

    def token_opens_any(self, token_hash: bytes) -> bool:
        """Whether a token (by its hash) opens some battle: a director's (first or rotated)
        or a seat's, not revoked."""
        found = self.listing(scope=None, token_hash=token_hash, tags=[], limit=1, before=None)
        return bool(found.battles)

    def created_by(self, battle_id: str) -> str | None:
        """The scope of the API key that created the battle (None: none, or no battle)."""
        sql = text("SELECT created_by FROM battles WHERE battle_id = :b")
        with self._engine.connect() as conn:
            row = conn.execute(sql, {"b": battle_id}).first()
        return None if row is None else row.created_by

    def close(self, battle_id: str, reason: str, at: datetime) -> None:
        with self._engine.begin() as conn:
            conn.execute(text(_CLOSE), {"b": battle_id, "reason": reason, "at": at})

    def closure(self, battle_id: str) -> tuple[datetime, str] | None:
        """When and why the battle was closed (None: it is open)."""
        with self._engine.connect() as conn:
            row = conn.execute(text(_CLOSURE), {"b": battle_id}).first()
        if row is None or row.closed_at is None:
            return None
        return row.closed_at, str(row.closed_reason)

    def refuse_if_closed(self, battle_id: str) -> None:
        found = self.closure(battle_id)
        if found is not None:
            raise closed_error(battle_id, *found)


def closed_error(battle_id: str, at: datetime, reason: str) -> Closed:
    """The 409 a command on a closed battle gets, whoever found the closure."""
    return Closed(f"battle {battle_id!r} was closed at {at.isoformat()}: {reason}")


def _shown(r: dict[str, Any]) -> dict[str, Any]:
    return {
        "battle_id": r["battle_id"],
        "ruleset": r["ruleset"],
        "title": r["title"],
        "tags": list(r["tags"] or []),
        "version": r["version"],
        "created_at": r["created_at"].isoformat(),
        "last_activity": r["last_activity"].isoformat(),
        "closed": None
        if r["closed_at"] is None
        else {"at": r["closed_at"].isoformat(), "reason": r["closed_reason"]},
    }
