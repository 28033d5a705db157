"""Battles as a service: create them, seat players, judge intents, and read them back.

Every appending command is handed to the one write path (`server/commands/pipeline.py`)
with a plan: for an intent, authorise it and let the engine decide. Reads come from the
read model, the log, or the state at the log's head.
"""

from __future__ import annotations

import asyncio
import copy
import secrets
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any

import structlog

import events.battle_events
import events.history_events
from engine import Context, create_battle, decide
from engine.budget import Budget, within
from engine.intents import Intent
from engine.preview import reactions_ahead
from engine.recorded_dice import RecordingDice
from engine.results import Decision, Refused
from engine.unseen import judge_unseen, known_state
from engine.view import battle_view
from events.envelope import Envelope
from events.history_events import IntentAccepted
from events.lru import SizedLRU
from events.store import EventStore
from events.vocabulary import Event
from projections import REDUCER_VERSION, BattleState, fold
from server.campaign.catalog import CLOSED_RULE, Closed
from server.campaign.directory import BattleDirectory, Revoked
from server.commands.creation_keys import (
    TOKEN_BYTES,
    CreationKeys,
    FirstCreation,
    KeyReusedForAnother,
    director_token,
)
from server.commands.pipeline import Command, CommandPipeline, IntentOutcome, Planned
from server.commands.request_encoding import (
    UnencodableBody,
    canonical_request,
    check_idempotency_key,
)
from server.errors import BadRequest, Busy, Forbidden, NotFound, OverLimit
from server.queries.options import options_answer
from server.queries.reach import reach_answer
from server.readers.authorisation import authorise
from server.readers.redaction import Reader, Visibility, reader_of
from server.readers.tokens import Principal, new_token, token_hash
from server.readers.unseen_dice import UnseenDice, secret_seed
from server.readers.view import ReaderView, view_of
from server.state.loader import CACHE_BYTES, Loaded, StateLoader

log = structlog.get_logger("turnledger.battles")


@dataclass(frozen=True)
class CreatedBattle:
    battle_id: str
    director_token: str
    version: int
    envelopes: tuple[Envelope, ...]
    replayed: bool = False


class BattleService:
    def __init__(
        self,
        store: EventStore,
        directory: BattleDirectory,
        clock: Callable[[], datetime],
        pipeline: Callable[[StateLoader, Callable[[], str]], CommandPipeline],
        budget: Callable[[str], Budget] = lambda what: Budget(5_000_000, what=what),
        *,
        creations: CreationKeys | None = None,
        state_cache_bytes: int = CACHE_BYTES,
        seats_per_battle: int = 64,
        refuse_if_closed: Callable[[str], None] | None = None,
    ) -> None:
        self.refuse_if_closed = refuse_if_closed
        """Raises `Closed` for a closed battle, for reads that say so (options); commands
        need not ask it: the append refuses a closed battle itself (migration 0007_i25b)."""
        self.seats_per_battle = seats_per_battle
        self.budget = budget
        # Without a key store's secret, one for this process alone: tokens it seals unseal
        # only here (the server always passes the key store's, server/wiring.py).
        self.creations = creations or CreationKeys(directory.engine, secrets.token_bytes(32))
        """A fresh budget of search work for one answer (engine.budget), from the settings."""
        self.store = store
        self.directory = directory
        self.clock = clock
        self.loader = StateLoader(store, events.vocabulary.registry, state_cache_bytes)
        self.visibility: SizedLRU[str, Visibility] = SizedLRU(VISIBILITY_BYTES, _visibility_size)
        # One reader at a time per battle brings its visibility forward (striped, so bounded):
        # sixty streams opened at once on a long battle must not each read its whole log.
        self._visibility_locks = tuple(threading.Lock() for _ in range(64))
        """Who may see each creature, per battle, as far as the log was read: a player's read
        reads only the log after it (server/readers/redaction.py)."""
        self.pipeline = pipeline(self.loader, self.new_id)

    def new_id(self) -> str:
        """Time-ordered, unguessable ids: milliseconds then 72 random bits."""
        millis = int(self.clock().timestamp() * 1000)
        return f"{millis:012x}{secrets.token_hex(9)}"

    async def _blocking(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run a synchronous database call off the event loop (cold paths only)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.pipeline.executor, partial(fn, *args))

    # -- battles and seats ----------------------------------------------------------------

    async def create_battle(
        self,
        body: dict[str, Any],
        *,
        idempotency_key: str | None = None,
        scope: str = "local",
        created_by: str | None = None,
        continued_from: dict[str, Any] | None = None,
    ) -> CreatedBattle | Refused:
        """Judge a battle's setup and append its creation; the director token is shown once,
        and again only to a retry of the same request under the same `Idempotency-Key` from
        the same client `scope` (server/commands/creation_keys.py)."""
        check_idempotency_key(idempotency_key)
        try:
            request = canonical_request(body, limit=2**31)
        except UnencodableBody as exc:
            return Refused(rule="battle/invalid-setup", detail=str(exc))
        if body.get("seed") is None:  # after hashing: a retried creation is the same request
            body = {**body, "seed": secret_seed()}
        # what a campaign finds it by is the directory's, not the rules'
        title, tags = body.get("title"), list(body.get("tags") or [])
        body = {k: v for k, v in body.items() if k not in ("title", "tags")}
        battle_id = self.new_id()
        raw = secrets.token_bytes(TOKEN_BYTES)
        token = director_token(raw)
        if idempotency_key is not None:
            try:
                first = await self._blocking(
                    self.creations.claim,
                    scope,
                    idempotency_key,
                    request.digest,
                    battle_id,
                    raw,
                    self.clock(),
                )
            except KeyReusedForAnother as exc:
                raise BadRequest(str(exc)) from None
            if first is not None:
                return await self._first_creation(first)

        def plan(_: Loaded | None) -> Planned | Refused:
            decision = create_battle(body, Context(actor="director"))
            if isinstance(decision, Refused):
                return decision
            trace = tuple(step.to_json() for step in decision.trace)
            state = fold(decision.events)
            # The directory row first: a crash before the append leaves a row with no
            # events, which every read treats as "no such battle".
            self.directory.create(
                battle_id,
                str(body.get("ruleset")),
                token_hash(token),
                self.clock(),
                title=title,
                tags=tags,
                created_by=created_by,
            )
            # a continued battle's opening records where its creatures came from
            opened: dict[str, Any] = {"type": "create_battle"}
            if continued_from is not None:
                opened["continue"] = continued_from
            opener = IntentAccepted(intent=opened, trace=list(trace))
            return Planned(
                (opener, *decision.events), state, decision.events, trace, state.rules_version
            )

        command = Command(battle_id, "director", plan, request.digest, heavy=True, new_battle=True)
        try:
            outcome = await self.pipeline.run(command)
        except BaseException:
            await self._unborn(battle_id, scope, idempotency_key)
            raise
        if outcome.refused is not None:
            await self._unborn(battle_id, scope, idempotency_key)
            return outcome.refused
        return CreatedBattle(battle_id, token, outcome.version, outcome.envelopes)

    async def _unborn(self, battle_id: str, scope: str, key: str | None) -> None:
        """A creation that appended nothing leaves nothing: no battle row, no claimed key."""
        await self._blocking(self.directory.forget_unborn, battle_id)
        if key is not None:
            await self._blocking(self.creations.release, scope, key, battle_id)

    async def _first_creation(self, first: FirstCreation, wait: float = 5.0) -> CreatedBattle:
        """The answer the first creation under a key gave, once its events are in the log
        (a retry may overtake the first attempt, which is then still appending)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + wait
        while True:
            opening = await self._blocking(self.store.read_stream, first.battle_id, 0, 1)
            if opening and opening[0].intent_id is not None:
                action = await self._blocking(
                    self.store.find_action, first.battle_id, opening[0].intent_id
                )
                version = action[-1].version
                return CreatedBattle(
                    first.battle_id, first.director_token, version, tuple(action), replayed=True
                )
            if loop.time() > deadline:
                raise Busy("the first creation under this Idempotency-Key is not done; retry")
            await asyncio.sleep(0.05)

    async def add_seat(
        self, principal: Principal, creatures: Sequence[str], name: str | None
    ) -> tuple[str, str]:
        """A player token bound to some of the battle's creatures (director only)."""
        self.require_director(principal)
        loaded = await self.pipeline.fresh(principal.battle_id)
        unknown = [c for c in creatures if c not in loaded.state.creatures]
        if unknown:
            raise BadRequest(f"no such creature(s): {', '.join(unknown)}")
        token = new_token("ply")
        seat_id = self.new_id()
        added = await self._blocking(
            self.directory.add_seat,
            principal.battle_id,
            seat_id,
            token_hash(token),
            name,
            list(creatures),
            self.clock(),
            self.seats_per_battle,
        )
        if not added:
            raise OverLimit(
                "limits/too-many-seats",
                f"this battle has {self.seats_per_battle} seats already, as many as one battle"
                " may have (TURNLEDGER_SEATS_PER_BATTLE)",
            )
        return seat_id, token

    def authenticate(self, battle_id: str, token: str | None) -> Principal | None:
        """Who the token is in the battle (None: none of its tokens, or one revoked)."""
        found = self.identify(battle_id, token)
        return found if isinstance(found, Principal) else None

    def identify(self, battle_id: str, token: str | None) -> Principal | Revoked | None:
        """As `authenticate`, telling a revoked token apart (its 401 names it revoked)."""
        if not token:
            return None
        return self.directory.principal(battle_id, token_hash(token))

    @staticmethod
    def require_director(principal: Principal) -> None:
        if not principal.is_director:
            raise Forbidden("only the battle's director may do this")

    # -- intents --------------------------------------------------------------------------

    async def submit(
        self,
        principal: Principal,
        intent: Intent,
        *,
        idempotency_key: str | None = None,
        dry_run: bool = False,
        correlation_id: str | None = None,
        view: ReaderView | None = None,
    ) -> IntentOutcome:
        """Judge an intent on the battle's head and append what it does (or preview it); a
        player's is judged on what it knows (`view`, read now when not given)."""
        check_idempotency_key(idempotency_key)
        try:
            request = canonical_request(intent.model_dump(mode="json", exclude_none=True))
        except UnencodableBody as exc:
            return IntentOutcome(0, refused=Refused(rule="intent/invalid", detail=str(exc)))
        hidden: set[str] = set()
        if not principal.is_director:
            known = view or await self._blocking(view_of, self, principal)
            hidden = set(known.hidden())
        command = Command(
            principal.battle_id,
            principal.actor,
            partial(self._plan_intent, principal, intent, request.data, dry_run, hidden),
            request.digest,
            idempotency_key=None if dry_run else idempotency_key,
            expected_version=intent.expected_version,
            correlation_id=correlation_id,
            heavy=searches(intent),
            dry_run=dry_run,
            authorise=partial(authorise, principal, intent),
        )
        return await self.pipeline.run(command)

    def _plan_intent(
        self,
        principal: Principal,
        intent: Intent,
        recorded: dict[str, Any],
        dry_run: bool,
        hidden: set[str],
        loaded: Loaded | None,
    ) -> Planned | Refused:
        assert loaded is not None
        # a player asks and plans on the battle as it knows it (engine/unseen.py): the
        # creatures hidden from it are not there, to authorise, to judge a dry run, to search
        known = known_state(loaded.state, hidden)
        refusal = authorise(principal, intent, known)
        if refusal is not None:
            return refusal
        # a dry run must not show the faces the real submission is about to roll
        dice = RecordingDice(UnseenDice() if dry_run else None)
        unseen = sorted(hidden & loaded.state.creatures.keys())
        ctx = Context(actor=principal.actor, dice=dice)
        with within(self.budget("this intent")):
            if dry_run or not unseen:
                decision = decide(intent, known, ctx)
            else:  # only a real action meets the truth, as the rules say it does
                decision, dice = _met_as_the_rules_say(intent, loaded, set(unseen), ctx)
        if isinstance(decision, Refused):
            return decision
        trace = tuple(step.to_json() for step in decision.trace)
        opener = IntentAccepted(
            intent=recorded,
            dice=dice.faces,
            round=loaded.state.round,
            active=loaded.state.active,
            trace=list(trace),
            unseen=[] if dry_run else unseen,
        )
        after = (
            decision.state if decision.state is not None else fold(decision.events, loaded.state)
        )
        ahead = self._ahead(principal, loaded.state, after) if dry_run else ()
        return Planned(
            (opener, *decision.events),
            after,
            decision.events,
            trace,
            loaded.state.rules_version,
            ahead,
        )

    @staticmethod
    def _ahead(
        principal: Principal, before: BattleState, after: BattleState
    ) -> tuple[dict[str, Any], ...]:
        """A preview's every reaction window along its path (with unseen dice of its own)."""
        if not after.pending:
            return ()
        ctx = Context(actor=principal.actor, dice=RecordingDice(UnseenDice()))
        return tuple(
            {
                "reactor": a.reactor,
                "target": a.target,
                "kind": a.kind,
                "at": list(a.at),
                "now": a.now,
                "if_taken": [_unlogged(e) for e in a.if_taken],
                "if_taken_words": list(a.words),
            }
            for a in reactions_ahead(before, after, ctx)
        )

    # -- reading --------------------------------------------------------------------------

    def view(self, battle_id: str, version: int | None = None) -> dict[str, Any]:
        if version is None:
            stored = self.store.read_view(battle_id)
            if stored is not None and stored.reducer_version == REDUCER_VERSION:
                return {**stored.view, "map": stored.map_view, "version": stored.version}
            loaded = self.loader.at_head(battle_id)
            self._restore_view(loaded)
        else:
            head = self.store.head_version(battle_id)
            if head == 0:
                raise NotFound(f"no battle {battle_id!r}")
            if not 1 <= version <= head:
                raise NotFound(f"battle {battle_id!r} has versions 1 to {head}, not {version}")
            loaded = self.loader.at(battle_id, version)
        return self.render(loaded)

    def _restore_view(self, loaded: Loaded) -> None:
        """No stored view could serve (none, another reducer's, or one whose seal did not
        check): the one rendered from the log is written back, sealed, so the next read
        finds it. A failure costs only that: this answer came from the log."""
        try:
            projection = self.pipeline.read_model.write(loaded.battle_id, None, loaded.state)
            self.store.restore_view(loaded.battle_id, loaded.version, projection)
        except Exception:
            log.warning("view.restore-failed", battle_id=loaded.battle_id, exc_info=True)

    def view_at(self, battle_id: str, instant: datetime) -> dict[str, Any]:
        version = self.store.version_at(battle_id, instant)
        if version == 0:
            raise NotFound(f"battle {battle_id!r} had no events by {instant.isoformat()}")
        return self.render(self.loader.at(battle_id, version))

    @staticmethod
    def render(loaded: Loaded) -> dict[str, Any]:
        view = battle_view(loaded.state)
        return {"battle_id": loaded.battle_id, **view, "version": loaded.version}

    def reader(self, principal: Principal) -> tuple[Reader, Visibility]:
        """Who reads, and who may see each creature as the log stands (server/readers/redaction.py).
        A player's sides are those of the creatures its seat controls."""
        if principal.is_director:
            return Reader(True), Visibility()
        battle_id = principal.battle_id
        with self._visibility_locks[hash(battle_id) % len(self._visibility_locks)]:
            head = self.store.head_version(battle_id)
            kept = self.visibility.get(battle_id)
            # a copy: the caller may read on (a stream feeds it what comes next)
            seen = (
                copy.deepcopy(kept) if kept is not None and kept.version <= head else Visibility()
            )
            while seen.version < head:
                page = self.store.read_stream(
                    battle_id, after=seen.version, up_to=min(head, seen.version + 1000)
                )
                if not page:
                    break
                for env in page:
                    seen.feed(env)
            self.visibility.put(battle_id, copy.deepcopy(seen))
        state = self.loader.current(battle_id).state
        sides = {cid: c.side for cid, c in state.creatures.items()}
        return reader_of(False, principal.creatures, sides), seen

    def events(self, battle_id: str, after: int = 0, limit: int = 100) -> list[Envelope]:
        return self.store.read_stream(battle_id, after=after, up_to=after + limit)

    async def reach(
        self, principal: Principal, creature: str, kind: str, mode: str
    ) -> dict[str, Any]:
        """Every place the creature could end this move, with its cost, judged on the head."""
        loaded = await self._as_seen(principal, await self.pipeline.fresh(principal.battle_id))
        found: dict[str, Any] = await self._blocking(
            reach_answer, loaded, creature, kind, mode, self.budget("this reach")
        )
        return found

    async def _as_seen(self, principal: Principal, loaded: Loaded) -> Loaded:
        """The head as `principal` knows it (engine/unseen.py): a player's ruler and options
        are asked of the battle without the creatures hidden from it."""
        if principal.is_director:
            return loaded
        hidden = (await self._blocking(view_of, self, principal)).hidden()
        if not hidden:
            return loaded
        return Loaded(loaded.battle_id, loaded.version, known_state(loaded.state, hidden))

    async def options(self, principal: Principal, creature: str) -> dict[str, Any]:
        """What the creature may do now, as `principal` may (server/queries/options.py),
        judged on the head; its searches share one budget, as a reach's do."""
        loaded = await self._as_seen(principal, await self.pipeline.fresh(principal.battle_id))
        closed = await self._blocking(self.closure_refusal, principal.battle_id)
        found: dict[str, Any] = await self._blocking(
            options_answer, loaded, principal, creature, self.budget("these options"), closed
        )
        return found

    def closure_refusal(self, battle_id: str) -> Refused | None:
        """Why a submission to the battle would be refused before any rule is asked: its
        closure (a 409 to a submission), as a refusal an option can carry."""
        if self.refuse_if_closed is None:
            return None
        try:
            self.refuse_if_closed(battle_id)
        except Closed as exc:
            return Refused(rule=CLOSED_RULE, detail=exc.detail)
        return None


VISIBILITY_BYTES = 8 * 2**20


def _visibility_size(battle_id: str, seen: Visibility) -> int:
    """An estimate: a battle's entry, and each hide or reveal and change it keeps."""
    return 300 + len(battle_id) + 200 * seen.held


def _met_as_the_rules_say(
    intent: Intent, loaded: Loaded, unseen: set[str], ctx: Context
) -> tuple[Decision, RecordingDice]:
    """A player's real intent while `unseen` are hidden from it (engine.unseen.judge_unseen):
    planned on what it knows with dice no one foresees, met on the truth with the battle's
    own; the dice the action records are those of its last attempt on the truth."""
    rolled = [RecordingDice()]

    def judge(tried: Any, state: Any, real: bool) -> Decision:
        dice = RecordingDice(None if real else UnseenDice())
        if real:
            rolled.append(dice)
        return decide(tried, state, Context(actor=ctx.actor, dice=dice, rulesets=ctx.rulesets))

    decision = judge_unseen(intent, loaded.state, unseen, judge, ctx)
    return decision, rolled[-1]


def searches(intent: Intent) -> bool:
    """Whether deciding the intent may search for a route (a `to` without a path, or a
    gridless move): such decisions run in the executor, so that one battle's long search
    never stalls the event loop that serves every other battle."""
    if getattr(intent, "path", None) is not None:
        return False
    return getattr(intent, "to", None) is not None or getattr(intent, "legs", None) is not None


__all__ = ["BattleService", "CreatedBattle", "IntentOutcome"]


def _unlogged(event: Event) -> dict[str, Any]:
    """An event not logged, as a dry run shows its own: `type` and `data`."""
    data = event.model_dump(mode="json")
    return {"type": data.pop("type", event.type), "data": data}
