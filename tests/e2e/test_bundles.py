"""Bundles over real HTTP: a battle exported, written to a file and verified offline by the
client's verifier (and its console script) with only the keys of `GET /keys`; refused after
any byte of it changes; a player's bundle verifies, links as the director's does, and tells
nothing of a hidden creature; an import on another server (its own database and keys) makes
an equal battle, and a tampered or redacted bundle is refused with nothing appended."""

from __future__ import annotations

import subprocess
import sys
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson
import psycopg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from turnledger_client import Client
from turnledger_client.bundle import BundleBroken, verify_bundle

from server.app import create_app
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.local_server import serving
from server.operations.settings import Settings
from server.trust.keyring import generate
from tests.conftest import _with_database, as_app_role
from tests.e2e.conftest import API_KEY, Battle, Running, seat
from tests.e2e.test_hidden_creatures import LURKER, battle_with_lurker, normal

MOVES = [
    {"type": "move", "creature": "hero", "path": [[1, 2], [1, 3]]},
    {"type": "move", "creature": "gob", "to": [8, 3]},
    {"type": "fall_prone", "creature": "hero"},
]
VERIFY = [sys.executable, "-m", "turnledger_client.verify_cli"]


@pytest.fixture(scope="module")
def other_server(pg_admin_uri: str, template_database: str) -> Iterator[Running]:
    """A second server: its own database and its own key store, as another host would be."""
    name = f"o_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(pg_admin_uri, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template_database}"')
    database = _with_database(pg_admin_uri, name)
    settings = Settings(
        database_url=to_sqlalchemy_url(database),
        api_key=API_KEY,
        log_level="warning",
        keyring=generate(datetime.now(UTC)).to_json().decode(),
    )
    engine = make_engine(as_app_role(database), pool_size=5)
    try:
        with serving(create_app(settings, engine), log_level="warning") as url:
            yield Running(url, database)
    finally:
        engine.dispose()
        with psycopg.connect(pg_admin_uri, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def played(server: Running, battle: Battle) -> list[dict[str, Any]]:
    """Play MOVES in the battle; the receipts of its creation's version on."""
    receipts = []
    with server.client(battle.director) as http:
        for intent in MOVES:
            answer = http.post(f"/battles/{battle.battle_id}/intents", json=intent)
            assert answer.status_code == 201, answer.text
            receipts.append(answer.json()["receipt"])
    return receipts


def export(server: Running, token: str, battle_id: str) -> bytes:
    with server.client(token) as http:
        answer = http.get(f"/battles/{battle_id}/export")
    assert answer.status_code == 200, answer.text
    return answer.content


def keys_of(server: Running) -> list[dict[str, Any]]:
    with server.client() as http:
        return list(http.get("/keys").json()["keys"])


@pytest.fixture(scope="module")
def exported(server: Running, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A played battle exported by its director and written to a file."""
    with server.client(headers={"X-API-Key": API_KEY}) as http:
        created = http.post("/battles", json=battle_with_lurker([6, 6])).json()
    battle = Battle(created["battle_id"], created["director_token"], created["version"])
    receipts = [created["receipt"], *played(server, battle)]
    folder = tmp_path_factory.mktemp("bundle")
    (folder / "battle.json").write_bytes(export(server, battle.director, battle.battle_id))
    (folder / "keys.json").write_bytes(orjson.dumps({"keys": keys_of(server)}))
    (folder / "receipts.json").write_bytes(orjson.dumps({"receipts": receipts}))
    return {"battle": battle, "folder": folder, "receipts": receipts}


def test_the_directors_bundle_verifies_offline_after_a_round_trip_through_a_file(
    server: Running, exported: dict[str, Any]
) -> None:
    folder: Path = exported["folder"]
    battle: Battle = exported["battle"]
    raw = (folder / "battle.json").read_bytes()
    keys = orjson.loads((folder / "keys.json").read_bytes())["keys"]
    verdict = verify_bundle(raw, keys, exported["receipts"])
    assert verdict.ok and verdict.trusted and verdict.reader == "director"
    assert verdict.battle_id == battle.battle_id and verdict.receipts_checked == 4
    with server.client(battle.director) as http:
        logged = http.get(f"/battles/{battle.battle_id}/events", params={"limit": 1000}).json()
    assert [(e.version, e.hash) for e in verdict.events] == [
        (e["version"], e["hash"]) for e in logged["events"]
    ]
    for event, envelope in zip(verdict.events, logged["events"], strict=True):
        assert event.content is not None  # the director's bundle opens every event
        assert (event.content["type"], event.content["data"]) == (
            envelope["type"],
            envelope["data"],
        )
    # without trusted keys it holds together but is not trusted; with another server's, neither
    assert not verify_bundle(raw).trusted
    assert not verify_bundle(raw, [{**keys[0], "x": "A" * 43}]).trusted


def test_the_console_script_says_whether_a_bundle_holds(exported: dict[str, Any]) -> None:
    folder: Path = exported["folder"]
    bundle, keys, receipts = (
        str(folder / n) for n in ("battle.json", "keys.json", "receipts.json")
    )
    ran = subprocess.run(
        [*VERIFY, bundle, "--keys", keys, "--receipts", receipts],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "OK" in ran.stdout and "4 checked, 0 disagree" in ran.stdout
    untrusted = subprocess.run([*VERIFY, bundle], capture_output=True, text=True, timeout=60)
    assert untrusted.returncode == 3, untrusted.stdout
    broken = folder / "broken.json"
    raw = bytearray((folder / "battle.json").read_bytes())
    raw[len(raw) // 2] ^= 0x01
    broken.write_bytes(bytes(raw))
    ran = subprocess.run(
        [*VERIFY, str(broken), "--keys", keys], capture_output=True, text=True, timeout=60
    )
    assert ran.returncode == 1 and ran.stdout.startswith("BROKEN"), ran.stdout


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_any_byte_changed_breaks_the_bundle(exported: dict[str, Any], data: st.DataObject) -> None:
    raw = (exported["folder"] / "battle.json").read_bytes()
    keys = orjson.loads((exported["folder"] / "keys.json").read_bytes())["keys"]
    at = data.draw(st.integers(0, len(raw) - 1), label="position")
    value = data.draw(st.integers(0, 255).filter(lambda v: v != raw[at]), label="value")
    changed = raw[:at] + bytes([value]) + raw[at + 1 :]
    with pytest.raises(BundleBroken):
        verify_bundle(changed, keys)


def test_a_players_bundle_verifies_links_as_the_directors_and_leaks_no_hidden_creature(
    server: Running, new_battle: Any
) -> None:
    """Two battles whose hidden lurker stands and walks elsewhere: the player's bundles read
    the same (once what differs per battle anyway is set aside), and neither names it."""
    seen = []
    for at, to in (([6, 6], [7, 6]), ([10, 7], [10, 5])):
        battle = new_battle(battle_with_lurker(at))
        player = seat(server, battle, ["hero"])
        with server.client(battle.director) as http:
            lurked = {"type": "move", "creature": LURKER, "to": to}
            assert http.post(f"/battles/{battle.battle_id}/intents", json=lurked).status_code == 201
        played(server, battle)
        raw = export(server, player, battle.battle_id)
        assert LURKER.encode() not in raw and b"Lurker" not in raw
        verdict = verify_bundle(raw, keys_of(server))
        assert verdict.ok and verdict.reader.startswith("seat:")
        sealed = [e for e in verdict.events if e.sealed]
        assert sealed and any(e.shown is None for e in sealed)  # placeholders
        assert all(e.content is None or "seed" not in e.content["data"] for e in verdict.events)
        directors = orjson.loads(export(server, battle.director, battle.battle_id))
        assert (
            orjson.loads(orjson.loads(raw)["statement"])["link"]
            == (orjson.loads(directors["statement"])["link"])
        )
        seen.append(
            [(e.version, e.sealed, normal(e.content), normal(e.shown)) for e in verdict.events]
        )
    assert seen[0] == seen[1]


def event_rows(database: str) -> int:
    with psycopg.connect(database) as conn:
        row = conn.execute("SELECT count(*) FROM event_log").fetchone()
    assert row is not None
    return int(row[0])


def test_an_import_on_another_server_makes_an_equal_battle(
    server: Running, other_server: Running, exported: dict[str, Any]
) -> None:
    battle: Battle = exported["battle"]
    raw = (exported["folder"] / "battle.json").read_bytes()
    with other_server.client(
        headers={"X-API-Key": API_KEY, "Content-Type": "application/json"}
    ) as http:
        answer = http.post("/battles/import", content=raw)
    assert answer.status_code == 201, answer.text
    made = answer.json()
    assert made["source"]["battle_id"] == battle.battle_id
    assert made["battle_id"] != battle.battle_id
    assert made["version"] == exported["receipts"][-1]["version"]
    with server.client(battle.director) as http:
        old_state = http.get(f"/battles/{battle.battle_id}").json()
        old_events = http.get(f"/battles/{battle.battle_id}/events").json()["events"]
        old_moves = http.get(f"/battles/{battle.battle_id}/creatures/hero/movement").json()
    with other_server.client(made["director_token"]) as http:
        url = f"/battles/{made['battle_id']}"
        new_state = http.get(url).json()
        new_events = http.get(f"{url}/events").json()["events"]
        new_moves = http.get(f"{url}/creatures/hero/movement").json()  # the log's questions
        assert http.get(f"{url}/verify", params={"full": "true"}).json()["ok"]
        again = http.get(f"{url}/export").content
        moved = http.post(f"{url}/intents", json={"type": "stand_up", "creature": "hero"})
        assert moved.status_code == 201, moved.text  # the imported battle plays on
    assert {**new_state, "battle_id": None} == {**old_state, "battle_id": None}
    assert {**new_moves, "battle_id": None} == {**old_moves, "battle_id": None}
    chain = {"battle_id", "global_position", "hash", "prev_hash"}
    assert [{k: v for k, v in e.items() if k not in chain} for e in new_events] == [
        {k: v for k, v in e.items() if k not in chain} for e in old_events
    ]
    # the new server signs its own bundle of it, with its own keys, not the old server's
    assert verify_bundle(again, keys_of(other_server)).ok
    assert not verify_bundle(again, keys_of(server)).trusted


def test_an_import_refuses_a_tampered_a_players_or_an_unkeyed_bundle_appending_nothing(
    server: Running, other_server: Running, exported: dict[str, Any], new_battle: Any
) -> None:
    raw = (exported["folder"] / "battle.json").read_bytes()
    doc = orjson.loads(raw)
    content = orjson.loads(doc["events"][2]["content"])
    content["data"] = {**content["data"], "path": [[1, 2], [1, 4]]}  # a square further
    moved_on = {**doc, "events": [*doc["events"]]}
    moved_on["events"][2] = {**doc["events"][2], "content": orjson.dumps(content).decode()}
    other = new_battle()
    players = export(server, seat(server, other, ["hero"]), other.battle_id)
    before = event_rows(other_server.database_uri)
    headers = {"X-API-Key": API_KEY, "Content-Type": "application/json"}
    with other_server.client(headers=headers) as http:
        for body, why in (
            (orjson.dumps(moved_on), "commitment"),
            (raw.replace(b'"version":3', b'"version":9', 1), "order"),
            (players, "reader's bundle"),
        ):
            answer = http.post("/battles/import", content=body)
            assert answer.status_code == 422, (why, answer.text)
            assert answer.json()["type"].endswith("bundle-refused"), answer.text
        unkeyed = http.post("/battles/import", content=raw, headers={"X-API-Key": "wrong"})
        assert unkeyed.status_code == 401, unkeyed.text
        assert http.post("/battles/import", json={"format": 1}).status_code == 422
    assert event_rows(other_server.database_uri) == before


def test_the_python_client_exports_verifies_and_imports(
    server: Running, other_server: Running, exported: dict[str, Any]
) -> None:
    battle: Battle = exported["battle"]
    with Client(server.url, battle.director) as tl:
        bundle = tl.export(battle.battle_id)
        keys = [k.model_dump(mode="json") for k in tl.keys().keys]
    assert verify_bundle(bundle, keys).ok
    with Client(other_server.url, api_key=API_KEY) as tl:
        made = tl.import_bundle(bundle)
    assert made.version == exported["receipts"][-1]["version"]
    with Client(other_server.url, made.director_token) as tl:
        assert tl.state(made.battle_id).version == made.version
