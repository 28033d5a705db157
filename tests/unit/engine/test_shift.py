"""Draw Steel, Shifting."""

from tests.unit.battle_map import battle, ok, refused, types

FREE = {"turns": False}


def test_shifting_provokes_no_opportunity_attack() -> None:
    state = battle("Ab..\n....\n....", options=FREE, creatures={"A": {"disengage": 2}})
    decision, _ = ok(state, {"type": "shift", "creature": "A", "path": [[0, 1], [0, 2]]})
    assert types(decision) == ["Shifted"]


def test_a_creature_cannot_shift_into_difficult_terrain() -> None:
    state = battle("A~..", options=FREE)
    refusal = refused(state, {"type": "shift", "creature": "A", "path": [[1, 0]]})
    assert refusal.rule == "draw-steel/cannot-shift-in-difficult-terrain"


def test_a_creature_cannot_shift_into_damaging_terrain() -> None:
    state = battle("A^..", options=FREE)
    assert refused(state, {"type": "shift", "creature": "A", "path": [[1, 0]]}).rule == (
        "draw-steel/cannot-shift-in-difficult-terrain"
    )


def test_a_creature_cannot_shift_while_within_difficult_terrain() -> None:
    state = battle("A...", options=FREE)
    from events.battle_events import TerrainSet
    from projections import evolve

    state = evolve(state, TerrainSet(cells=[(0, 0)], kind="difficult"))
    assert refused(state, {"type": "shift", "creature": "A", "path": [[1, 0]]}).rule == (
        "draw-steel/cannot-shift-in-difficult-terrain"
    )


def test_a_granted_shift_may_be_used_to_move_instead_and_then_it_provokes() -> None:
    state = battle(
        "A~b..\n.....",
        options={"turns": False, "opportunity_attacks": "never"},
    )
    intent = {
        "type": "shift",
        "creature": "A",
        "action": "free",
        "distance": 2,
        "path": [[1, 0], [1, 1]],
    }
    assert refused(state, intent).rule == "draw-steel/cannot-shift-in-difficult-terrain"
    decision, _ = ok(state, {**intent, "instead_move": True, "path": [[1, 1], [0, 1]]})
    assert "OpportunityAttackTriggered" in types(decision)
    assert "Moved" in types(decision)


def test_a_slowed_creature_cannot_shift() -> None:
    state = battle("A...", options=FREE, creatures={"A": {"conditions": ["slowed"]}})
    assert refused(state, {"type": "shift", "creature": "A", "path": [[1, 0]]}).rule == (
        "draw-steel/slowed-cannot-shift"
    )
    ok(state, {"type": "shift", "creature": "A", "path": [[1, 0]], "instead_move": True})


def test_shift_cannot_pass_through_an_enemys_space() -> None:
    state = battle("Ab.", options=FREE, creatures={"A": {"disengage": 3}})
    assert refused(state, {"type": "shift", "creature": "A", "path": [[1, 0], [2, 0]]}).rule == (
        "draw-steel/cannot-shift-in-difficult-terrain"
    )
