"""The command line against real databases: verify, replay, export, import, rebuild."""

from __future__ import annotations

import pytest
import structlog
from typer.testing import CliRunner

from server.operations.cli import app
from server.operations.embedded_postgres import to_sqlalchemy_url
from tests.e2e.conftest import Running

runner = CliRunner()


def test_a_battle_exported_and_imported_elsewhere_keeps_its_chain(
    server: Running, new_battle, database_uri: str, monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    battle = new_battle()
    with server.client(battle.director) as http:
        http.post(
            f"/battles/{battle.battle_id}/intents",
            json={"type": "move", "creature": "hero", "path": [[1, 2]]},
        )
    monkeypatch.setenv("DATABASE_URL", to_sqlalchemy_url(server.database_uri))
    out = tmp_path / "battle.jsonl"
    assert runner.invoke(app, ["verify", battle.battle_id]).exit_code == 0
    replayed = runner.invoke(app, ["replay", battle.battle_id])
    assert replayed.exit_code == 0
    assert "Tactician moved 1 square to (1, 2)" in replayed.output
    assert runner.invoke(app, ["export", battle.battle_id, "--out", str(out)]).exit_code == 0
    assert len(out.read_text().splitlines()) == 4

    monkeypatch.setenv("DATABASE_URL", to_sqlalchemy_url(database_uri))
    imported = runner.invoke(app, ["import", str(out)])
    assert imported.exit_code == 0, imported.output
    assert "dir_" in imported.output
    assert runner.invoke(app, ["verify", battle.battle_id]).exit_code == 0
    again = runner.invoke(app, ["import", str(out)])
    assert again.exit_code == 2 and "already" in again.output


def test_an_edited_export_is_refused(
    server: Running, new_battle, database_uri: str, monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    battle = new_battle()
    monkeypatch.setenv("DATABASE_URL", to_sqlalchemy_url(server.database_uri))
    out = tmp_path / "battle.jsonl"
    runner.invoke(app, ["export", battle.battle_id, "--out", str(out)])
    out.write_text(out.read_text().replace('"hp":30', '"hp":300'))
    monkeypatch.setenv("DATABASE_URL", to_sqlalchemy_url(database_uri))
    refused = runner.invoke(app, ["import", str(out)])
    assert refused.exit_code == 2 and "chain breaks" in refused.output


def test_the_demo_plays_its_skirmish_against_a_running_server(server: Running) -> None:
    from tests.e2e.conftest import API_KEY

    try:
        played = runner.invoke(
            app, ["demo", "--url", server.url], env={"TURNLEDGER_API_KEY": API_KEY}
        )
    finally:
        structlog.reset_defaults()  # demo configured logging onto the runner's closed stream
    assert played.exit_code == 0, played.output
    for step in ("opportunity attack", "into the wall", "a fall", "undo"):
        assert step in played.output
    assert "ActionUndone" in played.output and "Fell" in played.output


def test_a_battle_exported_as_a_bundle_verifies_offline_and_imports_anew(
    server: Running, new_battle, database_uri: str, monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    import re

    from turnledger_client.bundle import verify_bundle

    battle = new_battle()
    monkeypatch.setenv("DATABASE_URL", to_sqlalchemy_url(server.database_uri))
    out = tmp_path / "battle.json"
    exported = runner.invoke(app, ["export", battle.battle_id, "--bundle", "--out", str(out)])
    assert exported.exit_code == 0, exported.output
    with server.client() as http:
        keys = http.get("/keys").json()["keys"]
    assert verify_bundle(out.read_bytes(), keys).ok
    tampered = tmp_path / "tampered.json"
    tampered.write_bytes(out.read_bytes().replace(b'\\"hp\\":30', b'\\"hp\\":31', 1))
    monkeypatch.setenv("DATABASE_URL", to_sqlalchemy_url(database_uri))
    refused = runner.invoke(app, ["import", str(tampered)])
    assert refused.exit_code == 2 and "do not chain" in refused.output, refused.output
    imported = runner.invoke(app, ["import", str(out)])
    assert imported.exit_code == 0, imported.output
    made = re.search(r"as (\w+); director dir_", imported.output)
    assert made is not None and made.group(1) != battle.battle_id, imported.output
    assert runner.invoke(app, ["verify", made.group(1)]).exit_code == 0
