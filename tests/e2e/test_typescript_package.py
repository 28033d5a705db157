"""The TypeScript client of clients/typescript, built strictly and tested against a real server.

As a user builds it: `npm ci` from its lockfile (installed once into the virtualenv's
`node-client/`, again when the lock changes), the types generated from this server's
`/openapi.json` by its pinned openapi-typescript, `tsc --strict`, then its own tests with
Node's test runner: the framing and retry tests, and the live ones against this server.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from tests.e2e.conftest import API_KEY, Running
from tests.e2e.test_typescript_client import npm, run

PACKAGE = Path(__file__).resolve().parents[2] / "clients" / "typescript"
MODULES_HOME = Path(sys.prefix) / "node-client"


@pytest.fixture(scope="module")
def modules() -> Path:
    """The package's node_modules, as `npm ci` installs them from its lockfile."""
    command = npm()
    lock = (PACKAGE / "package-lock.json").read_text()
    MODULES_HOME.mkdir(exist_ok=True)
    installed = MODULES_HOME / "package-lock.json"
    found = MODULES_HOME / "node_modules"
    if not found.is_dir() or not installed.exists() or installed.read_text() != lock:
        shutil.copy(PACKAGE / "package.json", MODULES_HOME / "package.json")
        shutil.copy(PACKAGE / "package-lock.json", installed)
        run([command, "ci", "--no-audit", "--no-fund"], MODULES_HOME)
    return found


@pytest.fixture(scope="module")
def built(server: Running, modules: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("typescript-client")
    for name in ("package.json", "package-lock.json", "tsconfig.json"):
        shutil.copy(PACKAGE / name, home / name)
    for folder in ("src", "test"):
        shutil.copytree(
            PACKAGE / folder, home / folder, ignore=shutil.ignore_patterns("schema.d.ts")
        )
    (home / "node_modules").symlink_to(modules, target_is_directory=True)
    contract = httpx.get(f"{server.url}/openapi.json", timeout=120).json()
    (home / "openapi.json").write_text(json.dumps(contract))
    tools = modules / ".bin"
    run([str(tools / "openapi-typescript"), "openapi.json", "-o", "src/schema.d.ts"], home)
    run([str(tools / "tsc"), "-p", ".", "--strict"], home)
    return home


def test_the_typescript_client_builds_strictly_and_passes_its_tests_on_a_live_server(
    server: Running, built: Path
) -> None:
    env = {**os.environ, "TURNLEDGER_URL": server.url, "TURNLEDGER_API_KEY": API_KEY}
    done = subprocess.run(
        ["node", "--test", "out/test/"], cwd=built, env=env, capture_output=True, text=True,
        timeout=300,
    )  # fmt: skip
    report = done.stdout + done.stderr
    assert done.returncode == 0, report[-6000:]
    assert "# fail 0" in report and "# pass 0" not in report


def test_the_lockfile_pins_typescript_5_and_the_generator() -> None:
    lock = json.loads((PACKAGE / "package-lock.json").read_text())
    packages = lock["packages"]
    assert packages["node_modules/typescript"]["version"].startswith("5.")
    assert packages["node_modules/openapi-typescript"]["version"] == "7.13.0"
    wanted = json.loads((PACKAGE / "package.json").read_text())
    assert all(not v.startswith(("^", "~")) for v in wanted["devDependencies"].values())
    assert all(not v.startswith(("^", "~")) for v in wanted["dependencies"].values())
