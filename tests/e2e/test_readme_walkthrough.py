"""The README's walkthrough, run as written: its shell blocks in order, against `turnledger serve`.

Then the guide's "More with curl", which goes on from it in the same terminal.

Each ```sh block of the walkthrough runs in bash, in one folder, with the variables the
blocks before it set (so the blocks are checked command by command, not as one script that
might hide a failing step); a ```json or ```text block right after it is what it must print.
The server is the one `make run` starts (`turnledger serve`, default settings), on a free
port and a fresh database instead of 127.0.0.1:8000 and the embedded one.
"""

from __future__ import annotations

import json
import re
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from server.operations.embedded_postgres import to_sqlalchemy_url
from tests.e2e.conftest import free_port
from tests.e2e.test_cli_safety import TURNLEDGER, clean_env

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTED_ADDRESS = "http://127.0.0.1:8000"
FENCE = re.compile(r"^```([a-z]*)\n(.*?)^```$", re.S | re.M)
ASSIGNED = re.compile(r"(?:^|;\s*)([A-Z][A-Z0-9_]*)=", re.M)


@dataclass
class Step:
    commands: str
    prints: str | None  # the block shown after it
    kind: str  # json: each line a JSON value; text: lines as they are


def walkthrough(readme: str) -> list[Step]:
    """The README's walkthrough section, then the guide's page that goes on from it."""
    start = readme.index("## Walkthrough")
    end = readme.index("\n## ", start + 1)
    more = (ROOT / "docs" / "more-with-curl.md").read_text()
    steps: list[Step] = []
    for found in [*FENCE.finditer(readme[start:end]), *FENCE.finditer(more)]:
        kind, body = found.group(1), found.group(2)
        if kind == "sh":
            steps.append(Step(body, None, ""))
        elif kind in ("json", "text"):
            assert steps and steps[-1].prints is None, f"an answer with no command:\n{body}"
            steps[-1].prints, steps[-1].kind = body, kind
    return steps


def test_the_readme_keeps_the_two_commands_and_make_run_is_turnledger_serve() -> None:
    readme = (ROOT / "README.md").read_text()
    two = readme[readme.index("## The two commands") :]
    block = FENCE.search(two)
    assert block is not None
    assert [line.split()[:2] for line in block.group(2).splitlines()] == [
        ["make", "run"],
        ["make", "test"],
    ]
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^run: .*\n(?:\t.*\n)*\t.*turnledger serve", makefile, re.M)


@pytest.fixture
def serving(tmp_path: Path, database_uri: str) -> Iterator[str]:
    port = free_port()
    env = clean_env(DATABASE_URL=to_sqlalchemy_url(database_uri), TURNLEDGER_PORT=str(port))
    process = subprocess.Popen(
        [TURNLEDGER, "serve"], cwd=tmp_path, env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            assert process.poll() is None, "turnledger serve stopped"
            try:
                if httpx.get(f"{url}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "turnledger serve did not answer in 120 s"
            time.sleep(0.3)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=60)


def run_step(step: Step, address: str, folder: Path, known: list[str]) -> str:
    """One block in bash, after the variables the blocks before it kept in `vars.sh`."""
    assert step.commands.count(DOCUMENTED_ADDRESS) <= 1
    commands = step.commands.replace(DOCUMENTED_ADDRESS, address)
    known.extend(n for n in ASSIGNED.findall(commands) if n not in known)
    script = (
        "set -e\n[ -f vars.sh ] && source vars.sh\n"
        f"{commands}\ndeclare -p {' '.join(known)} > vars.sh\n"
    )
    done = subprocess.run(
        ["bash", "-c", script], cwd=folder, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, f"{step.commands}\nfailed:\n{done.stderr}"
    return done.stdout


def assert_prints(step: Step, out: str) -> None:
    expected = (step.prints or "").strip().splitlines()
    got = out.strip().splitlines()
    if step.kind == "json":
        assert [json.loads(line) for line in got] == [json.loads(line) for line in expected], (
            step.commands
        )
    else:
        assert got == expected, step.commands


def test_the_walkthrough_runs_as_written(serving: str, tmp_path: Path) -> None:
    steps = walkthrough((ROOT / "README.md").read_text())
    assert DOCUMENTED_ADDRESS in steps[0].commands
    assert sum(step.prints is not None for step in steps) >= 6
    folder = tmp_path / "walk"
    folder.mkdir()
    known: list[str] = []
    for step in steps:
        out = run_step(step, serving, folder, known)
        if step.prints is not None:
            assert_prints(step, out)
        for viewer in re.findall(r"http://\S+/view\?token=\S+", out):
            assert httpx.get(viewer, timeout=10).status_code == 200
