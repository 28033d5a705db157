"""The state and the events say what each rule text would say, not another game's words."""

from __future__ import annotations

from engine import decide
from engine.view import battle_view
from tests.unit.battle_map import ok, refused
from tests.unit.rulesets.maps import game
from tests.unit.rulesets.warcry.table import after, battle, fighter, move, platform
from tests.unit.rulesets.warcry.test_engagement_and_falling import FALL_TERRAIN


def stood(ruleset: str, walk: int) -> str:
    state = game(ruleset, "A...", walk, creatures={"A": {"conditions": ["prone"]}})
    decision, _ = ok(state, {"type": "stand_up", "creature": "A"})
    action: str = next(e for e in decision.events if e.type == "StoodUp").action
    return action


def test_standing_up_says_what_it_spent_in_each_text() -> None:
    # the action-point game: "it costs 3 Move Points to stand up"; Reclaim the Wild: Movement
    assert stood("action-points", 5) == "movement"
    assert stood("one-two-one", 6) == "movement"
    # Epic Path: standing from prone is a move action
    assert stood("epic-path", 30) == "move"
    # Draw Steel: the Stand Up maneuver
    assert stood("draw-steel", 5) == "maneuver"


def test_a_warcry_fighter_is_only_ever_said_to_be_climbing() -> None:
    s = battle(fighter("f1", [5, 5]))
    prone = {"type": "set_condition", "creature": "f1", "condition": "prone", "on": True}
    assert refused(s, prone).rule == "battle/unknown-condition"
    climbing = {**prone, "condition": "climbing"}
    assert decide(climbing, s).accepted


def test_a_warcry_fall_landing_window_is_where_the_fighter_is_in_inches() -> None:
    s = battle(
        fighter("f1", [6.5, 3, 4]),
        fighter("e1", [20, 20], side="blue"),
        terrain=[platform(4, 1, 3, 4), *FALL_TERRAIN],
    )
    window = after(s, move(s, "f1", ("jump", [6.9, 5, 4])))
    (pending,) = battle_view(window)["pending_reactions"]
    # it dropped onto the 3" obstacle first, and fell from there
    assert pending["kind"] == "fall_landing" and pending["at"] == [6.9, 5, 3]
