"""What a reader may not read: the battle's dice seed, and the creatures hidden from it.

The dice a rule rolls are a pure function of the seed and the dice counter (engine/dice.py),
so a player who knew the seed would know every coming roll. The seed stays in the log (the
hash chain and replays need it) and the director sees everything; a player reads the
`BattleCreated` event with `seed` set to null.

Hidden creatures (DESIGN section 7): a creature hidden by `CreatureHidden` is seen only by
the director, the seat controlling it and the players of the sides in its `visible_to`, until
`CreatureRevealed`; its past stays hidden unless the reveal says `history`. The rules judge
a player's questions on the battle as it knows it (engine/unseen.py), so that nothing it asks
depends on what it cannot see, and this is where what it reads is cut. The cut is by field,
never by matching strings (a creature may be called `walk`): the fields of events and
intents that hold a creature's id are marked where they are declared
(events/creature_fields.py). An event whose marked field names a creature the reader may not
see at that version reaches it as a placeholder (its version and nothing else); a creature an
event's subject met (the reactor of an attack, the unseen creature a move ran into, whose
turn it was) is written as "an unseen creature"; a trace loses only the steps about such a
creature; the state leaves such creatures out. `Reader.kind` is the same for every reader
who may see the same things, so an answer is encoded once per kind of reader.
"""

from __future__ import annotations

import typing
from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from pydantic import BaseModel

import events.battle_events
import events.history_events
import events.visibility_events  # noqa: F401  (each module registers its event types)
from engine.intents import Intent
from engine.unseen import UNSEEN as UNSEEN
from events.creature_fields import Shape, ids_in, model_shape, rewrite
from events.vocabulary import registry

SECRET_FIELDS = {"BattleCreated": ("seed",)}
PLACEHOLDER = "Unseen"
"""The type a reader sees for an event it may not read."""
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


def _intent_models() -> dict[str, type[BaseModel]]:
    models: dict[str, type[BaseModel]] = {}
    for model in typing.get_args(typing.get_args(Intent)[0]):
        name = model.model_fields["type"].default
        if isinstance(name, str):
            models[name] = model
    return models


_INTENTS = _intent_models()


@cache
def intent_shape(intent_type: str) -> Shape | None:
    """Where an intent of `intent_type` names creatures (its marked fields, engine.intents)."""
    model = _INTENTS.get(intent_type)
    return None if model is None else model_shape(model)


@cache
def event_shape(event_type: str) -> Shape | None:
    """Where an event of `event_type` names creatures (its marked fields, events/)."""
    if not registry.knows(event_type):
        return None
    return model_shape(registry.model(event_type))


def names_hidden(value: Any, shape: Shape | None, hidden: Set[str]) -> bool:
    """Whether a field of `value` that says what it is about names a hidden creature."""
    return any(role == "names" and cid in hidden for role, cid in ids_in(value, shape))


def shown_as(event_type: str, data: dict[str, Any], hidden: Set[str]) -> tuple[str, dict[str, Any]]:
    """An event's type and data for a reader who may not see `hidden`, by its marked fields
    (events/creature_fields.py): a placeholder carrying nothing when it is about one of them
    (a field that names it, the intent that opened its action, a ruling whose words speak
    of it); else itself, with a creature it met written as an unseen creature and the steps
    of its trace about one of them left out. The battle's creation leaves them out."""
    if not hidden or event_type == "CreatureRevealed":
        return event_type, data
    if event_type == "BattleCreated":
        return event_type, _created_without(data, hidden)
    shape = event_shape(event_type)
    if names_hidden(data, shape, hidden):
        return PLACEHOLDER, {}
    if event_type == "IntentAccepted":
        intent = data.get("intent")
        kind = intent.get("type") if isinstance(intent, dict) else None
        if isinstance(kind, str) and names_hidden(intent, intent_shape(kind), hidden):
            return PLACEHOLDER, {}
    shown = rewrite(data, shape, hidden, UNSEEN)
    if event_type == "IntentAccepted" and isinstance(shown.get("intent"), dict):
        intent = shown["intent"]
        kind = intent.get("type")
        if isinstance(kind, str):  # a creature it met, or a list it is left out of
            shown["intent"] = rewrite(intent, intent_shape(kind), hidden, UNSEEN)
    if event_type == "IntentAccepted" and "unseen" in shown and not shown["unseen"]:
        del shown["unseen"]  # as logged when its actor saw everything: nothing tells apart
    return event_type, shown


def _created_without(data: dict[str, Any], hidden: Set[str]) -> dict[str, Any]:
    kept = [c for c in data.get("creatures", []) if c.get("id") not in hidden]
    shown = {**data, "creatures": kept}
    board = data.get("board")
    if isinstance(board, dict) and isinstance(board.get("fighters"), dict):
        fighters = {k: v for k, v in board["fighters"].items() if k not in hidden}
        shown["board"] = {**board, "fighters": fighters}
    return shown


def shown_trace(trace: list[dict[str, Any]], hidden: Set[str]) -> list[dict[str, Any]]:
    """A decision's trace for a reader who may not see `hidden`: without the steps whose
    words speak of one of them (each step's `about`); the reader's own steps and reasons
    stay."""
    if not hidden:
        return trace
    shown: list[dict[str, Any]] = rewrite(trace, ("trace",), hidden, UNSEEN)
    return shown


def redact_event(
    event_type: str, data: dict[str, Any], version: int, reader: Reader, seen: Visibility
) -> tuple[str, dict[str, Any]]:
    """An event's type and data as `reader` may read them at its version (`shown_as`)."""
    data = readable(event_type, data, director=reader.director)
    if reader.director or not seen.any:
        return event_type, data
    hidden = {c for c in seen.at(version) if not seen.sees(reader, c, version)}
    return shown_as(event_type, data, hidden)


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
