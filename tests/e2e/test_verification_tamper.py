"""Verification against a database holder, over real HTTP: each test is one tamper that the
server used to accept (the issue's table) and now catches."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg
import pytest
from sqlalchemy.engine import make_url

from server.trust import keyring as keys
from server.trust.receipts import make_receipt
from tests.conftest import as_app_role
from tests.e2e.conftest import Running
from tests.e2e.test_receipts import _serve, play, rechain_as_superuser


@pytest.fixture(scope="module")
def keyring_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("keys") / "keyring.json"


@pytest.fixture(scope="module")
def server(module_database: str, keyring_file: Path) -> Iterator[Running]:
    keys.write_new(keyring_file, keys.generate(datetime.now(UTC)))
    yield from _serve(module_database, keyring_file)


def as_superuser(database: str, *statements: tuple[str, tuple[Any, ...]]) -> None:
    """Past the append-only triggers, as only the database's owner can."""
    with psycopg.connect(database, autocommit=True) as conn:
        conn.execute("SET session_replication_role = replica")
        for sql, params in statements:
            conn.execute(sql, params)
        conn.execute("SET session_replication_role = origin")


def test_an_event_altered_under_a_verified_head_is_found(server: Running) -> None:
    battle, director, receipts = play(server, 4)
    with server.client(director) as http:
        first = http.get(f"/battles/{battle}/verify").json()
    assert first["ok"] and first["checked"] == 10
    # data altered, hash columns kept: the head's hash is still there
    as_superuser(
        server.database_uri,
        (
            "UPDATE event_log SET data = jsonb_set(data, '{path}', '[[9, 9, 0]]')"
            " WHERE battle_id = %s AND version = 4",
            (battle,),
        ),
    )
    with server.client(director) as http:
        resumed = http.get(f"/battles/{battle}/verify").json()
        with_receipts = http.post(f"/battles/{battle}/verify", json={"receipts": receipts}).json()
    assert not resumed["ok"] and resumed["first_broken_version"] == 4
    assert not with_receipts["ok"] and with_receipts["first_broken_version"] == 4


@pytest.mark.parametrize("kept", [0, 3])
def test_an_emptied_or_truncated_battle_does_not_verify(server: Running, kept: int) -> None:
    battle, director, _ = play(server, 4)
    as_superuser(
        server.database_uri,
        ("DELETE FROM event_log WHERE battle_id = %s AND version > %s", (battle, kept)),
    )
    with server.client(director) as http:
        found = http.get(f"/battles/{battle}/verify").json()
    assert not found["ok"], found
    assert found["checked"] == kept and found["first_broken_version"] == kept + 1
    assert "removed" in found["reason"] or "holds no event" in found["reason"]


def as_app(database: str, *statements: tuple[str, tuple[Any, ...]]) -> None:
    """As the application role, as a SQL injection would have it."""
    uri = make_url(as_app_role(database)).set(drivername="postgresql")
    with psycopg.connect(uri.render_as_string(hide_password=False), autocommit=True) as conn:
        for sql, params in statements:
            conn.execute(sql, params)


def head_row(database: str, battle: str) -> tuple[int, bytes, bytes]:
    with psycopg.connect(database) as conn:
        found = conn.execute(
            "SELECT version, hash, mac FROM battle_heads WHERE battle_id = %s", (battle,)
        ).fetchone()
    assert found is not None
    return found[0], bytes(found[1]), bytes(found[2])


def verdicts(server: Running, battle: str, director: str, keyring_file: Path) -> list[Any]:
    """What GET /verify, POST /verify and `turnledger verify` say of the battle."""
    with server.client(director) as http:
        got = http.get(f"/battles/{battle}/verify").json()
        posted = http.post(f"/battles/{battle}/verify", json={"receipts": []}).json()
    ran = subprocess.run(
        [sys.executable, "-m", "server.operations.cli", "verify", battle],
        env={
            **os.environ,
            "DATABASE_URL": server.database_uri,
            "TURNLEDGER_KEYRING_FILE": str(keyring_file),
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    return [got, posted, (ran.returncode, ran.stdout + ran.stderr)]


@pytest.mark.parametrize("kept", [0, 3, 9])  # the battle has 10 events
def test_a_cut_back_log_is_caught_by_the_head_recorded_beside_the_battle(
    server: Running, keyring_file: Path, kept: int
) -> None:
    battle, director, _ = play(server, 4)
    assert head_row(server.database_uri, battle)[0] == 10
    # the view's seal, which says how far it went too, goes with them
    as_superuser(
        server.database_uri,
        ("DELETE FROM event_log WHERE battle_id = %s AND version > %s", (battle, kept)),
        ("DELETE FROM battle_views WHERE battle_id = %s", (battle,)),
        ("DELETE FROM creature_views WHERE battle_id = %s", (battle,)),
    )
    got, posted, (code, printed) = verdicts(server, battle, director, keyring_file)
    for found in (got, posted):
        assert not found["ok"], found
        assert (found["checked"], found["first_broken_version"]) == (kept, kept + 1)
        assert found["reason"] == (
            f"the log ends at version {kept}, but the battle's head was recorded at version 10:"
            " events were removed"
        )
    assert code == 2 and "recorded at version 10" in printed, printed


def test_a_head_rolled_back_by_the_app_role_is_caught(server: Running, keyring_file: Path) -> None:
    battle, director, _ = play(server, 1)
    earlier = head_row(server.database_uri, battle)
    with server.client(director) as http:
        for to in ([1, 1], [1, 2]):
            moved = http.post(
                f"/battles/{battle}/intents",
                json={"type": "move", "creature": "hero", "path": [to]},
            )
            assert moved.status_code == 201, moved.text
    end = head_row(server.database_uri, battle)[0]
    assert end > earlier[0]
    as_app(
        server.database_uri,
        ("UPDATE battle_heads SET version = %s, hash = %s, mac = %s WHERE battle_id = %s",
         (*earlier, battle)),
    )  # fmt: skip
    got, posted, (code, printed) = verdicts(server, battle, director, keyring_file)
    for found in (got, posted):
        assert not found["ok"], found
        assert (found["checked"], found["first_broken_version"]) == (earlier[0], earlier[0] + 1)
        assert (
            f"head was recorded at version {earlier[0]}, but the log goes on to version"
            f" {end}" in found["reason"]
        )
    assert code == 2 and "rolled back" in printed, printed


@pytest.mark.parametrize("forgery", ["another battle's head", "a head made up"])
def test_a_head_the_server_did_not_write_is_caught(
    server: Running, keyring_file: Path, forgery: str
) -> None:
    battle, director, _ = play(server, 2)
    other, _, _ = play(server, 2)
    version, digest, mac = head_row(server.database_uri, other)
    if forgery == "a head made up":
        mac = bytes(32)
    else:  # the same moves make the same log but for the battle's id
        assert version == head_row(server.database_uri, battle)[0]
    as_app(
        server.database_uri,
        ("UPDATE battle_heads SET hash = %s, mac = %s WHERE battle_id = %s", (digest, mac, battle)),
    )
    got, posted, (code, printed) = verdicts(server, battle, director, keyring_file)
    for found in (got, posted):
        assert not found["ok"], found
        assert "recorded head does not hold under the chain key" in found["reason"]
    assert code == 2, printed


def test_a_leaked_retired_key_cannot_make_an_honest_log_look_rewritten(
    module_database: str, tmp_path: Path
) -> None:
    path = tmp_path / "keyring.json"
    keys.write_new(path, keys.generate(datetime.now(UTC) - timedelta(seconds=5)))
    for running in _serve(module_database, path):
        battle, director, before = play(running, 1)
    leaked = keys.load(tmp_path, configured_file=path)
    keys.replace_file(path, leaked.rotated(datetime.now(UTC)))
    for running in _serve(module_database, path):
        with running.client(director) as http:
            after = http.post(
                f"/battles/{battle}/intents", json={"type": "fall_prone", "creature": "hero"}
            ).json()["receipt"]
            # the retired key, leaked, signs another hash for the version signed after it
            forged = make_receipt(leaked, battle, after["version"], b"\x07" * 32)
            found = http.post(
                f"/battles/{battle}/verify", json={"receipts": [*before, after, forged]}
            ).json()["receipts"]
    assert forged["key_id"] == before[0]["key_id"] != after["key_id"]
    assert not found["rewritten"] and found["agree"], found
    assert [bad["index"] for bad in found["invalid"]] == [len(before) + 1]
    assert "retired" in found["invalid"][0]["reason"]
    assert found["checked"] == len(before) + 1  # what the retired key signed while current


def test_a_plain_rechain_with_times_moved_back_is_caught(
    server: Running, keyring_file: Path
) -> None:
    battle, director, _ = play(server, 2)
    before_key = keys.load(Path("/"), configured_file=keyring_file).chain_keyed_since
    as_superuser(
        server.database_uri,
        (
            "UPDATE event_log SET recorded_at = %s WHERE battle_id = %s",
            (before_key - timedelta(days=30), battle),
        ),
    )
    with psycopg.connect(server.database_uri) as conn:
        first = conn.execute(
            "SELECT data FROM event_log WHERE battle_id = %s AND version = 1", (battle,)
        ).fetchone()
    assert first is not None
    rechain_as_superuser(server.database_uri, battle, 1, first[0])  # every hash plain
    with server.client(director) as http:
        full = http.get(f"/battles/{battle}/verify", params={"full": "true"}).json()
    assert not full["ok"] and full["first_broken_version"] == 1
    ran = subprocess.run(
        [sys.executable, "-m", "server.operations.cli", "verify", battle],
        env={
            **os.environ,
            "DATABASE_URL": server.database_uri,
            "TURNLEDGER_KEYRING_FILE": str(keyring_file),
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ran.returncode == 2, ran.stdout + ran.stderr
    assert "chain broken" in ran.stdout
