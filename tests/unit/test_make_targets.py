"""`make run` installs what serving needs; the development extras come with `make test`."""

from __future__ import annotations

import subprocess
import tomllib
from pathlib import Path

import pytest

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
    assert "pip install --quiet -e '.[embedded]'" in run and "turnledger serve" in run
    assert "[dev]" not in run and "clients/python" not in run


def test_make_test_installs_the_development_extras_and_the_client(tmp_path: Path) -> None:
    test = planned("test", tmp_path)
    assert "-e '.[dev]' -e clients/python" in test


def test_the_runtime_dependencies_hold_no_development_tool() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = " ".join(project["dependencies"])
    assert not [tool for tool in DEV_TOOLS if tool in runtime]
    assert "fastapi-offline" in runtime  # the docs pages' assets are needed to serve


def test_make_citus_builds_the_vendored_source_with_its_licence(tmp_path: Path) -> None:
    assert "third_party/citus/build.sh" in planned("citus", tmp_path)
    vendored = ROOT / "third_party" / "citus"
    assert (vendored / "citus-13.0.5.tar.gz").is_file()
    assert "GNU AFFERO GENERAL PUBLIC LICENSE" in (vendored / "LICENSE").read_text()
    # compose's cluster image is built from the same tarball the tests build
    assert "third_party/citus/citus-*.tar.gz" in (ROOT / "ops/docker/citus.Dockerfile").read_text()


def test_nothing_in_the_clone_refers_to_folders_outside_it() -> None:
    outside = ("/".join(["..", "shared"]), "/".join(["", "work", "shared"]))
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    found = []
    for name in tracked:
        path = ROOT / name
        if path.suffix in {".gz", ".png"} or not path.is_file():
            continue
        text = path.read_text(errors="ignore")
        found += [f"{name}: {o}" for o in outside if o in text]
    assert found == []


def test_the_cluster_fixture_says_in_one_line_why_citus_is_missing(monkeypatch) -> None:
    from ops.citus import cluster

    monkeypatch.setattr(cluster, "citus_installed", lambda: False)
    with pytest.raises(cluster.CitusMissing) as missing:
        cluster.require_citus()
    message = str(missing.value)
    assert "\n" not in message and "make citus" in message and "third_party/citus" in message


def test_every_long_step_of_make_test_first_says_what_it_does_and_how_long(
    tmp_path: Path,
) -> None:
    lines = planned("test", tmp_path).splitlines()
    slow = ("pip install -e", "pip install --quiet -e", "apt-get install", "mypy ")
    for n, line in enumerate(lines):
        if "echo " not in line and any(s in line for s in slow):
            said = " ".join(lines[max(0, n - 3) : n])
            assert "make: " in said and "about" in said, line
    assert "citus: building" in (ROOT / "third_party/citus/build.sh").read_text()


def test_the_embedded_postgresql_is_an_extra_the_production_image_leaves_out() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert not [d for d in project["dependencies"] if d.startswith("pgserver")]
    assert project["optional-dependencies"]["embedded"] == ["pgserver>=0.1.4"]
    image = (ROOT / "ops/docker/Dockerfile").read_text().splitlines()
    installs = [line for line in image if "pip install" in line and not line.startswith("#")]
    assert installs and all("pip install --no-cache-dir . " in line for line in installs)


def test_without_the_embedded_extra_a_command_says_what_to_install(
    monkeypatch, tmp_path: Path
) -> None:
    import sys

    from server.operations.cli_guard import Stop, open_database
    from server.operations.settings import Settings

    monkeypatch.setitem(sys.modules, "pgserver", None)  # as if not installed
    monkeypatch.delenv("DATABASE_URL", raising=False)
    with pytest.raises(Stop) as stopped:
        open_database(Settings(data_dir=tmp_path), create=True)
    assert "pip install 'turnledger[embedded]'" in str(stopped.value)
    assert "DATABASE_URL" in str(stopped.value)


def test_make_test_runs_pytest_in_parallel_a_file_to_a_worker(tmp_path: Path) -> None:
    pytest_line = [line for line in planned("pytest", tmp_path).splitlines() if "/pytest" in line]
    assert pytest_line and "-n auto --dist loadfile" in pytest_line[-1]


@pytest.mark.parametrize("target", ["run", "demo"])
def test_ctrl_c_stops_make_run_without_make_reporting_an_error(tmp_path: Path, target: str) -> None:
    import os
    import signal
    import time

    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    ready = tmp_path / "ready"
    # stands in for the server: stops cleanly on SIGINT with 130, as `turnledger serve` does
    fake = venv / "bin" / "turnledger"
    fake.write_text(
        "#!/usr/bin/env python3\nimport signal, sys, time, pathlib\n"
        "signal.signal(signal.SIGINT, lambda *_: sys.exit(130))\n"
        f"pathlib.Path({str(ready)!r}).touch()\ntime.sleep(60)\n"
    )
    fake.chmod(0o755)
    (venv / ".installed-run").touch()  # newer than pyproject.toml: nothing to install
    make = subprocess.Popen(
        ["make", "--no-print-directory", target, f"VENV={venv}"], cwd=ROOT,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True,
    )  # fmt: skip
    deadline = time.monotonic() + 30
    while not ready.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    os.killpg(make.pid, signal.SIGINT)  # what a terminal's Ctrl-C does: the whole group
    out, _ = make.communicate(timeout=30)
    # make itself then ends by the SIGINT it was sent (so a calling shell knows), quietly
    assert make.returncode in (0, -signal.SIGINT) and "make: ***" not in out, out
