"""Who a battle token is in its battle: the director, a seat, a revoked token, or nobody
(DESIGN section 8, Auth). Tokens are stored as sha256 hashes (server/readers/tokens.py)."""

from __future__ import annotations

from server.campaign.directory import BattleDirectory, Revoked
from server.readers.tokens import Principal, token_hash


def identify(
    directory: BattleDirectory, battle_id: str, token: str | None
) -> Principal | Revoked | None:
    """Who the token is in the battle, telling a revoked token apart (its 401 names it
    revoked); None: none of the battle's tokens."""
    if not token:
        return None
    return directory.principal(battle_id, token_hash(token))


def authenticate(directory: BattleDirectory, battle_id: str, token: str | None) -> Principal | None:
    """Who the token is in the battle (None: none of its tokens, or one revoked)."""
    found = identify(directory, battle_id, token)
    return found if isinstance(found, Principal) else None
