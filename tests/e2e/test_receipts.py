"""Signed receipts end to end: what a player keeps catches a log rewritten in the database,
even by a superuser who switches the append-only triggers off and re-chains it."""

from __future__ import annotations

import base64
import os
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import nacl.signing
import orjson
import psycopg
import pytest

from events.envelope import ActionMeta, chain_hash
from server.app import create_app
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.local_server import serving
from server.operations.settings import Settings
from server.trust import keyring as keys
from server.trust.receipts import make_receipt
from tests.conftest import as_app_role
from tests.e2e.conftest import API_KEY, Running
from tests.integration.service.conftest import skirmish


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@pytest.fixture(scope="module")
def keyring_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("keys") / "keyring.json"


@pytest.fixture(scope="module")
def server(module_database: str, keyring_file: Path) -> Iterator[Running]:
    keys.write_new(keyring_file, keys.generate(datetime.now(UTC)))
    yield from _serve(module_database, keyring_file)


def _serve(database: str, keyring_file: Path) -> Iterator[Running]:
    settings = Settings(
        database_url=to_sqlalchemy_url(database),
        api_key=API_KEY,
        log_level="warning",
        keyring_file=keyring_file,
    )
    engine = make_engine(as_app_role(database), pool_size=5)
    try:
        with serving(create_app(settings, engine), log_level="warning") as url:
            yield Running(url, database)
    finally:
        engine.dispose()


def play(server: Running, moves: int) -> tuple[str, str, list[dict[str, Any]]]:
    """A battle with `moves` moves of the hero back and forth; its id, token and receipts."""
    with server.client(headers={"X-API-Key": API_KEY}) as http:
        created = http.post("/battles", json=skirmish()).json()
    battle, director = created["battle_id"], created["director_token"]
    receipts = [created["receipt"]]
    with server.client(director) as http:
        for n in range(moves):
            to = [1, 2] if n % 2 == 0 else [1, 1]
            answer = http.post(
                f"/battles/{battle}/intents",
                json={"type": "move", "creature": "hero", "path": [to]},
            )
            assert answer.status_code == 201, answer.text
            receipts.append(answer.json()["receipt"])
    return battle, director, receipts


def test_a_receipt_checks_against_get_keys_with_another_library(server: Running) -> None:
    battle, director, receipts = play(server, 2)
    with server.client() as http:
        jwks = http.get("/keys").json()["keys"]
    by_kid = {k["kid"]: k for k in jwks}
    with server.client(director) as http:
        logged = http.get(f"/battles/{battle}/events").json()["events"]
    for receipt in receipts:
        jwk = by_kid[receipt["key_id"]]
        assert (jwk["kty"], jwk["crv"]) == ("OKP", "Ed25519")
        message = (
            f"turnledger-receipt-v1\n{receipt['battle_id']}\n{receipt['version']}\n"
            f"{receipt['hash']}"
        ).encode()
        # PyNaCl (libsodium), not the server's `cryptography` path; raises if it fails
        nacl.signing.VerifyKey(unb64(jwk["x"])).verify(message, unb64(receipt["signature"]))
        assert logged[receipt["version"] - 1]["hash"] == receipt["hash"]
    forged = {**receipts[-1], "version": receipts[-1]["version"] + 1}
    with pytest.raises(nacl.exceptions.BadSignatureError):
        nacl.signing.VerifyKey(unb64(by_kid[forged["key_id"]]["x"])).verify(
            f"turnledger-receipt-v1\n{battle}\n{forged['version']}\n{forged['hash']}".encode(),
            unb64(forged["signature"]),
        )


def test_the_log_agrees_with_its_receipts(server: Running) -> None:
    battle, director, receipts = play(server, 3)
    with server.client(director) as http:
        found = http.post(f"/battles/{battle}/verify", json={"receipts": receipts}).json()
    assert found["ok"] and found["receipts"]["agree"]
    assert found["receipts"]["checked"] == 4 and not found["receipts"]["invalid"]


def rechain_as_superuser(database: str, battle: str, version: int, data: dict[str, Any]) -> None:
    """The attack: triggers off, an event altered, its hash and every later one recomputed
    with the unkeyed function (the hashes before it are left as they were)."""
    with psycopg.connect(database, autocommit=True) as conn:
        conn.execute("SET session_replication_role = replica")
        conn.execute(
            "UPDATE event_log SET data = %s WHERE battle_id = %s AND version = %s",
            (psycopg.types.json.Jsonb(data), battle, version),
        )
        rows = conn.execute(
            "SELECT version, type, schema_version, data, intent_id, causation_id,"
            " correlation_id, actor, rules_version, recorded_at, prev_hash FROM event_log"
            " WHERE battle_id = %s AND version >= %s ORDER BY version",
            (battle, version),
        ).fetchall()
        prev = bytes(rows[0][10])
        for row in rows:
            meta = ActionMeta(
                intent_id=row[4],
                causation_id=row[5],
                correlation_id=row[6],
                actor=row[7],
                rules_version=row[8],
            )
            digest = chain_hash(
                prev,
                battle_id=battle,
                version=row[0],
                type_name=row[1],
                schema_version=row[2],
                data=row[3],
                meta=meta,
                recorded_at=row[9],
            )
            conn.execute(
                "UPDATE event_log SET prev_hash = %s, hash = %s"
                " WHERE battle_id = %s AND version = %s",
                (prev, digest, battle, row[0]),
            )
            prev = digest
        conn.execute("SET session_replication_role = origin")


def test_receipts_catch_a_log_altered_and_rechained_without_the_key(
    server: Running, keyring_file: Path, tmp_path: Path
) -> None:
    battle, director, receipts = play(server, 4)
    with server.client(director) as http:
        moved = http.get(f"/battles/{battle}/events", params={"after": 2, "limit": 1}).json()
    target = moved["events"][0]
    altered = {**target["data"], "path": [[1, 1, 0], [2, 2, 0]]}
    rechain_as_superuser(server.database_uri, battle, target["version"], altered)
    with server.client(director) as http:
        found = http.post(f"/battles/{battle}/verify", json={"receipts": receipts}).json()
        plain = http.get(f"/battles/{battle}/verify", params={"full": "true"}).json()
    assert not found["receipts"]["agree"]
    # every receipt from the altered event on disagrees; the first names it
    assert found["receipts"]["first_disagreeing_version"] >= target["version"]
    assert found["receipts"]["first_disagreeing_version"] == min(
        r["version"] for r in receipts if r["version"] >= target["version"]
    )
    # the chain alone sees the unkeyed hashes too, at the altered event
    assert not plain["ok"] and plain["first_broken_version"] == target["version"]
    # and the command line, from a file of receipts
    kept = tmp_path / "receipts.json"
    kept.write_bytes(orjson.dumps({"receipts": receipts}))
    env = {
        **os.environ,
        "DATABASE_URL": server.database_uri,
        "TURNLEDGER_KEYRING_FILE": str(keyring_file),
    }
    ran = subprocess.run(
        [sys.executable, "-m", "server.operations.cli", "verify", battle, "--receipts", str(kept)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    first = found["receipts"]["first_disagreeing_version"]
    assert ran.returncode == 3, ran.stdout + ran.stderr
    assert f"receipts disagree from version {first}" in " ".join(ran.stdout.split())


def test_two_signed_receipts_for_one_version_prove_a_rewrite(
    server: Running, keyring_file: Path
) -> None:
    battle, director, receipts = play(server, 1)
    other = make_receipt(
        keys.load(Path("/"), configured_file=keyring_file), battle, 2, b"\x01" * 32
    )
    with server.client(director) as http:
        found = http.post(
            f"/battles/{battle}/verify", json={"receipts": [*receipts, other]}
        ).json()["receipts"]
    assert found["rewritten"] and found["conflicts"][0]["version"] == 2
    assert not found["agree"] and found["first_disagreeing_version"] == 2
    bad = {**receipts[0], "signature": receipts[1]["signature"]}
    with server.client(director) as http:
        found = http.post(f"/battles/{battle}/verify", json={"receipts": [bad]}).json()
    assert found["receipts"]["invalid"][0]["reason"] == "the signature does not hold"


def test_verification_resumes_from_the_last_verified_head(server: Running) -> None:
    battle, director, _ = play(server, 2)
    with server.client(director) as http:
        first = http.get(f"/battles/{battle}/verify").json()
        http.post(f"/battles/{battle}/intents", json={"type": "fall_prone", "creature": "hero"})
        second = http.get(f"/battles/{battle}/verify").json()
        full = http.get(f"/battles/{battle}/verify", params={"full": "true"}).json()
    assert first["ok"] and first["resumed_from"] == 0
    assert second["ok"] and second["resumed_from"] == first["checked"]
    assert second["checked"] > first["checked"]
    assert full["ok"] and full["resumed_from"] == 0 and full["checked"] == second["checked"]


def test_rotation_keeps_old_receipts_checkable(module_database: str, tmp_path: Path) -> None:
    path = tmp_path / "keyring.json"
    keys.write_new(path, keys.generate(datetime.now(UTC)))
    for running in _serve(module_database, path):
        battle, director, before = play(running, 1)
    old = keys.load(tmp_path, configured_file=path)
    keys.replace_file(path, old.rotated(datetime.now(UTC)))
    for running in _serve(module_database, path):
        with running.client(director) as http:
            jwks = http.get("/keys").json()["keys"]
            after = http.post(
                f"/battles/{battle}/intents", json={"type": "fall_prone", "creature": "hero"}
            ).json()["receipt"]
            found = http.post(
                f"/battles/{battle}/verify", json={"receipts": [*before, after]}
            ).json()["receipts"]
    assert [k["status"] for k in jwks] == ["current", "retired"]
    assert jwks[1]["kid"] == before[0]["key_id"] and after["key_id"] == jwks[0]["kid"]
    assert after["key_id"] != before[0]["key_id"]
    assert found["agree"] and found["checked"] == 3 and not found["invalid"]


def test_a_full_copy_of_the_database_alone_unseals_no_token(
    server: Running, keyring_file: Path
) -> None:
    from server.commands.creation_keys import director_token, unseal
    from server.readers.tokens import token_hash

    with server.client(headers={"X-API-Key": API_KEY, "Idempotency-Key": "seal-1"}) as http:
        created = http.post("/battles", json=skirmish()).json()
    with psycopg.connect(server.database_uri) as conn:  # everything a backup holds
        claim = conn.execute(
            "SELECT battle_id, sealed_token FROM creation_keys WHERE key = 'seal-1'"
        ).fetchone()
        stored_hash = conn.execute(
            "SELECT director_token_hash FROM battles WHERE battle_id = %s", (claim[0],)
        ).fetchone()[0]
        in_database = [bytes(row[0]) for row in conn.execute("SELECT value FROM server_secrets")]
        every_value = [
            bytes(value)
            for table in ("creation_keys", "battles", "battle_seats", "verified_heads")
            for row in conn.execute(f"SELECT * FROM {table}")
            for value in row
            if isinstance(value, bytes | memoryview) and len(bytes(value)) == 32
        ]
    assert in_database == []

    def opens(secret: bytes) -> bool:
        token = director_token(unseal(secret, claim[0], bytes(claim[1])))
        return token_hash(token) == bytes(stored_hash)

    # no 32-byte value anywhere in the database opens the sealed token...
    assert not any(opens(candidate) for candidate in every_value)
    # ...while the key store's secret does (so the check above could have failed)
    assert opens(keys.load(Path("/"), configured_file=keyring_file).sealing_secret)
    assert (
        director_token(
            unseal(
                keys.load(Path("/"), configured_file=keyring_file).sealing_secret,
                claim[0],
                bytes(claim[1]),
            )
        )
        == created["director_token"]
    )


def test_verifications_asked_at_once_walk_the_log_once(server: Running) -> None:
    """Eight at once of one battle: one walks it, the others resume from the head it recorded
    (before, each walked the whole log, and a long battle's eight walks held up everyone)."""
    battle, director, _ = play(server, 3)

    def verify() -> dict[str, Any]:
        with server.client(director) as http:
            answer: dict[str, Any] = http.get(f"/battles/{battle}/verify").json()
            return answer

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda _: verify(), range(8)))
    assert all(a["ok"] for a in answers)
    walked = [a for a in answers if a["resumed_from"] == 0]
    assert len(walked) == 1, [a["resumed_from"] for a in answers]
    assert {a["resumed_from"] for a in answers if a is not walked[0]} == {walked[0]["checked"]}
