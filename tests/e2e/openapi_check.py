"""Validate real HTTP answers against the schemas `/openapi.json` declares for them."""

from __future__ import annotations

import re
from typing import Any

import httpx
from jsonschema import Draft202012Validator


class Contract:
    """The server's OpenAPI document, able to check an answer against its declared schema."""

    def __init__(self, spec: dict[str, Any]) -> None:
        self.spec = spec
        self.checked: list[tuple[str, str, int]] = []
        self.event_types: set[str] = set()

    def _operation(self, method: str, url: str) -> tuple[str, dict[str, Any]]:
        path = httpx.URL(url).path
        for template, operations in self.spec["paths"].items():
            pattern = "^" + re.sub(r"\{[^}]+\}", "[^/]+", template) + "$"
            if re.match(pattern, path) and method.lower() in operations:
                return template, operations[method.lower()]
        raise AssertionError(f"{method} {path} is not in the OpenAPI document")

    def check(self, answer: httpx.Response) -> httpx.Response:
        """Fail unless the answer's body fits the schema declared for its status and type."""
        method = answer.request.method
        template, operation = self._operation(method, str(answer.request.url))
        declared = operation["responses"].get(str(answer.status_code))
        assert declared is not None, (
            f"{method} {template} answered {answer.status_code}, undeclared"
        )
        media = answer.headers["content-type"].split(";")[0]
        content = declared.get("content", {})
        assert media in content, f"{method} {template} {answer.status_code}: {media} undeclared"
        schema = content[media].get("schema")
        assert schema is not None, f"{method} {template} {answer.status_code} has no schema"
        document = {**schema, "components": self.spec["components"]}
        errors = sorted(
            Draft202012Validator(document).iter_errors(answer.json()), key=lambda e: e.path
        )
        assert not errors, f"{method} {template} {answer.status_code}: " + "; ".join(
            f"{list(e.absolute_path)}: {e.message[:300]}" for e in errors[:5]
        )
        self.checked.append((method, template, answer.status_code))
        self._collect_types(answer.json())
        return answer

    def _collect_types(self, body: Any) -> None:
        if isinstance(body, dict):
            if isinstance(body.get("type"), str) and isinstance(body.get("data"), dict):
                self.event_types.add(body["type"])
            for value in body.values():
                self._collect_types(value)
        elif isinstance(body, list):
            for value in body:
                self._collect_types(value)
