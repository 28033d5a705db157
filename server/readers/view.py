"""One reader's view of a battle: what it may read, computed once per request.

A request's reader (the director, or a player by its seat's creatures and their sides) and
who may see each creature as the log stands (server/readers/redaction.py) are read once,
by the route's dependency (server/api/deps.py `reader_view`), into a `ReaderView`. Every
answer leaves through it: the answers' models mark the fields that hold what a reader may
not read (events/creature_fields.py: events read at their version, states, traces, creature
ids), and the encoding step (server/api/wire.py `ReaderAnswer`) walks only the marked
fields of the route's answer model. Nothing matches strings: a creature called `walk` is
cut where a field holds a creature's id, never where a word happens to equal it.

What the rules decide for a player (dry runs, reach, options, what-if) is judged on the
battle as it knows it (engine/unseen.py); the view's `hidden` is that knowledge. Questions
whose pages or sizes depend on what is shown (a filtered log, a replay's budget, a
creature's movement) ask the view while they read, so a page is cut before it is counted.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from types import SimpleNamespace
from typing import Annotated, Any, Protocol, Union

from pydantic import BaseModel

from engine.unseen import UNSEEN
from events.creature_fields import (
    CreatureRef,
    LoggedMarker,
    Shape,
    StateMarker,
    TraceMarker,
    rewrite,
)
from events.envelope import Envelope
from server.readers.redaction import (
    PLACEHOLDER,
    Reader,
    Visibility,
    hidden_from,
    kind_of,
    redact_event,
    redact_view,
)
from server.readers.tokens import Principal

PLACEHOLDER_KEEPS = ("battle_id", "version")
"""What an event a reader may not read keeps in an answer: where it is in the log."""


class Readers(Protocol):
    """Where a principal's reader and the battle's visibility are read (the battle service)."""

    def reader(self, principal: Principal) -> tuple[Reader, Visibility]: ...


@dataclass
class ReaderView:
    """What one reader may see of one battle, as the log stood when the request read it."""

    reader: Reader
    seen: Visibility
    _hidden: dict[int | None, frozenset[str]] = field(default_factory=dict, repr=False)

    @property
    def director(self) -> bool:
        return self.reader.director

    @property
    def everything(self) -> bool:
        """Whether no creature is hidden from it (a player still reads no dice seed)."""
        return self.reader.director or not self.seen.any

    @property
    def kind(self) -> str:
        """Readers of one kind read the same bytes (server/readers/redaction.py `kind_of`)."""
        return kind_of(self.reader, self.seen)

    def hidden(self, version: int | None = None) -> frozenset[str]:
        """The creatures it may not see at `version` (None: now)."""
        found = self._hidden.get(version)
        if found is None:
            found = frozenset(hidden_from(self.reader, self.seen, version))
            self._hidden[version] = found
        return found

    def hidden_then_or_now(self, version: int | None) -> frozenset[str]:
        """The creatures an answer about `version` may not name: hidden then, or now (a
        creature hidden now is named nowhere, whenever the answer is about)."""
        if version is None:
            return self.hidden()
        return self.hidden(version) | self.hidden()

    def sees(self, creature: str, version: int | None = None) -> bool:
        return self.seen.sees(self.reader, creature, version)

    def event(self, event_type: str, data: dict[str, Any], version: int) -> tuple[str, Any]:
        """An event's type and data as it may read them at `version`: itself, without the
        seed, with a creature it met unseen, or a placeholder (server/readers/redaction.py)."""
        return redact_event(event_type, data, version, self.reader, self.seen)

    def shows(self, e: Envelope) -> bool:
        """Whether it reads the logged event `e` as an event (not a placeholder)."""
        return self.event(e.type, e.data, e.version)[0] != PLACEHOLDER

    def state(self, view: dict[str, Any], version: int | None = None) -> dict[str, Any]:
        """A state (at `version`, None: now) without the creatures it may not see."""
        return redact_view(view, self.reader, self.seen, version)

    def trace(self, trace: list[dict[str, Any]], version: int | None = None) -> Any:
        """A decision's trace (of the action at `version`, None: now) without the steps
        about a creature it may not see then; its own steps and reasons stay."""
        hidden = self.hidden(version)
        return rewrite(trace, ("trace",), hidden, UNSEEN) if hidden else trace

    def follow(self, envelopes: Iterable[Envelope], again: Callable[[], ReaderView]) -> ReaderView:
        """The view once the request's own append (`envelopes`) is read: what the append
        hid or revealed counts for its answer. A view that missed events appended between
        its reading and the append (another writer's) is read again (`again`)."""
        if self.reader.director:
            return self
        for e in envelopes:
            if e.version > self.seen.version + 1:
                return again()
            self.read(e)
        return self

    def read(self, e: Envelope) -> None:
        """Read the log's next envelope into who may see whom (a stream follows the log)."""
        self.seen.feed(e)
        self._hidden.clear()

    def answer(self, body: Any, model: Any) -> Any:
        """An answer of `model` as it may read it: each field the model marks read as the
        mark says (server/readers/view.py's module note); the director's is the answer."""
        if self.reader.director:
            return body
        return self._walk(body, answer_shape(model), None)

    def facts_about(self, creature: str) -> Callable[[Any], Any] | None:
        """How a creature's movement facts read (server/questions: rows with `version` and
        `detail`): none from before it saw the creature (a reveal without `history` keeps
        its past hidden), none whose ruling speaks of a creature hidden then or now (its
        `about`), and a creature hidden then or now that pushed it or could react to it as
        an unseen creature (`FACT_CREATURE_FIELDS`, the detail's fields that hold another
        creature's id). None: every fact as logged."""
        if self.everything:
            return None

        def as_read(row: Any) -> Any:
            if not self.sees(creature, row.version):
                return None
            then = self.hidden_then_or_now(row.version)
            if not then:
                return row
            detail = dict(row.detail or {})
            if set(detail.get("about") or ()) & then:
                return None
            for key in FACT_CREATURE_FIELDS:
                if detail.get(key) in then:
                    detail[key] = UNSEEN
            return SimpleNamespace(**{**row._asdict(), "detail": detail})

        return as_read

    def _walk(self, value: Any, shape: Shape | None, version: int | None) -> Any:
        if shape is None or value is None:
            return value
        kind = shape[0]
        if kind == "logged":
            return self._logged(value, version)
        if kind == "state":
            if not isinstance(value, dict) or self.everything:
                return value
            at = value.get("version")
            return self.state(value, at if isinstance(at, int) else version)
        if kind == "trace":
            return self.trace(value, version) if isinstance(value, list) else value
        if kind == "id":
            hidden = self.hidden_then_or_now(version)
            if shape[1] == "meets" and isinstance(value, str) and value in hidden:
                return UNSEEN
            return value
        if kind == "list" and isinstance(value, list):
            inner = shape[1]
            return [
                self._walk(v, inner, version)
                for v in value
                if not self._names_hidden(v, inner, version)
            ]
        if kind == "dict" and isinstance(value, dict):
            keys, values = shape[1], shape[2]
            return {
                k: self._walk(v, values, version)
                for k, v in value.items()
                if not self._names_hidden(k, keys, version)
                and not self._names_hidden(v, values, version)
            }
        if kind == "union":
            for s in shape[1]:
                value = self._walk(value, s, version)
            return value
        if kind == "model" and isinstance(value, dict):
            own = value.get("version")
            at = own if isinstance(own, int) else version
            changed = {
                name: self._walk(value[name], s, at) for name, s in shape[1] if name in value
            }
            return {**value, **changed}
        return value

    def _names_hidden(self, value: Any, shape: Shape | None, version: int | None) -> bool:
        """Whether an item of a list (or an entry of a dict) is about a creature it may not
        see: an id that names one, or a model whose field that names one does."""
        if shape is None or value is None:
            return False
        if shape[0] == "id" and shape[1] == "names":
            return isinstance(value, str) and value in self.hidden_then_or_now(version)
        if shape[0] == "model" and isinstance(value, dict):
            own = value.get("version")
            at = own if isinstance(own, int) else version
            return any(
                s[0] == "id" and self._names_hidden(value.get(name), s, at) for name, s in shape[1]
            )
        return False

    def _logged(self, value: Any, version: int | None) -> Any:
        if not isinstance(value, dict) or not isinstance(value.get("type"), str):
            return value
        own = value.get("version")
        at = own if isinstance(own, int) else version if version is not None else self.seen.version
        kind, data = self.event(value["type"], value.get("data") or {}, at)
        if kind == PLACEHOLDER:
            kept = {k: value[k] for k in PLACEHOLDER_KEEPS if k in value}
            shown = {**kept, "type": PLACEHOLDER, "data": {}}
            if "narration" in value:
                shown["narration"] = None
            return shown
        if kind == value["type"] and data is value.get("data"):
            return value
        return {**value, "type": kind, "data": data}


FACT_CREATURE_FIELDS = ("source", "reactor")
"""The fields of a movement fact's detail that hold another creature's id
(projections/log_questions.py)."""


def director_view() -> ReaderView:
    """The director's view: everything, as logged (nothing to read)."""
    return ReaderView(Reader(True), Visibility())


def view_of(readers: Readers, principal: Principal) -> ReaderView:
    """`principal`'s view of its battle as the log stands (the director's reads nothing)."""
    if principal.is_director:
        return director_view()
    return ReaderView(*readers.reader(principal))


# -- the marks of answer models -----------------------------------------------------------


def _marked(metadata: Iterable[Any]) -> Shape | None:
    for m in metadata:
        if isinstance(m, CreatureRef):
            return ("id", m.role)
        if isinstance(m, TraceMarker):
            return ("trace",)
        if isinstance(m, LoggedMarker):
            return ("logged",)
        if isinstance(m, StateMarker):
            return ("state",)
    return None


def _shape(annotation: Any) -> Shape | None:
    origin = typing.get_origin(annotation)
    if origin is Annotated:
        marked = _marked(annotation.__metadata__)
        return marked if marked is not None else _shape(typing.get_args(annotation)[0])
    if origin is list:
        inner = _shape(typing.get_args(annotation)[0])
        return None if inner is None else ("list", inner)
    if origin is dict:
        keys, values = (_shape(a) for a in typing.get_args(annotation))
        return None if keys is None and values is None else ("dict", keys, values)
    if origin is Union or origin is types.UnionType:
        models = [a for a in typing.get_args(annotation) if isinstance(a, type)]
        if sum(issubclass(a, BaseModel) for a in models) > 1:
            return None  # a union of events: walked only where a field marks it LOGGED
        shapes = tuple(s for s in (_shape(a) for a in typing.get_args(annotation)) if s)
        return None if not shapes else shapes[0] if len(shapes) == 1 else ("union", shapes)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return answer_shape(annotation)
    return None


@cache
def answer_shape(model: Any) -> Shape | None:
    """Where an answer model holds what a reader may not read: its marked fields at any
    depth (an event union is walked only where a field marks it `LOGGED`), or the whole
    answer when the model is marked a state (`reads_as = STATE`)."""
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        return _shape(model)
    if isinstance(getattr(model, "reads_as", None), StateMarker):
        return ("state",)
    fields = []
    for name, info in model.model_fields.items():
        shape = _marked(info.metadata) or _shape(info.annotation)
        if shape is not None:
            fields.append((name, shape))
    return ("model", tuple(fields)) if fields else None
