"""The command line run as a person runs it: a subprocess, from a folder of its own.

Reading never creates a database; what is wrong is said in one line without a traceback,
naming what to set; `import` migrates a fresh database first; a port in use names
TURNLEDGER_PORT and --port; the demo ends with a viewer address that opens the battle.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.settings import Settings
from tests.e2e.conftest import API_KEY, Running

TURNLEDGER = str(Path(sys.executable).parent / "turnledger")


def clean_env(**extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("TURNLEDGER_") and k not in ("DATABASE_URL",)
    }
    return {**env, "TURNLEDGER_LOG_FORMAT": "console", **extra}


def turnledger(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [TURNLEDGER, *args], cwd=cwd, env=clean_env(**env), capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip


def one_line_error(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 1, done
    assert "Traceback" not in done.stdout + done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


@pytest.mark.parametrize(
    "command", [["verify", "b1"], ["replay", "b1"], ["export", "b1"], ["rebuild"]]
)
def test_reading_in_a_folder_without_a_database_creates_none_and_says_where_it_looked(
    tmp_path: Path, command: list[str]
) -> None:
    line = one_line_error(turnledger(tmp_path, *command))
    assert str(tmp_path / ".turnledger") in line and "TURNLEDGER_DATA_DIR" in line
    assert list(tmp_path.iterdir()) == []


def test_reading_a_database_never_migrated_asks_for_migrate(
    tmp_path: Path, empty_database_uri: str
) -> None:
    url = to_sqlalchemy_url(empty_database_uri)
    line = one_line_error(turnledger(tmp_path, "verify", "b1", DATABASE_URL=url))
    assert "turnledger migrate" in line and "DATABASE_URL=" in line


def test_an_unreachable_database_is_one_line_naming_it(tmp_path: Path) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"postgresql://someone:secret@127.0.0.1:{port}/nothing"
    line = one_line_error(turnledger(tmp_path, "replay", "b1", DATABASE_URL=url))
    assert f"127.0.0.1:{port}" in line and "secret" not in line
    assert "database error" in line


@pytest.mark.parametrize(
    "url", ["not a url", "postgresql://u:secret@host:notaport/db", "mysql://u:secret@host/db"]
)
@pytest.mark.parametrize("command", [["serve"], ["migrate"], ["replay", "b1"]])
def test_a_malformed_database_url_is_one_line_naming_it(
    tmp_path: Path, command: list[str], url: str
) -> None:
    line = one_line_error(turnledger(tmp_path, *command, DATABASE_URL=url))
    assert "DATABASE_URL: not a PostgreSQL URL like postgresql://" in line
    assert "secret" not in line
    assert list(tmp_path.iterdir()) == []


def test_import_into_a_fresh_database_migrates_it_first(
    server: Running, new_battle, tmp_path: Path, empty_database_uri: str
) -> None:
    battle = new_battle()
    source = to_sqlalchemy_url(server.database_uri)
    exported = turnledger(tmp_path, "export", battle.battle_id, "--out", "b.jsonl",
                          DATABASE_URL=source)  # fmt: skip
    assert exported.returncode == 0, exported.stderr
    target = to_sqlalchemy_url(empty_database_uri)
    # another database of the same deployment: its chain verifies under the same key store
    keys = {"TURNLEDGER_KEYRING_FILE": str((Settings().data_dir / "keyring.json").resolve())}
    imported = turnledger(tmp_path, "import", "b.jsonl", DATABASE_URL=target, **keys)
    assert imported.returncode == 0, imported.stderr
    assert "director dir_" in imported.stdout
    verified = turnledger(tmp_path, "verify", battle.battle_id, DATABASE_URL=target, **keys)
    assert verified.returncode == 0 and "chain holds" in verified.stdout


def test_serving_on_a_port_in_use_names_the_settings_that_choose_another(
    tmp_path: Path,
) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        line = one_line_error(turnledger(tmp_path, "serve", "--port", str(port)))
    assert f"port {port}" in line and "TURNLEDGER_PORT" in line and "--port" in line
    assert list(tmp_path.iterdir()) == []


def test_replay_tells_the_battle_in_the_viewer_s_words_with_the_seat_s_name(
    server: Running, new_battle, tmp_path: Path
) -> None:
    battle = new_battle()
    with server.client(battle.director) as http:
        seat = http.post(f"/battles/{battle.battle_id}/seats",
                         json={"creatures": ["hero"], "name": "Ana"}).json()  # fmt: skip
    with server.client(seat["token"]) as http:
        http.post(f"/battles/{battle.battle_id}/intents",
                  json={"type": "move", "creature": "hero", "path": [[1, 2], [1, 3]]})  # fmt: skip
        http.post(f"/battles/{battle.battle_id}/undo")
    told = turnledger(tmp_path, "replay", battle.battle_id,
                      DATABASE_URL=to_sqlalchemy_url(server.database_uri))  # fmt: skip
    assert told.returncode == 0, told.stderr
    assert "Ana: move Tactician" in told.stdout
    assert "Tactician moved 2 squares to (1, 3)" in told.stdout
    assert "Ana undid the action at versions 3-4" in told.stdout
    assert "None" not in told.stdout and "seat:" not in told.stdout and "?" not in told.stdout


def test_the_demo_ends_with_a_viewer_address_that_opens_the_battle(
    server: Running, tmp_path: Path
) -> None:
    played = turnledger(tmp_path, "demo", "--url", server.url, TURNLEDGER_API_KEY=API_KEY)
    assert played.returncode == 0, played.stderr
    last = played.stdout.strip().splitlines()[-1]
    found = re.search(r"(http://\S+/battles/\S+/view\?token=\S+)", last)
    assert found, last
    page = httpx.get(found.group(1))
    assert page.status_code == 200 and "viewer" in page.text.lower()


def test_the_demo_can_leave_its_battle_open_to_watch(tmp_path: Path, database_uri: str) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = clean_env(DATABASE_URL=to_sqlalchemy_url(database_uri))
    # started as a shell starts a background job (or a test runner may): SIGINT ignored, which
    # the demo must not inherit, or Ctrl-C (and this test's SIGINT) would never stop it
    demo = subprocess.Popen(
        [TURNLEDGER, "demo", "--keep-open", "--port", str(port)],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
    )  # fmt: skip
    try:
        url = None
        deadline = time.monotonic() + 120
        assert demo.stdout is not None
        while url is None and time.monotonic() < deadline:
            line = demo.stdout.readline()
            assert line, demo.stderr.read() if demo.stderr else "the demo ended"
            found = re.search(r"watch the battle: (\S+)", line)
            url = found.group(1) if found else None
        assert url is not None and f":{port}/" in url
        time.sleep(0.5)
        assert demo.poll() is None  # still serving
        battle = url.split("/battles/")[1].split("/")[0]
        token = url.split("token=")[1]
        state = httpx.get(url.split("/battles/")[0] + f"/battles/{battle}",
                          headers={"Authorization": f"Bearer {token}"})  # fmt: skip
        assert state.status_code == 200 and state.json()["version"] > 5
    finally:
        demo.send_signal(signal.SIGINT)
        # drain its output while it stops: a full pipe would hold it in a write
        out, _ = demo.communicate(timeout=60)
    assert demo.returncode == 0 and "stopped" in out


def test_the_steps_that_take_seconds_each_say_so_in_one_line(tmp_path: Path) -> None:
    done = turnledger(tmp_path, "migrate")
    assert done.returncode == 0, done.stderr
    lines = done.stderr.strip().splitlines()
    assert lines == [
        f"starting PostgreSQL in {tmp_path / '.turnledger'} (first start ~10 s: it makes its "
        "data folder)",
        "migrating the database to the newest schema (about 1 s)",
        "stopping PostgreSQL unless another turnledger uses it (about 3 s)",
    ]
    again = turnledger(tmp_path, "migrate")
    assert again.stderr.strip().splitlines() == [
        f"starting PostgreSQL in {tmp_path / '.turnledger'} (about 3 s)",
        "stopping PostgreSQL unless another turnledger uses it (about 3 s)",
    ]
