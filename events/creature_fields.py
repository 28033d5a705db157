"""Which fields of an event (or an intent) hold a creature's id, and what each says of it.

A reader from whom a creature is hidden may not learn of it from any field that names it
(DESIGN section 7, hidden creatures). Matching strings cannot tell a creature called `walk`
from the mode `walk`, so the fields are marked where they are declared, and a reader's view
walks only the marked ones (server/readers/redaction.py):

- `CreatureId`: the event is about this creature; an event naming one hidden from the reader
  reaches it as a placeholder.
- `MetCreatureId`: a creature the event's subject met (the reactor of an attack against it,
  the unseen creature a move ran into, whoever's turn it was): the subject's event is still
  shown, with this one as "an unseen creature".
- `UnseenCreatureId`: a creature the actor could not see when it acted (an intent's roster
  of them): left out for a reader who cannot see it either.
- `Trace`: a decision's steps, each with the creatures its words speak of in `about`; the
  steps about a creature hidden from the reader go, the others stay.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Set
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel

Role = Literal["names", "meets", "unseen"]


@dataclass(frozen=True)
class CreatureRef:
    """The marker on a field holding a creature's id, with what the field says of it."""

    role: Role


@dataclass(frozen=True)
class PlacedMarker:
    """The marker on a creature's entry as a plain object (a `place` intent's): its `id`."""


@dataclass(frozen=True)
class TraceMarker:
    """The marker on a decision's trace: steps with the creatures they speak of (`about`)."""


CreatureId = Annotated[str, CreatureRef("names")]
MetCreatureId = Annotated[str, CreatureRef("meets")]
UnseenCreatureId = Annotated[str, CreatureRef("unseen")]
TRACE = TraceMarker()
PLACED = PlacedMarker()


# A shape is what to walk in a value: ("id", role), ("list", shape), ("dict", key shape or
# None, value shape or None), ("union", shapes), ("model", ((field, shape), ...)), ("trace",)
Shape = tuple[Any, ...]


def _of_metadata(metadata: typing.Iterable[Any]) -> Shape | None:
    for m in metadata:
        if isinstance(m, CreatureRef):
            return ("id", m.role)
        if isinstance(m, TraceMarker):
            return ("trace",)
        if isinstance(m, PlacedMarker):
            return ("model", (("id", ("id", "names")),))
    return None


def shape_of(annotation: Any) -> Shape | None:
    """What to walk in a value of `annotation` to find the creature ids it holds (None:
    it holds none). Tuples are coordinates and hold none."""
    origin = typing.get_origin(annotation)
    if origin is Annotated:
        marked = _of_metadata(annotation.__metadata__)
        return marked if marked is not None else shape_of(typing.get_args(annotation)[0])
    if origin in (list, typing.Sequence) or origin is list:
        inner = shape_of(typing.get_args(annotation)[0])
        return None if inner is None else ("list", inner)
    if origin is dict:
        key_type, value_type = typing.get_args(annotation)
        keys, values = shape_of(key_type), shape_of(value_type)
        return None if keys is None and values is None else ("dict", keys, values)
    if origin is Union or origin is types.UnionType:
        shapes = tuple(s for s in (shape_of(a) for a in typing.get_args(annotation)) if s)
        return None if not shapes else shapes[0] if len(shapes) == 1 else ("union", shapes)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return model_shape(annotation)
    return None


@cache
def model_shape(model: type[BaseModel]) -> Shape | None:
    """The marked fields of a pydantic model, at any depth."""
    fields = []
    for name, info in model.model_fields.items():
        shape = _of_metadata(info.metadata) or shape_of(info.annotation)
        if shape is not None:
            fields.append((name, shape))
    return ("model", tuple(fields)) if fields else None


def ids_in(value: Any, shape: Shape | None) -> typing.Iterator[tuple[Role, str]]:
    """Every creature id a value holds in its marked fields, with the field's role."""
    if shape is None or value is None:
        return
    kind = shape[0]
    if kind == "id":
        if isinstance(value, str):
            yield shape[1], value
        elif isinstance(value, list):  # a field that takes one id or several
            for v in value:
                if isinstance(v, str):
                    yield shape[1], v
    elif kind == "list" and isinstance(value, list | tuple):
        for v in value:
            yield from ids_in(v, shape[1])
    elif kind == "dict" and isinstance(value, dict):
        for k, v in value.items():
            yield from ids_in(k, shape[1])
            yield from ids_in(v, shape[2])
    elif kind == "union":
        for s in shape[1]:
            yield from ids_in(value, s)
    elif kind == "model" and isinstance(value, dict):
        for name, s in shape[1]:
            yield from ids_in(value.get(name), s)
    elif kind == "trace" and isinstance(value, list):
        for step in value:
            if isinstance(step, dict):
                for cid in step.get("about") or ():
                    yield "meets", str(cid)


def rewrite(value: Any, shape: Shape | None, hidden: Set[str], unseen: str) -> Any:
    """The value as a reader who may not see `hidden` reads it: a met creature as `unseen`,
    an actor's roster without them, a trace without the steps about them (fields that name
    one are the caller's to answer: the whole event is a placeholder)."""
    if shape is None or value is None:
        return value
    kind = shape[0]
    if kind == "id":
        if shape[1] == "unseen" and isinstance(value, list):
            return [v for v in value if v not in hidden]
        if shape[1] == "meets":
            if isinstance(value, list):
                return [unseen if v in hidden else v for v in value]
            return unseen if value in hidden else value
        return value
    if kind == "list" and isinstance(value, list | tuple):
        if shape[1] == ("id", "unseen"):
            return [v for v in value if v not in hidden]
        return [rewrite(v, shape[1], hidden, unseen) for v in value]
    if kind == "dict" and isinstance(value, dict):
        keys, values = shape[1], shape[2]
        return {
            rewrite(k, keys, hidden, unseen): rewrite(v, values, hidden, unseen)
            for k, v in value.items()
        }
    if kind == "union":
        for s in shape[1]:
            value = rewrite(value, s, hidden, unseen)
        return value
    if kind == "model" and isinstance(value, dict):
        changed = {
            name: rewrite(value[name], s, hidden, unseen) for name, s in shape[1] if name in value
        }
        return {**value, **changed}
    if kind == "trace" and isinstance(value, list):
        return [step for step in value if not hidden & set(_about(step))]
    return value


def _about(step: Any) -> list[str]:
    return [str(c) for c in step.get("about") or ()] if isinstance(step, dict) else []


@dataclass(frozen=True)
class LoggedMarker:
    """The marker on an answer's field holding events (`type` and `data`): each is read as
    its reader may read it at its version (its own `version`, else the answer's)."""


@dataclass(frozen=True)
class StateMarker:
    """The marker on an answer holding a battle's state (at its `version`, else the
    enclosing answer's): the creatures its reader may not see are left out of it."""


LOGGED = LoggedMarker()
STATE = StateMarker()
