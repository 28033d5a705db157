"""Make `/openapi.json` mean the same to every generator: `required` decides what is optional.

Generators read a property's `default` differently. openapi-typescript (default flags)
makes every property with a `default` non-optional, outside inline request bodies, so a
request model whose fields have defaults would demand them all; datamodel-code-generator
and openapi-python-client read `default` as "may be left out". So the document says it one
way only, for every model at once (new routes and fields get the same treatment):

- a property the server does not always send, or does not need, is left out of `required`
  and carries no `default` (its default is said in its description instead);
- a property the server always sends, or needs, is in `required` (answers are generated in
  pydantic's serialisation mode with `json_schema_serialization_defaults_required`, so a
  field with a default that is always written is required there);
- the property a discriminated union is keyed on is required in each of its members (the
  server cannot pick a member without it, whatever default the model gives it).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

SchemaDict = dict[str, Any]


def _schemas(node: Any) -> Iterator[SchemaDict]:
    """Every dict in the document, depth first."""
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _schemas(value)
    elif isinstance(node, list):
        for value in node:
            yield from _schemas(value)


def _resolve(spec: SchemaDict, ref: str) -> SchemaDict | None:
    if not ref.startswith("#/"):
        return None
    node: Any = spec
    for part in ref[2:].split("/"):
        node = node.get(part) if isinstance(node, dict) else None
    return node if isinstance(node, dict) else None


def require_discriminators(spec: SchemaDict) -> None:
    """Each member of a discriminated union requires the property it is picked by."""
    for schema in list(_schemas(spec)):
        discriminator = schema.get("discriminator")
        if not isinstance(discriminator, dict) or "propertyName" not in discriminator:
            continue
        name = discriminator["propertyName"]
        refs = list(discriminator.get("mapping", {}).values())
        refs += [m["$ref"] for m in schema.get("oneOf", []) if "$ref" in m]
        for ref in refs:
            member = _resolve(spec, ref)
            if member is not None and name in member.get("properties", {}):
                required = member.setdefault("required", [])
                if name not in required:
                    required.append(name)


def defaults_only_where_required(spec: SchemaDict) -> None:
    """An optional property's `default` moves into its description (see the module doc)."""
    for schema in list(_schemas(spec)):
        properties = schema.get("properties")
        if not isinstance(properties, dict) or schema.get("in") is not None:
            continue
        required = set(schema.get("required", []))
        for name, prop in properties.items():
            if name in required or not isinstance(prop, dict) or "default" not in prop:
                continue
            default = prop.pop("default")
            if default is None:
                continue
            said = f"Default: `{json.dumps(default)}`."
            text = prop.get("description", "")
            prop["description"] = f"{text} {said}".strip() if said not in text else text


def typescript_ready(spec: SchemaDict) -> SchemaDict:
    """Apply both rules to the whole document (components and inline schemas alike)."""
    require_discriminators(spec)
    defaults_only_where_required(spec)
    return spec
