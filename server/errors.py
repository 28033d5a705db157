"""The service's typed failures; the HTTP layer maps each to a problem document."""

from __future__ import annotations


class ServiceError(Exception):
    status = 400
    kind = "error"

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class NotFound(ServiceError):
    status = 404
    kind = "not-found"


class Forbidden(ServiceError):
    status = 403
    kind = "forbidden"


class Unauthorized(ServiceError):
    status = 401
    kind = "unauthorized"


class StaleVersion(ServiceError):
    """The client named the version it decided on, and the battle has moved on."""

    status = 409
    kind = "stale-version"

    def __init__(self, expected: int, actual: int) -> None:
        super().__init__(f"the battle is at version {actual}, not {expected}")
        self.expected = expected
        self.actual = actual


class Busy(ServiceError):
    """Concurrent writers kept winning; the client may retry (with its idempotency key)."""

    status = 503
    kind = "busy"


class BadRequest(ServiceError):
    status = 422
    kind = "bad-request"


class OverLimit(ServiceError):
    """A request within the format but past one of the server's limits (`limits/...`)."""

    status = 422

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind
