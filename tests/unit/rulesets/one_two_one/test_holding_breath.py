"""Reclaim the Wild, Holding Your Breath: under water (`=`, 2 deep) for Fortitude rounds."""

from typing import Any

from projections import BattleState
from tests.unit.battle_map import ok, types
from tests.unit.rulesets.one_two_one.test_movement import game, move

END = {"type": "end_turn", "creature": "A"}
START = {"type": "start_turn", "creature": "A"}


def rounds(state: BattleState, n: int) -> tuple[list[Any], BattleState]:
    """End and start A's turn `n` times; the events of each end of turn."""
    ends = []
    for _ in range(n):
        decision, state = ok(state, END)
        ends.append(decision)
        _, state = ok(state, START)
    return ends, state


def test_a_hero_holds_its_breath_for_fortitude_rounds_then_takes_one_a_round() -> None:
    # "A hero may hold their breath for (Fortitude) rounds of combat ... without any ill
    # effects. After that, the Hero takes 1 damage every round ... cannot be mitigated"
    state = game("A==.", creatures={"A": {"stats": {"fortitude": 2}}})
    _, state = ok(state, move([1, 0]))
    ends, after = rounds(state, 4)
    damage = [[e.amount for e in d.events if e.type == "DamageTaken"] for d in ends]
    assert damage == [[], [], [1], [1]]
    assert after.creatures["A"].hp == 30 - 2
    cause = next(e for e in ends[2].events if e.type == "DamageTaken").cause
    assert cause == "holding breath"


def test_surfacing_starts_the_count_afresh() -> None:
    state = game("A==.", creatures={"A": {"stats": {"fortitude": 1}}})
    _, state = ok(state, move([1, 0]))
    _, state = rounds(state, 1)
    _, state = ok(state, move([0, 0]))
    _, state = rounds(state, 1)
    _, state = ok(state, move([1, 0]))
    ends, _ = rounds(state, 1)
    assert "DamageTaken" not in types(ends[0])


def test_water_shallower_than_the_creature_is_tall_is_not_under_water() -> None:
    # a size-2 creature is 2 squares tall (GUESS: as wide as it is tall)
    big = game("A...\n....", creatures={"A": {"size": "2"}}, options={"fortitude": 0})
    pond = {"type": "set_terrain", "kind": "water", "area": {"from": [0, 0], "to": [1, 1]}}
    _, wading = ok(big, {**pond, "depth": 1})
    ends, _ = rounds(wading, 2)
    assert all("DamageTaken" not in types(d) for d in ends)
    _, deep = ok(big, {**pond, "depth": 2})
    ends, _ = rounds(deep, 1)
    assert "DamageTaken" in types(ends[0])


def test_fortitude_defaults_to_the_option_and_water_breathers_never_count() -> None:
    state = game("A==.", options={"fortitude": 0})
    _, state = ok(state, move([1, 0]))
    ends, _ = rounds(state, 1)
    assert "DamageTaken" in types(ends[0])
    fish = game("A==.", creatures={"A": {"stats": {"breathes_water": 1}}})
    _, fish = ok(fish, move([1, 0]))
    ends, _ = rounds(fish, 3)
    assert all("DamageTaken" not in types(d) for d in ends)
