"""What a reader may not read: the battle's dice seed, and the creatures hidden from it.

The dice a rule rolls are a pure function of the seed and the dice counter (engine/dice.py),
so a player who knew the seed would know every coming roll. The seed stays in the log (the
hash chain and replays need it) and the director sees everything; a player reads the
`BattleCreated` event with `seed` set to null.

Hidden creatures (DESIGN section 7): a creature hidden by `CreatureHidden` is seen only by
the director, the seat controlling it and the players of the sides in its `visible_to`, until
`CreatureRevealed`; its past stays hidden unless the reveal says `history`. The rules judge
everything as if seen, so this is the one place a reader's view is cut: an event naming a
creature the reader may not see at that version reaches it as a placeholder (its version and
nothing else); a reaction a hidden creature takes against a seen one comes from "an unseen
creature"; the state leaves such creatures out. `Reader.kind` is the same for every reader
who may see the same things, so an answer is encoded once per kind of reader.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine.results import Refused
from projections.state import BattleState

SECRET_FIELDS = {"BattleCreated": ("seed",)}
UNSEEN = "an unseen creature"
PLACEHOLDER = "Unseen"
"""The type a reader sees for an event it may not read."""
REACTIONS = frozenset({"OpportunityAttackTriggered", "ReactionResolved"})
"""Events a hidden creature takes against a seen one: shown, from an unseen creature."""
UNKNOWN = "battle/unknown-creature"
VISIBILITY_TYPES = frozenset({"CreatureHidden", "CreatureRevealed", "ActionUndone", "ActionRedone"})
REFERENCES = ("grabbed_by", "frightened_by", "climbing_on")


def readable(event_type: str, data: dict[str, Any], *, director: bool) -> dict[str, Any]:
    """An event's data as this reader may see it (the seed only; see `redact_event`)."""
    hidden = SECRET_FIELDS.get(event_type)
    if director or not hidden:
        return data
    return {**data, **dict.fromkeys(hidden)}


@dataclass(frozen=True)
class Reader:
    """Who reads: the director, or a player by the creatures its seat controls and their sides."""

    director: bool
    own: frozenset[str] = frozenset()
    sides: frozenset[str] = frozenset()

    @property
    def kind(self) -> str:
        """Readers of one kind are shown the same bytes (the stream encodes once per kind)."""
        if self.director:
            return "director"
        return "player:" + ",".join(sorted(self.sides)) + "|" + ",".join(sorted(self.own))


def reader_of(director: bool, own: Iterable[str], sides_of: Mapping[str, str]) -> Reader:
    """A reader from its seat: a player is of the sides of the creatures its seat controls."""
    mine = frozenset(own)
    return Reader(director, mine, frozenset(sides_of[c] for c in mine if c in sides_of))


@dataclass
class Visibility:
    """Who may see each creature, version by version, as the effective log says.

    `hidden` maps a creature to the sides that may still see it; `changes` keeps, per
    version where it changed, the map from then on; `history` lists creatures whose past
    the director revealed (as of the latest version read)."""

    hidden: dict[str, frozenset[str]] = field(default_factory=dict)
    changes: list[tuple[int, dict[str, frozenset[str]]]] = field(default_factory=list)
    history: set[str] = field(default_factory=set)
    version: int = 0
    generation: int = 0
    """How many hides, reveals, undos and redos it has read (what a reader's kind counts)."""

    _acts: list[tuple[str | None, str, dict[str, Any]]] = field(default_factory=list)
    _undone: set[str] = field(default_factory=set)
    _first: tuple[str | None, int] = (None, 0)
    """The action being read and its first version: a hide or a reveal counts from there
    (a creature created or placed hidden is hidden in the event that creates or places it,
    and the intent that reveals a creature is read with it)."""

    @classmethod
    def of(cls, envelopes: Iterable[Any]) -> Visibility:
        """Fold a log (envelopes with `version`, `type`, `data`, `intent_id`) in order."""
        seen = cls()
        for env in envelopes:
            seen.feed(env)
        return seen

    def feed(self, env: Any) -> None:
        """Read the next envelope of the log; an undone hide or reveal stops counting from
        the undo on, a redone one counts again. What it has read already is skipped (a
        stream's catch-up reads again what the fold began with)."""
        if env.version <= self.version:
            return
        self.version = env.version
        if env.type in VISIBILITY_TYPES:
            self.generation += 1
        if env.intent_id is None or env.intent_id != self._first[0]:
            self._first = (env.intent_id, env.version)
        if env.type in ("CreatureHidden", "CreatureRevealed"):
            self._acts.append((env.intent_id, env.type, env.data))
        elif env.type == "ActionUndone":
            self._undone.add(str(env.data["target"]))
        elif env.type == "ActionRedone":
            self._undone.discard(str(env.data["target"]))
        else:
            return
        hidden, self.history = _fold(a for a in self._acts if a[0] not in self._undone)
        if hidden != self.hidden:
            since = self._first[1]  # the whole action: its opening names the creature too
            self.hidden = hidden
            self.changes.append((since, hidden))

    def at(self, version: int) -> dict[str, frozenset[str]]:
        found: dict[str, frozenset[str]] = {}
        for since, hidden in self.changes:
            if since > version:
                break
            found = hidden
        return found

    def sees(self, reader: Reader, creature: str, version: int | None = None) -> bool:
        if reader.director or creature in reader.own:
            return True
        if version is not None and creature in self.history:
            version = None  # its past was revealed: judged as it stands now
        hidden = self.hidden if version is None else self.at(version)
        sides = hidden.get(creature)
        return sides is None or bool(sides & reader.sides)

    @property
    def held(self) -> int:
        """How many hides, reveals and changes it keeps (what its memory grows with)."""
        return len(self.changes) + len(self._acts)

    @property
    def any(self) -> bool:
        return bool(self.changes)


def _fold(
    acts: Iterable[tuple[str | None, str, dict[str, Any]]],
) -> tuple[dict[str, frozenset[str]], set[str]]:
    hidden: dict[str, frozenset[str]] = {}
    history: set[str] = set()
    for _, kind, data in acts:
        cid = str(data["creature"])
        if kind == "CreatureHidden":
            hidden[cid] = frozenset(data.get("visible_to") or ())
            history.discard(cid)
        else:
            hidden.pop(cid, None)
            if data.get("history"):
                history.add(cid)
    return hidden, history


def mentions(data: Any, ids: Iterable[str]) -> set[str]:
    """The creatures of `ids` that `data` names anywhere: any string equal to an id, at any
    depth (a placed creature's entry, a paused move's `provoked`, `other_creature`, ...)."""
    wanted = set(ids)
    found: set[str] = set()
    stack = [data]
    while stack and wanted - found:
        value = stack.pop()
        if isinstance(value, str):
            if value in wanted:
                found.add(value)
        elif isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list | tuple):
            stack.extend(value)
    return found


SENTENCES = frozenset({"detail", "reason"})
"""Keys whose values are sentences (a ruling's `detail` and `reason`, an overrule's
`reason`): they name a creature in words, never as a value of their own."""


def told(data: Any, ids: Iterable[str]) -> set[str]:
    """The creatures of `ids` that a sentence of `data` (under a key of `SENTENCES`, at any
    depth) names as a word: a ruling whose rule said "lurker7 occupies [4, 5]" tells where a
    hidden creature is as surely as an event that names it."""
    wanted = set(ids)
    found: set[str] = set()
    stack = [data]
    while stack and wanted - found:
        value = stack.pop()
        if isinstance(value, dict):
            for k, v in value.items():
                if k in SENTENCES and isinstance(v, str):
                    found |= words_of(v) & wanted
                else:
                    stack.append(v)
        elif isinstance(value, list | tuple):
            stack.extend(value)
    return found


def as_unseen(value: Any, ids: set[str]) -> Any:
    """`value` with every id of `ids` written as an unseen creature."""
    if isinstance(value, str):
        return UNSEEN if value in ids else value
    if isinstance(value, dict):
        return {k: as_unseen(v, ids) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [as_unseen(v, ids) for v in value]
    return value


def redact_event(
    event_type: str, data: dict[str, Any], version: int, reader: Reader, seen: Visibility
) -> tuple[str, dict[str, Any]]:
    """An event's type and data as `reader` may read them: itself; a reaction a hidden
    creature takes against a seen one, from an unseen creature; or a placeholder carrying
    nothing (any event naming a creature hidden from the reader at its version)."""
    data = readable(event_type, data, director=reader.director)
    if reader.director or not seen.any:
        return event_type, data
    hidden = {c for c in seen.at(version) if not seen.sees(reader, c, version)}
    if event_type == "BattleCreated":
        kept = [c for c in data.get("creatures", []) if c.get("id") not in hidden]
        return event_type, {**data, "creatures": kept}
    if event_type == "CreatureRevealed":
        return event_type, data
    unseen = mentions(data, hidden)
    worded = told(data, hidden)
    if not unseen and not worded:
        if event_type == "IntentAccepted" and hidden:
            return event_type, {**data, "trace": []}  # a trace's words may name anyone
        return event_type, data
    target = data.get("target")
    if event_type in REACTIONS and isinstance(target, str) and not worded and target not in unseen:
        return event_type, as_unseen(data, unseen)
    return PLACEHOLDER, {}


def _hidden_at(reader: Reader, seen: Visibility, version: int) -> bool:
    return any(not seen.sees(reader, c, version) for c in seen.at(version))


def redact_view(
    view: dict[str, Any], reader: Reader, seen: Visibility, version: int | None = None
) -> dict[str, Any]:
    """A state view (`GET /battles/{id}`, at `version` or now) as `reader` may see it."""
    if reader.director or not seen.any:
        return view
    creatures = view.get("creatures", {})
    gone = {cid for cid in creatures if not seen.sees(reader, cid, version)}
    if not gone:
        return view
    shown = {}
    for cid, c in creatures.items():
        if cid in gone:
            continue
        refs = {k: None for k in REFERENCES if c.get(k) in gone}
        shown[cid] = {**c, **refs} if refs else c
    pending = []
    for p in view.get("pending_reactions", []):
        if p.get("target") in gone:
            continue
        pending.append({**p, "reactor": UNSEEN} if p.get("reactor") in gone else p)
    active = None if view.get("active") in gone else view.get("active")
    order = _order_seen(view.get("turn_order"), gone)
    return {
        **view,
        "creatures": shown,
        "pending_reactions": pending,
        "active": active,
        "turn_order": order,
    }


def _order_seen(order: dict[str, Any] | None, gone: set[str]) -> dict[str, Any] | None:
    """The turn order without the creatures the reader may not see."""
    if order is None:
        return None
    return {
        **order,
        "creatures": [c for c in order["creatures"] if c not in gone],
        "acted": [c for c in order["acted"] if c not in gone],
        "next": [c for c in order["next"] if c not in gone],
        "active": None if order["active"] in gone else order["active"],
    }


def hidden_from(reader: Reader, seen: Visibility, version: int | None = None) -> set[str]:
    """The creatures `reader` may not see at `version` (now: None)."""
    if reader.director or not seen.any:
        return set()
    hidden = seen.hidden if version is None else seen.at(version)
    return {c for c in hidden if not seen.sees(reader, c, version)}


def seen_state(state: BattleState, hidden: set[str]) -> BattleState:
    """The state as a reader who may not see `hidden` sees it: without them (what it asks of
    the rules as a ruler, reach and options, is asked of this state)."""
    if not hidden or not hidden & state.creatures.keys():
        return state
    creatures = {cid: c for cid, c in state.creatures.items() if cid not in hidden}
    pending = tuple(p for p in state.pending if p.reactor not in hidden and p.target not in hidden)
    board = state.board
    if board is not None:
        fighters = {cid: f for cid, f in board.fighters.items() if cid not in hidden}
        board = replace(board, fighters=fighters)
    return replace(state, creatures=creatures, pending=pending, board=board)


def redact_refusal(refused: Refused, hidden: set[str]) -> Refused:
    """A refusal as a reader who may not see `hidden` reads it: one that names a hidden
    creature says the way is blocked, no more."""
    if not hidden or refused.rule == UNKNOWN or not names_any(refused.detail, hidden):
        return refused  # "there is no creature X" names only what the asker named
    return Refused(rule="path/blocked", step=refused.step, detail="the way is blocked")


def names_any(text: str, ids: set[str]) -> bool:
    return bool(words_of(text) & ids)


def words_of(text: str) -> set[str]:
    """The words of a sentence that could be a creature's id (ids are such words; a
    sentence's trailing period or a list's comma is not part of one)."""
    return {w.rstrip(".") for w in re.findall(r"[A-Za-z0-9_.-]+", text)} | set(
        re.findall(r"[A-Za-z0-9_.-]+", text)
    )


DIRECTOR = "director"
PLAYER = "player"


def reader_kind(is_director: bool) -> str:
    """The kind of reader a caller is while no creature is hidden from it: callers of one
    kind read the same bytes of every event, so the live stream encodes an event once per
    kind (server/api/stream_encoding.py). A director sees everything, a player the log
    without the battle's secrets; `kind_of` tells hidden creatures' readers apart."""
    return DIRECTOR if is_director else PLAYER


def kind_of(reader: Reader, seen: Visibility) -> str:
    """The kind of `reader` as the log stands in `seen`: the plain kinds while nothing is
    hidden; else its rights and how many hides, reveals and undos the log has held, so two
    readers of one kind read every event the same."""
    if reader.director:
        return DIRECTOR
    if not seen.any:
        return PLAYER
    return f"{reader.kind}@{seen.generation}"


def sees_secrets(kind: str) -> bool:
    """Whether a reader of `kind` reads the battle's secrets (the dice seed)."""
    return kind == DIRECTOR
