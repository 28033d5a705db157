"""Rebuilding the read models and snapshots of battles from the log alone
(`turnledger rebuild`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.view import battle_view
from events.store import EventStore, ProjectionWrite, Snapshot
from events.vocabulary import registry
from projections import REDUCER_VERSION, BattleState, evolve, fold, state_to_json
from projections.history import effective_events
from server.state.loader import StateLoader


def rebuild(
    store: EventStore,
    states: StateLoader,
    battle_ids: Sequence[str] | None,
    every: int,
    progress: Callable[[str, int, int], None] | None = None,
) -> dict[str, str]:
    """`rebuild_projections`, in a running server: the state cache forgets each battle
    rebuilt, so its next command loads it from what was rebuilt."""
    done = rebuild_projections(store, battle_ids, every, progress)
    for battle_id in done:
        states.forget(battle_id)
    return done


def rebuild_projections(
    store: EventStore,
    battle_ids: Sequence[str] | None,
    every: int,
    progress: Callable[[str, int, int], None] | None = None,
) -> dict[str, str]:
    """Recompute every read model and snapshot of the battles from the log alone."""
    ids = list(battle_ids) if battle_ids else store.battle_ids()
    done: dict[str, str] = {}
    for number, battle_id in enumerate(ids, start=1):
        log = store.read_stream(battle_id)
        if not log:
            done[battle_id] = "no events"
            continue
        state: BattleState | None = None
        previous_grid = None
        snapshots: list[Snapshot] = []
        map_view: dict[str, Any] = {}
        for group_start, group in _actions(log):
            before_version = group_start - 1
            has_marker = any(e.type in ("ActionUndone", "ActionRedone") for e in group)
            if has_marker:
                upto = [e for e in log if e.version <= group[-1].version]
                state = fold(effective_events(upto, registry))
            else:
                for env in group:
                    if env.type != "IntentAccepted":
                        state = evolve(state, env.event(registry))
            assert state is not None
            if previous_grid is None or state.grid is not previous_grid:
                map_view = battle_view(state)["map"]
                previous_grid = state.grid
            last = group[-1].version
            if last // every > before_version // every:
                snap = state_to_json(state)
                snapshots.append(Snapshot(battle_id, last, REDUCER_VERSION, snap))
        assert state is not None
        view = battle_view(state)
        view.pop("map", None)

        store.replace_projections(
            battle_id,
            log[-1].version,
            ProjectionWrite(REDUCER_VERSION, {"battle_id": battle_id, **view}, map_view),
            snapshots,
        )
        done[battle_id] = f"{len(log)} events, {len(snapshots)} snapshots"
        if progress is not None:
            progress(battle_id, number, len(ids))
    return done


def _actions(log: Sequence[Any]) -> list[tuple[int, list[Any]]]:
    groups: list[tuple[int, list[Any]]] = []
    for env in log:
        if groups and groups[-1][1][-1].intent_id == env.intent_id:
            groups[-1][1].append(env)
        else:
            groups.append((env.version, [env]))
    return groups
