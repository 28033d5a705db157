"""Epic Path, Withdraw: the Movement check that exempts more enemies than the primary."""

from typing import Any

from tests.unit.battle_map import ok, types
from tests.unit.rulesets.epic_path.test_movement import game, move

ROWS = ".Ab..\n.c...\n....."


def withdraw(movement: int, **kw: Any) -> list[str]:
    state = game(
        ROWS,
        options={"opportunity_attacks": "never", **kw},
        creatures={"A": {"stats": {"movement": movement}}},
    )
    decision, _ = ok(state, move([0, 0], action="withdraw", primary="b"))
    return types(decision)


def test_a_movement_check_that_beats_the_maneuver_defense_exempts_one_more_enemy() -> None:
    happened = withdraw(40)
    assert happened[1] == "DiceRolled"
    assert "OpportunityAttackTriggered" not in happened


def test_a_failed_movement_check_exempts_only_the_primary() -> None:
    happened = withdraw(-40)
    assert happened.count("OpportunityAttackTriggered") == 1


def test_the_primary_target_defense_is_a_table_option_when_unknown() -> None:
    assert "OpportunityAttackTriggered" not in withdraw(0, withdraw_defense=0)
    assert "OpportunityAttackTriggered" in withdraw(0, withdraw_defense=40)
