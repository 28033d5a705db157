"""What routes share: the services, and who is asking (tokens from the header or `?token=`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import Depends, Header, Path, Request
from sqlalchemy import Engine
from starlette.concurrency import run_in_threadpool

from events.lru import SizedLRU
from server.auth import Principal, same_secret, token_hash
from server.battle_catalog import BattleCatalog
from server.battle_service import BattleService
from server.history_service import HistoryService
from server.keyring import Keyring
from server.log_questions import LogQuestions
from server.settings import Settings
from server.stream_hub import StreamHub
from server.verification import Verifier

from .metrics import Metrics
from .problems import ProblemError
from .rate_limits import RateLimits, client_of, peer_of
from .stream_encoding import CatchUpBudget, EncodedEvents

BattleId = Annotated[str, Path(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]


@dataclass
class Services:
    settings: Settings
    engine: Engine
    battles: BattleService
    history: HistoryService
    questions: LogQuestions
    catalog: BattleCatalog
    metrics: Metrics
    hub: StreamHub
    keyring: Keyring
    verifier: Verifier
    principals: PrincipalCache = field(default_factory=lambda: PrincipalCache())
    rate_limits: RateLimits = field(default_factory=lambda: RateLimits("1/second", "1/second"))
    encoded: EncodedEvents = field(default_factory=lambda: EncodedEvents(8 * 2**20))
    catch_up: CatchUpBudget = field(default_factory=lambda: CatchUpBudget(32 * 2**20))


class PrincipalCache:
    """Tokens that authenticated once. Seats are never revoked, so a hit can't go stale.

    Bounded by an estimate of bytes: a seat may hold up to 200 creatures (measured: 742
    bytes an entry with none, about 100 more a creature)."""

    ENTRY_BYTES = 750
    PER_CREATURE = 100

    def __init__(self, budget: int = 8 * 2**20) -> None:
        self._items: SizedLRU[tuple[str, bytes], Principal] = SizedLRU(budget, self._size)

    @classmethod
    def _size(cls, key: tuple[str, bytes], principal: Principal) -> int:
        creatures = sum(cls.PER_CREATURE + len(c) for c in principal.creatures)
        return cls.ENTRY_BYTES + len(key[0]) + creatures

    def get(self, key: tuple[str, bytes]) -> Principal | None:
        return self._items.get(key)

    def put(self, key: tuple[str, bytes], principal: Principal) -> None:
        self._items.put(key, principal)


async def services(request: Request) -> Services:
    return request.app.state.services  # type: ignore[no-any-return]


def bearer(request: Request) -> str | None:
    token = bearer_of(request.headers.get("authorization", ""))
    if token is not None:
        return token
    if request.method == "GET":
        return request.query_params.get("token") or None
    return None


def bearer_of(authorization: str) -> str | None:
    """The token of an `Authorization: Bearer <token>` header, if that is what it holds."""
    scheme, _, value = authorization.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return None


async def principal(
    battle_id: BattleId, request: Request, deps: Services = Depends(services)
) -> Principal:
    """The caller, by one of this battle's tokens; 401 when there is none or it is wrong
    (`authenticated`).

    Async on purpose: FastAPI runs a sync dependency in the threadpool, and every hop there
    and back costs more than the cache lookup that usually answers here.
    """
    state = request.scope.setdefault("state", {})
    return await authenticated(
        deps, battle_id, bearer(request), request.method, lambda: peer_of(request), state
    )


async def authenticated(
    deps: Services,
    battle_id: str,
    token: str | None,
    method: str,
    peer: Callable[[], str],
    state: dict[str, Any],
) -> Principal:
    """The caller, by one of this battle's tokens; 401 when there is none or it is wrong.

    Every request that names a battle is counted here against its principal's rate limit
    (reads for GET, writes otherwise: server/api/rate_limits.py), after the token is known
    good; a wrong token is counted against the peer's failed authentications instead, so
    junk tokens open no fresh allowances, and past the peer's allowance they are answered
    429 (one already refused, from memory). A valid token is served whatever the peer's
    failures: they are the sender's, not its neighbours' (server/api/rate_limits.py). Shared by
    the `principal` dependency and the lean intents route (server/api/lean_intents.py).
    """
    if token is None:
        raise ProblemError(401, "unauthorized", "send a token of this battle as a Bearer token")
    key = (battle_id, token_hash(token))
    found = deps.principals.get(key)
    if found is None:  # (a hit is already marked the most recently used: no put again)
        credential = battle_id.encode() + b"\0" + key[1]
        deps.rate_limits.refused_before(peer(), credential)
        found = await run_in_threadpool(deps.battles.authenticate, battle_id, token)
        if found is None:
            deps.rate_limits.failed(peer(), credential)
            raise ProblemError(401, "unauthorized", "this token does not open this battle")
        deps.principals.put(key, found)
    kind = "read" if method in ("GET", "HEAD") else "write"
    deps.rate_limits.check(kind, f"seat:{battle_id}:{found.seat_id}")
    state["battle_id"] = battle_id
    return found


async def director(who: Principal = Depends(principal)) -> Principal:
    if not who.is_director:
        raise ProblemError(403, "forbidden", "only the battle's director may do this")
    return who


async def api_key(
    request: Request,
    deps: Services = Depends(services),
    x_api_key: Annotated[
        str | None,
        Header(
            alias="X-API-Key",
            description="The server's API key (`TURNLEDGER_API_KEY`), needed to create "
            "battles when the server sets one (it may also come as a bearer token).",
        ),
    ] = None,
) -> None:
    """When TURNLEDGER_API_KEY is set, creating battles needs it (X-API-Key or Bearer).

    The key is a declared header parameter, not a security requirement, so generated clients
    can create battles without a token where the server has no key."""
    expected = deps.settings.api_key
    if not expected:
        return
    given = x_api_key or bearer(request) or ""
    if not same_secret(given, expected):
        # counted as a wrong token is: 401, then 429 past the peer's failed authentications
        deps.rate_limits.failed(peer_of(request), b"key\0" + token_hash(given))
        raise ProblemError(401, "unauthorized", "creating battles needs the server's API key")


Caller = Annotated[Principal, Depends(principal)]
Director = Annotated[Principal, Depends(director)]
Deps = Annotated[Services, Depends(services)]


def limited(kind: str) -> Any:
    """A route dependency counting the request against its client's `kind` rate limit.

    `create` counts the API key (when the server has one) or the real peer; any other kind
    is counted by the `principal` dependency on the authenticated principal (reads and
    writes), so `limited("write")` only makes sure the caller is authenticated first."""
    if kind != "create":
        return Depends(principal)

    async def check(request: Request, deps: Services = Depends(services)) -> None:
        deps.rate_limits.check(kind, client_of(request, deps.settings.api_key))

    return Depends(check)
