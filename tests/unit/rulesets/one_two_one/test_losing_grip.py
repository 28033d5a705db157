"""Reclaim the Wild, Climbing: "To stay in place, you must keep at least one hand gripped to the
surface you're scaling. If you lose your grip while climbing, you may begin to fall - or,
depending on the situation, the GM may allow you to catch yourself (likely with an Athletics or
Agility check)." """

from tests.unit.battle_map import ok, pos, refused, types
from tests.unit.rulesets.one_two_one.test_movement import game

CLINGING = {"A": {"at": [0, 0, 3]}}


def test_losing_the_grip_falls_to_the_ground_beneath() -> None:
    state = game("A#..\n.#..", creatures=CLINGING)
    decision, after = ok(state, {"type": "lose_grip", "creature": "A"})
    assert types(decision)[0] == "Fell" and pos(after, "A") == (0, 0, 0)
    assert after.creatures["A"].hp == 30 - (3 - 1)  # 1 a square beyond the vertical jump


def test_the_gm_may_let_it_catch_itself() -> None:
    state = game("A#..\n.#..", creatures=CLINGING)
    decision, after = ok(state, {"type": "lose_grip", "creature": "A", "caught": True})
    assert types(decision) == [] and pos(after, "A") == (0, 0, 3)
    assert [s.kind for s in decision.trace] == ["caught"]


def test_only_a_climbing_creature_loses_its_grip() -> None:
    state = game("A#..")
    assert refused(state, {"type": "lose_grip", "creature": "A"}).rule == (
        "one-two-one/not-climbing"
    )
    held = game("A#..", creatures={"A": {"conditions": ["climbing"]}})
    _, after = ok(held, {"type": "lose_grip", "creature": "A"})
    assert not after.creatures["A"].has("climbing")
