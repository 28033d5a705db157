"""Errors the client raises: one class per problem a caller handles differently.

Every error carries the server's problem document (`problem`), its `status`, `detail`, and
for refusals the `rule` and `step` that the rules named.
"""

from __future__ import annotations

from typing import Any


class TurnledgerError(Exception):
    """The server answered with a problem (`application/problem+json`)."""

    def __init__(self, status: int, problem: dict[str, Any]) -> None:
        self.status = status
        self.problem = problem
        self.type: str = str(problem.get("type", ""))
        self.detail: str = str(problem.get("detail") or problem.get("title") or status)
        self.rule: str | None = problem.get("rule")
        self.step: int | None = problem.get("step")
        super().__init__(f"{status} {self.rule + ': ' if self.rule else ''}{self.detail}")


class Refused(TurnledgerError):
    """The rules refused the intent (422): `rule` names the rule, `step` the path step."""


class InvalidRequest(TurnledgerError):
    """The request is malformed or invalid (400, or 422 without a rule)."""


class Unauthorized(TurnledgerError):
    """401: no token, or one that does not open this battle (or no API key)."""


class Forbidden(TurnledgerError):
    """403: the token may not do this (a player acting for another's creature, ...)."""


class NotFound(TurnledgerError):
    """404: no such battle, version or action."""


class Conflict(TurnledgerError):
    """409: the battle moved on from `expected_version`; nothing was appended."""

    @property
    def expected_version(self) -> int | None:
        return self.problem.get("expected_version")

    @property
    def actual_version(self) -> int | None:
        return self.problem.get("actual_version")


class Unavailable(TurnledgerError):
    """503 (or 429) still after the client's retries: the server is busy or its database away."""


class ConnectionLost(Exception):
    """The connection kept failing after the client's retries."""


BY_STATUS: dict[int, type[TurnledgerError]] = {
    400: InvalidRequest,
    401: Unauthorized,
    403: Forbidden,
    404: NotFound,
    409: Conflict,
    429: Unavailable,
    503: Unavailable,
}


def error_for(status: int, problem: dict[str, Any]) -> TurnledgerError:
    """The error class for an answer's status and problem."""
    if status == 422:
        refused = problem.get("rule") is not None
        return (Refused if refused else InvalidRequest)(status, problem)
    return BY_STATUS.get(status, TurnledgerError)(status, problem)
