"""What a player may not read in the log: the battle's dice seed.

The dice a rule rolls are a pure function of the seed and the dice counter (engine/dice.py),
so a player who knew the seed would know every coming roll. The seed stays in the log (the
hash chain and replays need it) and the director sees everything; a player reads the
`BattleCreated` event with `seed` set to null.
"""

from __future__ import annotations

from typing import Any

SECRET_FIELDS = {"BattleCreated": ("seed",)}


def readable(event_type: str, data: dict[str, Any], *, director: bool) -> dict[str, Any]:
    """An event's data as this reader may see it."""
    hidden = SECRET_FIELDS.get(event_type)
    if director or not hidden:
        return data
    return {**data, **dict.fromkeys(hidden)}


DIRECTOR = "director"
PLAYER = "player"


def reader_kind(is_director: bool) -> str:
    """The kind of reader a caller is, as far as what it may read goes: callers of one kind
    read the same bytes of every event, so the live stream encodes an event once per kind
    (server/api/stream_encoding.py). Today a director sees everything and a player the log
    without the battle's secrets; redaction that tells more readers apart adds kinds here."""
    return DIRECTOR if is_director else PLAYER


def sees_secrets(kind: str) -> bool:
    """Whether a reader of `kind` reads the battle's secrets (the dice seed)."""
    return kind == DIRECTOR
