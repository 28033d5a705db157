"""The Python client as a campaign backend uses it: one receipt book shared by clients and
processes, the feed followed with a checkpoint the backend keeps, tokens revoked and
rotated; over real HTTP."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from turnledger_client import (
    CallbackCheckpoint,
    Client,
    FileCheckpoint,
    IncompleteReceipts,
    ReceiptBook,
    Unauthorized,
)

from server.app import create_app
from server.operations.database import make_engine
from server.operations.local_server import serving
from server.operations.settings import Settings
from server.trust.api_keys import KeyFile
from tests.conftest import as_app_role
from tests.e2e.conftest import Running
from tests.integration.service.conftest import skirmish

MOVES = 6


@pytest.fixture(scope="module")
def keys_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("client-keys")


@pytest.fixture(scope="module")
def campaign_server(module_database: str, keys_dir: Path) -> Iterator[Running]:
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
    return KeyFile(keys_dir / "api-keys.json").create(name, datetime.now(UTC))[1]


MOVER = """
import sys, time
from pathlib import Path
from turnledger_client import Client

url, token, battle, receipts, mine, theirs = sys.argv[1:]
with Client(url, token, receipts_file=receipts) as tl:
    Path(mine).touch()
    deadline = time.monotonic() + 60
    while not Path(theirs).exists() and time.monotonic() < deadline:  # both write at once
        time.sleep(0.01)
    for n in range({moves}):
        tl.submit(battle, {{"type": "move", "creature": "hero", "path": [[1, 2 - n % 2]]}})
"""


def test_two_processes_share_one_receipts_file_and_lose_nothing(
    campaign_server: Running, keys_dir: Path, tmp_path: Path
) -> None:
    kept = tmp_path / "receipts.json"
    key = new_key(keys_dir, "receipts")
    with Client(campaign_server.url, api_key=key, receipts_file=str(kept)) as tl:
        battles = [tl.create_battle(skirmish()), tl.create_battle(skirmish())]
    script = tmp_path / "mover.py"
    script.write_text(textwrap.dedent(MOVER.format(moves=MOVES)))
    ready = [tmp_path / f"{b.battle_id}.ready" for b in battles]
    movers = [
        subprocess.Popen(
            [
                *(sys.executable, str(script), campaign_server.url, b.director_token),
                *(b.battle_id, str(kept), str(ready[n]), str(ready[1 - n])),
            ]
        )
        for n, b in enumerate(battles)
    ]
    assert [m.wait(120) for m in movers] == [0, 0]
    fresh = ReceiptBook(kept)  # a new process's view: the file alone
    for battle in battles:
        versions = [r["version"] for r in fresh.of(battle.battle_id)]
        assert len(versions) == 1 + MOVES  # the creation's and each move's
    with Client(campaign_server.url, api_key=key, receipts=fresh) as tl:
        verdicts = tl.verify_book()
    assert set(verdicts) == {b.battle_id for b in battles}
    for verdict in verdicts.values():
        assert verdict.ok and verdict.complete
        assert verdict.kept == verdict.actions == 1 + MOVES


def test_a_book_holding_fewer_receipts_than_actions_warns(
    campaign_server: Running, keys_dir: Path
) -> None:
    key = new_key(keys_dir, "forgetful")
    with Client(campaign_server.url, api_key=key) as tl:
        battle = tl.create_battle(skirmish()).battle_id
        tl.submit(battle, {"type": "move", "creature": "hero", "path": [[1, 2]]})
        partial = ReceiptBook()
        partial.add(tl.receipts.of(battle)[0])
    with (
        Client(campaign_server.url, api_key=key, receipts=partial) as tl,
        pytest.warns(IncompleteReceipts, match="1 receipts kept for 2 actions"),
    ):
        verdict = tl.verify_receipts(battle)
    assert verdict.ok and not verdict.complete and verdict.kept == 1


def test_a_backend_follows_its_feed_stops_and_resumes_from_its_checkpoint(
    campaign_server: Running, keys_dir: Path, tmp_path: Path
) -> None:
    key = new_key(keys_dir, "follower")
    store = FileCheckpoint(tmp_path / "feed.checkpoint")
    with Client(campaign_server.url, api_key=key) as tl:
        battles = [tl.create_battle(skirmish()).battle_id for _ in range(2)]
        for battle in battles:
            for n in range(MOVES):
                tl.submit(battle, {"type": "move", "creature": "hero", "path": [[1, 2 - n % 2]]})
        expected = sorted((b, e.version) for b in battles for e in tl.events(b, limit=1000).events)
        seen: list[tuple[str, int]] = []
        for item in tl.follow_feed(store):
            seen.append((item.event.battle_id, item.event.version))
            if len(seen) == len(expected) // 2:
                break  # the backend stops; its checkpoint is the one before this event
        saved: list[str] = []
        kept = CallbackCheckpoint(lambda: store.load(), saved.append)
        for item in tl.follow_feed(kept):
            seen.append((item.event.battle_id, item.event.version))
            if len(seen) == len(expected) + 1:
                break
    # the event the backend stopped in came again (at least once); nothing else twice
    assert seen[len(expected) // 2] == seen[len(expected) // 2 - 1]
    assert sorted(seen[: len(expected) // 2] + seen[len(expected) // 2 + 1 :]) == expected
    assert saved and saved[-1] != store.load()


def test_tokens_are_revoked_and_rotated_through_the_client(
    campaign_server: Running, keys_dir: Path
) -> None:
    key = new_key(keys_dir, "tokens")
    with Client(campaign_server.url, api_key=key) as tl:
        made = tl.create_battle(skirmish())
        seat = tl.add_seat(made.battle_id, ["hero"])
        revoked = tl.revoke_seat(made.battle_id, seat.seat_id)
        rotated = tl.rotate_director_token(made.battle_id)
        everything = tl.revoke_battle_tokens(made.battle_id)
        judged = tl.rejudge(made.battle_id)
    assert revoked.revoked == [f"seat:{seat.seat_id}"]
    assert rotated.revoked == ["director"] and everything.revoked == ["director"]
    assert judged.checked == 0 and judged.differing == []
    for token in (seat.token, made.director_token, rotated.director_token):
        with Client(campaign_server.url, token) as tl, pytest.raises(Unauthorized) as refused:
            tl.state(made.battle_id)
        assert "revoked" in str(refused.value)


def test_follow_feed_lives_in_a_thread_beside_the_writer(
    campaign_server: Running, keys_dir: Path
) -> None:
    key = new_key(keys_dir, "live-client")
    got: list[int] = []
    done = threading.Event()
    with Client(campaign_server.url, api_key=key) as tl:
        battle = tl.create_battle(skirmish()).battle_id

        def follow() -> None:
            with Client(campaign_server.url, api_key=key) as reader:
                for item in reader.follow_feed():
                    got.append(item.event.version)
                    moved = [v for v in got if v > 2]
                    if item.event.type == "Moved" and len(moved) >= 4:
                        done.set()
                        return

        threading.Thread(target=follow, daemon=True).start()
        for n in range(2):
            tl.submit(battle, {"type": "move", "creature": "hero", "path": [[1, 2 - n % 2]]})
        assert done.wait(30)
        head = tl.state(battle).version
    assert got == list(range(1, head + 1))
