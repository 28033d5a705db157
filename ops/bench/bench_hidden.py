"""What a player's dry run costs with and without a creature hidden from it, in process.

    python -m ops.bench bench_hidden

One run, one embedded PostgreSQL, the real battle service (`wire_services`): three battles
alike but for a creature hidden from the player (none; one off its path; one on its path),
and the player's dry runs of the same moves in each, as the intents route runs them without
HTTP: the request's reader view read once (server/readers/view.py `view_of`), the intent
judged on the battle as the player knows it (`BattleService.submit` with `dry_run` and that
view), and the answer encoded through the view by its marked fields (server/api/wire.py
`outcome_json`, then orjson); and the judging alone (`submit` reading the view itself).
Then the same for a
real move's judging alone (engine/unseen.py: a real action of a player who cannot see some
creatures is planned on what it knows, then meets the truth, so it is decided twice).

Reported: microseconds per dry run, whole and judging only (the median and the least of
several timed batches; the machine is shared, so the least is what survives its load), and
the engine's own decision time per real move with and without a hidden creature.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from typing import Any

import orjson

from engine import Context, decide
from engine.intents import parse_intent
from engine.unseen import judge_unseen
from events.migrate import upgrade
from ops.bench.common import print_table, throwaway_postgres
from server.api.wire import outcome_json
from server.battle_service import CreatedBattle
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.settings import Settings
from server.readers.view import view_of
from server.wiring import wire_services

BATCH = 50
REPEATS = 7
LURKER = "lurker7"
MOVES: list[dict[str, Any]] = [
    {"type": "move", "creature": "hero", "path": [[2, 1], [3, 1], [4, 1], [5, 1], [6, 1]]},
    {"type": "move", "creature": "hero", "to": [6, 4]},
    {"type": "shift", "creature": "hero", "to": [2, 2]},
]


def battle(hidden_at: list[int] | None) -> dict[str, Any]:
    creatures: list[dict[str, Any]] = [
        {"id": "hero", "name": "Hero", "side": "heroes", "at": [1, 1], "speeds": {"walk": 5}},
        {"id": "gob", "name": "Goblin", "side": "monsters", "at": [10, 6], "speeds": {"walk": 5}},
    ]
    if hidden_at is not None:
        creatures.append(
            {
                "id": LURKER,
                "name": "Lurker",
                "side": "monsters",
                "at": hidden_at,
                "speeds": {"walk": 5},
                "hidden": True,
            }
        )
    return {
        "ruleset": "draw-steel",
        "seed": 3,
        "options": {"turns": False},
        "map": {"width": 12, "height": 8, "terrain": []},
        "creatures": creatures,
    }


def per_call(run: Any) -> tuple[float, float]:
    batches = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        for _ in range(BATCH):
            run()
        batches.append((time.perf_counter() - start) / BATCH * 1e6)
    return statistics.median(batches), min(batches)


def main() -> None:
    with throwaway_postgres() as uri:
        engine = make_engine(to_sqlalchemy_url(uri))
        upgrade(engine)
        runner = asyncio.Runner()
        wired = wire_services(Settings(), engine, notify="off")
        runner.run(wired.start())
        service = wired.battles
        rows = []
        engine_rows = []
        cases = [("no hidden creature", None), ("hidden, off the path", [9, 5])]
        cases.append(("hidden, on the path", [4, 1]))
        for label, at in cases:
            made = runner.run(service.create_battle(battle(at)))
            assert isinstance(made, CreatedBattle)
            director = service.authenticate(made.battle_id, made.director_token)
            assert director is not None
            _, token = runner.run(service.add_seat(director, ["hero"], "bench"))
            player = service.authenticate(made.battle_id, token)
            assert player is not None
            for body in MOVES:
                intent = parse_intent(body)

                def dry(intent: Any = intent, player: Any = player) -> None:
                    answer = runner.run(service.submit(player, intent, dry_run=True))
                    assert answer.refused is None, answer.refused

                def answered(intent: Any = intent, player: Any = player) -> None:
                    view = view_of(service, player)
                    answer = runner.run(service.submit(player, intent, dry_run=True, view=view))
                    assert answer.refused is None, answer.refused
                    orjson.dumps(outcome_json(answer, view))

                median, least = per_call(answered)
                judging, judging_least = per_call(dry)
                what = body["type"] + (" to" if "to" in body and body["type"] == "move" else "")
                rows.append(
                    (
                        label,
                        what,
                        f"{median:.0f}",
                        f"{least:.0f}",
                        f"{judging:.0f}",
                        f"{judging_least:.0f}",
                    )
                )
            state = service.loader.current(made.battle_id).state
            hidden = {LURKER} if at is not None else set()
            real = parse_intent(MOVES[0])

            def judged(state: Any = state, hidden: set[str] = hidden, real: Any = real) -> None:
                judge_unseen(
                    real, state, hidden, lambda i, s, _: decide(i, s, Context()), Context()
                )

            median, least = per_call(judged)
            engine_rows.append((label, f"{median:.0f}", f"{least:.0f}"))
        print_table(
            "A player's dry run, in process (us per request; the machine is shared)",
            ["battle", "dry run", "answered median", "least", "judged median", "least"],
            rows,
        )
        print_table(
            "A player's real move as the engine judges it (us; decided twice when hidden)",
            ["battle", "median", "least"],
            engine_rows,
        )
        runner.run(wired.stop())
        runner.close()
        engine.dispose()


if __name__ == "__main__":
    main()
