from __future__ import annotations

import asyncio
import inspect
import threading
from collections.abc import Coroutine, Iterator
from typing import Any, TypeVar

import pytest
from sqlalchemy import Engine

from engine.intents import IntentError, parse_intent
from engine.results import Refused
from server.commands.pipeline import IntentOutcome
from server.operations.settings import Settings
from server.wiring import Wired, wire_services
from tests.cast import goblin, tactician
from tests.integration.service.calls import BattleCalls, HistoryCalls

T = TypeVar("T")


def skirmish() -> dict[str, Any]:
    """The battle of DESIGN.md section 9, small enough to reason about."""
    return {
        "ruleset": "draw-steel",
        "seed": 7,
        "options": {"turns": False, "opportunity_attacks": "ask"},
        "map": {
            "width": 12,
            "height": 8,
            "terrain": [
                {"kind": "wall", "cells": [[3, 0], [3, 1]], "height": 3},
                {"kind": "difficult", "area": {"from": [5, 5], "to": [6, 6]}},
            ],
        },
        "creatures": [tactician([1, 1]), goblin([9, 1])],
    }


class LoopThread:
    """An event loop of the tests' own, in a thread (so no loop another test left in the main
    thread can interfere): `run(coroutine)` waits for its result."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self._thread.start()

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result()

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join()
        self.loop.close()


class Driven:
    """An async service driven from plain tests: each coroutine method runs to completion
    on the fixture's own event loop (the loop its connection pool lives on). A `submit` of a
    dict body is parsed as the HTTP route's body would be."""

    def __init__(self, target: Any, runner: LoopThread) -> None:
        self.target = target
        self._runner = runner

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.target, name)
        if not inspect.iscoroutinefunction(found):
            return found

        def run(*args: Any, **kwargs: Any) -> Any:
            if name == "submit" and isinstance(args[1], dict):
                try:
                    args = (args[0], parse_intent(args[1]), *args[2:])
                except IntentError as exc:
                    return IntentOutcome(
                        0, refused=Refused(rule="intent/invalid", detail=exc.detail)
                    )
            return self._runner.run(found(*args, **kwargs))

        return run


@pytest.fixture
def runner() -> Iterator[LoopThread]:
    loop = LoopThread()
    yield loop
    loop.close()


@pytest.fixture
def wired(app_engine: Engine, runner: LoopThread) -> Iterator[Wired]:
    """The services as the server wires them, on a fresh database (snapshots every 5)."""
    services = wire_services(Settings(snapshot_every=5), app_engine, notify="off")
    runner.run(services.start())
    yield services
    runner.run(services.stop())


@pytest.fixture
def service(wired: Wired, runner: LoopThread) -> Any:
    return Driven(BattleCalls(wired), runner)


@pytest.fixture
def history(wired: Wired, runner: LoopThread) -> Any:
    return Driven(HistoryCalls(wired), runner)
