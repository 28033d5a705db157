"""The command table: each command type and its handler, built by the composition root.

Routes, the command line and tools dispatch a command by its type and get its handler's
answer; the write path finds each appending command's planner the same way
(`planners`). A command type without a handler, or an appending one without a planner,
stops the server at start-up rather than failing one request later."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime
from typing import Any, overload

from engine.budget import Budget
from engine.results import Refused
from events.store import EventStore
from server.campaign.directory import BattleDirectory
from server.commands import battles, history, intents
from server.commands.battles import CreatedBattle
from server.commands.pipeline import IntentOutcome, Planner
from server.commands.types import (
    COMMANDS,
    AddSeat,
    CloseBattle,
    Command,
    CreateBattle,
    Redo,
    Rewind,
    SubmitIntent,
    Undo,
)
from server.ports import Ports
from server.state.loader import StateLoader

Handler = Callable[[Any, Ports], Awaitable[Any]]

HANDLERS: Mapping[type, Handler] = {
    CreateBattle: battles.create,
    AddSeat: battles.add_seat,
    CloseBattle: battles.close,
    SubmitIntent: intents.submit_intent,
    Undo: history.undo,
    Rewind: history.rewind,
    Redo: history.redo,
}
APPENDING = (CreateBattle, SubmitIntent, Undo, Rewind, Redo)
"""The commands that append through the write path, each with a planner."""


def planners(
    log: EventStore,
    states: StateLoader,
    directory: BattleDirectory,
    clock: Callable[[], datetime],
    budget: Callable[[str], Budget],
) -> dict[type, Planner]:
    """The write path's planners, by command type."""
    undoing = history.HistoryPlanner(log, states, budget)
    found: dict[type, Planner] = {
        CreateBattle: battles.CreationPlanner(directory, clock),
        SubmitIntent: intents.IntentPlanner(budget),
        Undo: undoing,
        Rewind: undoing,
        Redo: undoing,
    }
    missing = [t.__name__ for t in APPENDING if t not in found]
    if missing:
        raise RuntimeError(f"appending commands without a planner: {', '.join(missing)}")
    return found


class CommandTable:
    """Dispatches each command to its handler, over the ports it was built with."""

    def __init__(self, ports: Ports, handlers: Mapping[type, Handler] = HANDLERS) -> None:
        missing = [t.__name__ for t in COMMANDS if t not in handlers]
        if missing:
            raise RuntimeError(f"commands without a handler: {', '.join(missing)}")
        self.ports = ports
        self._handlers = dict(handlers)

    @overload
    async def dispatch(self, command: CreateBattle) -> CreatedBattle | Refused: ...
    @overload
    async def dispatch(self, command: AddSeat) -> tuple[str, str]: ...
    @overload
    async def dispatch(self, command: CloseBattle) -> tuple[datetime, str]: ...
    @overload
    async def dispatch(self, command: SubmitIntent | Undo | Rewind | Redo) -> IntentOutcome: ...

    async def dispatch(self, command: Command) -> Any:
        """The command's handler's answer (its failures raise, as server/errors.py says)."""
        return await self._handlers[type(command)](command, self.ports)
