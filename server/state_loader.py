"""Loading a battle's state: the latest usable snapshot plus the effective events after it.

The service decides on the cached state of a battle and appends with that state's version;
if another writer got there first the append conflicts and the cache entry is dropped, so
a stale cache can cost a retry but never a wrong decision.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from events.store import EventStore
from events.vocabulary import EventRegistry
from projections import REDUCER_VERSION, BattleState, fold, state_from_json
from projections.history import Marker, effective_events, markers, reaches_before
from server.errors import NotFound


@dataclass(frozen=True)
class Loaded:
    battle_id: str
    version: int
    state: BattleState


class StateLoader:
    def __init__(self, store: EventStore, registry: EventRegistry, cache_size: int = 512) -> None:
        self._store = store
        self._registry = registry
        self._cache: OrderedDict[str, Loaded] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()

    def cached(self, battle_id: str) -> Loaded | None:
        """The cached state, which may be behind the log if another process appended."""
        with self._lock:
            cached = self._cache.get(battle_id)
            if cached is not None:
                self._cache.move_to_end(battle_id)
            return cached

    def current(self, battle_id: str) -> Loaded:
        with self._lock:
            cached = self._cache.get(battle_id)
            if cached is not None:
                self._cache.move_to_end(battle_id)
                return cached
        loaded = self.at(battle_id, self._store.head_version(battle_id))
        self.remember(loaded)
        return loaded

    def remember(self, loaded: Loaded) -> None:
        with self._lock:
            old = self._cache.get(loaded.battle_id)
            if old is None or old.version <= loaded.version:
                self._cache[loaded.battle_id] = loaded
                self._cache.move_to_end(loaded.battle_id)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)

    def forget(self, battle_id: str) -> None:
        with self._lock:
            self._cache.pop(battle_id, None)

    def at(
        self,
        battle_id: str,
        version: int,
        *,
        markers_until: int | None = None,
        extra_marks: Sequence[Marker] = (),
        use_snapshots: bool = True,
    ) -> Loaded:
        """The state at `version`: the events up to it, with the markers up to it applied.

        With `markers_until` past `version`, undo and redo markers recorded later are applied
        too: the events up to `version` as the effective log stands at `markers_until` (what
        re-judging a later action against the current history needs). `extra_marks` are
        markers not yet appended (an undo being planned), applied after all the others.
        """
        if version < 1:
            raise NotFound(f"battle {battle_id!r} has no version {version}")
        horizon = max(version, markers_until or version)
        snapshot = (
            self._store.latest_snapshot(battle_id, REDUCER_VERSION, at_most=version)
            if use_snapshots
            else None
        )
        while True:
            start = snapshot.version if snapshot is not None else 0
            tail = self._store.read_stream(battle_id, after=start, up_to=horizon)
            marks = [*markers(tail), *extra_marks]
            low = reaches_before(marks, start) if snapshot is not None else None
            if low is None:
                break
            # a marker in the tail reaches into the snapshot: start from an earlier one
            snapshot = self._store.latest_snapshot(battle_id, REDUCER_VERSION, at_most=low - 1)
        upto = [env for env in tail if env.version <= version]
        if start == 0 and not upto:
            raise NotFound(f"no battle {battle_id!r}")
        if upto and upto[-1].version != version:
            raise NotFound(f"battle {battle_id!r} has no version {version}")
        base = state_from_json(snapshot.state) if snapshot is not None else None
        state = fold(effective_events(upto, self._registry, marks), base)
        return Loaded(battle_id, version, state)
