"""The contract Swagger UI reads (OpenAPI 3.0) is `/openapi.json` (3.1) written the 3.0 way:
the same routes, parameters, examples, properties, required fields and nullable fields."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from functools import cache
from typing import Any

from server.api.openapi_30 import as_openapi_30
from tests.unit.server.test_intents_openapi import document
from tests.unit.server.test_openapi_nullable import nullable

ONLY_31 = ("const", "prefixItems")


@cache
def documents() -> tuple[dict[str, Any], dict[str, Any]]:
    original = document()
    return original, as_openapi_30(original)


def nodes(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        yield value
        for child in value.values():
            yield from nodes(child)
    elif isinstance(value, list):
        for child in value:
            yield from nodes(child)


def test_nothing_of_3_1_is_left() -> None:
    _, converted = documents()
    assert converted["openapi"] == "3.0.3"
    for node in nodes(converted["components"]):
        assert not any(key in node for key in ONLY_31), node
        assert node.get("type") != "null" and not isinstance(node.get("type"), list), node
        assert node.get("exclusiveMinimum") in (None, True), node


def test_the_same_routes_parameters_and_examples() -> None:
    original, converted = documents()
    assert converted["paths"].keys() == original["paths"].keys()
    for path, operations in original["paths"].items():
        for method, operation in operations.items():
            other = converted["paths"][path][method]
            assert other["operationId"] == operation["operationId"]
            assert [p["name"] for p in other.get("parameters", [])] == [
                p["name"] for p in operation.get("parameters", [])
            ]
            assert other["responses"].keys() == operation["responses"].keys()
            body = operation.get("requestBody", {}).get("content", {})
            for media, content in body.items():
                assert other["requestBody"]["content"][media].get("examples") == content.get(
                    "examples"
                )
            for status, answer in operation["responses"].items():
                for media, content in answer.get("content", {}).items():
                    shown = other["responses"][status]["content"][media]
                    assert shown.get("examples") == content.get("examples")


def test_every_schema_keeps_its_properties_required_and_nullable_fields() -> None:
    original, converted = documents()
    schemas = converted["components"]["schemas"]
    assert schemas.keys() == original["components"]["schemas"].keys()
    nullable_fields = 0
    for name, schema in original["components"]["schemas"].items():
        other = schemas[name]
        assert other.get("required") == schema.get("required"), name
        assert other.get("properties", {}).keys() == schema.get("properties", {}).keys(), name
        for field, prop in schema.get("properties", {}).items():
            written = other["properties"][field]
            assert bool(written.get("nullable")) == nullable(prop), f"{name}.{field}"
            assert written.get("description") == prop.get("description"), f"{name}.{field}"
            nullable_fields += nullable(prop)
    assert nullable_fields > 500


def test_each_3_1_spelling_becomes_its_3_0_one() -> None:
    ref = {"$ref": "#/components/schemas/Receipt"}
    written = as_openapi_30(
        {
            "openapi": "3.1.0",
            "a": {"anyOf": [ref, {"type": "null"}], "description": "d"},
            "b": {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]},
            "c": {"anyOf": [{"type": "integer"}, {"type": "string"}, {"type": "null"}]},
            "d": {"const": "move", "type": "string"},
            "e": {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "integer"}]},
            "f": {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}]},
            "g": {"type": "number", "exclusiveMinimum": 0},
        }
    )
    assert written["a"] == {"allOf": [ref], "nullable": True, "description": "d"}
    assert written["b"] == {"type": "integer", "minimum": 0, "nullable": True}
    assert written["c"] == {"anyOf": [{"type": "integer"}, {"type": "string"}], "nullable": True}
    assert written["d"] == {"enum": ["move"], "type": "string"}
    assert written["e"] == {"type": "array", "items": {"type": "integer"}, "minItems": 2,
                            "maxItems": 2}  # fmt: skip
    assert written["f"]["items"] == {"anyOf": [{"type": "integer"}, {"type": "string"}]}
    assert written["g"] == {"type": "number", "minimum": 0, "exclusiveMinimum": True}


def test_the_contract_itself_is_left_alone() -> None:
    original = document()
    kept = copy.deepcopy(original)
    as_openapi_30(original)
    assert original == kept
