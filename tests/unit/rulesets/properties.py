"""The properties every square ruleset holds (as Draw Steel's do), run per ruleset:

- replay equals the live state, and a snapshot round-trips;
- a refused intent changes nothing (decide is pure and appends nothing);
- no accepted move ends on an illegal square or spends more than its budget;
- the reach generator agrees with the path judge (every listed square is accepted at that
  cost, every unlisted ground square is refused);
- every movement event's `movement_left` is what the state shows right after it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, Phase, assume, note, settings
from hypothesis import strategies as st

from engine import Accepted, Refused, create_battle, decide, reach
from engine.catalog import builtin_rulesets
from engine.view import battle_view, view_change
from projections import BattleState, evolve, fold, state_from_json, state_to_json
from tests.unit.battle_map import setup_for

RULESETS = builtin_rulesets()

SETTINGS = settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink],  # no slow explain
)
TILES = ".......~#o=_|"


@dataclass(frozen=True)
class Profile:
    """How a ruleset is driven by the properties."""

    ruleset: str
    walk: int
    actions: tuple[str, ...]
    modes: tuple[str, ...] = ("walk",)
    speeds: dict[str, int] = field(default_factory=dict)
    extra: tuple[str, ...] = ()
    """Intent types beyond move/force_move/fall_prone/stand_up/turns (e.g. `shift`)."""
    feet: int = 1
    """Distance unit per square (Epic Path counts feet)."""


@st.composite
def maps(draw: st.DrawFn, tiles: str = TILES, tallest: int = 5) -> str:
    """A small map drawn from `tiles` (see tests/unit/battle_map.py) with A, b and c on it."""
    width = draw(st.integers(4, 7))
    height = draw(st.integers(3, tallest))
    rows = [[draw(st.sampled_from(tiles)) for _ in range(width)] for _ in range(height)]
    cells = [(x, y) for y in range(height) for x in range(width)]
    spots = draw(st.lists(st.sampled_from(cells), min_size=3, max_size=3, unique=True))
    for letter, (x, y) in zip("Abc", spots, strict=True):
        rows[y][x] = letter
    return "\n".join("".join(r) for r in rows)


lifts = st.lists(
    st.fixed_dictionaries(
        {
            "cells": st.lists(
                st.tuples(st.integers(0, 6), st.integers(0, 4)).map(list), min_size=1, max_size=4
            ),
            "height": st.integers(1, 3),
        }
    ),
    max_size=3,
)


def start(
    p: Profile,
    rows: str,
    options: dict[str, Any],
    elevation: list[dict[str, Any]] | None = None,
    a: dict[str, Any] | None = None,
) -> list[Any] | None:
    letters = {ch for ch in rows if ch.isalpha()}
    creatures = {ch: {"speeds": {"walk": p.walk, **p.speeds}} for ch in letters}
    creatures["A"] = {**creatures["A"], **(a or {})}
    setup = setup_for(rows, creatures=creatures, options=options, elevation=elevation)
    setup["ruleset"] = p.ruleset
    decision = create_battle(setup)
    if not isinstance(decision, Accepted):
        return None
    return list(decision.events)


point = st.tuples(st.integers(-1, 7), st.integers(-1, 5)).map(list)


@st.composite
def intents(draw: st.DrawFn, p: Profile, state: BattleState) -> dict[str, Any]:
    who = draw(st.sampled_from(sorted(state.creatures)))
    other = draw(st.sampled_from(sorted(state.creatures)))
    kind = draw(
        st.sampled_from(
            ["move_to", "move_path", "push", "prone", "stand", "react", "start", "end", *p.extra]
        )
    )
    body: dict[str, Any] = {"creature": who}
    if kind in ("move_to", "move_path"):
        body["type"] = "move"
        body["action"] = draw(st.sampled_from(p.actions))
        body["mode"] = draw(st.sampled_from(p.modes))
        if body["action"] in ("withdraw", "charge"):
            body["primary"] = other
        if p.ruleset == "action-points" and draw(st.booleans()):
            body["action_points"] = draw(st.integers(0, 2))
        if kind == "move_to":
            body["to"] = draw(point)
        else:
            x, y, _ = state.creatures[who].pos
            path = []
            for _ in range(draw(st.integers(1, 5))):
                x += draw(st.integers(-1, 1))
                y += draw(st.integers(-1, 1))
                path.append([x, y])
            body["path"] = path
        return body
    if kind == "shift":
        return {"type": "shift", "creature": who, "to": draw(point)}
    if kind == "teleport":
        return {
            "type": "teleport",
            "creature": who,
            "to": draw(point),
            "distance": draw(st.integers(1, 4)) * p.feet,
        }
    if kind == "push":
        return {
            "type": "force_move",
            "source": other,
            "target": who,
            "kind": draw(st.sampled_from(["push", "pull"])),
            "distance": draw(st.integers(0, 4)) * p.feet,
        }
    if kind == "prone":
        return {"type": "fall_prone", "creature": who}
    if kind == "stand":
        return {"type": "stand_up", "creature": who}
    if kind == "start":
        return {"type": "start_turn", "creature": who}
    if kind == "end":
        return {"type": "end_turn", "creature": who}
    pending = [r.id for r in state.pending] or ["r-1"]
    return {
        "type": "resolve_reaction",
        "reaction": draw(st.sampled_from(pending)),
        "decision": draw(st.sampled_from(["take", "decline"])),
    }


def budget_before(p: Profile, state: BattleState, intent: dict[str, Any]) -> int:
    """The most an accepted move of `intent` may spend, read from the state before it."""
    rs: Any = RULESETS.get(p.ruleset)
    c = state.creatures[intent["creature"]]
    action = intent.get("action", p.actions[0])
    if p.ruleset == "epic-path":
        return max(c.speeds.values()) * rs.multiplier(state, c, action)
    if p.ruleset == "one-two-one":
        return int(rs.budget(state, c, action == "sprint"))
    running = action == "run" or (action == "long_jump" and c.tally("ran") > 0)
    return int(rs.budget(state, c, running)) + int(intent.get("action_points", 0))


def check_legal_end(p: Profile, state: BattleState, cid: str, mode: str) -> None:
    rs: Any = RULESETS.get(p.ruleset)
    c = state.creatures[cid]
    f = rs.field(state, c, mode)
    x, y, z = c.pos
    assert f.inside(x, y), c.pos
    assert f.can_stop(c.pos), c.pos
    if mode not in ("fly", "glide"):
        assert z == f.stand_z(x, y), (c.pos, f.stand_z(x, y))
    else:
        assert z >= f.stand_z(x, y) and not f.filled(c.pos), c.pos


def run_random_battle(
    p: Profile, data: st.DataObject, rows: str, options: dict[str, Any], steps: int = 10
) -> None:
    note(f"map:\n{rows}\noptions={options}")
    log = start(p, rows, options)
    assume(log is not None)
    assert log is not None
    state = fold(log)
    read_model = view_change(None, state).applied_to(None)
    for _ in range(steps):
        intent = data.draw(intents(p, state))
        note(f"intent {intent}")
        before = state_to_json(state)
        decision = decide(intent, state)
        assert state_to_json(state) == before
        if isinstance(decision, Refused):
            assert decision.rule != "engine/internal-error", decision
            continue
        assert decide(intent, state) == decision
        limit = budget_before(p, state, intent) if intent["type"] == "move" else None
        previous = state
        for event in decision.events:
            state = evolve(state, event)
            log.append(event)
            check_movement_left_shown(state, event)
        read_model = view_change(previous, state).applied_to(read_model)
        assert read_model == battle_view(state), intent
        if limit is not None:
            spent = sum(
                e.cost
                for e in decision.events
                if e.type == "Moved" and e.creature == intent["creature"]
            )
            assert 0 <= spent <= limit, (intent, spent, limit)
        if intent["type"] in ("move", "shift") and not state.pending:
            check_legal_end(p, state, intent["creature"], intent.get("mode", "walk"))
    assert fold(log) == state
    assert state_from_json(state_to_json(state)) == state


def check_movement_left_shown(state: BattleState, event: Any) -> None:
    """A movement event's `movement_left` is what the state shows right after it."""
    if event.type in ("Moved", "Shifted", "Teleported", "MovedInches"):
        shown = battle_view(state)["creatures"].get(event.creature)
        if shown is not None:
            assert event.movement_left == shown["movement_left"], (event, shown["economy"])


def check_reach_agrees(
    p: Profile,
    rows: str,
    elevation: list[dict[str, Any]],
    options: dict[str, Any],
    a: dict[str, Any] | None = None,
    mode: str = "walk",
) -> None:
    if p.ruleset != "epic-path":
        options = {k: v for k, v in options.items() if k != "opportunity_attacks"}
    note(f"map:\n{rows}\nelevation={elevation} options={options} A={a}")
    log = start(p, rows, options, elevation, a)
    assume(log is not None)
    assert log is not None
    state = fold(log)
    squares = reach(state, "A", mode=mode)
    listed = sorted(squares.items())
    for (x, y, z), cost in listed[:: max(1, len(listed) // 30)]:  # flight lists hundreds
        intent = {"type": "move", "creature": "A", "to": [x, y, z], "mode": mode}
        if state.creatures["A"].has("prone") and "crawl" in p.actions:
            intent["action"] = "crawl"  # the reach of a prone creature is its crawl's
        decision = decide(intent, state)
        assert isinstance(decision, Accepted), ((x, y, z), decision)
        moved = [e for e in decision.events if e.type == "Moved"]
        assert sum(e.cost for e in moved) == cost, ((x, y, z), moved, cost)
    rs: Any = RULESETS.get(p.ruleset)
    f = rs.field(state, state.creatures["A"], mode)
    for y in range(state.grid.height):
        for x in range(state.grid.width):
            if not f.inside(x, y):
                continue
            z = f.stand_z(x, y)
            if (x, y, z) in squares or (x, y, z) == state.creatures["A"].pos:
                continue
            intent = {"type": "move", "creature": "A", "to": [x, y], "mode": mode}
            if state.creatures["A"].has("prone") and "crawl" in p.actions:
                intent["action"] = "crawl"
            decision = decide(intent, state)
            assert isinstance(decision, Refused), ((x, y), decision.events)
