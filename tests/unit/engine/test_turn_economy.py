"""Draw Steel turn economy (DIGEST 2.2): Advance, Disengage, converting the main action."""

from tests.unit.battle_map import battle, ok, pos, refused, types


def started(rows: str = "A........\n.........", **kwargs: object):  # type: ignore[no-untyped-def]
    state = battle(rows, **kwargs)  # type: ignore[arg-type]
    _, state = ok(state, {"type": "start_turn", "creature": "A"})
    return state


def test_advance_moves_up_to_speed_and_records_the_movement_left() -> None:
    state = started()
    decision, after = ok(state, {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]]})
    assert decision.events[0].starts_action is True
    assert after.creatures["A"].movement_left == 3
    assert after.creatures["A"].move_actions == 0


def test_movement_may_be_split_around_other_actions() -> None:
    state = started()
    _, state = ok(state, {"type": "move", "creature": "A", "path": [[1, 0], [2, 0]]})
    decision, state = ok(state, {"type": "move", "creature": "A", "path": [[3, 0], [4, 0], [5, 0]]})
    assert decision.events[0].starts_action is False
    assert state.creatures["A"].movement_left == 0
    assert refused(state, {"type": "move", "creature": "A", "path": [[6, 0]]}).rule == (
        "turn/no-move-action"
    )


def test_the_rest_of_an_advance_cannot_be_exceeded() -> None:
    state = started()
    _, state = ok(state, {"type": "move", "creature": "A", "path": [[1, 0], [2, 0], [3, 0]]})
    refusal = refused(state, {"type": "move", "creature": "A", "path": [[4, 0], [5, 0], [6, 0]]})
    assert refusal.rule == "draw-steel/exceeds-speed"


def test_the_main_action_becomes_a_second_move_only_when_the_intent_says_so() -> None:
    state = started()
    _, state = ok(state, {"type": "move", "creature": "A", "path": [[i, 0] for i in range(1, 6)]})
    assert refused(state, {"type": "move", "creature": "A", "path": [[6, 0]]}).rule == (
        "turn/no-move-action"
    )
    decision, state = ok(
        state, {"type": "move", "creature": "A", "path": [[6, 0]], "use_main_action": True}
    )
    assert types(decision) == ["ActionConverted", "Moved"]
    assert state.creatures["A"].main_actions == 0
    assert state.creatures["A"].movement_left == 4


def test_a_move_for_a_creature_whose_turn_it_is_not_is_refused() -> None:
    state = started("A.b.")
    refusal = refused(state, {"type": "move", "creature": "b", "path": [[3, 0]]})
    assert refusal.rule == "turn/not-your-turn"


def test_turns_rotate_and_a_new_round_begins_when_everyone_has_acted() -> None:
    state = started("A.b.")
    assert refused(state, {"type": "start_turn", "creature": "b"}).rule == ("turn/turn-in-progress")
    _, state = ok(state, {"type": "end_turn", "creature": "A"})
    assert refused(state, {"type": "start_turn", "creature": "A"}).rule == "turn/already-acted"
    _, state = ok(state, {"type": "start_turn", "creature": "b"})
    _, state = ok(state, {"type": "end_turn", "creature": "b"})
    decision, state = ok(state, {"type": "start_turn", "creature": "A"})
    assert decision.events[0].round == 2
    assert state.round == 2


def test_ending_someone_elses_turn_is_refused() -> None:
    state = started("A.b.")
    assert refused(state, {"type": "end_turn", "creature": "b"}).rule == "turn/not-your-turn"


def test_without_turns_movement_is_free_and_each_move_is_bounded_by_speed() -> None:
    state = battle("A.......b", options={"turns": False})
    _, state = ok(state, {"type": "move", "creature": "A", "path": [[i, 0] for i in range(1, 6)]})
    _, state = ok(state, {"type": "move", "creature": "A", "path": [[6, 0]]})
    _, state = ok(state, {"type": "move", "creature": "b", "path": [[7, 0]]})
    assert refused(state, {"type": "start_turn", "creature": "A"}).rule == "turn/no-turns"


def test_disengage_shifts_one_square_by_default() -> None:
    state = started()
    decision, state = ok(state, {"type": "shift", "creature": "A", "path": [[1, 0]]})
    assert types(decision) == ["Shifted"]
    assert (
        refused(started(), {"type": "shift", "creature": "A", "path": [[1, 0], [2, 0]]}).rule
        == "draw-steel/exceeds-speed"
    )


def test_disengage_uses_the_creatures_disengage_value() -> None:
    state = started(creatures={"A": {"disengage": 2}})
    _, state = ok(state, {"type": "shift", "creature": "A", "path": [[1, 0], [2, 0]]})
    assert pos(state, "A") == (2, 0, 0)
    assert state.creatures["A"].move_actions == 0


def test_a_dazed_creature_takes_only_one_action_a_turn() -> None:
    state = started(creatures={"A": {"conditions": ["dazed"]}})
    _, state = ok(state, {"type": "move", "creature": "A", "path": [[1, 0]]})
    refusal = refused(
        state,
        {
            "type": "move",
            "creature": "A",
            "path": [[i, 0] for i in range(2, 7)],
            "use_main_action": True,
        },
    )
    assert refusal.rule == "draw-steel/dazed-one-action"


def test_an_effect_lets_a_creature_move_off_its_turn_without_an_action() -> None:
    state = started("A.b...")
    decision, state = ok(
        state,
        {
            "type": "move",
            "creature": "b",
            "action": "free",
            "distance": 2,
            "path": [[3, 0], [4, 0]],
        },
    )
    assert state.creatures["b"].move_actions == 0
    assert decision.events[0].starts_action is False
