"""Schemathesis over the whole contract, as an outside tester runs it: every check, the
stateless phases (examples, coverage, fuzzing) and the stateful one, against a real server,
within a bounded time (`MAX_SECONDS`). The document declares no links between operations
yet, so the stateful phase has no scenario to follow: the stateless phases carry the run.

The server lifts its rate limits for this run (a 429 is documented on every route, but a
fuzzer throttled after its first hundred requests would test little else). The live stream
is left out of the generated requests (an answer that never ends by design); its events'
documented schema is checked by tests/e2e/test_openapi_contract.py.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from server.app import create_app
from server.database import make_engine
from server.embedded_postgres import to_sqlalchemy_url
from server.local_server import serving
from server.settings import Settings
from tests.conftest import as_app_role
from tests.e2e.conftest import API_KEY, Running
from tests.integration.service.conftest import skirmish

MAX_SECONDS = 45
"""The whole run's time budget (schemathesis stops generating when it is spent)."""
EXAMPLES = 8
"""Generated cases per operation and phase at most."""


@pytest.fixture(scope="module")
def unthrottled(module_database: str) -> Iterator[Running]:
    settings = Settings(
        database_url=to_sqlalchemy_url(module_database),
        api_key=API_KEY,
        log_level="warning",
        rate_limits=False,
    )
    engine = make_engine(as_app_role(module_database), pool_size=10)
    try:
        with serving(create_app(settings, engine), log_level="error") as url:
            yield Running(url, module_database)
    finally:
        engine.dispose()


CONFIG = """
[parameters]
"path.battle_id" = "{battle}"
"query.token" = "{token}"

[checks.positive_data_acceptance]
# a request the schema allows may still be refused by what no schema holds: the rules (422,
# with the rule id), a stale version or a closed battle (409), an id of the battle's that
# is not there (a creature, an intent: 404), an undo with nothing to undo (409)
expected-statuses = ["2xx", "404", "409", "422"]
"""
"""The run's configuration: every battle route on one real battle, and the answers the
rules give a schema-valid request (documented on each route)."""


def test_schemathesis_finds_no_failure_with_every_check_stateless_and_stateful(
    unthrottled: Running, tmp_path: Path
) -> None:
    with unthrottled.client(headers={"X-API-Key": API_KEY}, timeout=60) as http:
        assert http.get("/openapi.json").status_code == 200  # built once, before the clock
        made = http.post("/battles", json=skirmish()).json()
    config = tmp_path / "schemathesis.toml"
    config.write_text(CONFIG.format(battle=made["battle_id"], token=made["director_token"]))
    command = [
        str(Path(sys.executable).with_name("schemathesis")),
        "--config-file",
        str(config),
        "run",
        f"{unthrottled.url}/openapi.json",
        "--checks",
        "all",
        "--phases",
        "examples,coverage,fuzzing,stateful",
        "--max-examples",
        str(EXAMPLES),
        "--max-time",
        str(MAX_SECONDS),
        "--request-timeout",
        "20",
        # the stream never ends; rotating or revoking would take away the one battle's token
        # that every later case uses (their rights are tested in test_campaign_keys.py)
        "--exclude-path-regex",
        r"(/stream|/director-token/rotate|/tokens/revoke|/seats/\{seat_id\})$",
        "--seed",
        "34",
        "--suppress-health-check",
        "all",
        "-H",
        f"X-API-Key: {API_KEY}",
        "-H",
        f"Authorization: Bearer {made['director_token']}",
        "--no-color",
    ]
    ran = subprocess.run(  # in the test's folder: schemathesis keeps a cache where it runs
        command,
        capture_output=True,
        text=True,
        timeout=MAX_SECONDS * 4,
        check=False,
        cwd=tmp_path,
    )
    report = ran.stdout[-12000:] + ran.stderr[-3000:]
    assert ran.returncode == 0, report
    assert "passed" in ran.stdout.lower(), report
