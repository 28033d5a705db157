"""The battle's head recorded beside its row (migration 0011_i36): what verification compares
the log with, so an emptied or truncated battle is caught.

The append writes, in its own statement, the version and chain hash of the battle's head and
an HMAC over them under the chain key (kept outside the database; `head_mac`). Anyone who can
write the database may delete events (as its owner) or change the row (as the application
role), but cannot make a MAC for a head the log was cut back to, nor for another battle. So a
log whose end is not the recorded head, or has another hash there, did not come from the
append; and a recorded head whose MAC does not hold was not written by the server. Replaying
an earlier head of the same battle, after cutting the log back to it, is what the MAC cannot
tell: the receipts its players hold and the verified heads (server/trust/verification.py)
name it then.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from dataclasses import dataclass

from events.chain_key import ChainKey


def head_mac(key: ChainKey, battle_id: str, version: int, digest: bytes) -> bytes:
    """The HMAC the append records beside the battle's head at `version` (hash `digest`)."""
    return key.mac(f"battle-head\n{battle_id}\n{version}\n{digest.hex()}".encode())


@dataclass(frozen=True)
class RecordedHead:
    """A battle's row of `battle_heads`, and whether its MAC holds under the chain key."""

    version: int
    hash: bytes
    holds: bool

    @classmethod
    def read(
        cls, key: ChainKey, battle_id: str, version: int, digest: bytes, mac: bytes
    ) -> RecordedHead:
        expected = head_mac(key, battle_id, version, digest)
        return cls(version, digest, hmac.compare_digest(expected, mac))


@dataclass(frozen=True)
class HeadBreak:
    """Where a log that holds link by link stops agreeing with its recorded head."""

    first_broken_version: int
    reason: str


def compare_with_log(
    recorded: RecordedHead,
    end: int,
    end_hash: bytes | None,
    hash_now: Callable[[int], bytes | None],
) -> HeadBreak | None:
    """The recorded head against a log verified up to `end` (its hash there `end_hash`).

    The head is read after the log was walked, and an append writes both at once: a head past
    `end` whose hash the log now has was appended meanwhile, not a truncation (`hash_now`
    reads the log's hash at a version as it is now). A head behind `end` never comes from
    the append that wrote those events.
    """
    if not recorded.holds:
        return HeadBreak(
            end + 1,
            "the battle's recorded head does not hold under the chain key:"
            " it was not written by the server",
        )
    if recorded.version > end:
        if hash_now(recorded.version) == recorded.hash:
            return None
        return HeadBreak(
            end + 1,
            f"the log ends at version {end}, but the battle's head was recorded at version"
            f" {recorded.version}: events were removed",
        )
    if recorded.version < end:
        return HeadBreak(
            recorded.version + 1,
            f"the battle's head was recorded at version {recorded.version}, but the log goes on"
            f" to version {end}: the head was rolled back, or events were written past the append",
        )
    if end_hash != recorded.hash:
        return HeadBreak(
            end, f"the hash at version {end} is not the one recorded as the battle's head"
        )
    return None
