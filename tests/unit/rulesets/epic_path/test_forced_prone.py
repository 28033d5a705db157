"""Epic Path, Forced Movement: dropping prone at any time during it ends it."""

from typing import Any

from tests.unit.battle_map import ok, pos, refused, types
from tests.unit.rulesets.epic_path.test_movement import game


def push(**kw: Any) -> dict[str, Any]:
    return {
        "type": "force_move",
        "source": "b",
        "target": "A",
        "kind": "push",
        "distance": 20,
        **kw,
    }


def test_the_target_may_drop_prone_midway_to_stop_the_push() -> None:
    state = game("bA..._", options={"turns": False})
    decision, after = ok(state, push(prone_after=1))
    assert types(decision) == ["ForceMoved", "KnockedProne"]
    assert pos(after, "A") == (2, 0, 0) and after.creatures["A"].has("prone")


def test_dropping_prone_in_the_starting_square_moves_it_not_at_all() -> None:
    decision, after = ok(game("bA...", options={"turns": False}), push(prone_after=0))
    assert types(decision) == ["KnockedProne"]
    assert pos(after, "A") == (1, 0, 0)


def test_a_splayed_creature_cannot_drop_prone_against_it() -> None:
    state = game("bA...", options={"turns": False}, creatures={"A": {"conditions": ["splayed"]}})
    assert refused(state, push(prone_after=1)).rule == "epic-path/splayed-cannot-drop-prone"


def test_other_rulesets_refuse_the_prone_drop() -> None:
    from tests.unit.rulesets.maps import battle_in

    state = battle_in("one-two-one", "bA...", options={"turns": False})
    body = {**push(prone_after=1), "distance": 3}
    assert refused(state, body).rule == "one-two-one/no-prone-drop"
