"""The walk of one director's `move` through the code, as the joins between the layers see it.

    python -m ops.bench bench_walk

One embedded PostgreSQL, the real services (`wire_services`): a battle, one move to warm
every cache, then one move traced call by call (`sys.setprofile`, on the event loop's thread
and the executor's). Counted, in the project's own code (events, projections, engine,
server): the files entered, the calls, the times the walk moved back into a file it had
already left, and the calls against the import arrows (`server -> engine -> projections ->
events`: a call from a lower layer into a higher one is a callback up the layers).
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Callable, Coroutine
from pathlib import Path
from types import FrameType
from typing import Any

from engine.intents import parse_intent
from events.migrate import upgrade
from ops.bench.common import print_table, throwaway_postgres
from server.commands.battles import CreatedBattle
from server.commands.types import CreateBattle, SubmitIntent
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.settings import Settings
from server.readers.identity import authenticate
from server.wiring import wire_services

ROOT = Path(__file__).resolve().parents[2]
LAYERS = {"events": 0, "projections": 1, "engine": 2, "server": 3}
BODY = {
    "ruleset": "draw-steel",
    "seed": 3,
    "options": {"turns": False},
    "map": {"width": 12, "height": 8, "terrain": []},
    "creatures": [
        {"id": "hero", "name": "Hero", "side": "heroes", "at": [1, 1], "speeds": {"walk": 5}},
        {"id": "gob", "name": "Goblin", "side": "monsters", "at": [9, 6], "speeds": {"walk": 5}},
    ],
}


class Walk:
    """Calls and file changes in the project's code, from a profile hook."""

    def __init__(self) -> None:
        self.calls = 0
        self.files: list[str] = []
        self.entered: set[str] = set()
        self.returns_into_left = 0
        self.against_arrows = 0
        self.upward: dict[str, int] = {}
        self._lock = threading.Lock()
        self._current: dict[int, str | None] = {}

    def hook(self, frame: FrameType, event: str, arg: Any) -> None:
        if event not in ("call", "return"):
            return
        where = _project_file(frame.f_code.co_filename)
        caller = frame.f_back
        with self._lock:
            if event == "call" and where is not None:
                self.calls += 1
                came_from = _project_file(caller.f_code.co_filename) if caller else None
                if came_from is not None and _layer(came_from) < _layer(where):
                    self.against_arrows += 1
                    arrow = f"{came_from} -> {where}:{frame.f_code.co_name}"
                    self.upward[arrow] = self.upward.get(arrow, 0) + 1
            now = (
                where
                if event == "call"
                else (_project_file(caller.f_code.co_filename) if caller else None)
            )
            self._moved_to(now)

    def _moved_to(self, now: str | None) -> None:
        thread = threading.get_ident()
        if now is None or now == self._current.get(thread):
            return
        if now in self.entered:
            self.returns_into_left += 1
        self.entered.add(now)
        self._current[thread] = now


def _project_file(path: str) -> str | None:
    try:
        relative = Path(path).resolve().relative_to(ROOT)
    except ValueError:
        return None
    return str(relative) if relative.parts[0] in LAYERS else None


def _layer(path: str) -> int:
    return LAYERS[path.split("/", 1)[0]]


def traced(run: Callable[[], Coroutine[Any, Any, Any]], runner: asyncio.Runner) -> Walk:
    walk = Walk()
    threading.setprofile(walk.hook)  # the executor's threads, where a decision may run
    sys.setprofile(walk.hook)
    try:
        runner.run(run())
    finally:
        sys.setprofile(None)
        threading.setprofile(None)  # type: ignore[arg-type]
    return walk


def main() -> None:
    with throwaway_postgres() as uri:
        engine = make_engine(to_sqlalchemy_url(uri))
        upgrade(engine)
        runner = asyncio.Runner()
        wired = wire_services(Settings(), engine, notify="off")
        runner.run(wired.start())
        made = runner.run(wired.commands.dispatch(CreateBattle(BODY)))
        assert isinstance(made, CreatedBattle)
        director = authenticate(wired.ports.directory, made.battle_id, made.director_token)
        assert director is not None

        def move(to: list[int]) -> Callable[[], Coroutine[Any, Any, Any]]:
            intent = parse_intent({"type": "move", "creature": "hero", "path": [to]})
            return lambda: wired.commands.dispatch(SubmitIntent(director, intent))

        runner.run(move([1, 2])())  # warm: the state cached, the pool open
        walk = traced(move([1, 3]), runner)
        runner.run(wired.stop())
        print_table(
            "One director's move, walked (the project's own code)",
            ("measure", "count"),
            [
                ("files entered", len(walk.entered)),
                ("calls", walk.calls),
                ("moves back into a file already left", walk.returns_into_left),
                ("calls against the import arrows", walk.against_arrows),
                *((f"  {arrow}", n) for arrow, n in sorted(walk.upward.items())),
            ],
        )


if __name__ == "__main__":
    main()
