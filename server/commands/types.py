"""The commands: every request that changes a battle, as a frozen value parsed once.

Each has one handler in the table the composition root builds (server/commands/table.py);
the handlers of those that append plan their events through the one write path
(server/commands/pipeline.py), which finds the command's planner by its type."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.intents import Intent
from server.readers.tokens import Principal
from server.readers.view import ReaderView


@dataclass(frozen=True)
class CreateBattle:
    """Judge a battle's setup and append its creation (DESIGN section 8, `POST /battles`)."""

    body: dict[str, Any]
    idempotency_key: str | None = None
    scope: str = "local"
    """Whose creation keys it is judged under: an API key's scope, or the client's address."""
    created_by: str | None = None
    continued_from: dict[str, Any] | None = None


@dataclass(frozen=True)
class AddSeat:
    """A player token bound to some of the battle's creatures (the director's)."""

    principal: Principal
    creatures: tuple[str, ...]
    name: str | None = None


@dataclass(frozen=True)
class SubmitIntent:
    """An intent judged on the battle's head and appended, or previewed (`dry_run`)."""

    principal: Principal
    intent: Intent
    idempotency_key: str | None = None
    dry_run: bool = False
    correlation_id: str | None = None
    view: ReaderView | None = None
    """What the one who asks knows, read once for its request (None: read when needed)."""


@dataclass(frozen=True)
class Undo:
    """Undo the latest effective action, or one earlier action alone (`intent_id`)."""

    principal: Principal
    intent_id: str | None = None
    idempotency_key: str | None = None
    expected_version: int | None = None


@dataclass(frozen=True)
class Rewind:
    """Bring the effective log back to what it was at `to_version` (the director's)."""

    principal: Principal
    to_version: int
    idempotency_key: str | None = None
    expected_version: int | None = None


@dataclass(frozen=True)
class Redo:
    """Redo the latest undone action (a new action clears redo)."""

    principal: Principal
    idempotency_key: str | None = None
    expected_version: int | None = None


@dataclass(frozen=True)
class CloseBattle:
    """Close the battle: nothing appends to it from then on (the director's)."""

    battle_id: str
    reason: str


Command = CreateBattle | AddSeat | SubmitIntent | Undo | Rewind | Redo | CloseBattle
COMMANDS: tuple[type, ...] = (CreateBattle, AddSeat, SubmitIntent, Undo, Rewind, Redo, CloseBattle)
"""Every command type; the table refuses to start without a handler for each."""
