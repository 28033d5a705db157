"""turnledger-client against the real server: typed answers, typed errors, safe retries through
a proxy that drops answers and connections or answers 503, and a stream that resumes."""

from __future__ import annotations

import ast
import asyncio
import difflib
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from turnledger_client import (
    AsyncClient,
    Client,
    Conflict,
    Forbidden,
    NotFound,
    Refused,
    Unauthorized,
    wire,
)

from tests.e2e.conftest import API_KEY, Running
from tests.e2e.tcp_proxy import proxy_to
from tests.integration.service.conftest import skirmish

CLIENT = Path(__file__).parents[2] / "clients" / "python"
MOVE = {"type": "move", "creature": "hero", "path": [[1, 2], [1, 3]]}


def new_battle(url: str) -> tuple[str, str]:
    with Client(url, api_key=API_KEY) as tl:
        created = tl.create_battle(skirmish())
    return created.battle_id, created.director_token


def test_the_generated_models_say_what_the_server_s_openapi_says() -> None:
    sys.path.insert(0, str(CLIENT))
    try:
        from regenerate import WIRE, generate, server_openapi
    finally:
        sys.path.remove(str(CLIENT))
    # compared as syntax trees (a formatter's version must not fail it, a changed model must),
    # shown as a short line diff: pytest's own diff of two 300 kB strings runs past the timeout
    fresh = ast.unparse(ast.parse(generate(server_openapi()))).splitlines()
    kept = ast.unparse(ast.parse(WIRE.read_text())).splitlines()
    stale = list(difflib.unified_diff(kept, fresh, "wire.py", "server", lineterm="", n=1))
    assert not stale, "run clients/python/regenerate.py:\n" + "\n".join(stale[:60])


def test_a_campaign_backend_s_loop_gets_typed_answers(server: Running) -> None:
    battle, director = new_battle(server.url)
    with Client(server.url, director) as tl:
        seat = tl.add_seat(battle, ["hero"], name="Ana")
        preview = tl.submit(battle, MOVE, dry_run=True)
        assert isinstance(preview, wire.DryRunOut) and preview.version == 4
        assert tl.state(battle).version == 2  # nothing appended
        answer = tl.submit(battle, wire.Move(creature="hero", path=[[1, 2], [1, 3]]))
        assert isinstance(answer, wire.IntentOut) and answer.version == 4
        moved = next(e for e in answer.events if e.type == "Moved")
        assert isinstance(moved, wire.MovedEnvelope) and isinstance(moved.data, wire.MovedData)
        assert moved.data.cost == 2 and moved.data.creature == "hero"
        state = tl.state(battle)
        assert state.creatures["hero"].position == [1, 3, 0]
        assert tl.state(battle, version=2).creatures["hero"].position == [1, 1, 0]
        page = tl.events(battle, after=0, narrate=True)
        assert [e.version for e in page.events] == [1, 2, 3, 4]
        assert page.events[-1].narration == "Tactician moved 2 squares to (1, 3)"
        squares = tl.reach(battle, "hero").squares
        assert any(s.at[:2] == [1, 4] for s in squares)
        offered = tl.options(battle, "hero")
        move = next(o for o in offered.options if o.kind == "move" and o.available)
        assert isinstance(move.intent, wire.Move) and move.reach is not None
        assert isinstance(tl.submit(battle, move.intent, dry_run=True), wire.DryRunOut)
        judged = tl.judgement(battle, answer.intent_id or "")
        assert judged.matches is True
        steps = tl.replay(battle, 1, 4).steps
        assert [s.version for s in steps] == [1, 2, 3, 4]
        tried = tl.what_if(battle, 2, [{"type": "shift", "creature": "hero", "to": [0, 1]}])
        assert tried.difference.creatures["hero"].position is not None
        assert tl.undo(battle).version == 6
        assert tl.redo(battle).version == 8
        assert tl.rewind(battle, 2).version > 8
        assert tl.state(battle).creatures["hero"].position == [1, 1, 0]
        assert tl.verify(battle).ok
    with Client(server.url, seat.token) as player:
        with pytest.raises(Forbidden) as forbidden:
            player.submit(battle, {"type": "move", "creature": "gob", "path": [[8, 1]]})
        assert forbidden.value.rule and forbidden.value.status == 403


def test_a_player_reads_the_log_through_the_typed_client_without_the_seed(
    server: Running,
) -> None:
    battle, director = new_battle(server.url)
    with Client(server.url, director) as tl:
        seat = tl.add_seat(battle, ["hero"], name="Ana")
        tl.submit(battle, MOVE)
        created = next(e for e in tl.events(battle, after=0).events if e.type == "BattleCreated")
        assert isinstance(created, wire.BattleCreatedEnvelope)
        assert isinstance(created.data.seed, int)  # the director reads the dice seed
    with Client(server.url, seat.token) as player:
        page = player.events(battle, after=0)
        seen = next(e for e in page.events if e.type == "BattleCreated")
        assert isinstance(seen, wire.BattleCreatedEnvelope) and seen.data.seed is None
        assert any(isinstance(e, wire.MovedEnvelope) for e in page.events)


def test_refusals_and_other_problems_raise_typed_errors(server: Running) -> None:
    battle, director = new_battle(server.url)
    with Client(server.url, director) as tl:
        with pytest.raises(Refused) as refused:
            tl.submit(battle, {"type": "move", "creature": "hero", "path": [[2, 2], [3, 1]]})
        assert refused.value.rule == "map/blocked"
        assert refused.value.step is not None and refused.value.detail
        with pytest.raises(Conflict) as conflict:
            tl.submit(battle, MOVE, expected_version=99)
        assert conflict.value.actual_version == 2
        with pytest.raises(NotFound):
            tl.state(battle, version=50)
    with Client(server.url, "not-a-token") as stranger, pytest.raises(Unauthorized):
        stranger.state(battle)


def test_an_idempotency_key_given_or_generated_makes_a_retry_safe(server: Running) -> None:
    battle, director = new_battle(server.url)
    with Client(server.url, director) as tl:
        first = tl.submit(battle, MOVE, idempotency_key="turn-1")
        again = tl.submit(battle, MOVE, idempotency_key="turn-1")
        assert again.replayed and again.version == first.version
        step = {"type": "set_terrain", "kind": "difficult", "cells": [[10, 7]]}
        one, two = tl.submit(battle, step), tl.submit(battle, step)
        assert (one.replayed, two.replayed) == (False, False) and two.version > one.version


def test_a_lost_answer_is_retried_with_the_same_key_and_acts_once(server: Running) -> None:
    battle, director = new_battle(server.url)
    with proxy_to(server.url) as proxy, Client(proxy.url, director, backoff=0.05) as tl:
        proxy.lose_next_answer()
        answer = tl.submit(battle, MOVE)
        assert proxy.requests_lost == 1
        assert answer.replayed and answer.version == 4  # the first answer, not a second move
    with Client(server.url, director) as tl:
        assert tl.events(battle).next_after == 4
        assert tl.state(battle).creatures["hero"].position == [1, 3, 0]


def test_a_busy_server_is_retried_and_then_answers(server: Running) -> None:
    battle, director = new_battle(server.url)
    with proxy_to(server.url) as proxy, Client(proxy.url, director, backoff=0.05) as tl:
        proxy.busy_next(2)
        answer = tl.submit(battle, MOVE)
        assert proxy.requests_refused == 2 and answer.version == 4 and not answer.replayed


def test_the_stream_resumes_after_a_dropped_connection_without_loss_or_repeats(
    server: Running,
) -> None:
    battle, director = new_battle(server.url)
    seen: list[int] = []
    two_seen, all_seen = threading.Event(), threading.Event()
    errors: list[BaseException] = []

    def follow(url: str) -> None:
        try:
            with Client(url, director, backoff=0.05) as tl:
                for event in tl.stream(battle):
                    seen.append(event.version)
                    if len(seen) == 2:
                        two_seen.set()
                    if event.version >= 8:
                        all_seen.set()
                        return
        except BaseException as exc:  # reported by the test below
            errors.append(exc)
            all_seen.set()

    with proxy_to(server.url) as proxy:
        reader = threading.Thread(target=follow, args=(proxy.url,), daemon=True)
        reader.start()
        assert two_seen.wait(20)
        proxy.cut()
        with Client(server.url, director) as tl:
            tl.submit(battle, MOVE)  # versions 3-4, while the stream is down or reconnecting
            proxy.cut()
            tl.undo(battle)  # 5-6
            tl.redo(battle)  # 7-8
        assert all_seen.wait(30)
    assert not errors, errors
    assert seen == list(range(1, 9))


def test_the_async_client_plays_and_streams(server: Running) -> None:
    battle, director = new_battle(server.url)

    async def play() -> list[Any]:
        async with AsyncClient(server.url, director) as tl:
            answer = await tl.submit(battle, MOVE)
            state = await tl.state(battle)
            with pytest.raises(Refused):
                await tl.submit(battle, {"type": "move", "creature": "hero", "path": [[9, 9]]})
            seen = []
            async for event in tl.stream(battle, after=2):
                seen.append(event)
                if event.version == answer.version:
                    break
            assert state.creatures["hero"].position == [1, 3, 0]
            return seen

    seen = asyncio.run(play())
    assert [e.version for e in seen] == [3, 4] and seen[1].type == "Moved"


def test_the_client_stands_alone_on_httpx_and_pydantic(tmp_path: Path) -> None:
    metadata = (CLIENT / "pyproject.toml").read_text()
    # httpx-sse reads the live stream's server-sent events
    deps = 'dependencies = [\n    "httpx>=0.27",\n    "httpx-sse>=0.4",\n    "pydantic>=2.7",\n]'
    assert deps in metadata
    probe = (
        "import sys, turnledger_client;"
        "mine = {'server', 'engine', 'events', 'projections', 'fastapi', 'sqlalchemy'};"
        "print(sorted(mine & {m.split('.')[0] for m in sys.modules}))"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", probe], cwd=tmp_path, capture_output=True, text=True,
        timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_package_and_the_readme_example_pass_mypy_strict(tmp_path: Path) -> None:
    """The README's loop, typed by the package alone: `submit` by `dry_run`, `stream()` by
    event type, the state's creatures as models (no cast, no Any)."""
    readme = (CLIENT / "README.md").read_text()
    example = readme.split("```python\n", 1)[1].split("```", 1)[0]
    (tmp_path / "example.py").write_text(example)
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental",
         str(CLIENT / "turnledger_client"), str(tmp_path / "example.py")],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stdout + checked.stderr
