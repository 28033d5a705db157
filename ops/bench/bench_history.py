"""History at scale: fold rate, load with and without snapshots, and undo, on a long battle.

    python -m ops.bench bench_history        (BENCH_HISTORY_EVENTS=100000 by default)

Builds one Draw Steel battle of about BENCH_HISTORY_EVENTS events through the service (each
move is an action: IntentAccepted + Moved), then measures against the embedded PostgreSQL:
the fold rate of `evolve` over the whole effective log; the time to load the head state
from the latest snapshot plus its tail, and from the log alone; and the time to undo the
latest action (then redo it, to undo again); and, on a battle of its own, how long a move
waits while an undo of an early action re-judges 150 later moves (history holds no lock
while it judges; the same with the lock held, for comparison). Targets on this machine:
fold >= 200,000 events/s, load < 50 ms with snapshots, undo < 100 ms, the move < 0.5 s.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import time
from dataclasses import replace
from datetime import UTC, datetime

from engine.intents import parse_intent
from events.migrate import upgrade
from events.vocabulary import registry
from ops.bench.common import percentile, print_table, throwaway_postgres
from projections import fold
from projections.history import effective_events
from server.commands.battles import CreatedBattle
from server.commands.table import CommandTable
from server.commands.types import CreateBattle, Redo, SubmitIntent, Undo
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.settings import Settings
from server.readers.identity import authenticate
from server.wiring import wire_services

EVENTS = int(os.environ.get("BENCH_HISTORY_EVENTS", "100000"))
CREATURES = 12


def battle_body() -> dict[str, object]:
    return {
        "ruleset": "draw-steel",
        "seed": 1,
        "options": {"turns": False},
        "map": {"width": 40, "height": 40, "terrain": []},
        "creatures": [
            {
                "id": f"c{i}",
                "name": f"Soldier {i}",
                "side": "heroes",
                "at": [3 * i, 0],
                "size": "1M",
                "speeds": {"walk": 5},
                "stats": {"might": 1, "agility": 1},
                "hp": 20,
            }
            for i in range(CREATURES)
        ],
    }


def utc_now() -> datetime:
    return datetime.now(UTC)


LATER_MOVES = 150


async def move_during_undo(table: CommandTable, lock_free: bool) -> tuple[float, float]:
    """Seconds a move waits while an undo of an early action re-judges LATER_MOVES later
    ones, and seconds the undo took; `lock_free` False holds the battle's lock meanwhile (as
    history did before issue 25)."""
    commands = CommandTable(replace(table.ports, undo_lock_free=lock_free))
    battle = await commands.dispatch(CreateBattle(battle_body()))
    assert isinstance(battle, CreatedBattle)
    director = authenticate(commands.ports.directory, battle.battle_id, battle.director_token)
    assert director is not None
    early = await commands.dispatch(
        SubmitIntent(director, parse_intent(MOVE | {"creature": "c0", "to": [0, 4]}))
    )
    for n in range(LATER_MOVES):
        creature = 1 + n % (CREATURES - 1)
        y = 1 + (n // (CREATURES - 1)) % 2 * 3
        to = [3 * creature, y]
        outcome = await commands.dispatch(
            SubmitIntent(director, parse_intent(MOVE | {"creature": f"c{creature}", "to": to}))
        )
        assert outcome.refused is None, outcome.refused
    began = time.perf_counter()
    undo = asyncio.create_task(commands.dispatch(Undo(director, early.intent_id)))
    await asyncio.sleep(0.05)  # the undo is being judged
    start = time.perf_counter()
    moved = await commands.dispatch(
        SubmitIntent(director, parse_intent(MOVE | {"creature": "c1", "to": [3, 2]}))
    )
    waited = time.perf_counter() - start
    undone = await undo
    took = time.perf_counter() - began
    assert moved.refused is None and undone.refused is None, (moved.refused, undone.refused)
    return waited, took


MOVE = {"type": "move"}


def main() -> None:
    with throwaway_postgres() as uri:
        engine = make_engine(to_sqlalchemy_url(uri))
        upgrade(engine)
        runner = asyncio.Runner()
        wired = wire_services(Settings(snapshot_every=200), engine, notify="off")
        runner.run(wired.start())
        store, commands, states = wired.store, wired.commands, wired.ports.states
        battle = runner.run(commands.dispatch(CreateBattle(battle_body())))
        assert isinstance(battle, CreatedBattle)
        director = authenticate(wired.ports.directory, battle.battle_id, battle.director_token)
        assert director is not None
        began = time.perf_counter()
        n = 0
        while store.head_version(battle.battle_id) < EVENTS if n % 500 == 0 else True:
            creature = n % CREATURES
            y = 1 + (n // CREATURES) % 2 * 3  # back and forth between rows 1 and 4
            intent = parse_intent(
                {"type": "move", "creature": f"c{creature}", "to": [3 * creature, y]}
            )
            outcome = runner.run(commands.dispatch(SubmitIntent(director, intent)))
            assert outcome.refused is None, outcome.refused
            n += 1
            if n % 500 == 0 and outcome.version >= EVENTS:
                break
        build_seconds = time.perf_counter() - began
        bid = battle.battle_id
        head = store.head_version(bid)

        log = store.read_stream(bid)
        events = effective_events(log, registry)
        folds = []
        for _ in range(3):
            start = time.perf_counter()
            fold(events)
            folds.append(time.perf_counter() - start)
        fold_rate = len(events) / min(folds)

        def load(use_snapshots: bool) -> float:
            states.forget(bid)
            start = time.perf_counter()
            states.at(bid, head, use_snapshots=use_snapshots)
            return time.perf_counter() - start

        with_snaps = [load(True) for _ in range(15)]
        without = [load(False) for _ in range(3)]

        undos = []
        for _ in range(15):
            start = time.perf_counter()
            outcome = runner.run(commands.dispatch(Undo(director)))
            undos.append(time.perf_counter() - start)
            assert outcome.refused is None, outcome.refused
            assert runner.run(commands.dispatch(Redo(director))).refused is None

        held = runner.run(move_during_undo(commands, lock_free=False))
        free = runner.run(move_during_undo(commands, lock_free=True))

        print_table(
            f"History on one battle of {head:,} events (built in {build_seconds:.0f} s)",
            ("measure", "result", "target"),
            [
                ("evolve fold rate (events/s)", fold_rate, ">= 200,000"),
                ("load head, snapshot + tail: p50 ms", percentile(with_snaps, 50) * 1000, "< 50"),
                ("load head, snapshot + tail: p99 ms", percentile(with_snaps, 99) * 1000, ""),
                ("load head, whole log: mean ms", statistics.fmean(without) * 1000, ""),
                ("undo latest action: p50 ms", percentile(undos, 50) * 1000, "< 100"),
                ("undo latest action: p99 ms", percentile(undos, 99) * 1000, ""),
                (f"move during an undo re-judging {LATER_MOVES}: s", free[0], "< 0.5"),
                ("  that undo: s", free[1], ""),
                ("  the same, history holding the lock: move s", held[0], ""),
                ("  that undo: s", held[1], ""),
            ],
        )
        runner.run(wired.stop())
        runner.close()
        engine.dispose()


if __name__ == "__main__":
    main()
