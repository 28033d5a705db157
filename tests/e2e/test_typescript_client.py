"""A TypeScript client generated from `/openapi.json`, as a VTT author in TypeScript would.

openapi-typescript (default flags) and openapi-fetch, versions pinned by
`tests/e2e/typescript/package-lock.json`, installed with npm into the virtualenv's `node/`
folder (ignored by git; reinstalled when the lock changes). `play.ts` creates a battle,
previews and submits a move with only `type`, `creature` and `path`, reads the `Moved`
event's typed data and a creature's `movement_left` with no cast; it must compile with
`tsc --noEmit --strict`, then runs against the real server. Without npm the test fails
saying so: the contract is part of what `make test` checks.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.conftest import API_KEY, Running

SOURCES = Path(__file__).parent / "typescript"
NODE_HOME = Path(sys.prefix) / "node"


def npm() -> str:
    found = shutil.which("npm")
    if found is None or shutil.which("node") is None:
        pytest.fail(
            "node and npm are needed to check the API with a generated TypeScript client "
            "(Debian: apt-get install nodejs npm)",
            pytrace=False,
        )
    return found


def run(args: list[str], cwd: Path, timeout: float = 300) -> str:
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"{' '.join(args[:2])} failed:\n{output[-6000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def toolchain() -> Path:
    """node_modules with the pinned openapi-typescript, openapi-fetch and TypeScript."""
    command = npm()
    lock = (SOURCES / "package-lock.json").read_text()
    NODE_HOME.mkdir(exist_ok=True)
    installed = NODE_HOME / "package-lock.json"
    modules = NODE_HOME / "node_modules"
    if not modules.is_dir() or not installed.exists() or installed.read_text() != lock:
        shutil.copy(SOURCES / "package.json", NODE_HOME / "package.json")
        shutil.copy(SOURCES / "package-lock.json", installed)
        run([command, "ci", "--no-audit", "--no-fund"], NODE_HOME)
    return modules


@pytest.fixture(scope="module")
def compiled(server: Running, toolchain: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    import httpx

    home = tmp_path_factory.mktemp("typescript")
    (home / "node_modules").symlink_to(toolchain, target_is_directory=True)
    (home / "openapi.json").write_text(
        json.dumps(httpx.get(f"{server.url}/openapi.json", timeout=60).json())
    )
    for name in ("play.ts", "main.ts", "tsconfig.json"):
        shutil.copy(SOURCES / name, home / name)
    bin_ = toolchain / ".bin"
    run([str(bin_ / "openapi-typescript"), "openapi.json", "-o", "schema.d.ts"], home)
    run([str(bin_ / "tsc"), "-p", ".", "--noEmit", "--strict"], home)
    run([str(bin_ / "tsc"), "-p", "."], home)
    return home / "out" / "main.js"


def test_a_typescript_client_compiles_strictly_and_plays_a_move(
    server: Running, compiled: Path
) -> None:
    played = json.loads(run(["node", str(compiled), server.url, API_KEY], compiled.parent))
    assert played["path"] == [[1, 2, 0], [1, 3, 0]] and played["cost"] == 2
    assert played["movementLeft"] == 3
    assert played["previewVersion"] == played["version"]
