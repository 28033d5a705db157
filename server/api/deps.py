"""What routes share: the services, and who is asking (tokens from the header or `?token=`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import Depends, Header, Path, Request
from sqlalchemy import Engine
from starlette.concurrency import run_in_threadpool

from events.lru import SizedLRU
from server.api.bounded_body import BytesInFlight
from server.api.metrics import Metrics
from server.api.problems import ProblemError
from server.api.rate_limits import RateLimits, client_of, peer_of
from server.api.stream_encoding import CatchUpBudget, EncodedEvents
from server.campaign.catalog import BattleCatalog
from server.campaign.directory import Revoked
from server.campaign.feed import Feed, OpenFeeds, Owners, SharedPages
from server.campaign.token_revocation import TokenRevocation
from server.commands.table import CommandTable
from server.operations.settings import Settings
from server.ports import Ports
from server.questions.answering import LogQuestions
from server.readers.identity import identify
from server.readers.tokens import Principal, token_hash
from server.readers.view import ReaderView, director_view, view_of
from server.state.stream_hub import StreamHub
from server.trust.api_keys import ApiKey, ApiKeys
from server.trust.keyring import Keyring
from server.trust.verification import Verifier

BattleId = Annotated[str, Path(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]


@dataclass
class Services:
    settings: Settings
    engine: Engine
    ports: Ports
    commands: CommandTable
    questions: LogQuestions
    catalog: BattleCatalog
    metrics: Metrics
    hub: StreamHub
    keyring: Keyring
    verifier: Verifier
    keys: ApiKeys = field(default_factory=lambda: ApiKeys(None))
    tokens: TokenRevocation = field(init=False)
    feed: Feed = field(init=False)
    open_feeds: OpenFeeds = field(default_factory=OpenFeeds)
    principals: PrincipalCache = field(default_factory=lambda: PrincipalCache())
    rate_limits: RateLimits = field(default_factory=lambda: RateLimits("1/second", "1/second"))
    encoded: EncodedEvents = field(default_factory=lambda: EncodedEvents(8 * 2**20))
    catch_up: CatchUpBudget = field(default_factory=lambda: CatchUpBudget(32 * 2**20))
    answers: BytesInFlight = field(default_factory=lambda: BytesInFlight(64 * 2**20))
    """Bytes of answers sent in pieces not yet taken by their clients (server/api/
    bounded_body.py)."""

    def __post_init__(self) -> None:
        self.tokens = TokenRevocation(self.ports.directory, self.ports.clock, self.revoked)
        self.feed = Feed(self.ports.log.read_all, Owners(self.engine), SharedPages())

    def revoked(self, battle_id: str, tokens: frozenset[bytes]) -> None:
        """Tokens were revoked here: forget them now and end the streams they hold."""
        for hashed in tokens:
            self.principals.forget((battle_id, hashed))
        self.hub.end_streams(battle_id, tokens)


class PrincipalCache:
    """Tokens that authenticated lately.

    A token can be revoked (server/campaign/token_revocation.py): the process that revokes it drops
    it here at once (`forget`), and every process asks the database again about a token it
    has not asked about for `FRESH_SECONDS`, so a revocation by another server process takes
    effect there within that time, at the cost of one query per token that long.

    Bounded by an estimate of bytes: a seat may hold up to 200 creatures (measured: 742
    bytes an entry with none, about 100 more a creature)."""

    ENTRY_BYTES = 750
    PER_CREATURE = 100
    FRESH_SECONDS = 1.0

    def __init__(
        self, budget: int = 8 * 2**20, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._items: SizedLRU[tuple[str, bytes], tuple[Principal, float]] = SizedLRU(
            budget, self._size
        )
        self._clock = clock

    @classmethod
    def _size(cls, key: tuple[str, bytes], held: tuple[Principal, float]) -> int:
        creatures = sum(cls.PER_CREATURE + len(c) for c in held[0].creatures)
        return cls.ENTRY_BYTES + len(key[0]) + creatures

    def get(self, key: tuple[str, bytes]) -> Principal | None:
        held = self._items.get(key)
        if held is None or self._clock() - held[1] > self.FRESH_SECONDS:
            return None
        return held[0]

    def put(self, key: tuple[str, bytes], principal: Principal) -> None:
        self._items.put(key, (principal, self._clock()))

    def forget(self, key: tuple[str, bytes]) -> None:
        self._items.pop(key)


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
    token = bearer(request)
    key = given_key(request)
    if token is None and key is not None:
        found = await key_principal(deps, battle_id, key, lambda: peer_of(request))
        kind = "read" if request.method in ("GET", "HEAD") else "write"
        deps.rate_limits.check(kind, f"key:{battle_id}:{found.key}")
        state["battle_id"] = battle_id
        return found
    return await authenticated(
        deps, battle_id, token, request.method, lambda: peer_of(request), state
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
        who = await run_in_threadpool(identify, deps.ports.directory, battle_id, token)
        if not isinstance(who, Principal):
            deps.rate_limits.failed(peer(), credential)
            raise refused_token(who)
        found = who
        deps.principals.put(key, found)
    kind = "read" if method in ("GET", "HEAD") else "write"
    deps.rate_limits.check(kind, f"seat:{battle_id}:{found.seat_id}")
    state["battle_id"] = battle_id
    return found


def refused_token(found: Revoked | None) -> ProblemError:
    """The 401 of a token that opens nothing here: a revoked one is named revoked."""
    if found is None:
        return ProblemError(401, "unauthorized", "this token does not open this battle")
    return ProblemError(
        401,
        "token-revoked",
        f"this token ({found.what}) was revoked at {found.at.isoformat()}",
    )


async def key_principal(
    deps: Services, battle_id: str, given: str, peer: Callable[[], str]
) -> Principal:
    """The API key acting as the director of a battle it created; 401 for a key that is
    unknown or revoked, or that did not create this battle."""
    key = known_key(deps, given, peer)
    cache = (battle_id, bytes.fromhex(key.digest))
    found = deps.principals.get(cache)
    if found is None:
        credential = battle_id.encode() + b"\0key\0" + cache[1]
        deps.rate_limits.refused_before(peer(), credential)
        owner = await run_in_threadpool(deps.catalog.created_by, battle_id)
        if owner != key.scope:
            deps.rate_limits.failed(peer(), credential)
            raise ProblemError(401, "unauthorized", "this API key did not create this battle")
        found = Principal(battle_id, "director", "director", key=key.name)
        deps.principals.put(cache, found)
    return found


def known_key(deps: Services, given: str, peer: Callable[[], str]) -> ApiKey:
    """The API key `given` is; 401 (counted against the peer's failed authentications) for
    one the server does not know, naming a revoked one revoked."""
    credential = b"key\0" + token_hash(given)
    deps.rate_limits.refused_before(peer(), credential)
    key = deps.keys.find(given)
    if key is None or key.revoked:
        # counted as a wrong token is: 401, then 429 past the peer's failed authentications
        deps.rate_limits.failed(peer(), credential)
        if key is None:
            raise ProblemError(401, "unauthorized", "this API key is not one of this server's")
        raise ProblemError(
            401, "key-revoked", f"this API key ({key.name}) was revoked at {key.revoked_at}"
        )
    return key


def given_key(request: Request) -> str | None:
    """The API key the request carries in `X-API-Key` (None: none)."""
    return request.headers.get("x-api-key") or None


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
    """An API key (X-API-Key or Bearer) that the server knows, or none at all: when
    TURNLEDGER_API_KEY is set, creating battles needs a key; a default server creates them
    without one, as it always did. A key sent that the server does not know (or revoked) is
    a 401, never silently ignored: its battles would be nobody's.

    The key is a declared header parameter, not a security requirement, so generated clients
    can create battles without a token where the server has no key."""
    if x_api_key:
        known_key(deps, x_api_key, lambda: peer_of(request))
        return
    # a bearer may be a key, or the director token of a battle the creation continues
    token = bearer(request)
    key = deps.keys.find(token) if token else None
    if key is not None:
        known_key(deps, token or "", lambda: peer_of(request))
    elif deps.keys.required:
        raise ProblemError(401, "unauthorized", "creating battles needs the server's API key")


async def reader_view(
    who: Principal = Depends(principal), deps: Services = Depends(services)
) -> ReaderView:
    """What the caller may read of its battle (server/readers/view.py), read once per
    request: every route of the request that asks for it shares this one (FastAPI keeps a
    dependency's value for the request), and its answers are encoded through it. The
    director's reads nothing; a player's reads who may see whom as the log stands."""
    if who.is_director:
        return director_view()
    return await run_in_threadpool(view_of, deps.ports.readers, who)


Caller = Annotated[Principal, Depends(principal)]
View = Annotated[ReaderView, Depends(reader_view)]
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
        deps.rate_limits.check(kind, client_of(request, deps.keys))

    return Depends(check)
