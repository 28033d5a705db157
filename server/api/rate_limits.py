"""Rate limits for a public server: battle creations and appends per API key or client address.

Counted with the `limits` library (a moving window, in this process's memory: with
`--workers N` each worker counts on its own, so a client may reach N times the rate). Over a
limit the answer is 429 with `Retry-After` (seconds until the window lets one more through),
before any work is done. The defaults are generous: a table's normal play, or a campaign
backend creating its battles, never meets them; `TURNLEDGER_RATE_LIMITS=off` turns them off
(benchmarks measuring raw throughput do).
"""

from __future__ import annotations

import hashlib
import math
import time

from fastapi import Request
from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from .problems import ProblemError


class RateLimits:
    """One moving-window counter per kind of request ("create", "write") and client."""

    def __init__(self, create: str, write: str, *, enabled: bool = True) -> None:
        self.enabled = enabled
        self._items: dict[str, RateLimitItem] = {"create": parse(create), "write": parse(write)}
        self._limiter = MovingWindowRateLimiter(MemoryStorage())

    def check(self, kind: str, client: str) -> None:
        """Count one request of `kind` from `client`; 429 past the limit."""
        if not self.enabled:
            return
        item = self._items[kind]
        if self._limiter.hit(item, kind, client):
            return
        reset = self._limiter.get_window_stats(item, kind, client).reset_time
        wait = max(1, math.ceil(reset - time.time()))
        raise ProblemError(
            429,
            "rate-limited",
            f"more than {item} {'battle creations' if kind == 'create' else 'writes'} from this"
            f" client; retry in {wait} s (TURNLEDGER_RATE_{kind.upper()})",
            headers={"Retry-After": str(wait)},
        )


def client_of(request: Request, api_key: str | None) -> str:
    """Who is counted: the API key presented (when the server has one), else the address."""
    if api_key:
        given = request.headers.get("x-api-key")
        if given is None:
            scheme, _, value = request.headers.get("authorization", "").partition(" ")
            given = value.strip() if scheme.lower() == "bearer" else None
        if given:
            return "key:" + hashlib.sha256(given.encode()).hexdigest()[:32]
    return "ip:" + (request.client.host if request.client else "unknown")
