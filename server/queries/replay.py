"""Replay: each event of a range with the state after it, and each action's trace, as the
reader may read them (DESIGN section 7)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import orjson

from engine.view import battle_view, view_change
from events.envelope import Envelope
from events.vocabulary import registry
from projections import BattleState, evolve
from projections.memory import state_bytes
from server.errors import NotFound
from server.ports import Ports
from server.queries.lazy_page import LazyPage
from server.queries.rulings import ruling_words
from server.readers.redaction import PLACEHOLDER
from server.readers.tokens import Principal
from server.readers.view import ReaderView, view_of

MAX_REPLAY_EVENTS = 500
MAX_REPLAY_BYTES = 8 * 1024 * 1024
"""The states one replay page carries at most (a 200x200 battle's state is megabytes)."""


def replay(
    ports: Ports,
    principal: Principal,
    first: int | None,
    last: int | None,
    states: str = "each",
    max_bytes: int = MAX_REPLAY_BYTES,
    view: ReaderView | None = None,
) -> dict[str, Any]:
    """`replay_page`, built whole."""
    return replay_page(ports, principal, first, last, states, max_bytes, view).whole()


def replay_page(
    ports: Ports,
    principal: Principal,
    first: int | None,
    last: int | None,
    states: str = "each",
    max_bytes: int = MAX_REPLAY_BYTES,
    view: ReaderView | None = None,
) -> LazyPage:
    """Each event of a range with the state after it, and each action's trace.

    `states` says which steps carry the state after them: `each` (the default), `last`
    (only the range's last step), `none`, or `changes` (the page's first state whole, a
    keyframe, then each step only what changed since the step before: its size grows
    with what happened, not with the battle). An answer is a page: it stops before the
    step that would take it past `max_bytes` of states, and then says where the next
    page starts (`next_from`); `to` is always the last version it covers. Its steps are
    made as they are sent (server/queries/lazy_page.py).
    """
    battle_id = principal.battle_id
    first, last, wanted = _page_range(ports, battle_id, first, last)
    state = ports.states.at(battle_id, first - 1).state if first > 1 else None
    view = view or view_of(ports.readers, principal)
    if not view.everything:
        # a change between two whole states would tell what hidden creatures did: a
        # reader from whom some are hidden is sent each state, redacted (keyframes only)
        states = "each" if states == "changes" else states
    ended = [first - 1]  # the page's last version, once its steps are made
    # what the state folded so far keeps alive (an estimate); before the first step, that
    # of the state it starts from or, from the start, of the battle's latest (cached) state
    start = state or ports.states.at(battle_id, ports.log.head_version(battle_id)).state
    weight = [0 if start is None else state_bytes(start)]
    steps = _steps(ports, battle_id, first, state, states, view, last, ended, weight, max_bytes)
    return LazyPage(
        {"battle_id": battle_id, "from": first},
        "steps",
        steps,
        lambda: {"to": ended[0], **({"next_from": ended[0] + 1} if ended[0] < wanted else {})},
        lambda: weight[0],
    )


def _steps(
    ports: Ports,
    battle_id: str,
    first: int,
    state: BattleState | None,
    states: str,
    view: ReaderView,
    last: int,
    ended: list[int],
    weight: list[int],
    max_bytes: int,
) -> Iterator[dict[str, Any]]:
    """The page's steps, each made when asked for, up to `max_bytes` of states (always
    one); `ended[0]` follows the last version made, `weight[0]` what its state keeps alive.
    The events are read when the first step is asked for: a page waiting for its turn to
    be sent holds neither them nor a connection."""
    envelopes: Sequence[Envelope] = ports.log.read_stream(battle_id, after=first - 1, up_to=last)
    spent, any_step = 0, False
    shown_before: BattleState | None = None  # `changes`: the state the page last showed
    for env in envelopes:
        if env.type in ("ActionUndone", "ActionRedone"):
            state = ports.states.at(battle_id, env.version).state
        elif env.type != "IntentAccepted":
            state = evolve(state, env.event(registry))
        weight[0] = 0 if state is None else state_bytes(state)
        shown = change = None
        if state is not None and states == "changes" and shown_before is not None:
            change = state_change(shown_before, state)
            size = len(orjson.dumps(change))
        elif state is not None and (
            states in ("each", "changes") or (states == "last" and env.version == last)
        ):
            shown = view.state(battle_view(state), env.version)
            size = len(orjson.dumps(shown))
        if shown is not None or change is not None:
            if any_step and spent + size > max_bytes:
                break  # this page is full: the client asks again from here
            spent += size
            shown_before = state
        kind, data = view.event(env.type, env.data, env.version)
        any_step = True
        ended[0] = env.version
        yield _step(env, kind, data, shown, change)


def _page_range(
    ports: Ports, battle_id: str, first: int | None, last: int | None
) -> tuple[int, int, int]:
    """The versions a page covers: from `first` (1 when not given) to `last` (the head
    when not given), at most MAX_REPLAY_EVENTS of them, and the last version asked for (a
    page cut short of it by the cap says where the next starts); a range the log does not
    have is a 404 naming the versions it has."""
    head = ports.log.head_version(battle_id)
    if head == 0:
        raise NotFound(f"no battle {battle_id!r}")
    first = 1 if first is None else first
    wanted = head if last is None else last
    if not 1 <= first <= wanted <= head:
        raise NotFound(f"versions run from 1 to {head}; {first}..{wanted} is not a range")
    return first, min(wanted, first + MAX_REPLAY_EVENTS - 1), wanted


def _step(
    env: Envelope,
    kind: str,
    data: dict[str, Any],
    shown: dict[str, Any] | None,
    change: dict[str, Any] | None,
) -> dict[str, Any]:
    """One replay step: the event as the reader reads it (`kind`, `data`), its action's
    trace on its opening, and the state (or what changed) after it."""
    event: dict[str, Any] = {"type": kind, "data": data}
    if kind != PLACEHOLDER:
        event.update(
            intent_id=env.intent_id,
            actor=env.actor,
            recorded_at=env.recorded_at.isoformat(),
        )
    return {
        "version": env.version,
        "event": event,
        "trace": data.get("trace") if kind == "IntentAccepted" else None,
        "state": shown,
        "ruling": ruling_words(data) if kind == "RuleOverruled" else None,
        **({} if change is None else {"change": change}),
    }


def state_change(before: BattleState, after: BattleState) -> dict[str, Any]:
    """A replay step's `change` (`StateChange`): the battle's part, the creatures whose
    view changed, those removed, and the map only when it changed."""
    change = view_change(before, after)
    removed = [cid for cid in before.creatures if cid not in after.creatures]
    return {
        **change.battle,
        "creatures": change.creatures,
        "removed": removed,
        "map": change.map if before.grid is not after.grid else None,
    }
