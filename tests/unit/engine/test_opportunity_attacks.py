"""Opportunity attacks (DIGEST 2.5) and reaction windows (DESIGN section 6)."""

from engine.context import Context
from tests.unit.battle_map import act, battle, ok, pos, refused, types

ROWS = """
.....
.Ab..
.....
"""
AWAY = {"type": "move", "creature": "A", "path": [[0, 1], [0, 0]]}
LEAVE = {"type": "move", "creature": "A", "path": [[0, 1]]}


def ask(**kw: object):  # type: ignore[no-untyped-def]
    return battle(ROWS, options={"turns": False, **kw})  # type: ignore[arg-type]


def test_leaving_an_enemys_adjacency_opens_a_reaction_window_and_stops_the_move() -> None:
    state = ask()
    decision, after = ok(state, AWAY)
    assert types(decision) == ["OpportunityAttackTriggered"]
    trigger = decision.events[0]
    assert (trigger.reactor, trigger.target, trigger.at) == ("b", "A", (1, 1, 0))
    assert pos(after, "A") == (1, 1, 0)
    assert [p.id for p in after.pending] == ["r-1"]


def test_resolving_the_window_continues_the_rest_of_the_path() -> None:
    _, state = ok(ask(), AWAY)
    decision, state = ok(
        state, {"type": "resolve_reaction", "reaction": "r-1", "decision": "take", "rolls": [7, 9]}
    )
    assert types(decision) == ["ReactionResolved", "DamageTaken", "Moved"]
    strike = decision.events[0]
    assert (strike.rolls, strike.total, strike.tier, strike.damage) == ([7, 9], 16, 2, 5)
    assert state.creatures["A"].hp == 25
    assert pos(state, "A") == (0, 0, 0)
    assert state.pending == ()


def test_declining_the_window_also_continues_the_move() -> None:
    _, state = ok(ask(), AWAY)
    decision, state = ok(
        state, {"type": "resolve_reaction", "reaction": "r-1", "decision": "decline"}
    )
    assert types(decision) == ["ReactionResolved", "Moved"]
    assert pos(state, "A") == (0, 0, 0)


def test_answering_a_closed_window_is_refused() -> None:
    _, state = ok(ask(), AWAY)
    _, state = ok(state, {"type": "resolve_reaction", "reaction": "r-1", "decision": "decline"})
    refusal = refused(state, {"type": "resolve_reaction", "reaction": "r-1", "decision": "take"})
    assert refusal.rule == "reaction/window-closed"


def test_nothing_else_happens_while_a_window_is_open() -> None:
    _, state = ok(ask(), AWAY)
    assert refused(state, {"type": "move", "creature": "b", "path": [[2, 0]]}).rule == (
        "reaction/pending"
    )


def test_the_always_option_takes_the_free_strike_at_once() -> None:
    decision, state = act(ask(opportunity_attacks="always"), {**AWAY, "rolls": [10, 10]})
    assert types(decision) == [  # type: ignore[union-attr]
        "OpportunityAttackTriggered",
        "ReactionResolved",
        "DamageTaken",
        "Moved",
    ]
    assert decision.events[1].tier == 3  # type: ignore[union-attr]
    assert pos(state, "A") == (0, 0, 0)
    assert state.pending == ()


def test_the_never_option_declines_at_once() -> None:
    decision, state = ok(ask(opportunity_attacks="never"), AWAY)
    assert types(decision) == ["OpportunityAttackTriggered", "ReactionResolved", "Moved"]
    assert state.creatures["A"].hp == 30


def test_the_free_strike_tiers_and_damage_follow_the_power_roll() -> None:
    state = battle(
        ROWS,
        options={"turns": False, "opportunity_attacks": "always"},
        creatures={"b": {"stats": {"might": 2, "agility": 1}}},
    )
    for rolls, tier, damage in (([1, 2], 1, 4), ([5, 5], 2, 7), ([9, 8], 3, 9), ([10, 9], 3, 9)):
        decision, _ = ok(state, {**AWAY, "rolls": rolls})
        strike = decision.events[1]
        assert (strike.tier, strike.damage) == (tier, damage), rolls


def test_a_natural_nineteen_is_always_tier_three() -> None:
    state = battle(
        ROWS,
        options={"turns": False, "opportunity_attacks": "always"},
        creatures={"b": {"stats": {"might": -5}}},
    )
    decision, _ = ok(state, {**AWAY, "rolls": [10, 9]})
    assert decision.events[1].tier == 3


def test_moving_within_an_enemys_adjacency_does_not_provoke() -> None:
    decision, _ = ok(ask(), {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]]})
    assert types(decision) == ["Moved"]


def test_shift_teleport_and_forced_movement_never_provoke() -> None:
    state = ask()
    assert types(
        ok(
            state,
            {
                "type": "shift",
                "creature": "A",
                "action": "free",
                "distance": 2,
                "path": [[0, 1], [0, 0]],
            },
        )[0]
    ) == ["Shifted"]
    assert types(
        ok(state, {"type": "teleport", "creature": "A", "to": [0, 0], "distance": 3})[0]
    ) == ["Teleported"]
    assert types(
        ok(
            state,
            {"type": "force_move", "source": "b", "target": "A", "kind": "push", "distance": 1},
        )[0]
    ) == ["ForceMoved"]


def test_a_prone_dazed_surprised_or_restrained_enemy_makes_no_opportunity_attack() -> None:
    for condition in ("prone", "dazed", "surprised", "restrained"):
        state = battle(ROWS, options={"turns": False}, creatures={"b": {"conditions": [condition]}})
        decision, _ = ok(state, AWAY)
        assert types(decision) == ["Moved"], condition
        assert any(step.kind == "no-trigger" for step in decision.trace)


def test_each_enemy_left_behind_gets_one_window() -> None:
    state = battle(".....\n.Ab..\n..c..", options={"turns": False})
    decision, state = ok(state, {"type": "move", "creature": "A", "path": [[0, 0], [0, 1]]})
    assert [e.reactor for e in decision.events if e.type == "OpportunityAttackTriggered"] == [
        "b",
        "c",
    ]
    _, state = ok(state, {"type": "resolve_reaction", "reaction": "r-1", "decision": "decline"})
    assert pos(state, "A") == (1, 1, 0)
    decision, state = ok(
        state, {"type": "resolve_reaction", "reaction": "r-2", "decision": "decline"}
    )
    assert types(decision) == ["ReactionResolved", "Moved"]
    assert pos(state, "A") == (0, 1, 0)


def test_the_move_ends_when_the_strike_drops_the_mover_to_zero_stamina() -> None:
    state = battle(
        ROWS, options={"turns": False, "opportunity_attacks": "always"}, creatures={"A": {"hp": 2}}
    )
    decision, state = ok(state, {**AWAY, "rolls": [5, 5]})
    assert "Moved" not in types(decision)
    assert state.creatures["A"].hp <= 0
    keep = battle(
        ROWS,
        options={
            "turns": False,
            "opportunity_attacks": "always",
            "stop_move_at_zero_stamina": False,
        },
        creatures={"A": {"hp": 2}},
    )
    decision, state = ok(keep, {**AWAY, "rolls": [5, 5]})
    assert pos(state, "A") == (0, 0, 0)


def test_the_seeded_dice_are_recorded_and_advance_the_counter() -> None:
    state = ask(opportunity_attacks="always")
    decision, after = ok(state, AWAY)
    strike = decision.events[1]
    assert strike.seeded and len(strike.rolls) == 2
    assert after.dice_counter == 2
    again, _ = ok(state, AWAY)
    assert again.events[1].rolls == strike.rolls


def test_follow_up_effects_are_capped() -> None:
    state = ask(opportunity_attacks="never")
    refusal = refused(state, AWAY, Context(max_follow_ups=0))
    assert refusal.rule == "engine/follow-up-limit"


def test_the_move_stops_at_the_square_it_would_leave_mid_path() -> None:
    state = battle("A.b...\n......", options={"turns": False})
    decision, state = ok(state, {"type": "move", "creature": "A", "path": [[1, 0], [1, 1], [0, 1]]})
    assert decision.events[0].path == [(1, 0, 0), (1, 1, 0)]
    assert state.pending[0].resume is not None
    assert state.pending[0].resume.path == [(0, 1, 0)]


def test_movement_left_is_kept_across_a_reaction_window() -> None:
    state = battle(".....\n.Ab..\n.....")
    _, state = ok(state, {"type": "start_turn", "creature": "A"})
    decision, state = ok(
        state, {"type": "move", "creature": "A", "path": [[1, 2], [0, 2], [0, 1], [0, 0]]}
    )
    assert decision.events[0].path == [(1, 2, 0)]
    assert state.creatures["A"].movement_left == 4
    decision, state = ok(
        state, {"type": "resolve_reaction", "reaction": "r-1", "decision": "decline"}
    )
    assert decision.events[-1].path == [(0, 2, 0), (0, 1, 0), (0, 0, 0)]
    assert state.creatures["A"].movement_left == 1
    assert state.creatures["A"].move_actions == 0


def test_the_rest_of_the_path_is_dropped_when_it_is_no_longer_legal() -> None:
    _, state = ok(ask(), AWAY)
    _, state = ok(state, {"type": "set_terrain", "kind": "wall", "cells": [[0, 0]]})
    decision, state = ok(
        state, {"type": "resolve_reaction", "reaction": "r-1", "decision": "decline"}
    )
    assert types(decision) == ["ReactionResolved"]
    assert any(step.kind == "move-ends" for step in decision.trace)
    assert pos(state, "A") == (1, 1, 0)


def test_every_trace_step_serialises_to_json() -> None:
    import json

    decision, _ = ok(ask(opportunity_attacks="always"), {**AWAY, "rolls": [3, 4]})
    text = json.dumps([step.to_json() for step in decision.trace])
    assert "opportunity attack" in text
