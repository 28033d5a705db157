"""The battle's commands and queries called as plain methods, as the service tests call them.

The server has no service objects: routes dispatch commands (server/commands/table.py) and
call queries over the ports (server/ports.py). These two adapters keep the tests' calls short
(`service.submit(principal, intent)`, `history.undo(principal, intent_id=...)`), each one
dispatching the very command, or calling the very query, that the route does."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from engine.budget import Budget
from engine.intents import Intent
from engine.results import Refused
from server.campaign.directory import Revoked
from server.commands.battles import CreatedBattle
from server.commands.pipeline import IntentOutcome
from server.commands.table import CommandTable
from server.commands.types import AddSeat, CreateBattle, Redo, Rewind, SubmitIntent, Undo
from server.queries import views
from server.queries.judgement import judgement
from server.queries.replay import MAX_REPLAY_BYTES, replay
from server.queries.what_if import what_if
from server.readers.identity import authenticate, identify
from server.readers.redaction import Reader, Visibility
from server.readers.tokens import Principal
from server.state.rebuild import rebuild
from server.wiring import Wired


class BattleCalls:
    """Creating battles, seating players, submitting intents, and reading battles back."""

    def __init__(self, wired: Wired) -> None:
        self.wired = wired
        self.commands: CommandTable = wired.commands
        self.ports = wired.ports
        self.store = wired.ports.log
        self.loader = wired.ports.states
        self.directory = wired.ports.directory
        self.pipeline = wired.ports.writer

    def budget(self, what: str) -> Budget:
        return self.ports.budget(what)

    def clock(self) -> datetime:
        return self.ports.clock()

    async def create_battle(
        self,
        body: dict[str, Any],
        *,
        idempotency_key: str | None = None,
        scope: str = "local",
        created_by: str | None = None,
        continued_from: dict[str, Any] | None = None,
    ) -> CreatedBattle | Refused:
        return await self.commands.dispatch(
            CreateBattle(body, idempotency_key, scope, created_by, continued_from)
        )

    async def add_seat(
        self, principal: Principal, creatures: Sequence[str], name: str | None
    ) -> tuple[str, str]:
        return await self.commands.dispatch(AddSeat(principal, tuple(creatures), name))

    async def submit(
        self,
        principal: Principal,
        intent: Intent,
        *,
        idempotency_key: str | None = None,
        dry_run: bool = False,
        correlation_id: str | None = None,
    ) -> IntentOutcome:
        return await self.commands.dispatch(
            SubmitIntent(principal, intent, idempotency_key, dry_run, correlation_id)
        )

    def authenticate(self, battle_id: str, token: str | None) -> Principal | None:
        return authenticate(self.directory, battle_id, token)

    def identify(self, battle_id: str, token: str | None) -> Principal | Revoked | None:
        return identify(self.directory, battle_id, token)

    def view(self, battle_id: str, version: int | None = None) -> dict[str, Any]:
        return views.view(self.ports, battle_id, version)

    def view_at(self, battle_id: str, instant: datetime) -> dict[str, Any]:
        return views.view_at(self.ports, battle_id, instant)

    def reader(self, principal: Principal) -> tuple[Reader, Visibility]:
        return self.ports.readers.of(principal)

    def events(self, battle_id: str, after: int = 0, limit: int = 100) -> list[Any]:
        return self.store.read_stream(battle_id, after=after, up_to=after + limit)

    async def reach(
        self, principal: Principal, creature: str, kind: str, mode: str
    ) -> dict[str, Any]:
        return await views.reach(self.ports, principal, creature, kind, mode)

    async def options(self, principal: Principal, creature: str) -> dict[str, Any]:
        return await views.options(self.ports, principal, creature)


class HistoryCalls:
    """Undo, rewind, redo, judgement, replay, what-if and rebuild."""

    def __init__(self, wired: Wired) -> None:
        self.commands = wired.commands
        self.ports = wired.ports

    async def undo(
        self,
        principal: Principal,
        to_version: int | None = None,
        intent_id: str | None = None,
        *,
        idempotency_key: str | None = None,
        expected_version: int | None = None,
    ) -> IntentOutcome:
        if to_version is not None:
            return await self.commands.dispatch(
                Rewind(principal, to_version, idempotency_key, expected_version)
            )
        return await self.commands.dispatch(
            Undo(principal, intent_id, idempotency_key, expected_version)
        )

    async def redo(
        self,
        principal: Principal,
        *,
        idempotency_key: str | None = None,
        expected_version: int | None = None,
    ) -> IntentOutcome:
        return await self.commands.dispatch(Redo(principal, idempotency_key, expected_version))

    def judgement(
        self, principal: Principal, intent_id: str, budget: Budget | None = None
    ) -> dict[str, Any] | Refused:
        return judgement(self.ports, principal, intent_id, budget)

    def replay(
        self,
        principal: Principal,
        first: int | None,
        last: int | None,
        states: str = "each",
        max_bytes: int = MAX_REPLAY_BYTES,
    ) -> dict[str, Any]:
        return replay(self.ports, principal, first, last, states, max_bytes)

    def what_if(
        self, principal: Principal, version: int, intents: Sequence[Intent]
    ) -> dict[str, Any] | Refused:
        return what_if(self.ports, principal, version, intents)

    def rebuild(
        self,
        battle_ids: Sequence[str] | None,
        progress: Callable[[str, int, int], None] | None = None,
    ) -> dict[str, str]:
        ports = self.ports
        return rebuild(ports.log, ports.states, battle_ids, ports.snapshot_every, progress)
