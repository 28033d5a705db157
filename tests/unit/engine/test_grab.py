"""Grabbed (DIGEST 2.8): the grabber carries its catch and is slowed by a big one."""

from tests.unit.battle_map import battle, ok, pos, refused, types


def grabbed(rows: str, **kw: object):  # type: ignore[no-untyped-def]
    state = battle(rows, options={"turns": False, "opportunity_attacks": "never"}, **kw)  # type: ignore[arg-type]
    _, state = ok(
        state, {"type": "set_condition", "creature": "b", "condition": "grabbed", "source": "A"}
    )
    return state


def test_a_grabbed_creature_has_speed_zero() -> None:
    state = grabbed("Ab...")
    assert refused(state, {"type": "move", "creature": "b", "path": [[2, 0]]}).rule == (
        "draw-steel/speed-zero"
    )


def test_the_grabber_carries_the_grabbed_creature_along() -> None:
    state = grabbed(".....\nAb...\n.....", creatures={"b": {"size": "1S"}})
    decision, after = ok(state, {"type": "move", "creature": "A", "path": [[0, 2]]})
    assert types(decision) == ["Moved", "Moved"]
    assert decision.events[1].action == "carried"
    assert pos(after, "b") == (1, 2, 0)


def test_a_grabber_holding_a_creature_its_size_or_larger_moves_at_half_speed() -> None:
    state = grabbed("Ab.....\n.......")
    assert (
        refused(state, {"type": "move", "creature": "A", "path": [[0, 1], [1, 1], [2, 1]]}).rule
        == "draw-steel/exceeds-speed"
    )
    small = grabbed("Ab.....\n.......", creatures={"b": {"size": "1S"}})
    ok(small, {"type": "move", "creature": "A", "path": [[0, 1], [1, 1], [2, 1]]})
