"""The Python client keeps the receipts it is given and verifies a battle against them."""

from __future__ import annotations

from pathlib import Path

from turnledger_client import Client, ReceiptBook

from tests.e2e.conftest import API_KEY, Running
from tests.e2e.test_receipts import rechain_as_superuser
from tests.integration.service.conftest import skirmish


def test_the_client_keeps_receipts_in_a_file_and_catches_a_rewrite(
    server: Running, tmp_path: Path
) -> None:
    kept = tmp_path / "receipts.json"
    with Client(server.url, api_key=API_KEY, receipts_file=str(kept)) as tl:
        created = tl.create_battle(skirmish())
    battle = created.battle_id
    with Client(server.url, created.director_token, receipts_file=str(kept)) as tl:
        tl.submit(battle, {"type": "move", "creature": "hero", "path": [[1, 2]]})
        tl.submit(battle, {"type": "move", "creature": "hero", "path": [[1, 3]]})
        tl.undo(battle)
        versions = [r["version"] for r in tl.receipts.of(battle)]
    assert len(versions) == 4 and versions == sorted(set(versions))  # creation, 2 moves, undo
    # a later session, from the file alone
    with Client(server.url, created.director_token, receipts_file=str(kept)) as tl:
        verdict = tl.verify_receipts(battle)
        assert verdict.ok and verdict.kept == 4 and not verdict.unsigned
        moved = next(e for e in tl.events(battle).events if e.type == "Moved")
    rechain_as_superuser(
        server.database_uri, battle, moved.version, {**moved.data.model_dump(), "cost": 0}
    )
    with Client(server.url, created.director_token, receipts_file=str(kept)) as tl:
        verdict = tl.verify_receipts(battle)
    assert not verdict.ok
    assert verdict.server.receipts is not None
    first = min(v for v in versions if v >= moved.version)
    assert verdict.server.receipts.first_disagreeing_version == first


def test_a_receipt_whose_signature_fails_is_caught_by_the_client_itself(
    server: Running,
) -> None:
    book = ReceiptBook()
    with Client(server.url, api_key=API_KEY, receipts=book) as tl:
        created = tl.create_battle(skirmish())
    [receipt] = book.of(created.battle_id)
    forged = {**receipt, "hash": "00" * 32}
    book.add(forged)
    with Client(server.url, created.director_token, receipts=book) as tl:
        verdict = tl.verify_receipts(created.battle_id)
    assert verdict.unsigned == [forged] and not verdict.ok
