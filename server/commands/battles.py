"""`CreateBattle`, `AddSeat` and `CloseBattle`: a battle's life outside its intents.

The director token is shown once, and again only to a retry of the same creation under the
same `Idempotency-Key` from the same client scope (server/commands/creation_keys.py)."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from engine import Context, create_battle
from engine.results import Refused
from events.envelope import Envelope
from events.history_events import IntentAccepted
from projections import BattleState, fold
from server.campaign.directory import BattleDirectory
from server.commands.creation_keys import (
    TOKEN_BYTES,
    FirstCreation,
    KeyReusedForAnother,
    director_token,
)
from server.commands.pipeline import Appending, Planned
from server.commands.request_encoding import (
    UnencodableBody,
    canonical_request,
    check_idempotency_key,
)
from server.commands.types import AddSeat, CloseBattle, CreateBattle
from server.errors import BadRequest, Busy, Forbidden, OverLimit
from server.ports import Ports
from server.readers.tokens import new_token, token_hash
from server.readers.unseen_dice import secret_seed
from server.state.loader import Loaded


@dataclass(frozen=True)
class CreatedBattle:
    battle_id: str
    director_token: str
    version: int
    envelopes: tuple[Envelope, ...]
    replayed: bool = False


@dataclass(frozen=True)
class Creation:
    """What a creation's handler settled before planning: the setup the rules judge, what a
    campaign finds the battle by (the directory's, not the rules'), and its token."""

    body: dict[str, Any]
    title: str | None
    tags: list[str]
    token: str


async def create(command: CreateBattle, ports: Ports) -> CreatedBattle | Refused:
    """Judge a battle's setup and append its creation."""
    check_idempotency_key(command.idempotency_key)
    try:
        request = canonical_request(command.body, limit=2**31)
    except UnencodableBody as exc:
        return Refused(rule="battle/invalid-setup", detail=str(exc))
    body = command.body
    if body.get("seed") is None:  # after hashing: a retried creation is the same request
        body = {**body, "seed": secret_seed()}
    battle_id = ports.ids()
    raw = secrets.token_bytes(TOKEN_BYTES)
    token = director_token(raw)
    if command.idempotency_key is not None:
        try:
            first = await ports.blocking(
                ports.creations.claim,
                command.scope,
                command.idempotency_key,
                request.digest,
                battle_id,
                raw,
                ports.clock(),
            )
        except KeyReusedForAnother as exc:
            raise BadRequest(str(exc)) from None
        if first is not None:
            return await _first_creation(first, ports)
    setup = Creation(
        {k: v for k, v in body.items() if k not in ("title", "tags")},
        body.get("title"),
        list(body.get("tags") or []),
        token,
    )
    appending = Appending(
        battle_id, "director", command, request.digest, scratch=setup, heavy=True, new_battle=True
    )
    try:
        outcome = await ports.writer.run(appending)
    except BaseException:
        await _unborn(battle_id, command, ports)
        raise
    if outcome.refused is not None:
        await _unborn(battle_id, command, ports)
        return outcome.refused
    return CreatedBattle(battle_id, token, outcome.version, outcome.envelopes)


class CreationPlanner:
    """Plans a `CreateBattle`: the engine judges the setup; the directory's row first."""

    def __init__(self, directory: BattleDirectory, clock: Callable[[], datetime]) -> None:
        self.directory = directory
        self.clock = clock

    def authorise(self, appending: Appending, state: BattleState) -> Refused | None:
        return None  # whoever may reach the route may create (its rate is the edge's)

    def plan(self, appending: Appending, loaded: Loaded | None) -> Planned | Refused:
        command: CreateBattle = appending.command
        setup: Creation = appending.scratch
        decision = create_battle(setup.body, Context(actor="director"))
        if isinstance(decision, Refused):
            return decision
        trace = tuple(step.to_json() for step in decision.trace)
        state = fold(decision.events)
        # The directory row first: a crash before the append leaves a row with no
        # events, which every read treats as "no such battle".
        self.directory.create(
            appending.battle_id,
            str(setup.body.get("ruleset")),
            token_hash(setup.token),
            self.clock(),
            title=setup.title,
            tags=setup.tags,
            created_by=command.created_by,
        )
        # a continued battle's opening records where its creatures came from
        opened: dict[str, Any] = {"type": "create_battle"}
        if command.continued_from is not None:
            opened["continue"] = command.continued_from
        opener = IntentAccepted(intent=opened, trace=list(trace))
        return Planned(
            (opener, *decision.events), state, decision.events, trace, state.rules_version
        )


async def _unborn(battle_id: str, command: CreateBattle, ports: Ports) -> None:
    """A creation that appended nothing leaves nothing: no battle row, no claimed key."""
    await ports.blocking(ports.directory.forget_unborn, battle_id)
    if command.idempotency_key is not None:
        await ports.blocking(
            ports.creations.release, command.scope, command.idempotency_key, battle_id
        )


async def _first_creation(first: FirstCreation, ports: Ports, wait: float = 5.0) -> CreatedBattle:
    """The answer the first creation under a key gave, once its events are in the log
    (a retry may overtake the first attempt, which is then still appending)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + wait
    while True:
        opening = await ports.blocking(ports.log.read_stream, first.battle_id, 0, 1)
        if opening and opening[0].intent_id is not None:
            action = await ports.blocking(
                ports.log.find_action, first.battle_id, opening[0].intent_id
            )
            version = action[-1].version
            return CreatedBattle(
                first.battle_id, first.director_token, version, tuple(action), replayed=True
            )
        if loop.time() > deadline:
            raise Busy("the first creation under this Idempotency-Key is not done; retry")
        await asyncio.sleep(0.05)


async def add_seat(command: AddSeat, ports: Ports) -> tuple[str, str]:
    """A player token bound to some of the battle's creatures (director only): its seat id
    and the token, shown once."""
    principal = command.principal
    if not principal.is_director:
        raise Forbidden("only the battle's director may do this")
    loaded = await ports.writer.fresh(principal.battle_id)
    unknown = [c for c in command.creatures if c not in loaded.state.creatures]
    if unknown:
        raise BadRequest(f"no such creature(s): {', '.join(unknown)}")
    token = new_token("ply")
    seat_id = ports.ids()
    added = await ports.blocking(
        ports.directory.add_seat,
        principal.battle_id,
        seat_id,
        token_hash(token),
        command.name,
        list(command.creatures),
        ports.clock(),
        ports.seats_per_battle,
    )
    if not added:
        raise OverLimit(
            "limits/too-many-seats",
            f"this battle has {ports.seats_per_battle} seats already, as many as one battle"
            " may have (TURNLEDGER_SEATS_PER_BATTLE)",
        )
    return seat_id, token


async def close(command: CloseBattle, ports: Ports) -> tuple[datetime, str]:
    """Close the battle: from then on nothing appends to it (a 409 naming the closure);
    closing a closed battle is that 409 too. When and why it closed."""
    battle_id = command.battle_id
    async with ports.writer.hold(battle_id):
        await ports.blocking(ports.catalog.refuse_if_closed, battle_id)
        await ports.blocking(ports.catalog.close, battle_id, command.reason, ports.clock())
    found = await ports.blocking(ports.catalog.closure, battle_id)
    assert found is not None
    return found
