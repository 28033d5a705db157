"""`Client` and `AsyncClient`: turnledger's HTTP API with typed answers and safe retries.

Writes carry an `Idempotency-Key` (generated when not given), so a request whose answer was
lost (a dropped connection) or that met a busy server (503) is sent again with the same key
and the server answers the first result instead of acting twice.
"""

from __future__ import annotations

import asyncio
import time
import warnings
from collections.abc import AsyncIterator, Iterator
from datetime import datetime
from types import TracebackType
from typing import Any, Literal, Self, TypeVar, overload

import httpx
from httpx_sse import EventSource
from pydantic import BaseModel

from . import calls, wire
from .calls import Call, Intent
from .errors import ConnectionLost, error_for
from .feed import CheckpointStore, FedEvent, fed_event
from .receipts import ReceiptBook, signature_holds

T = TypeVar("T")
RETRY_STATUSES = frozenset({429, 503})


class IncompleteReceipts(UserWarning):
    """A battle was verified against fewer receipts than it has actions: the actions whose
    receipts were not kept are checked by the chain alone, not by a signed receipt."""


class ReceiptsVerdict:
    """The server's verdict on the kept receipts, and what this client checked itself."""

    def __init__(self, server: wire.VerifyOut, kept: int, unsigned: list[dict[str, Any]]) -> None:
        self.server = server
        self.kept = kept
        """How many receipts of the battle the book holds (all were checked)."""
        self.unsigned = unsigned
        """Kept receipts whose signature does not hold against the published keys."""

    @property
    def ok(self) -> bool:
        """The chain holds, the log agrees with every receipt, and each signature holds."""
        checked = self.server.receipts
        return bool(self.server.ok and checked and checked.agree and not self.unsigned)

    @property
    def actions(self) -> int | None:
        """The battle's actions, one receipt each (as the server counts them)."""
        checked = self.server.receipts
        return None if checked is None else checked.actions

    @property
    def complete(self) -> bool:
        """Whether the book holds a receipt for every action of the battle."""
        return self.actions is None or self.kept >= self.actions


class _Base:
    def __init__(
        self,
        base_url: str,
        token: str | None = None,
        *,
        api_key: str | None = None,
        retries: int = 4,
        backoff: float = 0.2,
        timeout: float = 30.0,
        receipts: ReceiptBook | None = None,
        receipts_file: str | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.receipts = receipts or (
            ReceiptBook.shared(receipts_file) if receipts_file else ReceiptBook()
        )
        """Every receipt an answer brought (turnledger_client/receipts.py)."""
        self.token = token
        self.retries = retries
        self.backoff = backoff
        headers = {"Accept": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if api_key:
            headers["X-API-Key"] = api_key
        self._headers = headers
        self._timeout = timeout

    def _pause(self, attempt: int, answer: httpx.Response | None) -> float:
        after = answer.headers.get("Retry-After") if answer is not None else None
        if after and after.isdigit():
            return min(float(after), 30.0)
        return float(self.backoff * 2**attempt)

    @staticmethod
    def _read(call: Call[T], answer: httpx.Response) -> T:
        if answer.status_code >= 400:
            try:
                problem = answer.json()
            except ValueError:
                problem = {"detail": answer.text[:200] or answer.reason_phrase}
            raise error_for(answer.status_code, problem if isinstance(problem, dict) else {})
        return call.read(answer.json())

    def _keep(self, result: T) -> T:
        receipt = getattr(result, "receipt", None)
        if receipt is not None:
            self.receipts.add(receipt.model_dump(mode="json"))
        return result

    def _judge_receipts(
        self, battle_id: str, found: wire.VerifyOut, jwks: list[dict[str, Any]]
    ) -> ReceiptsVerdict:
        kept = self.receipts.of(battle_id)
        unsigned = [r for r in kept if not signature_holds(r, jwks)]
        verdict = ReceiptsVerdict(found, len(kept), unsigned)
        if not verdict.complete:
            warnings.warn(
                f"battle {battle_id}: {verdict.kept} receipts kept for {verdict.actions} actions;"
                " the others are checked by the chain alone",
                IncompleteReceipts,
                stacklevel=3,
            )
        return verdict

    def _request(self, call: Call[Any]) -> dict[str, Any]:
        return {
            "method": call.method,
            "url": call.path,
            "params": call.params,
            "json": call.json if call.method != "GET" else None,
            "headers": call.headers,
        }


class Client(_Base):
    """A synchronous client. Use it as a context manager (`with Client(url, token) as tl:`)."""

    def __init__(self, base_url: str, token: str | None = None, **options: Any) -> None:
        transport = options.pop("transport", None)
        super().__init__(base_url, token, **options)
        self._http = httpx.Client(
            base_url=self.base_url, headers=self._headers, timeout=self._timeout,
            transport=transport,
        )  # fmt: skip

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._http.close()

    def _run(self, call: Call[T]) -> T:
        attempts = self.retries + 1 if call.may_retry else 1
        for attempt in range(attempts):
            try:
                answer = self._http.request(**self._request(call))
            except httpx.TransportError as exc:
                if attempt + 1 >= attempts:
                    raise ConnectionLost(f"{call.method} {call.path}: {exc!r}") from exc
                time.sleep(self._pause(attempt, None))
                continue
            if answer.status_code in RETRY_STATUSES and attempt + 1 < attempts:
                time.sleep(self._pause(attempt, answer))
                continue
            return self._keep(self._read(call, answer))
        raise AssertionError("unreachable")

    # -- battles ---------------------------------------------------------------------------

    def create_battle(
        self, body: dict[str, Any] | BaseModel, idempotency_key: str | None = None
    ) -> wire.BattleCreatedOut:
        """Create a battle; the answer has `battle_id` and `director_token` (shown once)."""
        return self._run(calls.battle(body, idempotency_key))

    def add_seat(
        self, battle_id: str, creatures: list[str], name: str | None = None
    ) -> wire.SeatOut:
        """A player's seat (director only): its `token` acts for `creatures`."""
        return self._run(calls.seat(battle_id, creatures, name))

    @overload
    def submit(
        self,
        battle_id: str,
        intent: Intent,
        idempotency_key: str | None = None,
        expected_version: int | None = None,
        dry_run: Literal[False] = False,
    ) -> wire.IntentOut: ...
    @overload
    def submit(
        self,
        battle_id: str,
        intent: Intent,
        idempotency_key: str | None = None,
        expected_version: int | None = None,
        *,
        dry_run: Literal[True],
    ) -> wire.DryRunOut: ...
    @overload
    def submit(
        self,
        battle_id: str,
        intent: Intent,
        idempotency_key: str | None = None,
        expected_version: int | None = None,
        dry_run: bool = False,
    ) -> wire.IntentOut | wire.DryRunOut: ...
    def submit(
        self,
        battle_id: str,
        intent: Intent,
        idempotency_key: str | None = None,
        expected_version: int | None = None,
        dry_run: bool = False,
    ) -> wire.IntentOut | wire.DryRunOut:
        """Judge an intent: the new version, events and trace (a `DryRunOut` when `dry_run`).

        Raises `Refused` (with `rule`, `step`, `detail`) when the rules forbid it, `Conflict`
        when the battle moved on from `expected_version`, `Forbidden`, `Unauthorized`, ..."""
        return self._run(
            calls.submit(battle_id, intent, idempotency_key, expected_version, dry_run)
        )

    def state(
        self, battle_id: str, version: int | None = None, at: datetime | None = None
    ) -> wire.BattleStateOut:
        """The state now, at `version`, or at the instant `at`."""
        return self._run(calls.state(battle_id, version, at))

    def events(
        self,
        battle_id: str,
        after: int = 0,
        limit: int = 100,
        narrate: bool = False,
        *,
        creature: str | None = None,
        types: list[str] | None = None,
        round: int | None = None,
        turn: int | None = None,
    ) -> wire.EventsPage:
        """A page of the log after version `after` (typed events; words with `narrate`),
        filtered by `creature`, event `types`, `round` and `turn` when given (combined)."""
        call = calls.events(battle_id, after, limit, narrate, creature, types, round, turn)
        return self._run(call)

    def battles(
        self, tags: list[str] | None = None, limit: int = 50, before: str | None = None
    ) -> wire.BattlesPage:
        """The battles this client may see (by its API key or token), newest first."""
        return self._run(calls.battles(tags, limit, before))

    def describe(
        self, battle_id: str, *, title: str | None = None, tags: list[str] | None = None
    ) -> wire.Described:
        """Change the battle's title or tags (director)."""
        return self._run(calls.describe(battle_id, title, tags))

    def close_battle(self, battle_id: str, reason: str) -> wire.ClosedOut:
        """Close the battle: nothing appends to it any more (director)."""
        return self._run(calls.close(battle_id, reason))

    def rulings(self, battle_id: str, after: int = 0, limit: int = 100) -> wire.RulingsPage:
        """The battle's rulings still in effect: each rule the director set aside, and why."""
        return self._run(calls.rulings(battle_id, after, limit))

    def movement(
        self, battle_id: str, creature: str, *, round: int | None = None, turn: int | None = None
    ) -> wire.Movement:
        """What `creature` did in a round or a turn (neither: the whole battle so far)."""
        return self._run(calls.movement(battle_id, creature, round, turn))

    def reach(
        self, battle_id: str, creature: str, kind: str = "move", mode: str = "walk"
    ) -> wire.ReachOut:
        """Where `creature` could end a move now, with the cost of each square."""
        return self._run(calls.reach(battle_id, creature, kind, mode))

    def options(self, battle_id: str, creature: str) -> wire.OptionsOut:
        """What `creature` may do now, as this token may: each option's intent to submit as
        it is, what it spends, why any other is unavailable, and a summary in words."""
        return self._run(calls.options(battle_id, creature))

    def verify(self, battle_id: str) -> wire.VerifyOut:
        """Whether the battle's hash chain holds."""
        return self._run(calls.verify(battle_id))

    def keys(self) -> wire.KeySet:
        """The server's receipt signing keys (JWK, Ed25519)."""
        return self._run(calls.keys())

    def export(self, battle_id: str) -> dict[str, Any]:
        """The battle's signed bundle as this token may read it (verify it offline with
        `turnledger_client.bundle.verify_bundle` or `turnledger-verify`)."""
        return self._run(calls.export(battle_id))

    def import_bundle(self, bundle: dict[str, Any]) -> wire.ImportedOut:
        """Make a director's bundle a battle on this server (the API key when it has one):
        the new `battle_id` and `director_token`. Sent once: a lost answer is not retried."""
        return self._run(calls.import_bundle(bundle))

    def verify_receipts(self, battle_id: str) -> ReceiptsVerdict:
        """The log against every receipt this client kept for the battle (the server says
        where it disagrees), and each receipt's signature checked here against `GET /keys`."""
        found = self._run(calls.verify_receipts(battle_id, self.receipts.of(battle_id)))
        jwks = [key.model_dump(mode="json") for key in self.keys().keys]
        return self._judge_receipts(battle_id, found, jwks)

    # -- history -------------------------------------------------------------------------------

    def undo(
        self,
        battle_id: str,
        intent_id: str | None = None,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> wire.IntentOut:
        """Undo the latest action, or (director) the earlier action `intent_id` alone."""
        return self._run(calls.undo(battle_id, None, intent_id, expected_version, idempotency_key))

    def redo(
        self,
        battle_id: str,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> wire.IntentOut:
        """Redo the latest undone action."""
        return self._run(calls.redo(battle_id, expected_version, idempotency_key))

    def rewind(
        self,
        battle_id: str,
        to_version: int,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> wire.IntentOut:
        """(Director) undo every action after `to_version`."""
        return self._run(calls.undo(battle_id, to_version, None, expected_version, idempotency_key))

    def judgement(self, battle_id: str, intent_id: str) -> wire.Judgement:
        """Judge a recorded action again under today's rules."""
        return self._run(calls.judgement(battle_id, intent_id))

    def replay(
        self, battle_id: str, first: int | None = None, last: int | None = None
    ) -> wire.Replay:
        """Each event of versions `first`..`last` with the state after it."""
        return self._run(calls.replay(battle_id, first, last))

    def what_if(self, battle_id: str, version: int, intents: list[Intent]) -> wire.WhatIf:
        """Try `intents` from `version` without appending; compare with the log."""
        return self._run(calls.what_if(battle_id, version, intents))

    # -- the live stream -----------------------------------------------------------------------

    def stream(self, battle_id: str, after: int | None = None) -> Iterator[wire.LoggedEvent]:
        """Logged events as they happen (typed envelopes, `wire.LoggedEvent`), after `after`.

        A dropped connection is resumed after the last event received (`Last-Event-ID`), so
        no event is lost or repeated; it gives up after `retries` failed reconnects in a row.
        """
        last = after or 0
        failures = 0
        while True:
            try:
                with self._http.stream(
                    "GET",
                    f"/battles/{battle_id}/stream",
                    headers={"Accept": "text/event-stream", "Last-Event-ID": str(last)},
                    timeout=httpx.Timeout(self._timeout, read=None),
                ) as answer:
                    if answer.status_code >= 400:
                        answer.read()
                        self._read(calls.verify(battle_id), answer)
                    for message in EventSource(answer).iter_sse():
                        if not message.data:
                            continue
                        event = calls.logged_event(message.data)
                        if event.version <= last:
                            continue
                        last, failures = event.version, 0
                        yield event
            except (httpx.TransportError, httpx.StreamError) as exc:
                failures += 1
                if failures > self.retries:
                    raise ConnectionLost(f"the stream of {battle_id} kept failing") from exc
                time.sleep(self._pause(failures - 1, None))

    # -- a campaign: its feed, its tokens, its receipts ----------------------------------------

    def feed_page(self, after: str | None = None, limit: int = 500) -> wire.FeedPageOut:
        """A page of the API key's feed after the checkpoint `after` (None: the start)."""
        return self._run(calls.feed(after, limit))

    def follow_feed(self, store: CheckpointStore | None = None) -> Iterator[FedEvent]:
        """Every event of the API key's battles, live, after the checkpoint `store` holds;
        the checkpoint after each event is saved once the loop asks for the next one
        (turnledger_client/feed.py). A dropped connection is resumed from the last checkpoint
        (`Last-Event-ID`): nothing is lost or repeated; it gives up after `retries` failed
        reconnects in a row."""
        last = store.load() if store is not None else None
        failures = 0
        while True:
            headers = {"Accept": "text/event-stream", **({"Last-Event-ID": last} if last else {})}
            try:
                with self._http.stream(
                    "GET", "/feed", headers=headers, timeout=httpx.Timeout(self._timeout, read=None)
                ) as answer:
                    if answer.status_code >= 400:
                        answer.read()
                        self._read(calls.feed(None, 1), answer)
                    for message in EventSource(answer).iter_sse():
                        if not message.id:
                            continue
                        last, failures = message.id, 0
                        if message.event != "checkpoint":
                            yield fed_event(message.id, message.data)
                        if store is not None:
                            store.save(message.id)
            except (httpx.TransportError, httpx.StreamError) as exc:
                failures += 1
                if failures > self.retries:
                    raise ConnectionLost("the feed kept failing") from exc
                time.sleep(self._pause(failures - 1, None))

    def revoke_seat(self, battle_id: str, seat_id: str) -> wire.RevokedOut:
        """Revoke a seat's token (the director, or the API key that created the battle)."""
        return self._run(calls.revoke_seat(battle_id, seat_id))

    def rotate_director_token(self, battle_id: str) -> wire.RotatedOut:
        """A new director token (shown once); the old one stops at once."""
        return self._run(calls.rotate_director_token(battle_id))

    def revoke_battle_tokens(self, battle_id: str) -> wire.RevokedOut:
        """Revoke every token of a battle (the API key that created it)."""
        return self._run(calls.revoke_battle_tokens(battle_id))

    def rejudge(self, battle_id: str, after: int = 0, limit: int = 50) -> wire.RejudgementPage:
        """A page of the battle's actions judged again under today's rules: those that would
        differ (the director, or the API key that created it)."""
        return self._run(calls.rejudgement(battle_id, after, limit))

    def verify_book(self) -> dict[str, ReceiptsVerdict]:
        """Every battle of the receipt book verified against its receipts (each verdict says
        how many it checked; fewer than the battle's actions warns `IncompleteReceipts`)."""
        return {battle: self.verify_receipts(battle) for battle in self.receipts.battles()}


class AsyncClient(_Base):
    """The same API for asyncio (`async with AsyncClient(url, token) as tl:`)."""

    def __init__(self, base_url: str, token: str | None = None, **options: Any) -> None:
        transport = options.pop("transport", None)
        super().__init__(base_url, token, **options)
        self._http = httpx.AsyncClient(
            base_url=self.base_url, headers=self._headers, timeout=self._timeout,
            transport=transport,
        )  # fmt: skip

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def close(self) -> None:
        await self._http.aclose()

    async def _run(self, call: Call[T]) -> T:
        attempts = self.retries + 1 if call.may_retry else 1
        for attempt in range(attempts):
            try:
                answer = await self._http.request(**self._request(call))
            except httpx.TransportError as exc:
                if attempt + 1 >= attempts:
                    raise ConnectionLost(f"{call.method} {call.path}: {exc!r}") from exc
                await asyncio.sleep(self._pause(attempt, None))
                continue
            if answer.status_code in RETRY_STATUSES and attempt + 1 < attempts:
                await asyncio.sleep(self._pause(attempt, answer))
                continue
            return self._keep(self._read(call, answer))
        raise AssertionError("unreachable")

    async def create_battle(
        self, body: dict[str, Any] | BaseModel, idempotency_key: str | None = None
    ) -> wire.BattleCreatedOut:
        """Create a battle; the answer has `battle_id` and `director_token` (shown once)."""
        return await self._run(calls.battle(body, idempotency_key))

    async def add_seat(
        self, battle_id: str, creatures: list[str], name: str | None = None
    ) -> wire.SeatOut:
        """A player's seat (director only): its `token` acts for `creatures`."""
        return await self._run(calls.seat(battle_id, creatures, name))

    @overload
    async def submit(
        self,
        battle_id: str,
        intent: Intent,
        idempotency_key: str | None = None,
        expected_version: int | None = None,
        dry_run: Literal[False] = False,
    ) -> wire.IntentOut: ...
    @overload
    async def submit(
        self,
        battle_id: str,
        intent: Intent,
        idempotency_key: str | None = None,
        expected_version: int | None = None,
        *,
        dry_run: Literal[True],
    ) -> wire.DryRunOut: ...
    @overload
    async def submit(
        self,
        battle_id: str,
        intent: Intent,
        idempotency_key: str | None = None,
        expected_version: int | None = None,
        dry_run: bool = False,
    ) -> wire.IntentOut | wire.DryRunOut: ...
    async def submit(
        self,
        battle_id: str,
        intent: Intent,
        idempotency_key: str | None = None,
        expected_version: int | None = None,
        dry_run: bool = False,
    ) -> wire.IntentOut | wire.DryRunOut:
        """Judge an intent (see `Client.submit`)."""
        return await self._run(
            calls.submit(battle_id, intent, idempotency_key, expected_version, dry_run)
        )

    async def state(
        self, battle_id: str, version: int | None = None, at: datetime | None = None
    ) -> wire.BattleStateOut:
        """The state now, at `version`, or at the instant `at`."""
        return await self._run(calls.state(battle_id, version, at))

    async def events(
        self,
        battle_id: str,
        after: int = 0,
        limit: int = 100,
        narrate: bool = False,
        *,
        creature: str | None = None,
        types: list[str] | None = None,
        round: int | None = None,
        turn: int | None = None,
    ) -> wire.EventsPage:
        """A page of the log after version `after`, filtered when asked."""
        call = calls.events(battle_id, after, limit, narrate, creature, types, round, turn)
        return await self._run(call)

    async def battles(
        self, tags: list[str] | None = None, limit: int = 50, before: str | None = None
    ) -> wire.BattlesPage:
        """The battles this client may see (by its API key or token), newest first."""
        return await self._run(calls.battles(tags, limit, before))

    async def describe(
        self, battle_id: str, *, title: str | None = None, tags: list[str] | None = None
    ) -> wire.Described:
        """Change the battle's title or tags (director)."""
        return await self._run(calls.describe(battle_id, title, tags))

    async def close_battle(self, battle_id: str, reason: str) -> wire.ClosedOut:
        """Close the battle: nothing appends to it any more (director)."""
        return await self._run(calls.close(battle_id, reason))

    async def rulings(self, battle_id: str, after: int = 0, limit: int = 100) -> wire.RulingsPage:
        """The battle's rulings still in effect."""
        return await self._run(calls.rulings(battle_id, after, limit))

    async def movement(
        self, battle_id: str, creature: str, *, round: int | None = None, turn: int | None = None
    ) -> wire.Movement:
        """What `creature` did in a round or a turn (neither: the whole battle so far)."""
        return await self._run(calls.movement(battle_id, creature, round, turn))

    async def reach(
        self, battle_id: str, creature: str, kind: str = "move", mode: str = "walk"
    ) -> wire.ReachOut:
        """Where `creature` could end a move now."""
        return await self._run(calls.reach(battle_id, creature, kind, mode))

    async def options(self, battle_id: str, creature: str) -> wire.OptionsOut:
        """What `creature` may do now (see `TurnledgerClient.options`)."""
        return await self._run(calls.options(battle_id, creature))

    async def verify(self, battle_id: str) -> wire.VerifyOut:
        """Whether the battle's hash chain holds."""
        return await self._run(calls.verify(battle_id))

    async def keys(self) -> wire.KeySet:
        """The server's receipt signing keys (JWK, Ed25519)."""
        return await self._run(calls.keys())

    async def export(self, battle_id: str) -> dict[str, Any]:
        """The battle's signed bundle as this token may read it (see `Client.export`)."""
        return await self._run(calls.export(battle_id))

    async def import_bundle(self, bundle: dict[str, Any]) -> wire.ImportedOut:
        """Make a director's bundle a battle on this server (see `Client.import_bundle`)."""
        return await self._run(calls.import_bundle(bundle))

    async def verify_receipts(self, battle_id: str) -> ReceiptsVerdict:
        """As `Client.verify_receipts`."""
        found = await self._run(calls.verify_receipts(battle_id, self.receipts.of(battle_id)))
        jwks = [key.model_dump(mode="json") for key in (await self.keys()).keys]
        return self._judge_receipts(battle_id, found, jwks)

    async def undo(
        self,
        battle_id: str,
        intent_id: str | None = None,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> wire.IntentOut:
        """Undo the latest action, or (director) the earlier action `intent_id` alone."""
        return await self._run(
            calls.undo(battle_id, None, intent_id, expected_version, idempotency_key)
        )

    async def redo(
        self,
        battle_id: str,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> wire.IntentOut:
        """Redo the latest undone action."""
        return await self._run(calls.redo(battle_id, expected_version, idempotency_key))

    async def rewind(
        self,
        battle_id: str,
        to_version: int,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> wire.IntentOut:
        """(Director) undo every action after `to_version`."""
        return await self._run(
            calls.undo(battle_id, to_version, None, expected_version, idempotency_key)
        )

    async def judgement(self, battle_id: str, intent_id: str) -> wire.Judgement:
        """Judge a recorded action again under today's rules."""
        return await self._run(calls.judgement(battle_id, intent_id))

    async def replay(
        self, battle_id: str, first: int | None = None, last: int | None = None
    ) -> wire.Replay:
        """Each event of versions `first`..`last` with the state after it."""
        return await self._run(calls.replay(battle_id, first, last))

    async def what_if(self, battle_id: str, version: int, intents: list[Intent]) -> wire.WhatIf:
        """Try `intents` from `version` without appending."""
        return await self._run(calls.what_if(battle_id, version, intents))

    async def stream(
        self, battle_id: str, after: int | None = None
    ) -> AsyncIterator[wire.LoggedEvent]:
        """Logged events as they happen, resumed without loss after a dropped connection."""
        last = after or 0
        failures = 0
        while True:
            try:
                async with self._http.stream(
                    "GET",
                    f"/battles/{battle_id}/stream",
                    headers={"Accept": "text/event-stream", "Last-Event-ID": str(last)},
                    timeout=httpx.Timeout(self._timeout, read=None),
                ) as answer:
                    if answer.status_code >= 400:
                        await answer.aread()
                        self._read(calls.verify(battle_id), answer)
                    async for message in EventSource(answer).aiter_sse():
                        if not message.data:
                            continue
                        event = calls.logged_event(message.data)
                        if event.version <= last:
                            continue
                        last, failures = event.version, 0
                        yield event
            except (httpx.TransportError, httpx.StreamError) as exc:
                failures += 1
                if failures > self.retries:
                    raise ConnectionLost(f"the stream of {battle_id} kept failing") from exc
                await asyncio.sleep(self._pause(failures - 1, None))

    # -- a campaign: its feed, its tokens, its receipts ----------------------------------------

    async def feed_page(self, after: str | None = None, limit: int = 500) -> wire.FeedPageOut:
        """As `Client.feed_page`."""
        return await self._run(calls.feed(after, limit))

    async def follow_feed(self, store: CheckpointStore | None = None) -> AsyncIterator[FedEvent]:
        """As `Client.follow_feed`."""
        last = store.load() if store is not None else None
        failures = 0
        while True:
            headers = {"Accept": "text/event-stream", **({"Last-Event-ID": last} if last else {})}
            try:
                async with self._http.stream(
                    "GET", "/feed", headers=headers, timeout=httpx.Timeout(self._timeout, read=None)
                ) as answer:
                    if answer.status_code >= 400:
                        await answer.aread()
                        self._read(calls.feed(None, 1), answer)
                    async for message in EventSource(answer).aiter_sse():
                        if not message.id:
                            continue
                        last, failures = message.id, 0
                        if message.event != "checkpoint":
                            yield fed_event(message.id, message.data)
                        if store is not None:
                            store.save(message.id)
            except (httpx.TransportError, httpx.StreamError) as exc:
                failures += 1
                if failures > self.retries:
                    raise ConnectionLost("the feed kept failing") from exc
                await asyncio.sleep(self._pause(failures - 1, None))

    async def revoke_seat(self, battle_id: str, seat_id: str) -> wire.RevokedOut:
        """As `Client.revoke_seat`."""
        return await self._run(calls.revoke_seat(battle_id, seat_id))

    async def rotate_director_token(self, battle_id: str) -> wire.RotatedOut:
        """As `Client.rotate_director_token`."""
        return await self._run(calls.rotate_director_token(battle_id))

    async def revoke_battle_tokens(self, battle_id: str) -> wire.RevokedOut:
        """As `Client.revoke_battle_tokens`."""
        return await self._run(calls.revoke_battle_tokens(battle_id))

    async def rejudge(
        self, battle_id: str, after: int = 0, limit: int = 50
    ) -> wire.RejudgementPage:
        """As `Client.rejudge`."""
        return await self._run(calls.rejudgement(battle_id, after, limit))

    async def verify_book(self) -> dict[str, ReceiptsVerdict]:
        """As `Client.verify_book`."""
        return {battle: await self.verify_receipts(battle) for battle in self.receipts.battles()}
