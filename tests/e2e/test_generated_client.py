"""A client generated from `/openapi.json` by openapi-python-client, as a VTT author would.

Generation must pass without a warning, and the generated code must work against the real
server: a typed submit whose `Moved` data comes back as its own class, and a `redo()` sent
without a body (once a crash: the body was `RedoIn | None`).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from tests.e2e.conftest import Battle, Running

BIN = Path(sys.executable).parent


@pytest.fixture(scope="module")
def generated(server: Running, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    import httpx

    home = tmp_path_factory.mktemp("generated")
    (home / "openapi.json").write_text(
        json.dumps(httpx.get(f"{server.url}/openapi.json", timeout=60).json())
    )
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    made = subprocess.run(
        [str(BIN / "openapi-python-client"), "generate", "--path", "openapi.json",
         "--meta", "none", "--output-path", str(home / "tlgen")],
        cwd=home, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    output = made.stdout + made.stderr
    assert made.returncode == 0, output
    assert "Warning" not in output and "warning" not in output, output
    sys.path.insert(0, str(home))
    try:
        yield importlib.import_module("tlgen")
    finally:
        sys.path.remove(str(home))
        for name in [m for m in sys.modules if m == "tlgen" or m.startswith("tlgen.")]:
            del sys.modules[name]


def test_the_generated_client_submits_typed_intents_and_reads_typed_events(
    server: Running, new_battle, generated: ModuleType
) -> None:
    battle: Battle = new_battle()
    submit = importlib.import_module("tlgen.api.battles.submit_intent")
    redo = importlib.import_module("tlgen.api.history.redo")
    undo = importlib.import_module("tlgen.api.history.undo")
    models = importlib.import_module("tlgen.models")
    client = generated.AuthenticatedClient(base_url=server.url, token=battle.director)
    with client:
        moved = submit.sync(
            battle.battle_id,
            client=client,
            body=models.Move(creature="hero", path=[[1, 2], [1, 3]]),
            idempotency_key="gen-1",
        )
        assert isinstance(moved, models.IntentOut), moved
        data = next(e.data for e in moved.events if e.type_ == "Moved")
        assert isinstance(data, models.MovedData)
        assert data.creature == "hero" and data.cost == 2 and data.path == [[1, 2, 0], [1, 3, 0]]
        undone = undo.sync(battle.battle_id, client=client)
        assert isinstance(undone, models.IntentOut), undone
        redone = redo.sync(battle.battle_id, client=client)
        assert isinstance(redone, models.IntentOut), redone
        assert redone.version == undone.version + 2
        refused = submit.sync(
            battle.battle_id, client=client, body=models.Move(creature="hero", path=[[3, 1]])
        )
        assert isinstance(refused, models.Problem) and refused.rule


def test_a_battle_is_created_without_a_token(server: Running, generated: ModuleType) -> None:
    from tests.e2e.conftest import API_KEY
    from tests.integration.service.conftest import skirmish

    create = importlib.import_module("tlgen.api.battles.create_battle")
    models = importlib.import_module("tlgen.models")
    with generated.Client(base_url=server.url) as client:
        made = create.sync(
            client=client, body=models.DrawSteelBattle.from_dict(skirmish()), x_api_key=API_KEY
        )
    assert isinstance(made, models.BattleCreatedOut) and made.director_token, made


KNOWN_SHAPES = [
    ("StateView", "options"),
    ("BattleStateOut", "options"),
    ("BattleStateOut", "board"),
    ("BattleCreatedData", "options"),
    ("IntentAcceptedData", "intent"),
    ("Judgement", "intent"),
    ("Place", "creature"),
    ("Change", "what_if"),
    ("Change", "actual"),
]


def annotation(model: type, field: str) -> str:
    source = ast.parse(textwrap.dedent(inspect.getsource(model)))
    body = source.body[0]
    assert isinstance(body, ast.ClassDef)
    for statement in body.body:
        if isinstance(statement, ast.AnnAssign) and ast.unparse(statement.target) == field:
            return ast.unparse(statement.annotation)
    raise AssertionError(f"{model.__name__} has no field {field}")


@pytest.mark.parametrize(("model", "field"), KNOWN_SHAPES)
def test_the_generated_models_type_what_the_server_knows(
    generated: ModuleType, model: str, field: str
) -> None:
    models = importlib.import_module("tlgen.models")
    shown = annotation(getattr(models, model), field)
    assert "Any" not in shown and "dict" not in shown.lower(), f"{model}.{field}: {shown}"


def test_the_stream_answers_text_not_any(generated: ModuleType) -> None:
    stream = importlib.import_module("tlgen.api.battles.stream_events")
    answer = inspect.signature(stream.sync).return_annotation
    assert "str" in str(answer) and "Any" not in str(answer), answer
