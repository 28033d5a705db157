"""Every field `/openapi.json` allows to be null says, in its description, when it is null.

The convention, checkable by a test: the description of a nullable property (one whose schema
is `nullable`, or an `anyOf`/`oneOf` holding `{"type": "null"}`) contains the word `null`,
in a phrase that says when: "null when ...", "null unless ...", "null on ...", "null
without ...", "null otherwise", "null: ...", "null (or left out): ..." for a body's field
(what leaving it out means), or "never null" for a field the server always sends. A client
generated from the document then knows, field by field, what a missing value means.

Also: every `step` (of a path or of gridless legs) says it counts from 0, the way the
server counts it (tests/e2e/test_docs_match_server.py checks the server's answer).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

from tests.unit.server.test_intents_openapi import document

SAYS_WHEN_NULL = re.compile(
    r"\bnull`?(\s+(only\s+)?"
    r"(when|unless|on|otherwise|for|if|until|while|without|to|in)\b|\s*:|\s*\()"
    r"|\b(never|else|otherwise|or)\s+null\b",
    re.IGNORECASE,
)


@cache
def contract() -> dict[str, Any]:
    return document()


def nullable(schema: dict[str, Any]) -> bool:
    if schema.get("nullable") is True:
        return True
    kinds = schema.get("type")
    if kinds == "null" or (isinstance(kinds, list) and "null" in kinds):
        return True
    return any(
        isinstance(option, dict) and option.get("type") == "null"
        for key in ("anyOf", "oneOf")
        for option in schema.get(key, [])
    )


def properties(spec: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Every property of every component schema, as (schema, field, its schema)."""
    for name, schema in spec["components"]["schemas"].items():
        for field, prop in schema.get("properties", {}).items():
            yield name, field, prop


def test_every_nullable_field_says_when_it_is_null() -> None:
    silent = [
        f"{name}.{field}: {prop.get('description', '(no description)')!r}"
        for name, field, prop in properties(contract())
        if nullable(prop) and not SAYS_WHEN_NULL.search(prop.get("description", ""))
    ]
    assert silent == [], "\n".join(silent)


def test_the_check_finds_nullable_fields_in_each_form() -> None:
    """The walk sees the forms FastAPI writes (so the test above cannot pass by missing them)."""
    found = [(name, field) for name, field, prop in properties(contract()) if nullable(prop)]
    assert ("Problem", "step") in found and ("CreatureView", "economy") in found
    assert len(found) > 500  # every event's envelope fields among them
    assert nullable({"anyOf": [{"type": "integer"}, {"type": "null"}]})
    assert nullable({"type": "integer", "nullable": True})
    assert not nullable({"type": "integer"})
    assert SAYS_WHEN_NULL.search("Its title; null when it has none.")
    assert not SAYS_WHEN_NULL.search("Its title, if any.")
    assert not SAYS_WHEN_NULL.search("A nullable title.")


def test_every_step_says_it_counts_from_0() -> None:
    steps = [
        (name, prop.get("description", ""))
        for name, field, prop in properties(contract())
        if field == "step"
    ]
    assert len(steps) >= 5
    assert [name for name, said in steps if "from 0" not in said] == []
