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

from server.trust import keyring as keys
from server.trust.receipts import make_receipt
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
