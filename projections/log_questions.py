"""Questions to the log, as rows: who each event is about, in which round and turn, and what
it did for a creature's movement (DESIGN section 7, Questions to the log).

A projector feeds this the events it has not indexed yet, in version order, with the cursor it
kept from the last batch; it answers the rows to write and the cursor to keep. The rows are
the read models the events filter and the movement question are served from, so neither folds
the log per request: each costs what its answer holds.

Rounds come from `TurnStarted` (a battle starts in round 1); turns are numbered in the order
they were started in the log (1, 2, ...; none before the first), so an undone turn keeps its
number and the next turn started takes the following one. Undo and redo do not delete rows:
they mark the versions of the action they take back (`Reversal`), and every question reads
only the rows still in effect.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

SQUARE_UNIT = {"epic-path": 5}
"""What one square of forced movement counts in a ruleset's unit (feet for Epic Path)."""

WILLING = frozenset({"Moved", "Shifted", "Teleported", "MovedInches"})
FORCED = frozenset({"ForceMoved", "HurledThrough"})
FALLS = frozenset({"Fell", "FellInches", "DroppedDown"})
WHO = ("creature", "target", "source", "reactor", "other_creature", "by")
"""The fields of an event's data that name a creature it is about."""


@dataclass(frozen=True)
class Cursor:
    """What the projector carries from one batch to the next, kept with its position."""

    version: int = 0
    ruleset: str = ""
    round: int = 1
    turn: int | None = None
    reactors: Mapping[str, str] = field(default_factory=dict)
    """Open reaction windows: reaction id -> the creature that may react."""

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "round": self.round,
            "turn": self.turn,
            "reactors": dict(self.reactors),
        }

    @classmethod
    def from_json(cls, version: int, data: Mapping[str, Any] | None) -> Cursor:
        d = data or {}
        return cls(
            version,
            str(d.get("ruleset", "")),
            int(d.get("round", 1)),
            d.get("turn"),
            dict(d.get("reactors") or {}),
        )


@dataclass(frozen=True)
class Logged:
    """One event as the projector reads it (a slice of its envelope)."""

    version: int
    type: str
    data: Mapping[str, Any]
    intent_id: str | None = None


@dataclass(frozen=True)
class Indexed:
    """An event's row: its type, round and turn, and the creatures it is about."""

    version: int
    type: str
    round: int
    turn: int | None
    creatures: tuple[str, ...]
    intent_id: str | None


@dataclass(frozen=True)
class Fact:
    """What an event did for one creature's movement: `kind` is `willing`, `forced`, `fall`,
    `provoked` (its move opened a reaction), `reacted` (it took a reaction), or `ruling`."""

    creature: str
    version: int
    kind: str
    event_type: str
    round: int
    turn: int | None
    distance: float = 0.0
    squares: tuple[tuple[float, ...], ...] = ()
    detail: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Reversal:
    """Undo (`undone`) or redo of the action at versions `first`..`last`."""

    first: int
    last: int
    undone: bool


@dataclass
class Rows:
    indexed: list[Indexed] = field(default_factory=list)
    facts: list[Fact] = field(default_factory=list)
    reversals: list[Reversal] = field(default_factory=list)


def project(cursor: Cursor, events: Iterable[Logged]) -> tuple[Cursor, Rows]:
    """The rows for `events` (in version order, after `cursor.version`) and the new cursor."""
    rows = Rows()
    for e in events:
        cursor = _advance(cursor, e)
        rows.indexed.append(
            Indexed(e.version, e.type, cursor.round, cursor.turn, about(e.data), e.intent_id)
        )
        rows.facts.extend(facts(cursor, e))
        if e.type in ("ActionUndone", "ActionRedone"):
            first, last = int(e.data["first_version"]), int(e.data["last_version"])
            rows.reversals.append(Reversal(first, last, e.type == "ActionUndone"))
        cursor = _after(cursor, e)
    return cursor, rows


def about(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The creatures an event's data names (a placed creature's spec names its own id)."""
    found: list[str] = []
    for key in WHO:
        value = data.get(key)
        if isinstance(value, str) and value not in found:
            found.append(value)
        elif isinstance(value, Mapping) and isinstance(value.get("id"), str):
            found.append(value["id"])
    return tuple(found)


def facts(cursor: Cursor, e: Logged) -> list[Fact]:
    """What `e` did for the movement of the creatures it is about."""
    d = e.data
    if e.type in WILLING:
        squares = _squares(d)
        distance = float(d.get("distance", d.get("cost", 0)))
        return [_fact(cursor, e, d["creature"], "willing", distance, squares)]
    if e.type == "ForceMoved":
        path = _squares(d)
        unit = SQUARE_UNIT.get(cursor.ruleset, 1)
        extra = {"source": d.get("source"), "push": d.get("kind")}
        return [_fact(cursor, e, d["target"], "forced", len(path) * unit, path, extra)]
    if e.type in FALLS:
        where = d.get("landing") or d.get("to") or ()
        extra = {"height": d.get("height")}
        return [_fact(cursor, e, d["creature"], "fall", 0.0, (tuple(where),), extra)]
    if e.type == "OpportunityAttackTriggered":
        extra = {"reaction": d["reaction"], "reactor": d["reactor"]}
        return [_fact(cursor, e, d["target"], "provoked", detail=extra)]
    if e.type == "ReactionResolved" and d.get("decision") == "take":
        reactor = cursor.reactors.get(str(d["reaction"]))
        if reactor is not None:
            extra = {"reaction": d["reaction"], "damage": d.get("damage", 0)}
            return [_fact(cursor, e, reactor, "reacted", detail=extra)]
    if e.type == "RuleOverruled" and d.get("creature"):
        extra = {k: d.get(k) for k in ("rule", "step", "detail", "reason")}
        if d.get("about"):  # who the ruling's words speak of: a reader who may not see one
            extra["about"] = list(d["about"])  # does not read it
        return [_fact(cursor, e, d["creature"], "ruling", detail=extra)]
    return []


def _fact(
    cursor: Cursor,
    e: Logged,
    creature: str,
    kind: str,
    distance: float = 0.0,
    squares: tuple[tuple[float, ...], ...] = (),
    detail: Mapping[str, Any] | None = None,
) -> Fact:
    return Fact(
        creature,
        e.version,
        kind,
        e.type,
        cursor.round,
        cursor.turn,
        distance,
        squares,
        detail or {},
    )


def _squares(d: Mapping[str, Any]) -> tuple[tuple[float, ...], ...]:
    if "path" in d:
        return tuple(tuple(p) for p in d["path"] if p is not None)
    if "to" in d:  # a teleport enters only where it lands
        return (tuple(d["to"]),)
    return ()


def _advance(cursor: Cursor, e: Logged) -> Cursor:
    """The cursor an event is indexed under: a turn's start belongs to the new turn."""
    if e.type == "BattleCreated":
        return replace(cursor, ruleset=str(e.data.get("ruleset", "")))
    if e.type == "TurnStarted":
        turn = (cursor.turn or 0) + 1
        return replace(cursor, round=int(e.data.get("round", cursor.round)), turn=turn)
    return cursor


def _after(cursor: Cursor, e: Logged) -> Cursor:
    # every event moves the cursor: built directly, `replace` costs twice as much
    cursor = Cursor(e.version, cursor.ruleset, cursor.round, cursor.turn, cursor.reactors)
    if e.type == "OpportunityAttackTriggered":
        return replace(cursor, reactors={**cursor.reactors, e.data["reaction"]: e.data["reactor"]})
    if e.type == "ReactionResolved":
        left = {k: v for k, v in cursor.reactors.items() if k != e.data.get("reaction")}
        return replace(cursor, reactors=left)
    return cursor
