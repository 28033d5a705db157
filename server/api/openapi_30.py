"""The contract as OpenAPI 3.0, for Swagger UI's page only.

`/openapi.json` is OpenAPI 3.1 (FastAPI's), and stays the contract clients generate from.
Swagger UI reads a 3.1 document through its newer resolver, which normalises the whole
document on load and resolves every reference of an operation when it is opened: with this
server's unions (about thirty intents, forty-odd event types in three shapes) that took
20 to 40 seconds of a browser's time on a loaded two-core machine. Read as 3.0, the same
document opens in a few seconds. The rewrite changes how a schema is written, never what it
accepts or answers: the 3.1-only keywords become their 3.0 spellings.

- `anyOf: [X, {type: null}]` becomes X with `nullable: true` (through `allOf` for a `$ref`);
- `const: c` becomes `enum: [c]`;
- `prefixItems` (a fixed-length list) becomes `items` of its element types, the length kept
  by `minItems`/`maxItems`;
- a numeric `exclusiveMinimum`/`exclusiveMaximum` becomes `minimum`/`maximum` with the
  boolean flag.
"""

from __future__ import annotations

from typing import Any

NULL = {"type": "null"}


def as_openapi_30(document: dict[str, Any]) -> dict[str, Any]:
    """A copy of the 3.1 `document` written in OpenAPI 3.0.3."""
    converted: dict[str, Any] = _node(document)
    converted["openapi"] = "3.0.3"
    return converted


def _node(value: Any) -> Any:
    if isinstance(value, list):
        return [_node(v) for v in value]
    if not isinstance(value, dict):
        return value
    node = {key: _node(v) for key, v in value.items()}
    _nullable(node)
    if "const" in node:
        node["enum"] = [node.pop("const")]
    if "prefixItems" in node:
        kinds = node.pop("prefixItems")
        distinct = [k for i, k in enumerate(kinds) if k not in kinds[:i]]
        node["items"] = distinct[0] if len(distinct) == 1 else {"anyOf": distinct}
        node.setdefault("minItems", len(kinds))
        node.setdefault("maxItems", len(kinds))
    for bound, flag in (("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")):
        if isinstance(node.get(bound), int | float) and not isinstance(node[bound], bool):
            node[flag] = node.pop(bound)
            node[bound] = True
    return node


def _nullable(node: dict[str, Any]) -> None:
    """`anyOf` holding `{type: null}`: the other options, marked `nullable`."""
    options = node.get("anyOf")
    if not isinstance(options, list) or NULL not in options:
        return
    rest = [option for option in options if option != NULL]
    del node["anyOf"]
    node["nullable"] = True
    if len(rest) != 1:
        node["anyOf"] = rest
    elif "$ref" in rest[0]:
        node["allOf"] = rest  # a `$ref` takes no siblings in 3.0
    else:
        node.update({key: v for key, v in rest[0].items() if key not in node})
