"""Every example in `/openapi.json` played against a real server, answered as documented.

A create example per ruleset and an intent example of every intent type, each sent as
Swagger UI's "Try it out" sends it (an intent to a battle made by its ruleset's create
example, after the intents its description names), and the answer compared with the answer
the contract documents beside it: every documented value answered alike, but for the values
that differ on every run (ids, times, keyed hashes, signatures); fields the contract gained
since the answers were recorded may be added.

`TURNLEDGER_RECORD_EXAMPLES=1` records the answers instead (server/api/answers/example_answers.json),
after a change that changes them on purpose; the next run compares against them.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any, get_args

import pytest

from engine import builtin_rulesets
from server.api.answers import examples
from server.api.answers.documented import INTENT_MEMBERS
from tests.e2e.conftest import API_KEY, Running

RECORDING = os.environ.get("TURNLEDGER_RECORD_EXAMPLES") == "1"
RECORDED: dict[str, Any] = {}
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def contract(server: Running) -> dict[str, Any]:
    with server.client(timeout=120) as http:  # made on the first call: seconds on a busy machine
        return dict(http.get("/openapi.json").json())


def documented(contract: dict[str, Any], path: str, status: int, name: str) -> Any:
    operation = contract["paths"][path]["post"]
    content = operation["responses"][str(status)]["content"]
    media = "application/problem+json" if status >= 400 else "application/json"
    return content[media]["examples"][name]["value"]


def create(server: Running, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    with server.client(headers={"X-API-Key": API_KEY}) as http:
        answer = http.post("/battles", json=body)
    return answer.status_code, answer.json()


def check(contract: dict[str, Any], path: str, status: int, name: str, got: Any) -> None:
    if RECORDING:
        RECORDED[name] = got
        return
    want = documented(contract, path, status, name.removeprefix("create:"))
    assert examples.differences(want, got) == []


@pytest.mark.parametrize("example", examples.CREATE, ids=lambda e: e.name)
def test_each_ruleset_s_create_example_answers_as_documented(
    server: Running, contract: dict[str, Any], example: examples.Example
) -> None:
    request = contract["paths"]["/battles"]["post"]["requestBody"]["content"]
    assert request["application/json"]["examples"][example.name]["value"] == example.body
    status, got = create(server, example.body)
    assert status == 201, got
    assert got["version"] == 2
    check(contract, "/battles", 201, f"create:{example.name}", got)


@pytest.mark.parametrize("example", examples.INTENTS, ids=lambda e: e.name)
def test_each_intent_example_answers_as_documented(
    server: Running, contract: dict[str, Any], example: examples.Example
) -> None:
    path = "/battles/{battle_id}/intents"
    request = contract["paths"][path]["post"]["requestBody"]["content"]["application/json"]
    assert request["examples"][example.name]["value"] == example.body
    body = next(e.body for e in examples.CREATE if e.name == example.ruleset)
    status, battle = create(server, body)
    assert status == 201, battle
    url = f"/battles/{battle['battle_id']}/intents"
    with server.client(battle["director_token"]) as http:
        for earlier in example.before:
            assert http.post(url, json=earlier).status_code == 201, earlier
        answer = http.post(url, json=example.body)
    assert answer.status_code == example.status, answer.text
    check(contract, path, example.status, example.name, answer.json())


def test_every_intent_type_and_every_ruleset_has_an_example() -> None:
    types = {get_args(m.model_fields["type"].annotation)[0] for m in INTENT_MEMBERS}
    assert types == {e.body["type"] for e in examples.INTENTS}
    rulesets = set(builtin_rulesets().ids())
    assert {e.name for e in examples.CREATE} == rulesets
    assert {e.ruleset for e in examples.INTENTS} == rulesets


def test_the_readme_s_walkthrough_creates_the_draw_steel_example() -> None:
    readme = (ROOT / "README.md").read_text()
    sent = re.search(r"curl -s \$API/battles -H 'Content-Type: application/json' -d '(\{.*?\})'",
                     readme, re.S)  # fmt: skip
    assert sent is not None
    assert json.loads(sent.group(1)) == examples.CREATE[0].body


def test_zz_recording_writes_the_answers() -> None:
    """Last in the file: in recording mode, writes what the tests above answered."""
    if RECORDING:
        examples.ANSWERS.write_text(json.dumps(RECORDED, indent=1, sort_keys=True) + "\n")
    assert examples.answers() or RECORDING, "no recorded answers: run with recording on"
