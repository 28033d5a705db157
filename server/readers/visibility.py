"""Who reads a battle, and who may see each of its creatures as the log stands.

A player's view of the battle is folded from the log's hides and reveals (`Visibility`,
server/readers/redaction.py) and kept per battle, bounded in bytes, so a player's next read
reads only the log after it."""

from __future__ import annotations

import copy
import threading

from events.lru import SizedLRU
from events.store import EventStore
from server.readers.redaction import Reader, Visibility, hidden_from, reader_of
from server.readers.tokens import Principal
from server.state.loader import StateLoader

VISIBILITY_BYTES = 8 * 2**20


def _visibility_size(battle_id: str, seen: Visibility) -> int:
    """An estimate: a battle's entry, and each hide or reveal and change it keeps."""
    return 300 + len(battle_id) + 200 * seen.held


class Readers:
    """Who reads, and who may see each creature, per battle, as far as the log was read."""

    def __init__(self, store: EventStore, states: StateLoader) -> None:
        self._store = store
        self._states = states
        self._kept: SizedLRU[str, Visibility] = SizedLRU(VISIBILITY_BYTES, _visibility_size)
        # One reader at a time per battle brings its visibility forward (striped, so bounded):
        # sixty streams opened at once on a long battle must not each read its whole log.
        self._locks = tuple(threading.Lock() for _ in range(64))

    def of(self, principal: Principal) -> tuple[Reader, Visibility]:
        """Who reads, and who may see each creature as the log stands. A player's sides are
        those of the creatures its seat controls."""
        if principal.is_director:
            return Reader(True), Visibility()
        battle_id = principal.battle_id
        with self._locks[hash(battle_id) % len(self._locks)]:
            head = self._store.head_version(battle_id)
            kept = self._kept.get(battle_id)
            # a copy: the caller may read on (a stream feeds it what comes next)
            seen = (
                copy.deepcopy(kept) if kept is not None and kept.version <= head else Visibility()
            )
            while seen.version < head:
                page = self._store.read_stream(
                    battle_id, after=seen.version, up_to=min(head, seen.version + 1000)
                )
                if not page:
                    break
                for env in page:
                    seen.feed(env)
            self._kept.put(battle_id, copy.deepcopy(seen))
        state = self._states.current(battle_id).state
        sides = {cid: c.side for cid, c in state.creatures.items()}
        return reader_of(False, principal.creatures, sides), seen

    def hidden(self, principal: Principal) -> set[str]:
        """The creatures hidden from `principal` now (none from the director)."""
        if principal.is_director:
            return set()
        reader, seen = self.of(principal)
        return hidden_from(reader, seen)
