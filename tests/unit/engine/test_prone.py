"""Draw Steel, Crawl; prone and standing (DIGEST 2.8)."""

from tests.unit.battle_map import battle, ok, refused, types


def started(**kw: object):  # type: ignore[no-untyped-def]
    state = battle("A....\n.....", **kw)  # type: ignore[arg-type]
    _, state = ok(state, {"type": "start_turn", "creature": "A"})
    return state


def test_falling_prone_voluntarily_is_free_and_so_is_standing_from_it() -> None:
    state = started()
    decision, state = ok(state, {"type": "fall_prone", "creature": "A"})
    assert types(decision) == ["KnockedProne"]
    assert decision.events[0].voluntary
    decision, state = ok(state, {"type": "stand_up", "creature": "A"})
    assert decision.events[0].action == "free"
    assert state.creatures["A"].maneuvers == 1


def test_standing_from_being_knocked_prone_is_a_maneuver() -> None:
    state = started(creatures={"A": {"conditions": ["prone"]}})
    decision, state = ok(state, {"type": "stand_up", "creature": "A"})
    assert decision.events[0].action == "maneuver"
    assert state.creatures["A"].maneuvers == 0


def test_a_second_stand_up_needs_the_main_action_converted() -> None:
    state = started(creatures={"A": {"conditions": ["prone"]}})
    _, state = ok(state, {"type": "stand_up", "creature": "A"})
    _, state = ok(state, {"type": "set_condition", "creature": "A", "condition": "prone"})
    assert refused(state, {"type": "stand_up", "creature": "A"}).rule == "turn/no-maneuver"
    decision, _ = ok(state, {"type": "stand_up", "creature": "A", "use_main_action": True})
    assert types(decision) == ["ActionConverted", "StoodUp"]


def test_a_restrained_creature_cannot_stand() -> None:
    state = started(creatures={"A": {"conditions": ["prone", "restrained"]}})
    assert refused(state, {"type": "stand_up", "creature": "A"}).rule == (
        "draw-steel/restrained-cannot-stand"
    )


def test_crawling_costs_one_additional_square_per_square() -> None:
    state = started(creatures={"A": {"conditions": ["prone"]}})
    decision, _ = ok(state, {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]]})
    assert decision.events[0].cost == 4
    assert "crawling while prone +1" in decision.trace[0].reasons


def test_standing_up_when_not_prone_is_refused() -> None:
    assert refused(started(), {"type": "stand_up", "creature": "A"}).rule == "draw-steel/not-prone"
    state = started()
    _, state = ok(state, {"type": "fall_prone", "creature": "A"})
    assert refused(state, {"type": "fall_prone", "creature": "A"}).rule == (
        "draw-steel/already-prone"
    )


def test_an_adjacent_creature_may_use_its_maneuver_to_stand_a_willing_prone_ally() -> None:
    state = battle("AB...", creatures={"B": {"conditions": ["prone"]}})
    _, state = ok(state, {"type": "start_turn", "creature": "A"})
    decision, state = ok(state, {"type": "stand_up", "creature": "B", "by": "A"})
    assert decision.events[0].by == "A"
    assert not state.creatures["B"].has("prone")
    assert state.creatures["A"].maneuvers == 0
    far = battle("A..B.", creatures={"B": {"conditions": ["prone"]}})
    _, far = ok(far, {"type": "start_turn", "creature": "A"})
    assert refused(far, {"type": "stand_up", "creature": "B", "by": "A"}).rule == (
        "draw-steel/not-adjacent"
    )


def test_a_frightened_creature_cannot_willingly_move_closer_to_its_fear() -> None:
    state = battle("A...b\n.....", options={"turns": False})
    _, state = ok(
        state, {"type": "set_condition", "creature": "A", "condition": "frightened", "source": "b"}
    )
    assert refused(state, {"type": "move", "creature": "A", "path": [[1, 0]]}).rule == (
        "draw-steel/frightened"
    )
    from engine import reach

    assert set(reach(state, "A")) == {(0, 1, 0)}
    pushed, _ = ok(
        state, {"type": "force_move", "source": "b", "target": "A", "kind": "pull", "distance": 2}
    )
    assert pushed.events[0].path == [(1, 0, 0), (2, 0, 0)]
