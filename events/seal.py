"""Derived rows bound to the log: every snapshot and read-model row carries a seal.

The log is the truth; snapshots and read models are caches of what it folds to, kept in the
same database. Someone who can write that database (the application role, as a SQL injection
would have it) could plant a snapshot or a view the server then judges from or shows. So each
derived document carries, under the key `seal`, the version and chain hash it folds to and an
HMAC under a key kept outside the database (the chain key, events/chain_key.py):

* a snapshot's seal covers the battle, the version, the chain hash there, the reducer version
  and the state's canonical JSON (its `map_ref` included); the map a snapshot names is
  content-addressed: its `map_ref` is the SHA-256 of its canonical JSON (`map_ref_of`),
  checked when it is read back;
* a battle's view is a row of the battle's part (`battle_views`) and a row per creature
  (`creature_views`), of which an append rewrites only those it changed. The battle's seal
  covers the battle's part, the digest of its map, and an XOR of one keyed digest per
  creature view (`element`): the set of creature rows is bound as a whole, incrementally,
  without reading the rows back. An XOR of keyed digests cannot be balanced by anyone without
  the key (each element is a pseudo-random function of its content), so a changed, added,
  removed or replayed creature row breaks the battle's seal. The seal also records the
  battle's head (version and chain hash) as it was when the view was written, which
  verification compares with the log (a truncated or emptied log is caught).

A reader checks the seal and that the log has that hash at that version; a row that does not
check is never used: the store reports it (`on_refused`: logged and counted by the server),
answers as if there were none, and the server rebuilds it from the log.

The seal travels inside the row's own JSON document rather than in a column of its own: the
append's one statement (events/append_statement.py) writes those documents as they are given,
so sealing needs no change to the append function, on one PostgreSQL or on Citus, and a row
written before seals simply does not check and is rebuilt.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from events.chain_key import ChainKey
from events.envelope import canonical_json
from events.lru import SizedLRU
from events.store import ProjectionWrite, Snapshot, StoredView

SEAL = "seal"
"""The key under which a derived document carries its seal."""
VIEWS_BUDGET = 64 * 2**20
"""Bytes of per-battle view digests a writer keeps (a creature's digest costs about 120)."""

Refused = Callable[[str, str, str], None]
"""(kind of row, battle id, why): a derived row that did not check."""


def map_ref_of(grid: Any) -> str:
    """A map's content address: the SHA-256 of its canonical JSON, in hex."""
    return hashlib.sha256(canonical_json(grid)).hexdigest()


def _digest(value: Any) -> str:
    return hashlib.sha256(canonical_json(value)).hexdigest()


def without_seal(document: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in document.items() if k != SEAL}


@dataclass(frozen=True)
class ViewDigests:
    """What a writer knows of a battle's stored view at `version`: each creature's keyed
    digest, their XOR and the digest of the map."""

    version: int
    creatures: Mapping[str, int]
    acc: int
    map_digest: str


@dataclass(frozen=True)
class SealedHead:
    """The head a battle's view was sealed at: what the log must still have."""

    version: int
    hash: bytes


class Seals:
    """Seals derived rows on the write path and checks them on the read path (module doc)."""

    def __init__(
        self, key: ChainKey, budget: int = VIEWS_BUDGET, on_refused: Refused | None = None
    ) -> None:
        self._key = key
        self._views: SizedLRU[str, ViewDigests] = SizedLRU(
            budget, lambda battle_id, held: 200 + len(battle_id) + 120 * len(held.creatures)
        )
        self.on_refused: Refused = on_refused or (lambda kind, battle_id, why: None)

    # -- the keyed digests ----------------------------------------------------------------

    def element(self, battle_id: str, creature_id: str, view: Any) -> int:
        """A creature view's keyed digest (128 bits), one term of the battle's XOR."""
        message = f"creature-view\n{battle_id}\n{creature_id}\n".encode() + canonical_json(view)
        return int.from_bytes(self._key.mac(message)[:16], "big")

    def _view_mac(
        self,
        battle_id: str,
        version: int,
        digest: bytes,
        reducer: int,
        map_digest: str,
        acc: int,
        battle: Mapping[str, Any],
    ) -> str:
        head = f"battle-view\n{battle_id}\n{version}\n{digest.hex()}\n{reducer}\n{map_digest}\n"
        message = f"{head}{acc:032x}\n".encode() + canonical_json(battle)
        return self._key.mac(message).hex()

    def _snapshot_mac(
        self, battle_id: str, version: int, digest: bytes, reducer: int, state: Mapping[str, Any]
    ) -> str:
        head = f"snapshot\n{battle_id}\n{version}\n{digest.hex()}\n{reducer}\n".encode()
        return self._key.mac(head + canonical_json(state)).hex()

    def fact(self, battle_id: str, content: Sequence[Any]) -> str:
        """The seal of one log questions' movement fact: `content` is `[creature, version,
        type, round, turn, kind, distance, squares, detail]` as stored (events/seal.py's doc;
        server/questions/rows.py)."""
        message = f"movement-fact\n{battle_id}\n".encode() + canonical_json(list(content))
        return self._key.mac(message).hex()

    def fact_holds(self, battle_id: str, content: Sequence[Any], seal: Any) -> bool:
        return isinstance(seal, str) and hmac.compare_digest(self.fact(battle_id, content), seal)

    # -- writing --------------------------------------------------------------------------

    def seal(
        self,
        battle_id: str,
        first_version: int,
        version: int,
        digest: bytes,
        projection: ProjectionWrite,
    ) -> tuple[ProjectionWrite, ViewDigests | None]:
        """`projection` with its battle part and snapshot sealed at (`version`, `digest`),
        and the view digests to keep once the append succeeds (`written`). A change that does
        not start from digests this writer holds at `first_version - 1` goes unsealed (a
        reader refuses it and the server writes the view whole again)."""
        battle, changes, complete = projection.split()
        digests = self._next_digests(battle_id, first_version, version, changes, complete)
        previous = self._views.get(battle_id)
        if projection.map_view is not None:
            map_digest = _digest(projection.map_view)
        elif previous is not None:
            map_digest = previous.map_digest  # the map is kept as it was stored
        else:
            map_digest = _digest({})  # a battle's first view: no map stored yet
        if digests is not None:
            digests = ViewDigests(digests.version, digests.creatures, digests.acc, map_digest)
            mac = self._view_mac(
                battle_id, version, digest, projection.reducer_version, map_digest, digests.acc,
                battle,
            )  # fmt: skip
            seal = {"version": version, "hash": digest.hex(), "mac": mac}
            sealed_battle = {**battle, SEAL: seal}
            if projection.creatures is None:
                view = {**sealed_battle, "creatures": dict(changes)}
            else:
                view = sealed_battle
        else:
            view = projection.view
        snapshot = self._sealed_snapshot(
            battle_id, version, digest, projection.reducer_version, projection.snapshot
        )
        sealed = ProjectionWrite(
            projection.reducer_version,
            view,
            projection.map_view,
            snapshot,
            projection.creatures,
            projection.removed,
            projection.complete,
        )
        return sealed, digests

    def _next_digests(
        self,
        battle_id: str,
        first_version: int,
        version: int,
        changes: Mapping[str, Any],
        complete: bool,
    ) -> ViewDigests | None:
        if complete:
            creatures = {
                cid: self.element(battle_id, cid, shown)
                for cid, shown in changes.items()
                if shown is not None
            }
            acc = 0
            for term in creatures.values():
                acc ^= term
            return ViewDigests(version, creatures, acc, "")
        held = self._views.get(battle_id)
        if held is None or held.version != first_version - 1:
            return None
        kept = dict(held.creatures)
        acc = held.acc
        for cid, shown in changes.items():
            old = kept.pop(cid, None)
            if old is not None:
                acc ^= old
            if shown is not None:
                term = self.element(battle_id, cid, shown)
                kept[cid] = term
                acc ^= term
        return ViewDigests(version, kept, acc, held.map_digest)

    def written(self, battle_id: str, digests: ViewDigests | None) -> None:
        """The append that carried these digests succeeded: a later change starts from them."""
        if digests is not None:
            self._views.put(
                battle_id, digests, replaces=lambda held: held.version <= digests.version
            )

    def forget(self, battle_id: str) -> None:
        self._views.pop(battle_id)

    def _sealed_snapshot(
        self,
        battle_id: str,
        version: int,
        digest: bytes,
        reducer: int,
        snapshot: Mapping[str, Any] | None,
    ) -> dict[str, Any] | None:
        if snapshot is None:
            return None
        if "map" in snapshot and map_ref_of(snapshot["map"]) != snapshot.get("map_ref"):
            return None  # a map must be stored under its content address, or not at all
        state = {k: v for k, v in snapshot.items() if k not in ("map", SEAL)}
        mac = self._snapshot_mac(battle_id, version, digest, reducer, state)
        sealed = {**snapshot, SEAL: {"hash": digest.hex(), "mac": mac}}
        return sealed

    def sealed_snapshot(self, snapshot: Snapshot, digest: bytes) -> Snapshot:
        """A snapshot rebuilt from the log, sealed at its version's chain hash (`digest`)."""
        state = self._sealed_snapshot(
            snapshot.battle_id, snapshot.version, digest, snapshot.reducer_version, snapshot.state
        )
        assert state is not None
        return replace(snapshot, state=state)

    # -- reading --------------------------------------------------------------------------

    def check_snapshot(
        self,
        battle_id: str,
        version: int,
        reducer: int,
        stored: Mapping[str, Any],
        grid: Any,
        log_hash: bytes | None,
    ) -> Snapshot | None:
        """The stored snapshot (its map joined back) if its seal holds and the log has its
        hash at its version; else None, reported."""
        why = self._snapshot_breaks(battle_id, version, reducer, stored, grid, log_hash)
        if why is not None:
            self.on_refused("snapshot", battle_id, f"version {version}: {why}")
            return None
        state = without_seal(stored)
        if "map_ref" in state:
            state.pop("map_ref")
            state["grid"] = grid
        return Snapshot(battle_id, version, reducer, state)

    def _snapshot_breaks(
        self,
        battle_id: str,
        version: int,
        reducer: int,
        stored: Mapping[str, Any],
        grid: Any,
        log_hash: bytes | None,
    ) -> str | None:
        seal = stored.get(SEAL)
        if not isinstance(seal, dict) or not isinstance(seal.get("mac"), str):
            return "no seal"
        if log_hash is None:
            return "the log has no such version"
        if seal.get("hash") != log_hash.hex():
            return "sealed at a chain hash the log does not have"
        state = without_seal(stored)
        expected = self._snapshot_mac(battle_id, version, log_hash, reducer, state)
        if not hmac.compare_digest(expected, seal["mac"]):
            return "the seal does not hold"
        if "map_ref" in state and (grid is None or map_ref_of(grid) != state["map_ref"]):
            return "its map is not the one it names"
        return None

    def check_view(
        self,
        battle_id: str,
        version: int,
        reducer: int,
        view: Mapping[str, Any],
        map_view: Any,
        log_hash: bytes | None,
    ) -> StoredView | None:
        """The stored view (battle part and creatures) if its seal holds at a version whose
        chain hash the log has; else None, reported."""
        head = self.head_of(battle_id, reducer, view, map_view)
        why = None
        if head is None:
            why = "no seal, or one that does not hold"
        elif head.version != version:
            why = f"sealed at version {head.version}, stored as {version}"
        elif log_hash is None:
            why = "the log has no such version"
        elif head.hash != log_hash:
            why = "sealed at a chain hash the log does not have"
        if why is not None:
            self.on_refused("view", battle_id, why)
            return None
        return StoredView(battle_id, version, reducer, without_seal(view), map_view)

    def head_of(
        self, battle_id: str, reducer: int, view: Mapping[str, Any], map_view: Any
    ) -> SealedHead | None:
        """The head a stored view was sealed at, if its seal holds (whatever the log now
        says: what verification compares the log with)."""
        seal = view.get(SEAL)
        if not isinstance(seal, dict):
            return None
        try:
            version = int(seal["version"])
            digest = bytes.fromhex(seal["hash"])
            mac = str(seal["mac"])
        except (KeyError, TypeError, ValueError):
            return None
        creatures = view.get("creatures") or {}
        acc = 0
        for cid, shown in creatures.items():
            acc ^= self.element(battle_id, cid, shown)
        battle = {k: v for k, v in view.items() if k not in (SEAL, "creatures")}
        map_digest = _digest(map_view if map_view is not None else {})
        expected = self._view_mac(battle_id, version, digest, reducer, map_digest, acc, battle)
        if not hmac.compare_digest(expected, mac):
            return None
        return SealedHead(version, digest)
