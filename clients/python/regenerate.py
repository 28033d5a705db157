"""Regenerate `turnledger_client/wire.py` from the server's `/openapi.json`.

The client's models are generated (datamodel-code-generator), never written by hand, so they
say exactly what the server's contract says; `tests/e2e/test_python_client.py` fails when
this file is stale. Run from the repository root: `.venv/bin/python clients/python/regenerate.py`.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

WIRE = Path(__file__).parent / "turnledger_client" / "wire.py"
OPTIONS = [
    "--input-file-type", "openapi",
    "--output-model-type", "pydantic_v2.BaseModel",
    "--target-python-version", "3.11",
    "--use-annotated",
    "--field-constraints",
    "--use-double-quotes",
    "--disable-timestamp",
    "--use-schema-description",
    "--use-field-description",
    "--collapse-root-models",
    "--use-one-literal-as-default",  # wire.Move(creature=..., path=...) without type=
    "--formatters", "black", "isort",
]  # fmt: skip


def server_openapi() -> dict[str, Any]:
    """The server's OpenAPI document, built from the app (no database is touched)."""
    from sqlalchemy import create_engine

    from server.app import create_app
    from server.operations.settings import Settings

    url = "postgresql+psycopg://nobody@127.0.0.1:1/none"
    return create_app(Settings(database_url=url), create_engine(url)).openapi()


def generate(spec: dict[str, Any]) -> str:
    """The models module for `spec`."""
    codegen = Path(sys.executable).parent / "datamodel-codegen"
    with tempfile.TemporaryDirectory() as tmp:
        source, target = Path(tmp) / "openapi.json", Path(tmp) / "wire.py"
        source.write_text(json.dumps(spec, sort_keys=True))
        subprocess.run(
            [str(codegen), "--input", str(source), "--output", str(target), *OPTIONS],
            check=True,
            capture_output=True,
        )
        body = target.read_text()
    header = (
        '"""The wire format as pydantic models, generated from turnledger\'s /openapi.json.\n\n'
        "Do not edit: run clients/python/regenerate.py.\n"
        '"""\n'
    )
    body = body.split("\n", 2)[2] if body.startswith("# generated") else body
    return header + body + union_aliases(spec)


UNIONS = {"LoggedEvent": "StreamEvent"}
"""Type aliases for unions the spec names as root models, so `stream()` can be typed."""


def union_aliases(spec: dict[str, Any]) -> str:
    """`LoggedEvent = AEnvelope | BEnvelope | ...`: the members of the named union schema."""
    schemas = spec["components"]["schemas"]
    lines = []
    for alias, name in UNIONS.items():
        members = [m["$ref"].rsplit("/", 1)[1] for m in schemas[name]["oneOf"]]
        lines.append(f"\n\n{alias}: TypeAlias = " + " | ".join(members))
        lines.append(f'\n"""One member of `{name}`: what `stream()` yields."""\n')
    return "\n\nfrom typing import TypeAlias  # noqa: E402\n" + "".join(lines) if lines else ""


if __name__ == "__main__":
    WIRE.write_text(generate(server_openapi()))
    print(f"wrote {WIRE}")
