"""Reclaim the Wild: items drawn and stowed during the battle. Sprinting: "To activate Sprint,
you must first sheathe or stow any items or weapons in your hands ... For the remainder of your
turn, you cannot unsheathe anything or pull items from your Pack." Climbing: "you must use both
hands (as well as your feet) in order to move at all. To stay in place, you must keep at least
one hand gripped to the surface you're scaling." """

from engine.view import battle_view
from tests.unit.battle_map import ok, pos, refused, types
from tests.unit.rulesets.one_two_one.test_movement import game, move

ARMED = {"A": {"stats": {"hands_busy": 1}}}
TOWER = [{"cells": [[2, 0], [3, 0]], "height": 3}]


def draw(items: int = 1) -> dict[str, object]:
    return {"type": "draw", "creature": "A", "items": items}


def stow(items: int = 1) -> dict[str, object]:
    return {"type": "stow", "creature": "A", "items": items}


def test_a_creature_stows_its_weapon_then_sprints() -> None:
    state = game("A" + "." * 12, creatures=ARMED)
    assert refused(state, move([8, 0], action="sprint")).rule == (
        "one-two-one/sprint-needs-empty-hands"
    )
    decision, stowed = ok(state, stow())
    assert types(decision) == ["HandsChanged"]
    assert stowed.creatures["A"].tally("battle:hands") == -1
    _, after = ok(stowed, move([8, 0], action="sprint"))
    assert pos(after, "A") == (8, 0, 0)


def test_after_sprinting_nothing_is_unsheathed_for_the_rest_of_the_turn() -> None:
    state = game("A" + "." * 12)
    _, sprinted = ok(state, move([4, 0], action="sprint"))
    assert refused(sprinted, draw()).rule == "one-two-one/no-drawing-after-sprint"
    _, ended = ok(sprinted, {"type": "end_turn", "creature": "A"})
    _, next_turn = ok(ended, {"type": "start_turn", "creature": "A"})
    _, armed = ok(next_turn, draw())
    assert refused(armed, move([8, 0], action="sprint")).rule == (
        "one-two-one/sprint-needs-empty-hands"
    )


def test_a_climber_puts_its_weapon_away_to_climb_and_keeps_a_hand_gripped_while_it_holds_on() -> (
    None
):
    state = game("A...", elevation=TOWER, creatures=ARMED, walk=4)
    climb = move(path=[[1, 0], [1, 0, 2]], mode="climb")
    assert refused(state, climb).rule == "one-two-one/climb-needs-hands"
    _, free = ok(state, stow())
    _, clinging = ok(free, climb)
    assert clinging.creatures["A"].has("climbing")
    _, one = ok(clinging, draw())  # one hand on the weapon, the other gripped
    assert refused(one, draw()).rule == "one-two-one/keep-a-hand-gripped"


def test_two_hands_hold_two_items_and_nothing_held_is_not_stowed() -> None:
    state = game("A...")
    assert refused(state, stow()).rule == "one-two-one/nothing-to-stow"
    _, both = ok(state, draw(2))
    assert refused(both, draw()).rule == "one-two-one/hands-full"
    assert battle_view(both)["creatures"]["A"]["economy"]["held_items"] == 2


def test_other_rulesets_do_not_know_drawing() -> None:
    from tests.unit.rulesets.epic_path.test_movement import game as epic

    assert refused(epic("A..."), draw()).rule == "intent/unsupported"
