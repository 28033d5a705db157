"""A longer schemathesis run than the route suite's, over every operation, in sequence.

Each operation gets more generated cases, and the path and query parameters a case needs to
go deep are filled from a battle that is actually being played: its id and director token,
an intent id that exists, a version inside its range. The battle moves on between
operations (a real move is appended before each), so later cases meet a longer history.
Bounded: EXAMPLES per operation, under a minute in all on this machine; failures are
reported as found, without shrinking through live HTTP.
"""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.e2e.conftest import API_KEY, Running
from tests.e2e.test_openapi_fuzz import CHECKS, operations

EXAMPLES = 40


def test_a_longer_run_with_real_ids_never_gets_a_5xx_or_an_off_schema_answer(
    server: Running, new_battle: Any
) -> None:
    battle = new_battle()
    headers = {"X-API-Key": API_KEY, "Authorization": f"Bearer {battle.director}"}
    failures: list[str] = []
    recorded: dict[str, str | None] = {"intent_id": None}
    for n, op in enumerate(operations(server)):
        with server.client(battle.director) as http:
            y = 2 + n % 2
            moved = http.post(
                f"/battles/{battle.battle_id}/intents",
                json={"type": "move", "creature": "hero", "path": [[1, y]]},
            )
            head = http.get(f"/battles/{battle.battle_id}").json()["version"]
        if moved.status_code == 201:
            recorded["intent_id"] = moved.json()["intent_id"]

        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
            phases=[Phase.explicit, Phase.generate],  # report a failure as found: shrinking
            # through live HTTP can outlast the suite's time limit
        )
        @given(case=op.as_strategy(), version=st.integers(1, max(1, head)), real=st.booleans())
        def fuzz(case: Any, version: int, real: bool) -> None:
            if real:
                params = case.path_parameters or {}
                if "battle_id" in params:
                    params["battle_id"] = battle.battle_id
                if "intent_id" in params and recorded["intent_id"]:
                    params["intent_id"] = recorded["intent_id"]
                if case.query and "version" in case.query:
                    case.query["version"] = version
            case.call_and_validate(
                base_url=server.url, headers=headers if real else {}, checks=CHECKS, timeout=30
            )

        try:
            fuzz()
        except Exception as exc:  # collect each operation's failure and report them together
            failures.append(f"{op.label}: {str(exc)[:1500]}")
    assert schemathesis  # the schema came from the live server through schemathesis
    if failures:
        pytest.fail("\n\n".join(failures))
