"""Epic Path, Part of a Move Action: "Nearly any action you perform with a move action (such as
standing up from Prone) can also include an action which is 'part of a move action'"; "if you
degrade your move action to a Swift Action, take a Full Attack Action, or a Full-Round Action,
you cannot perform a 'part of a move action' action this round"."""

from tests.unit.battle_map import ok, refused
from tests.unit.rulesets.epic_path.test_movement import game, move

PRONE = {"A": {"conditions": ["prone"]}}


def stand(**kw: object) -> dict[str, object]:
    return {"type": "stand_up", "creature": "A", **kw}


def test_standing_up_on_the_move_action_may_draw_a_weapon_too() -> None:
    state = game("A...", creatures=PRONE, options={"opportunity_attacks": "never"})
    decision, after = ok(state, stand(part_of_move="draw a weapon"))
    assert not after.creatures["A"].has("prone")
    assert after.creatures["A"].tally("part_of_move") == 1
    assert any(s.kind == "part-of-move" for s in decision.trace)


def test_standing_up_on_the_standard_action_after_the_move_action_is_spent_may_not() -> None:
    state = game("A...", creatures=PRONE, options={"opportunity_attacks": "never"})
    _, crawled = ok(state, move(path=[[1, 0]], action="crawl"))
    assert refused(crawled, stand(use_main_action=True, part_of_move="draw a weapon")).rule == (
        "epic-path/part-of-move-needs-move-action"
    )
    _, stood = ok(crawled, stand(use_main_action=True))
    assert not stood.creatures["A"].has("prone")


def test_other_rulesets_refuse_part_of_a_move_when_standing() -> None:
    from tests.unit.rulesets.one_two_one.test_movement import game as reclaim

    state = reclaim("A...", creatures=PRONE)
    assert refused(state, stand(part_of_move="draw a weapon")).rule == ("intent/field-unsupported")
