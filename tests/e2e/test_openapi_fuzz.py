"""A bounded schemathesis run over /openapi.json: no 5xx, and every answer matches the schema.

Cases are generated from the schema for each operation; half of them get a real battle id
and its director token, so the generated bodies reach the engine instead of stopping at 401.
The live stream is left out: it never ends by design.
"""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.e2e.conftest import API_KEY, Running

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
EXAMPLES = 30


def operations(server: Running) -> list[Any]:
    schema = schemathesis.openapi.from_url(f"{server.url}/openapi.json")
    found = [result.ok() for result in schema.get_all_operations()]
    # The stream never ends; rotating or revoking would take away the tokens of the battle
    # every later case uses (who may call those routes: tests/e2e/test_campaign_keys.py).
    taking = ("/stream", "/director-token/rotate", "/tokens/revoke", "/seats/{seat_id}")
    return [op for op in found if not op.path.endswith(taking)]


def test_generated_requests_never_get_a_5xx_or_an_off_schema_answer(
    server: Running, new_battle
) -> None:
    battle = new_battle()
    ops = operations(server)
    assert len(ops) >= 14
    failures: list[str] = []
    for op in ops:

        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        @given(case=op.as_strategy(), real=st.booleans())
        def fuzz(case: Any, real: bool) -> None:
            headers = {"X-API-Key": API_KEY}
            if real:
                if case.path_parameters and "battle_id" in case.path_parameters:
                    case.path_parameters["battle_id"] = battle.battle_id
                headers["Authorization"] = f"Bearer {battle.director}"
            case.call_and_validate(base_url=server.url, headers=headers, checks=CHECKS, timeout=10)

        try:
            fuzz()
        except Exception as exc:  # collect every operation's failure, then report them all
            failures.append(f"{op.label}: {str(exc)[:1500]}")
    if failures:
        pytest.fail("\n\n".join(failures))
