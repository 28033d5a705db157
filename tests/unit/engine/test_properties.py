"""Properties (hypothesis): replay equals live state, snapshots round-trip, accepted moves are
legal and within budget, refusals change nothing, and the reach generator agrees with decide."""

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Accepted, Refused, decide, reach
from engine.catalog import builtin_rulesets
from projections import BattleState, evolve, fold, state_from_json, state_to_json
from tests.unit.battle_map import battle, setup_for
from tests.unit.rulesets.properties import check_movement_left_shown
from tests.unit.rulesets.properties import maps as shared_maps

RULESETS = builtin_rulesets()

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TILES = ".......~#o^=_|"


def maps() -> st.SearchStrategy[str]:
    return shared_maps(TILES, tallest=6)


def make(rows: str, oa: str) -> BattleState:
    return battle(
        rows,
        options={"turns": False, "opportunity_attacks": oa},
        creatures={"A": {"stats": {"might": 2, "agility": 1}, "disengage": 2}},
    )


point = st.tuples(st.integers(-1, 7), st.integers(-1, 6)).map(list)


@st.composite
def intents(draw: st.DrawFn, state: BattleState) -> dict[str, Any]:
    who = draw(st.sampled_from(sorted(state.creatures)))
    kind = draw(
        st.sampled_from(
            ["move_to", "move_path", "shift", "teleport", "push", "prone", "stand", "react"]
        )
    )
    if kind == "move_to":
        return {"type": "move", "creature": who, "to": draw(point)}
    if kind == "move_path":
        x, y, _ = state.creatures[who].pos
        path = []
        for _ in range(draw(st.integers(1, 5))):
            x += draw(st.integers(-1, 1))
            y += draw(st.integers(-1, 1))
            path.append([x, y])
        return {"type": "move", "creature": who, "path": path}
    if kind == "shift":
        return {"type": "shift", "creature": who, "to": draw(point)}
    if kind == "teleport":
        return {
            "type": "teleport",
            "creature": who,
            "to": draw(point),
            "distance": draw(st.integers(-1, 6)),
        }
    if kind == "push":
        other = draw(st.sampled_from(sorted(state.creatures)))
        return {
            "type": "force_move",
            "source": other,
            "target": who,
            "kind": draw(st.sampled_from(["push", "pull"])),
            "distance": draw(st.integers(0, 4)),
        }
    if kind == "prone":
        return {"type": "fall_prone", "creature": who}
    if kind == "stand":
        return {"type": "stand_up", "creature": who}
    pending = [p.id for p in state.pending] or ["r-1"]
    return {
        "type": "resolve_reaction",
        "reaction": draw(st.sampled_from(pending)),
        "decision": draw(st.sampled_from(["take", "decline"])),
    }


def check_legal_end(state: BattleState, cid: str) -> None:
    c = state.creatures[cid]
    rs = RULESETS.get("draw-steel")
    assert rs is not None
    field = rs.field(state, c, "walk")
    x, y, z = c.pos
    assert 0 <= x < state.grid.width and 0 <= y < state.grid.height
    assert (
        z >= state.grid.surface[state.grid.index(x, y)]
        or z < state.grid.ground[state.grid.index(x, y)]
    )
    assert field.can_stop(c.pos)


@SETTINGS
@given(
    data=st.data(),
    rows=maps(),
    sizes=st.tuples(st.sampled_from(["1T", "1S", "1M", "1L", "2"]), st.sampled_from(["1M", "2"])),
    flier=st.booleans(),
)
def test_random_battles_with_big_creatures_and_fliers_never_crash_and_replay(
    data: st.DataObject, rows: str, sizes: tuple[str, str], flier: bool
) -> None:
    from hypothesis import assume

    from engine import create_battle

    speeds = {"walk": 5, "fly": 5} if flier else {"walk": 5}
    decision = create_battle(
        setup_for(
            rows,
            options={"turns": False},
            creatures={"b": {"size": sizes[0], "speeds": speeds}, "c": {"size": sizes[1]}},
        )
    )
    assume(isinstance(decision, Accepted))
    assert isinstance(decision, Accepted)
    log = list(decision.events)
    state = fold(log)
    for _ in range(8):
        intent = data.draw(intents(state))
        if flier and intent["type"] == "move" and data.draw(st.booleans()):
            intent = {**intent, "mode": "fly"}
        result = decide(intent, state)
        if isinstance(result, Refused):
            assert result.rule != "engine/internal-error", result
            continue
        for event in result.events:
            state = evolve(state, event)
            log.append(event)
    assert fold(log) == state
    assert state_from_json(state_to_json(state)) == state


@SETTINGS
@given(data=st.data(), rows=maps(), oa=st.sampled_from(["ask", "always", "never"]))
def test_replay_snapshots_legality_and_refusals_hold_over_random_battles(
    data: st.DataObject, rows: str, oa: str
) -> None:
    state = make(rows, oa)
    log = list(fold_events(rows, oa))
    for _ in range(8):
        intent = data.draw(intents(state))
        before = state_to_json(state)
        decision = decide(intent, state)
        assert state_to_json(state) == before
        if isinstance(decision, Refused):
            assert decision.rule != "engine/internal-error", decision
            continue
        assert decide(intent, state) == decision
        for event in decision.events:
            state = evolve(state, event)
            log.append(event)
            check_movement_left_shown(state, event)
            if event.type in ("Moved", "Shifted"):
                assert event.cost <= 5
        if intent["type"] in ("move", "shift") and not state.pending:
            check_legal_end(state, intent["creature"])
    assert fold(log) == state
    assert state_from_json(state_to_json(state)) == state


def fold_events(rows: str, oa: str) -> Any:
    from engine import create_battle

    decision = create_battle(
        setup_for(
            rows,
            options={"turns": False, "opportunity_attacks": oa},
            creatures={"A": {"stats": {"might": 2, "agility": 1}, "disengage": 2}},
        )
    )
    assert isinstance(decision, Accepted)
    return decision.events


lifts = st.lists(
    st.fixed_dictionaries(
        {
            "cells": st.lists(
                st.tuples(st.integers(0, 6), st.integers(0, 5)).map(list), min_size=1, max_size=4
            ),
            "height": st.integers(1, 2),
        }
    ),
    max_size=3,
)


@SETTINGS
@given(rows=maps(), prone=st.booleans(), elevation=lifts, climber=st.booleans())
def test_the_reach_generator_and_the_path_judge_agree(
    rows: str, prone: bool, elevation: list[dict[str, Any]], climber: bool
) -> None:
    from hypothesis import assume

    from engine import create_battle

    speeds = {"walk": 5, "climb": 5} if climber else {"walk": 5}
    decision = create_battle(
        setup_for(
            rows,
            options={"turns": False, "opportunity_attacks": "never"},
            elevation=elevation,
            creatures={"A": {"stats": {"might": 2, "agility": 1}, "speeds": speeds}},
        )
    )
    assume(isinstance(decision, Accepted))
    assert isinstance(decision, Accepted)
    state = fold(decision.events)
    if prone:
        state = evolve(
            state,
            __import__("events.battle_events", fromlist=["KnockedProne"]).KnockedProne(
                creature="A"
            ),
        )
    squares = reach(state, "A")
    for (x, y, z), cost in squares.items():
        decision = decide({"type": "move", "creature": "A", "to": [x, y, z]}, state)
        assert isinstance(decision, Accepted), ((x, y, z), decision)
        moved = [e for e in decision.events if e.type == "Moved"]
        assert sum(e.cost for e in moved) == cost
    for y in range(state.grid.height):
        for x in range(state.grid.width):
            z = state.grid.surface[state.grid.index(x, y)]
            if (x, y, z) in squares or (x, y, z) == state.creatures["A"].pos:
                continue
            decision = decide({"type": "move", "creature": "A", "to": [x, y]}, state)
            assert isinstance(decision, Refused), (x, y)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
TYPES = [
    "move",
    "shift",
    "teleport",
    "force_move",
    "fall_prone",
    "stand_up",
    "start_turn",
    "end_turn",
    "resolve_reaction",
    "place",
    "remove",
    "set_terrain",
    "set_condition",
]
FIELDS = [
    "creature",
    "path",
    "to",
    "mode",
    "action",
    "distance",
    "source",
    "target",
    "kind",
    "reaction",
    "decision",
    "cells",
    "area",
    "condition",
    "rolls",
    "jumps",
    "vertical",
]


@SETTINGS
@given(
    kind=st.sampled_from(TYPES),
    body=st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=6),
    turns=st.booleans(),
)
def test_no_input_crashes_decide(kind: str, body: dict[str, Any], turns: bool) -> None:
    state = battle("A.~b\n.#..\nc...", options={"turns": turns})
    decision = decide({"type": kind, **body}, state)
    if isinstance(decision, Refused):
        assert decision.rule != "engine/internal-error", decision
    else:
        assert isinstance(decision, Accepted)


@SETTINGS
@given(data=st.data(), rows=maps())
def test_replay_holds_with_turns_and_rounds(data: st.DataObject, rows: str) -> None:
    from engine import create_battle

    decision = create_battle(setup_for(rows, options={"turns": True}))
    assert isinstance(decision, Accepted)
    log = list(decision.events)
    state = fold(log)
    for _ in range(10):
        who = data.draw(st.sampled_from(sorted(state.creatures)))
        intent = data.draw(
            st.one_of(
                st.just({"type": "start_turn", "creature": who}),
                st.just({"type": "end_turn", "creature": who}),
                intents(state),
                st.builds(
                    lambda p, m, who=who: {
                        "type": "move",
                        "creature": who,
                        "to": p,
                        "use_main_action": m,
                    },
                    point,
                    st.booleans(),
                ),
            )
        )
        result = decide(intent, state)
        if isinstance(result, Refused):
            assert result.rule != "engine/internal-error", result
            continue
        for event in result.events:
            state = evolve(state, event)
            log.append(event)
            check_movement_left_shown(state, event)
        for c in state.creatures.values():
            assert c.movement_left >= 0 and c.move_actions >= 0 and c.main_actions >= 0
    assert fold(log) == state
    assert state_from_json(state_to_json(state)) == state
