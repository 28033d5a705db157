"""Rulings in Draw Steel: a refused step set aside by the director, recorded, and gone on."""

from typing import Any

from tests.unit.battle_map import battle, ok, pos, refused, types

FREE = {"turns": False}
CLIFF = [{"cells": [[2, 0], [3, 0]], "height": 3}]
RULING = {"reason": "the rope the party tied there"}


def ruled(intent: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {**intent, "overrule": {**RULING, **more}}


def test_a_ledge_refused_by_the_text_is_climbed_by_the_directors_ruling() -> None:
    state = battle("A...", options=FREE, elevation=CLIFF)
    up = {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]]}
    assert refused(state, up).rule == "draw-steel/ledge"
    decision, after = ok(state, ruled(up))
    assert types(decision) == ["RuleOverruled", "Moved"]
    ruling = decision.events[0]
    assert (ruling.rule, ruling.step, ruling.reason, ruling.creature) == (
        "draw-steel/ledge",
        1,
        RULING["reason"],
        "A",
    )
    assert "ledge" in ruling.detail
    # the plain step is counted as the text would (1), the ruled one as a plain square (1)
    assert decision.events[1].cost == 2
    assert pos(after, "A") == (2, 0, 3)
    assert (
        "overruled by the director: the rope the party tied there" in decision.trace[0].reasons[0]
    )


def test_the_director_gives_what_a_step_the_text_cannot_count_costs() -> None:
    state = battle("A#..", options=FREE)
    decision, after = ok(state, ruled({"type": "move", "creature": "A", "path": [[1, 0]]}, cost=3))
    assert types(decision) == ["RuleOverruled", "Moved"]
    assert decision.events[1].cost == 3
    assert pos(after, "A")[:2] == (1, 0)


def test_a_teleport_the_table_agreed_on_without_a_teleport_speed() -> None:
    state = battle("A...", options=FREE)
    jump = {"type": "teleport", "creature": "A", "to": [3, 0]}
    assert refused(state, jump).rule == "draw-steel/cannot-teleport"
    decision, after = ok(state, ruled(jump))
    rules = [e.rule for e in decision.events if e.type == "RuleOverruled"]
    assert rules == ["draw-steel/cannot-teleport", "draw-steel/exceeds-speed"]
    assert pos(after, "A")[:2] == (3, 0)


def test_an_overrule_the_rules_did_not_need_records_no_ruling() -> None:
    state = battle("A...", options=FREE)
    decision, _ = ok(state, ruled({"type": "move", "creature": "A", "path": [[1, 0]]}))
    assert types(decision) == ["Moved"]
    assert any(step.kind == "overruled" for step in decision.trace)


def test_a_move_past_its_speed_spends_everything_and_no_more() -> None:
    state = battle("A.......", options={"turns": True})
    start = ok(state, {"type": "start_turn", "creature": "A"})[1]
    path = [[x, 0] for x in range(1, 7)]
    assert refused(start, {"type": "move", "creature": "A", "path": path}).rule == (
        "draw-steel/exceeds-speed"
    )
    decision, after = ok(start, ruled({"type": "move", "creature": "A", "path": path}))
    assert [e.rule for e in decision.events if e.type == "RuleOverruled"] == [
        "draw-steel/exceeds-speed"
    ]
    assert pos(after, "A")[:2] == (6, 0)
    assert after.creatures["A"].movement_left == 0


def test_moving_out_of_turn_by_ruling() -> None:
    state = battle("A.B.", options={"turns": True})
    state = ok(state, {"type": "start_turn", "creature": "B"})[1]
    step = {"type": "move", "creature": "A", "path": [[1, 0]]}
    assert refused(state, step).rule == "turn/not-your-turn"
    decision, after = ok(state, ruled(step))
    assert decision.events[0].rule == "turn/not-your-turn"
    assert pos(after, "A")[:2] == (1, 0)


def test_reactions_still_trigger_unless_the_ruling_says_otherwise() -> None:
    state = battle(".....\n.Ab..\n.....", options={"turns": False})
    leave = {"type": "move", "creature": "A", "path": [[0, 1], [0, 0]]}
    # leaving the goblin's adjacency provokes; a ruling about something else keeps it
    decision, _ = ok(state, ruled(leave))
    assert "OpportunityAttackTriggered" in types(decision)
    calm, after = ok(state, ruled(leave, reactions=False))
    assert "OpportunityAttackTriggered" not in types(calm)
    assert pos(after, "A")[:2] == (0, 0)
    assert any("b may not react" in r for step in calm.trace for r in step.reasons)


def test_an_overrule_needs_a_reason_of_one_to_500_characters() -> None:
    state = battle("A...", options=FREE)
    move = {"type": "move", "creature": "A", "path": [[1, 0]]}
    assert refused(state, {**move, "overrule": {"reason": ""}}).rule == "intent/invalid"
    assert refused(state, {**move, "overrule": {"reason": "x" * 501}}).rule == "intent/invalid"
    assert refused(state, {**move, "overrule": {}}).rule == "intent/invalid"


def test_a_move_paused_by_a_reaction_goes_on_under_its_ruling() -> None:
    # leaving the goblin's reach opens a window before the first step; the wall the ruling
    # sets aside is on the rest of the path, judged again when the move resumes
    state = battle("#....\n.Ab..\n.....", options=FREE)
    leave = ruled({"type": "move", "creature": "A", "path": [[0, 1], [0, 0]]})
    first, paused = ok(state, leave)
    assert types(first)[0] == "RuleOverruled" and "OpportunityAttackTriggered" in types(first)
    window = paused.pending[0]
    assert window.resume is not None and window.resume.ruling is not None
    assert window.resume.ruling.reason == RULING["reason"]
    answer = {"type": "resolve_reaction", "reaction": window.id, "decision": "decline"}
    resumed, after = ok(paused, answer)
    assert types(resumed) == ["ReactionResolved", "RuleOverruled", "Moved"]
    ruling = resumed.events[1]
    assert (ruling.rule, ruling.reason, ruling.creature) == (
        first.events[0].rule,
        RULING["reason"],
        "A",
    )
    assert pos(after, "A")[:2] == (0, 0)
    assert any(RULING["reason"] in r for step in resumed.trace for r in step.reasons)


def test_a_resumed_move_without_a_ruling_still_ends_where_the_rules_stop_it() -> None:
    state = battle("#....\n.Ab..\n.....", options=FREE)
    # the wall refuses the plain move outright; a legal one resumes with no ruling at all
    assert refused(state, {"type": "move", "creature": "A", "path": [[0, 1], [0, 0]]}).rule
    _, paused = ok(state, {"type": "move", "creature": "A", "path": [[0, 1], [0, 2]]})
    window = paused.pending[0]
    assert window.resume is not None and window.resume.ruling is None
    answer = {"type": "resolve_reaction", "reaction": window.id, "decision": "decline"}
    resumed, after = ok(paused, answer)
    assert "RuleOverruled" not in types(resumed) and pos(after, "A")[:2] == (0, 2)
