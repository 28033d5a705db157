"""Fast copies of frozen, slotted dataclasses: `dataclasses.replace` costs ~12 us on 3.11.

A copier builds the new instance with `object.__new__` and sets each slot through its member
descriptor, which is what a frozen `__init__` does, minus the per-field `__setattr__` dispatch
and keyword plumbing. The new object is not visible to anyone before it is complete, so the
frozen contract holds for every caller.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")
_MISSING: Any = object()


def copier(cls: type[T]) -> Callable[..., T]:
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_M": _MISSING}
    for name in names:
        namespace[f"_set_{name}"] = getattr(cls, name).__set__
    params = ", ".join(f"{n}=_M" for n in names)
    body = "\n".join(f"    _set_{n}(obj, src.{n} if {n} is _M else {n})" for n in names)
    source = f"def copy(src, *, {params}):\n    obj = _new(_cls)\n{body}\n    return obj\n"
    exec(source, namespace)
    fn: Callable[..., T] = namespace["copy"]
    return fn


def setter(cls: type[T], *changed: str) -> Callable[..., T]:
    """A positional copier for the hot paths: `setter(C, "a", "b")(src, a, b)`."""
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    for name in names:
        namespace[f"_set_{name}"] = getattr(cls, name).__set__
    body = "\n".join(f"    _set_{n}(obj, {n if n in changed else 'src.' + n})" for n in names)
    source = f"def copy(src, {', '.join(changed)}):\n    obj = _new(_cls)\n{body}\n    return obj\n"
    exec(source, namespace)
    fn: Callable[..., T] = namespace["copy"]
    return fn
