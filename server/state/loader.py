"""Loading a battle's state: the latest usable snapshot plus the effective events after it.

The service decides on the cached state of a battle and appends with that state's version;
if another writer got there first the append conflicts and the cache entry is dropped, so
a stale cache can cost a retry but never a wrong decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from events.lru import SizedLRU
from events.store import EventStore
from events.vocabulary import EventRegistry
from projections import REDUCER_VERSION, BattleState, fold, state_from_json
from projections.history import Marker, effective_events, markers, reaches_before
from projections.memory import state_bytes
from server.errors import NotFound

CACHE_BYTES = 256 * 2**20
"""The default budget of cached states per process (TURNLEDGER_STATE_CACHE_MB)."""


@dataclass(frozen=True)
class Loaded:
    battle_id: str
    version: int
    state: BattleState


class StateLoader:
    """Loads states from the log and keeps the latest of recent battles, within a budget of
    estimated bytes (`projections/memory.py`): a 200x200 battle costs megabytes, a skirmish
    kilobytes, so a count of entries would bound nothing."""

    def __init__(
        self, store: EventStore, registry: EventRegistry, cache_bytes: int = CACHE_BYTES
    ) -> None:
        self._store = store
        self._registry = registry
        self._cache: SizedLRU[str, Loaded] = SizedLRU(
            cache_bytes, lambda _, loaded: state_bytes(loaded.state)
        )

    @property
    def cache(self) -> SizedLRU[str, Loaded]:
        return self._cache

    def cached(self, battle_id: str) -> Loaded | None:
        """The cached state, which may be behind the log if another process appended."""
        return self._cache.get(battle_id)

    def current(self, battle_id: str) -> Loaded:
        cached = self._cache.get(battle_id)
        if cached is not None:
            return cached
        loaded = self.at(battle_id, self._store.head_version(battle_id))
        self.remember(loaded)
        return loaded

    def at_head(self, battle_id: str) -> Loaded:
        """The state at the log's head as it stands now: the cached state only if no other
        process appended since (`current` may be behind; its users re-decide on a stale
        append, but an answer rendered from it would show an old version)."""
        head = self._store.head_version(battle_id)
        cached = self._cache.get(battle_id)
        if cached is not None and cached.version == head:
            return cached
        loaded = self.at(battle_id, head)
        self.remember(loaded)
        return loaded

    def remember(self, loaded: Loaded) -> None:
        self._cache.put(
            loaded.battle_id, loaded, replaces=lambda held: held.version <= loaded.version
        )

    def forget(self, battle_id: str) -> None:
        self._cache.pop(battle_id)

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
