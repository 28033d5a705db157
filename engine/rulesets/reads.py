"""What a ruleset reads from a battle's setup besides its options, said once for client authors.

Every grid ruleset names each creature field of the wire (DESIGN section 9: `size`,
`speeds.<mode>`, `stability`, ...), every `stats.<name>` its rules read, and every terrain kind
and terrain property of a map, with what each settles there (or that it is not read). Its
RULES.md carries the same as the section `render` writes, with its battle options (their
defaults and descriptions from the options model); a test holds the two together and checks
the `stats` against the code, so nobody has to read code to know what a field does.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol, get_args

from pydantic import BaseModel

from events.battle_events import CreatureSpec, TerrainKind, TerrainSpec

MODES = ("walk", "climb", "swim", "fly", "hover", "burrow", "teleport")
"""The movement modes a creature's `speeds` may list (`engine.placement.KNOWN_MODES`)."""
CREATURE_FIELDS = tuple(
    f"speeds.{m}" if name == "speeds" else name
    for name in CreatureSpec.model_fields
    if name != "stats"
    for m in (MODES if name == "speeds" else ("",))
)
"""Every creature field a ruleset must account for, `speeds` one mode at a time."""
TERRAIN_KEYS = (
    *get_args(TerrainKind),
    *(name for name in TerrainSpec.model_fields if name not in ("kind", "cells", "rects")),
    "elevation",
)
"""Every terrain kind, terrain property and the map's `elevation`."""
BEGIN = "<!-- reads: generated from the ruleset's reads and options; test_rules_docs checks -->"
END = "<!-- reads: end -->"


@dataclass(frozen=True)
class Reads:
    creature: Mapping[str, str]
    """Each of `CREATURE_FIELDS`: what it settles in this ruleset, or why it is not read."""
    stats: Mapping[str, str]
    """Each `stats.<name>` the rules read: what it settles, and what its absence means."""
    terrain: Mapping[str, str]
    """Each of `TERRAIN_KEYS`: what it does in this ruleset, or that it is ignored."""


class Documented(Protocol):
    """What `render` reads of a ruleset besides its `Reads`."""

    @property
    def sizes_hint(self) -> str: ...

    @property
    def options_model(self) -> type[BaseModel]: ...

    def known_conditions(self) -> frozenset[str]: ...


def render(rs: Documented, reads: Reads) -> str:
    """The RULES.md section listing what `rs` reads: creature fields and `stats`, battle
    options with their defaults, terrain kinds and properties."""
    rows = [
        BEGIN,
        "## What this ruleset reads",
        "",
        "### Creature fields",
        "",
        "| field | in this ruleset |",
        "| --- | --- |",
    ]
    for name in CREATURE_FIELDS:
        text = reads.creature[name]
        if name == "size":
            text += f" Sizes: {rs.sizes_hint}."
        elif name == "conditions":
            text += " Known here: " + ", ".join(f"`{c}`" for c in sorted(rs.known_conditions()))
            text += "."
        rows.append(f"| `{name}` | {text} |")
    rows += [f"| `stats.{name}` | {text} |" for name, text in sorted(reads.stats.items())]
    rows += ["", "### Battle options", "", "| option | default | what it settles |"]
    rows.append("| --- | --- | --- |")
    for name, field in rs.options_model.model_fields.items():
        default = json.dumps(field.default)
        rows.append(f"| `{name}` | `{default}` | {field.description} |")
    rows += ["", "### Terrain", "", "| kind or property | in this ruleset |", "| --- | --- |"]
    rows += [f"| `{key}` | {reads.terrain[key]} |" for key in TERRAIN_KEYS]
    rows.append(END)
    return "\n".join(rows) + "\n"


def section(text: str) -> str | None:
    """The generated section of a RULES.md's text, markers included (None if absent)."""
    start = text.find(BEGIN)
    end = text.find(END)
    if start < 0 or end < start:
        return None
    return text[start : end + len(END)] + "\n"
