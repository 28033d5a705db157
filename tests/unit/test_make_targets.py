"""`make run` installs what serving needs; the development extras come with `make test`."""

from __future__ import annotations

import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).parents[2]
DEV_TOOLS = ("pytest", "playwright", "schemathesis", "mypy", "hypothesis", "ruff")


def planned(target: str, tmp_path: Path) -> str:
    """The commands `make` would run for `target` on a machine with no virtualenv yet."""
    done = subprocess.run(
        ["make", "-n", target, f"VENV={tmp_path / 'venv'}"],
        cwd=ROOT, capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    return done.stdout


def test_make_run_installs_the_server_without_the_development_extras(tmp_path: Path) -> None:
    run = planned("run", tmp_path)
    assert "pip install --quiet -e ." in run and "turnledger serve" in run
    assert "[dev]" not in run and "clients/python" not in run


def test_make_test_installs_the_development_extras_and_the_client(tmp_path: Path) -> None:
    test = planned("test", tmp_path)
    assert "-e '.[dev]' -e clients/python" in test


def test_the_runtime_dependencies_hold_no_development_tool() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = " ".join(project["dependencies"])
    assert not [tool for tool in DEV_TOOLS if tool in runtime]
    assert "fastapi-offline" in runtime  # the docs pages' assets are needed to serve
