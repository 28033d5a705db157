"""The ports handlers and queries go through, built once by the composition root
(server/wiring.py): reading the log, the state at a version, the one write path, who reads
what, the directory of battles and seats, the catalog's closures, and the budget, clock and
ids a decision is given. Nothing behind a port calls back into a handler."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any, TypeVar

from engine.budget import Budget
from events.store import EventStore
from server.campaign.catalog import BattleCatalog
from server.campaign.directory import BattleDirectory
from server.commands.creation_keys import CreationKeys
from server.commands.pipeline import CommandPipeline
from server.readers.visibility import Readers
from server.state.loader import StateLoader

T = TypeVar("T")


@dataclass(frozen=True)
class Ports:
    log: EventStore
    """The log and its read models, read (appends go through `writer` only)."""
    states: StateLoader
    """A battle's state at a version or at the head (snapshots plus the events after)."""
    writer: CommandPipeline
    """The one write path."""
    readers: Readers
    """Who reads, and what each may see."""
    directory: BattleDirectory
    """Battles and their seats: who holds which token."""
    creations: CreationKeys
    """The creation keys of retried creations."""
    budget: Callable[[str], Budget]
    """A fresh budget of search work for one answer (engine.budget)."""
    clock: Callable[[], datetime]
    ids: Callable[[], str]
    executor: Executor
    catalog: BattleCatalog
    """What a campaign finds battles by, and their closure (reads that say so ask it;
    commands need not: the append refuses a closed battle itself, migration 0007_i25b)."""
    seats_per_battle: int = 64
    snapshot_every: int = 200
    undo_lock_free: bool = True
    """Whether undo and redo plan without holding the battle's lock (bench_history compares)."""

    async def blocking(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a synchronous database call or a long computation off the event loop."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, partial(fn, *args))


def time_ordered_ids(clock: Callable[[], datetime]) -> Callable[[], str]:
    """Time-ordered, unguessable ids: milliseconds then 72 random bits."""
    import secrets

    def new_id() -> str:
        millis = int(clock().timestamp() * 1000)
        return f"{millis:012x}{secrets.token_hex(9)}"

    return new_id
