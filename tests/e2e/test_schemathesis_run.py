"""Schemathesis over the whole contract, as an outside tester runs it: every check, the
stateless phases (examples, coverage, fuzzing) and the stateful one (scenarios along the
links schemathesis infers from the document), against a real server on a real PostgreSQL.

Bounded and reproducible: one fixed seed and `EXAMPLES` generated cases per operation in
the fuzzing phase and per scenario in the stateful one. The coverage phase has no such bound
(it sends every boundary case of every field once): for the three bodies that are unions of
every intent or every ruleset's setup (create, intents, what-if) that is some 8 000 requests,
minutes on a loaded machine, so the suite leaves those three to the other phases (examples,
fuzzing, positive and negative, and stateful) and covers them with
`TURNLEDGER_SCHEMATHESIS_COVERAGE=all`, as a longer run does with other seeds and more cases:
`TURNLEDGER_SCHEMATHESIS_SEED=7 TURNLEDGER_SCHEMATHESIS_EXAMPLES=20
TURNLEDGER_SCHEMATHESIS_COVERAGE=all pytest tests/e2e/test_schemathesis_run.py`.

The run's server differs from a default one in two settings, both about the edge rather than
the application: its rate limits are lifted (a 429 is documented on every route, but a fuzzer
throttled after its first hundred requests would test little else), and its limits on the
request head (`TURNLEDGER_HEADER_BYTES`, `TURNLEDGER_HEADER_LINE_BYTES`, 431 past them,
documented on every route) hold the document's longest value (the feed's checkpoint, 20 000
characters of its alphabet) and stay under what the HTTP parser reads whole (past some 64 KB
of request line it answers a bare 400 of its own), so the bounds tested are the document's
own. The edge's limits have their own tests (tests/e2e/abuse/); a request over
them is still a refusal, which the negative-data check is told (413 and 431 below).

Left out of the generated requests, each for a written reason: the live stream (an answer
that never ends by design; its events' documented schema is checked by
tests/e2e/test_openapi_contract.py), and the three routes that rotate or revoke the tokens of
the one battle every later case uses (after them every case would meet 401; who may call
them, and that they refuse everyone else: tests/e2e/test_campaign_keys.py).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from server.app import create_app
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.local_server import serving
from server.operations.settings import Settings
from tests.conftest import as_app_role
from tests.e2e.conftest import API_KEY, Running
from tests.integration.service.conftest import skirmish

SEED = int(os.environ.get("TURNLEDGER_SCHEMATHESIS_SEED", "34"))
EXAMPLES = int(os.environ.get("TURNLEDGER_SCHEMATHESIS_EXAMPLES", "5"))
"""Generated cases per operation in the fuzzing phase, and per scenario in the stateful one."""
EVERY_BOUNDARY = os.environ.get("TURNLEDGER_SCHEMATHESIS_COVERAGE") == "all"
EXCLUDED = r"(/stream|/director-token/rotate|/tokens/revoke|/seats/\{seat_id\})$"


@pytest.fixture(scope="module")
def unthrottled(module_database: str) -> Iterator[Running]:
    settings = Settings(
        database_url=to_sqlalchemy_url(module_database),
        api_key=API_KEY,
        log_level="warning",
        rate_limits=False,
        header_line_bytes=32 * 1024,
        header_bytes=64 * 1024,
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

[checks.negative_data_rejection]
# schemathesis's list, and the edge's refusals of what is too big to read (every route
# documents them): a body over its limit (413), a request head over its limit (431)
expected-statuses = [
  "400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429", "431", "5xx"
]
"""
"""The run's configuration: every battle route on one real battle, and the answers the
rules give a schema-valid request (documented on each route)."""

UNIONS = """
[[operations]]
# bodies that are unions of every intent or of every ruleset's setup: their coverage phase
# alone is some 8 000 requests (the module's docstring)
include-operation-id = ["create_battle", "submit_intent", "what_if"]
phases.coverage.enabled = false
"""


def test_schemathesis_finds_no_failure_with_every_check_stateless_and_stateful(
    unthrottled: Running, tmp_path: Path
) -> None:
    with unthrottled.client(headers={"X-API-Key": API_KEY}, timeout=60) as http:
        assert http.get("/openapi.json").status_code == 200  # built once, before the run
        made = http.post("/battles", json=skirmish()).json()
    config = tmp_path / "schemathesis.toml"
    written = CONFIG.format(battle=made["battle_id"], token=made["director_token"])
    config.write_text(written if EVERY_BOUNDARY else written + UNIONS)
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
        "--seed",
        str(SEED),
        "--request-timeout",
        "30",
        "--exclude-path-regex",
        EXCLUDED,
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
        timeout=600,
        check=False,
        cwd=tmp_path,
    )
    # from its first failure or error on, each line cut short (a case may send 20 000 bytes)
    start = min(
        (i for i in map(ran.stdout.find, ("= ERRORS =", "= FAILURES =")) if i >= 0), default=0
    )
    lines = (ran.stdout[start:] + ran.stderr[-3000:]).splitlines()
    report = "\n".join(line[:400] for line in lines)[:30000]
    assert ran.returncode == 0, report
    assert "❌" not in ran.stdout, report  # no phase failed, no check failed
    scenarios = re.search(r"Scenarios:\s+(\d+)", ran.stdout)
    assert scenarios is not None and int(scenarios.group(1)) > 0, report  # stateful ran
