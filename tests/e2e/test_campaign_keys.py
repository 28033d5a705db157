"""API keys (the key store outside the database) and revocable, rotatable battle tokens, over
real HTTP on a default server: no `TURNLEDGER_API_KEY`, keys made as `turnledger keys` makes
them."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from server.app import create_app
from server.operations.cli import app
from server.operations.cli_keys import first_key
from server.operations.database import make_engine
from server.operations.local_server import serving
from server.operations.settings import Settings
from server.trust.api_keys import ApiKeys, KeyFile
from tests.conftest import as_app_role
from tests.e2e.conftest import Running
from tests.integration.service.conftest import skirmish

STEP = {"type": "move", "creature": "hero", "path": [[1, 2]]}


@pytest.fixture(scope="module")
def keys_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("keys")


@pytest.fixture(scope="module")
def default_server(module_database: str, keys_dir: Path) -> Iterator[Running]:
    """A server as `make run` starts one: no configured key, its key file in its data folder."""
    settings = Settings(
        database_url=as_app_role(module_database),
        data_dir=keys_dir,
        log_level="warning",
        stream_heartbeat=0.3,
    )
    engine = make_engine(as_app_role(module_database), pool_size=10)
    try:
        with serving(create_app(settings, engine), log_level="warning") as url:
            yield Running(url, module_database)
    finally:
        engine.dispose()


def new_key(keys_dir: Path, name: str) -> str:
    _, secret = KeyFile(keys_dir / "api-keys.json").create(name, datetime.now(UTC))
    return secret


def create(http: httpx.Client, **extra: Any) -> dict[str, Any]:
    answer = http.post("/battles", json={**skirmish(), **extra})
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def test_a_default_server_still_creates_battles_without_a_key(default_server: Running) -> None:
    with default_server.client() as http:
        made = http.post("/battles", json=skirmish())
        listed = http.get(
            "/battles", headers={"Authorization": f"Bearer {made.json()['director_token']}"}
        )
    assert made.status_code == 201
    assert [b["battle_id"] for b in listed.json()["battles"]] == [made.json()["battle_id"]]


def test_junk_keys_and_tokens_are_401_never_an_empty_list(default_server: Running) -> None:
    with default_server.client() as http:
        by_key = http.get("/battles", headers={"X-API-Key": "junk"})
        by_bearer = http.get("/battles", headers={"Authorization": "Bearer junk"})
        nothing = http.get("/battles")
        creating = http.post("/battles", json=skirmish(), headers={"X-API-Key": "junk"})
    assert [a.status_code for a in (by_key, by_bearer, nothing, creating)] == [401] * 4


def test_each_key_lists_by_tag_the_battles_it_created(
    default_server: Running, keys_dir: Path
) -> None:
    mine, theirs = new_key(keys_dir, "league"), new_key(keys_dir, "discord-bot")
    with default_server.client(headers={"X-API-Key": mine}) as http:
        a = create(http, tags=["season-1"])
        create(http, tags=["season-2"])
    with default_server.client(headers={"Authorization": f"Bearer {theirs}"}) as http:
        other = create(http, tags=["season-1"])
        their_list = http.get("/battles", params={"tag": "season-1"}).json()
    with default_server.client(headers={"X-API-Key": mine}) as http:
        my_list = http.get("/battles", params={"tag": "season-1"}).json()
    assert [b["battle_id"] for b in my_list["battles"]] == [a["battle_id"]]
    assert [b["battle_id"] for b in their_list["battles"]] == [other["battle_id"]]


def test_a_key_acts_as_director_of_its_own_battles_only(
    default_server: Running, keys_dir: Path
) -> None:
    mine, theirs = new_key(keys_dir, "owner"), new_key(keys_dir, "stranger")
    with default_server.client(headers={"X-API-Key": mine}) as http:
        made = create(http)
        path = f"/battles/{made['battle_id']}"
        moved = http.post(f"{path}/intents", json=STEP)
        read = http.get(path)
    with default_server.client(headers={"X-API-Key": theirs}) as http:
        refused = http.get(path)
    assert (moved.status_code, read.status_code) == (201, 200)
    assert refused.status_code == 401


def test_a_revoked_key_opens_nothing_from_the_next_request(
    default_server: Running, keys_dir: Path
) -> None:
    secret = new_key(keys_dir, "leaked")
    with default_server.client(headers={"X-API-Key": secret}) as http:
        made = create(http)
        assert http.get("/battles").status_code == 200
        KeyFile(keys_dir / "api-keys.json").revoke("leaked", datetime.now(UTC))
        listed = http.get("/battles")
        state = http.get(f"/battles/{made['battle_id']}")
        creating = http.post("/battles", json=skirmish())
    for answer in (listed, state, creating):
        assert answer.status_code == 401
        assert answer.json()["type"].endswith("key-revoked"), answer.text
        assert "leaked" in answer.json()["detail"]
    with default_server.client(made["director_token"]) as http:
        assert http.get(f"/battles/{made['battle_id']}").status_code == 200


def seat_of(http: httpx.Client, battle_id: str) -> dict[str, Any]:
    answer = http.post(f"/battles/{battle_id}/seats", json={"creatures": ["hero"]})
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def revoked_401(answer: httpx.Response, what: str) -> None:
    assert answer.status_code == 401, answer.text
    problem = answer.json()
    assert problem["type"].endswith("token-revoked")
    assert "revoked" in problem["detail"] and what in problem["detail"]


def test_a_director_revokes_a_seat_and_its_stream_ends(default_server: Running) -> None:
    with default_server.client() as http:
        made = create(http)
    battle = made["battle_id"]
    with default_server.client(made["director_token"]) as director:
        seat = seat_of(director, battle)
        lines: list[str] = []
        opened, ended = threading.Event(), threading.Event()

        def follow() -> None:
            with (
                default_server.client(seat["token"], timeout=30) as http,
                http.stream("GET", f"/battles/{battle}/stream") as answer,
            ):
                opened.set()
                for line in answer.iter_lines():
                    lines.append(line)
            ended.set()

        threading.Thread(target=follow, daemon=True).start()
        assert opened.wait(10)
        revoked = director.delete(f"/battles/{battle}/seats/{seat['seat_id']}")
        assert ended.wait(10), "the revoked seat's stream did not end"
        gone = director.delete(f"/battles/{battle}/seats/no-such-seat")
    assert revoked.status_code == 200
    assert revoked.json()["revoked"] == [f"seat:{seat['seat_id']}"]
    assert gone.status_code == 404
    with default_server.client(seat["token"]) as http:
        revoked_401(http.get(f"/battles/{battle}"), f"seat:{seat['seat_id']}")
        revoked_401(http.post(f"/battles/{battle}/intents", json=STEP), "seat:")
    assert any(line.startswith("id:") for line in lines)  # it was live before it ended


def test_a_rotated_director_token_stops_at_once(default_server: Running) -> None:
    with default_server.client() as http:
        made = create(http)
    battle, old = made["battle_id"], made["director_token"]
    with default_server.client(old) as http:
        assert http.get(f"/battles/{battle}").status_code == 200  # cached as good
        rotated = http.post(f"/battles/{battle}/director-token/rotate")
        revoked_401(http.get(f"/battles/{battle}"), "director")
        again = http.post(f"/battles/{battle}/director-token/rotate")
    assert rotated.status_code == 200 and rotated.json()["revoked"] == ["director"]
    assert again.status_code == 401
    new = rotated.json()["director_token"]
    with default_server.client(new) as http:
        assert http.post(f"/battles/{battle}/intents", json=STEP).status_code == 201
        listed = http.get("/battles").json()["battles"]
    assert [b["battle_id"] for b in listed] == [battle]
    with default_server.client(old) as http:
        assert http.get("/battles").status_code == 401


def test_a_key_revokes_every_token_of_its_battle_and_takes_it_back(
    default_server: Running, keys_dir: Path
) -> None:
    key = new_key(keys_dir, "campaign")
    with default_server.client(headers={"X-API-Key": key}) as http:
        made = create(http)
        battle = made["battle_id"]
        seat = seat_of(http, battle)
        with default_server.client(made["director_token"]) as director:
            refused = director.post(f"/battles/{battle}/tokens/revoke")
        revoked = http.post(f"/battles/{battle}/tokens/revoke")
        fresh = http.post(f"/battles/{battle}/director-token/rotate")
    assert refused.status_code == 403
    assert revoked.status_code == 200
    assert sorted(revoked.json()["revoked"]) == ["director", f"seat:{seat['seat_id']}"]
    assert fresh.status_code == 200 and fresh.json()["revoked"] == []
    with default_server.client(made["director_token"]) as http:
        revoked_401(http.get(f"/battles/{battle}"), "director")
    with default_server.client(seat["token"]) as http:
        revoked_401(http.get(f"/battles/{battle}/events"), "seat:")
    with default_server.client(fresh.json()["director_token"]) as http:
        assert http.post(f"/battles/{battle}/intents", json=STEP).status_code == 201


def test_keys_are_made_listed_and_revoked_on_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TURNLEDGER_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("TURNLEDGER_API_KEY", raising=False)
    runner = CliRunner()
    first_key(Settings())
    first_key(Settings())  # a second start makes no second first key
    made = runner.invoke(app, ["keys", "create", "league"])
    twice = runner.invoke(app, ["keys", "create", "league"])
    revoked = runner.invoke(app, ["keys", "revoke", "league"])
    listed = runner.invoke(app, ["keys", "list"])
    assert made.exit_code == 0 and "tlk_" in made.output
    assert twice.exit_code == 1 and "exists already" in twice.output
    assert revoked.exit_code == 0
    secret = made.output.split()[-1]
    keys = ApiKeys(KeyFile(tmp_path / "api-keys.json"))
    assert [(k.name, k.revoked) for k in keys.listed()] == [("first", False), ("league", True)]
    found = keys.find(secret)
    assert found is not None and found.revoked
    assert "league" in listed.output and "first" in listed.output
    assert secret not in (tmp_path / "api-keys.json").read_text()


def test_the_token_routes_and_their_siblings_refuse_a_caller_without_credentials(
    default_server: Running, keys_dir: Path
) -> None:
    """A default server (no configured key) never takes a missing key for a battle's owner:
    with neither a battle token nor the key that created the battle, each of these is a 401,
    for a battle made with a key and for one made without (schemathesis's 200s for rotate and
    revoke came with the owning key in `X-API-Key`: authenticated, as designed)."""
    owner, stranger = new_key(keys_dir, "rotating-owner"), new_key(keys_dir, "rotating-stranger")
    with default_server.client(headers={"X-API-Key": owner}) as http:
        keyed = create(http)["battle_id"]
    with default_server.client() as http:
        keyless = create(http)["battle_id"]
    for battle in (keyed, keyless):
        for headers in ({}, {"X-API-Key": stranger}, {"Authorization": "Bearer junk"}):
            with default_server.client(headers=headers) as http:
                answers = [
                    http.post(f"/battles/{battle}/director-token/rotate"),
                    http.post(f"/battles/{battle}/tokens/revoke"),
                    http.delete(f"/battles/{battle}/seats/someone"),
                    http.get(f"/battles/{battle}/rejudgement"),
                    http.get(f"/battles/{battle}/export"),
                ]
            assert [a.status_code for a in answers] == [401] * 5, [a.text for a in answers]
    with default_server.client() as http:
        assert http.get("/feed").status_code == 401
        assert http.post("/battles/import", json={}).status_code in (401, 422)
