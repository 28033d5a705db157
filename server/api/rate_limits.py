"""Rate limits for a public server, per kind of request and per who is counted.

Who is counted: the authenticated principal where there is one (a battle's token: its seat,
for every read and write of the battle), the server's API key for creations when one is set,
and otherwise the real peer (the connection's address, or the client a trusted proxy names:
server/api/edge.py). A key or token the server does not know is refused (401) before any counter
exists for it, so junk credentials cannot mint fresh allowances.

Every request is also counted against its peer (`peer`, generous: what one address may send
in all), and a request to a route that authenticates no one (`/healthz`, `/keys`, `/metrics`,
the documentation, the viewer's files) against the peer's `open` allowance, so no route is
free to flood.

Failed authentications (a wrong token or API key) are counted per peer (`auth`). Past that
allowance a wrong credential is answered 429 rather than 401, and one the server has already
refused (kept in a bounded table of refused credentials) is answered from memory without a
database query. A valid credential is still looked up and served: the failures are the
sender's, and an honest client behind the same address (a shared NAT, a neighbour on the
same proxy) is not locked out by them. What the sender can still make the database do is
bounded by its `peer` allowance.

Each limit is a rate like `120/minute` (parsed by the `limits` library) enforced by GCRA, the
generic cell rate algorithm: one float per client (the theoretical arrival time), so a check is
a dictionary lookup and some arithmetic, about a microsecond, where a moving window keeps one
timestamp per request (6,000 per client at `6000/minute`) and costs ten times more. It allows
a burst of the whole amount, then the rate: over time never more than the rate (plus that one
burst), and never more than twice the amount within one period. Over a limit the answer is
429 with `Retry-After`, before any work. Counters live in this process's memory (with
`--workers N` each worker counts on its own); clients idle for a whole period are forgotten,
oldest first, so the table stays as large as the clients active in one period.
`TURNLEDGER_RATE_LIMITS=off` lifts them all (benchmarks measuring raw throughput do).
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable

from fastapi import Request
from limits import parse

from server.api.problems import ProblemError
from server.trust.api_keys import ApiKeys

WHAT = {
    "create": "battle creations",
    "write": "writes",
    "read": "reads",
    "auth": "failed authentications",
    "peer": "requests",
    "open": "requests to routes without a token",
}
REFUSED_CREDENTIALS = 65_536
"""Credentials remembered as refused (a sha256 digest each, about 100 bytes an entry)."""


class Gcra:
    """One rate (`amount` per `period` seconds) for many clients (see the module docstring)."""

    def __init__(self, amount: int, period: float, clock: Callable[[], float]) -> None:
        self.amount, self.period, self._clock = amount, period, clock
        self._interval = period / amount
        # client -> theoretical arrival time, least recently counted first (an OrderedDict:
        # a plain dict's first key is found by skipping the slots of keys popped before it)
        self._due: OrderedDict[str, float] = OrderedDict()

    def hit(self, client: str) -> float:
        """Count one request; 0 when it may pass, else the seconds until one more may."""
        now = self._clock()
        due = self._due.get(client, now)
        after = (due if due > now else now) + self._interval
        if after - now > self.period:
            return after - self.period - now  # refused requests spend nothing
        self._due[client] = after
        self._due.move_to_end(client)
        self._forget(now)
        return 0.0

    def exhausted(self, client: str) -> bool:
        """Whether the next request of `client` would be refused (nothing is counted)."""
        due = self._due.get(client)
        return due is not None and due + self._interval - self._clock() > self.period

    def _forget(self, now: float) -> None:
        """Drop clients whose allowance is whole again (their next arrival time has passed):
        the oldest first, a few at a time, so no call pays for a sweep."""
        for _ in range(2):
            if not self._due:
                return
            oldest, due = next(iter(self._due.items()))
            if due > now:
                return
            del self._due[oldest]

    def __len__(self) -> int:
        return len(self._due)


class RateLimits:
    """One GCRA per kind of request; each counts per client."""

    def __init__(
        self,
        create: str,
        write: str,
        read: str = "12000/minute",
        auth: str = "120/minute",
        *,
        peer: str = "60000/minute",
        open: str = "1200/minute",
        enabled: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.enabled = enabled
        self._rates: dict[str, Gcra] = {}
        self._items: dict[str, str] = {}
        rates = {"create": create, "write": write, "read": read, "auth": auth}
        for kind, rate in {**rates, "peer": peer, "open": open}.items():
            item = parse(rate)
            self._rates[kind] = Gcra(item.amount, item.get_expiry(), clock)
            self._items[kind] = str(item)
        self._refused: OrderedDict[bytes, None] = OrderedDict()

    def check(self, kind: str, client: str) -> None:
        """Count one request of `kind` from `client`; 429 past the limit."""
        if not self.enabled:
            return
        wait = self._rates[kind].hit(client)
        if wait:
            self._refuse(kind, wait)

    def check_open(self, kind: str, client: str) -> None:
        """429 if `client` has no `kind` allowance left, without counting this request."""
        if self.enabled and self._rates[kind].exhausted(client):
            self._refuse(kind, self._rates[kind].period / self._rates[kind].amount)

    def refused_before(self, peer: str, credential: bytes) -> None:
        """429, without a database query, when `peer` has spent its failed authentications
        and `credential` (a digest) was refused before; else nothing."""
        if self.enabled and credential in self._refused and self._rates["auth"].exhausted(peer):
            self._refuse("auth", self._rates["auth"].period / self._rates["auth"].amount)

    def failed(self, peer: str, credential: bytes) -> None:
        """Count a failed authentication against `peer` and remember `credential` (a digest)
        as refused; 429 when the peer is past its allowance (the caller answers 401 else)."""
        if not self.enabled:
            return
        self._refused[credential] = None
        self._refused.move_to_end(credential)
        while len(self._refused) > REFUSED_CREDENTIALS:
            self._refused.popitem(last=False)
        self.check("auth", peer)

    def _refuse(self, kind: str, wait: float) -> None:
        seconds = max(1, math.ceil(wait))
        raise ProblemError(
            429,
            "rate-limited",
            f"more than {self._items[kind]} {WHAT[kind]} from this client; retry in {seconds} s"
            f" (TURNLEDGER_RATE_{kind.upper()})",
            headers={"Retry-After": str(seconds)},
        )

    def clients(self, kind: str) -> int:
        """How many clients `kind` counts now (what a flood of junk credentials would grow)."""
        return len(self._rates[kind])


def peer_of(request: Request) -> str:
    """The real peer: the connection's address, or the client a trusted proxy names."""
    return "ip:" + (request.client.host if request.client else "unknown")


def client_of(request: Request, keys: ApiKeys) -> str:
    """Who a creation is counted (and its idempotency key scoped, and the battle owned) as:
    the API key it holds, when the server knows it (an unknown key in `X-API-Key` was refused
    before this), else the real peer."""
    given = request.headers.get("x-api-key")
    if given is None:
        scheme, _, value = request.headers.get("authorization", "").partition(" ")
        given = value.strip() if scheme.lower() == "bearer" else None
    if given:
        key = keys.find(given)
        if key is not None and not key.revoked:
            return key.scope
    return peer_of(request)
