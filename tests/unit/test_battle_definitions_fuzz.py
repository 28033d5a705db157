"""Battle definitions from hypothesis: `create_battle` never crashes, and never errs inside.

Bodies are built near the real shape (so the fuzz reaches deep into validation) and then
perturbed: wrong types, missing and extra keys, huge and negative numbers, odd strings.
Every answer is an acceptance whose events fold into a state, or a refusal with a rule id.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine import builtin_rulesets, create_battle
from engine.results import Accepted, Refused
from projections import fold, state_view

RULESETS = builtin_rulesets()

junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.lists(st.integers(-5, 50), max_size=4),
    st.dictionaries(st.text(max_size=6), st.integers(), max_size=3),
)
small = st.integers(min_value=-3, max_value=40)
point = st.lists(small, min_size=0, max_size=4)
kinds = st.sampled_from(
    ["wall", "obstacle", "difficult", "damaging", "water", "hazard", "climbable", "lava", ""]
)


@st.composite
def terrain(draw: st.DrawFn) -> dict[str, Any]:
    item: dict[str, Any] = {"kind": draw(kinds)}
    if draw(st.booleans()):
        item["cells"] = draw(st.lists(point, max_size=5))
    else:
        item["area"] = {"from": draw(point), "to": draw(point)}
    for key in ("height", "damage", "depth", "material"):
        if draw(st.booleans()):
            item[key] = draw(st.one_of(small, junk))
    return item


@st.composite
def creature(draw: st.DrawFn) -> dict[str, Any]:
    body: dict[str, Any] = {
        "id": draw(st.one_of(st.text(min_size=0, max_size=6), junk)),
        "name": draw(st.text(max_size=8)),
        "side": draw(st.sampled_from(["heroes", "monsters", ""])),
        "at": draw(point),
        "size": draw(st.sampled_from(["1T", "1S", "1M", "1L", "2", "3", "0", "huge", "10"])),
        "speeds": draw(
            st.dictionaries(
                st.sampled_from(["walk", "fly", "climb", "teleport", "x"]),
                st.one_of(small, junk),
                max_size=3,
            )
        ),
        "stats": draw(st.dictionaries(st.sampled_from(["might", "agility"]), small, max_size=2)),
    }
    for key in ("hp", "stability", "disengage", "conditions", "base"):
        if draw(st.booleans()):
            body[key] = draw(st.one_of(small, junk, st.lists(st.text(max_size=8), max_size=3)))
    return body


@st.composite
def valid_bodies(draw: st.DrawFn) -> dict[str, Any]:
    """Bodies that should mostly be accepted: the fuzz must reach the accepting paths too."""
    w, h = draw(st.integers(2, 12)), draw(st.integers(2, 12))
    cells = st.tuples(st.integers(0, w - 1), st.integers(0, h - 1)).map(list)
    spots = draw(st.lists(cells, min_size=1, max_size=4, unique_by=tuple))
    return {
        "ruleset": "draw-steel",
        "seed": draw(st.integers(0, 10**6)),
        "options": {"turns": draw(st.booleans())},
        "map": {
            "width": w,
            "height": h,
            "terrain": [
                {
                    "kind": draw(st.sampled_from(["difficult", "water", "climbable", "damaging"])),
                    "cells": draw(st.lists(cells, max_size=4)),
                }
            ],
        },
        "creatures": [
            {
                "id": f"c{i}",
                "name": draw(st.text(max_size=8)),
                "side": draw(st.sampled_from(["heroes", "monsters"])),
                "at": at,
                "size": draw(st.sampled_from(["1T", "1S", "1M"])),
                "speeds": {"walk": draw(st.integers(0, 8))},
                "stats": {"might": draw(st.integers(-1, 5)), "agility": draw(st.integers(-1, 5))},
                "hp": draw(st.integers(1, 50)),
            }
            for i, at in enumerate(spots)
        ],
    }


@st.composite
def bodies(draw: st.DrawFn) -> Any:
    if draw(st.integers(0, 2)) == 0:
        return draw(valid_bodies())
    body: dict[str, Any] = {
        "ruleset": draw(st.sampled_from([*RULESETS.ids(), "chess", ""])),
        "seed": draw(st.one_of(st.integers(-5, 10**6), junk)),
        "options": draw(st.dictionaries(st.text(max_size=10), junk, max_size=3)),
        "map": {
            "width": draw(st.one_of(small, junk)),
            "height": draw(st.one_of(small, junk)),
            "terrain": draw(st.lists(terrain(), max_size=4)),
            "elevation": draw(
                st.lists(
                    st.fixed_dictionaries({"cells": st.lists(point, max_size=3), "height": small}),
                    max_size=2,
                )
            ),
        },
        "creatures": draw(st.lists(creature(), max_size=5)),
    }
    for key in list(body):
        if draw(st.integers(0, 9)) == 0:
            body[key] = draw(junk)  # perturb a whole section
    if draw(st.integers(0, 9)) == 0:
        return draw(junk)  # not even an object
    return body


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=bodies())
def test_no_battle_definition_crashes_create_battle(body: Any) -> None:
    decision = create_battle(body)
    event("accepted" if isinstance(decision, Accepted) else f"refused: {decision.rule}")
    if isinstance(decision, Refused):
        assert decision.rule != "engine/internal-error", decision.detail
        assert "/" in decision.rule and decision.detail
        return
    assert isinstance(decision, Accepted)
    state = fold(decision.events)
    view = state_view(state)
    assert set(view["creatures"]) == {c["id"] for c in body["creatures"]}
