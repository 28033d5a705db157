"""History as a feature: undo, redo, rewind, replay, judgement, what-if, rebuild.

(Being built for issue 4; the signatures below are the contract the HTTP layer calls.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.results import Refused
from server.auth import Principal
from server.battle_service import BattleService, IntentOutcome


class HistoryService:
    def __init__(self, battles: BattleService) -> None:
        self.battles = battles

    def undo(
        self,
        principal: Principal,
        to_version: int | None = None,
        intent_id: str | None = None,
        *,
        idempotency_key: str | None = None,
    ) -> IntentOutcome:
        """Undo the latest action, rewind to `to_version`, or undo `intent_id` alone."""
        raise NotImplementedError

    def redo(self, principal: Principal, *, idempotency_key: str | None = None) -> IntentOutcome:
        raise NotImplementedError

    def judgement(self, principal: Principal, intent_id: str) -> dict[str, Any] | Refused:
        raise NotImplementedError

    def replay(self, battle_id: str, first: int | None, last: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def what_if(
        self, principal: Principal, version: int, intents: Sequence[dict[str, Any]]
    ) -> dict[str, Any] | Refused:
        raise NotImplementedError

    def rebuild(
        self,
        battle_ids: Sequence[str] | None,
        progress: Callable[[str, int, int], None] | None = None,
    ) -> dict[str, str]:
        raise NotImplementedError
