"""The action-point game's Move chapter (zaldar.com), paragraph by paragraph."""

from typing import Any

import pytest

from engine import Accepted
from projections import BattleState
from tests.unit.battle_map import act, moved, ok, pos, refused, types
from tests.unit.rulesets import maps
from tests.unit.rulesets.maps import move


def game(rows: str, **kw: Any) -> BattleState:
    return maps.game("action-points", rows, kw.pop("walk", 5), **kw)


def test_walking_moves_up_to_move_spaces_for_no_action_points() -> None:
    state = game("A.....")
    _, after = ok(state, move([5, 0]))
    assert pos(after, "A") == (5, 0, 0)
    assert after.creatures["A"].tally("ap") == 0
    assert refused(after, move([4, 0])).rule == "action-points/exceeds-speed"


def test_a_diagonal_costs_two_move_points() -> None:
    state = game("A....\n.....\n.....")
    decision, _ = ok(state, move(path=[[1, 1], [2, 2]]))
    assert isinstance(decision, Accepted)
    assert moved(decision).cost == 4
    assert refused(state, move(path=[[1, 1], [2, 2], [3, 1]])).rule == "action-points/exceeds-speed"


def test_walls_stop_walking() -> None:
    state = game("A#...")
    assert refused(state, move(path=[[1, 0]])).rule == "action-points/blocked"


def test_friends_are_passed_at_no_cost_but_a_move_ends_on_a_blank_space() -> None:
    state = game("AB...")
    _, after = ok(state, move(path=[[1, 0], [2, 0]]))
    assert pos(after, "A") == (2, 0, 0)
    assert refused(state, move(path=[[1, 0]])).rule == "action-points/occupied"


def test_hostile_spaces_are_not_passed() -> None:
    state = game("Ab...")
    assert refused(state, move(path=[[1, 0], [2, 0]])).rule == "action-points/hostile-space"


def test_action_points_convert_into_move_points_one_for_one_never_back() -> None:
    state = game("A.......")
    decision, after = ok(state, move([7, 0], action_points=2))
    assert "Tallied" in types(decision)
    assert after.creatures["A"].tally("ap") == 2
    assert refused(after, move([6, 0], action_points=2)).rule == (
        "action-points/not-enough-action-points"
    )


def test_running_doubles_move_but_allows_one_action_point() -> None:
    state = game("A...........")
    _, after = ok(state, move([10, 0], action="run"))
    assert pos(after, "A") == (10, 0, 0)
    assert refused(state, move([10, 0], action="run", action_points=2)).rule == (
        "action-points/run-limits-action-points"
    )
    _, after = ok(state, move([11, 0], action="run", action_points=1))
    assert pos(after, "A") == (11, 0, 0)
    no_convert = game("A...........", options={"run_converts_action_point": False})
    assert refused(no_convert, move([11, 0], action="run", action_points=1)).rule == (
        "action-points/runner-cannot-convert"
    )


def test_a_jump_costs_two_and_clears_the_adjacent_space_on_ten_or_more() -> None:
    state = game("Ab...", creatures={"A": {"stats": {"dex": 2}}})
    decision, after = ok(state, move([2, 0], action="jump", rolls=[8]))
    assert pos(after, "A") == (2, 0, 0)
    assert decision.events[0].type == "DiceRolled"
    assert decision.events[0].total == 10
    _, after = ok(state, move([2, 0], action="jump", rolls=[7]))
    assert pos(after, "A") == (0, 0, 0)
    assert after.creatures["A"].tally("mp") == 2
    free = game("Ab...", options={"failed_jump_spends": False})
    _, after = ok(free, move([2, 0], action="jump", rolls=[1]))
    assert after.creatures["A"].tally("mp") == 0


def test_a_long_jump_needs_running_and_clears_two_spaces() -> None:
    state = game("A.__.....")
    assert refused(state, move([3, 0], action="long_jump")).rule == (
        "action-points/long-jump-needs-run"
    )
    _, ran = ok(state, move([1, 0], action="run"))
    _, after = ok(ran, move([4, 0], action="long_jump", rolls=[15]))
    assert pos(after, "A") == (4, 0, 0)
    _, short = ok(ran, move([4, 0], action="long_jump", rolls=[2, 4]))
    assert short.creatures["A"].pos[:2] == (3, 0)  # one space cleared: into the pit
    assert short.creatures["A"].pos[2] == -2
    spends_two = game("A......", options={"failed_long_jump_spends": False})
    _, ran = ok(spends_two, move([1, 0], action="run"))
    _, after = ok(ran, move([4, 0], action="long_jump", rolls=[2]))
    assert after.creatures["A"].tally("mp") == 1 + 2


def test_a_tripped_creature_crawls_two_a_space_after_two_to_start() -> None:
    state = game("A.....", creatures={"A": {"conditions": ["prone"]}})
    assert refused(state, move([1, 0])).rule == "action-points/tripped-must-crawl"
    _, after = ok(state, move([1, 0], action="crawl"))
    assert after.creatures["A"].has("crawling")
    assert after.creatures["A"].tally("mp") == 4
    assert refused(after, move([2, 0], action="crawl")).rule == "action-points/exceeds-speed"


def test_standing_up_costs_three_and_forbids_running() -> None:
    state = game("A.....", creatures={"A": {"conditions": ["prone"]}})
    _, after = ok(state, {"type": "stand_up", "creature": "A"})
    assert not after.creatures["A"].has("prone")
    assert after.creatures["A"].tally("mp") == 3
    assert refused(after, move([1, 0], action="run")).rule == (
        "action-points/no-run-after-standing"
    )


def test_climbing_costs_three_per_six_feet_and_swimming_three_a_space() -> None:
    state = game("A.o..\n.==..", elevation=[{"cells": [[2, 0]], "height": 0}])
    assert refused(state, move(path=[[1, 0], [2, 0]])).rule == "action-points/climb-needed"
    decision, _ = ok(state, move(path=[[1, 0], [2, 0]], mode="climb"))
    assert moved(decision).cost == 1 + 1 + 3
    swim, _ = ok(state, move(path=[[1, 1]]))
    assert moved(swim).cost == 3


def test_falling_follows_the_table_by_height() -> None:
    rows = "A._"
    six = game(rows, options={"turns": False}, elevation=[{"cells": [[2, 0]], "height": 1}])
    ok(six, move([2, 0]))  # a pit of 2 below ground+1: 1 space = 6 ft, no damage
    state = game("A.", options={"turns": False}, elevation=[{"cells": [[1, 0]], "height": -3}])
    decision, after = ok(state, move([1, 0], rolls=[5]))
    assert types(decision) == ["Moved", "Fell", "DiceRolled", "DamageTaken"]
    assert after.creatures["A"].hp == 25
    deep = game("A.", options={"turns": False}, elevation=[{"cells": [[1, 0]], "height": -6}])
    decision, _ = ok(deep, move([1, 0], rolls=[10, 3]))
    assert decision.events[-1].amount == 13
    ko = game("A.", options={"turns": False}, elevation=[{"cells": [[1, 0]], "height": -12}])
    _, after = ok(ko, move([1, 0]))
    assert after.creatures["A"].has("unconscious")
    dead = game("A.", options={"turns": False}, elevation=[{"cells": [[1, 0]], "height": -20}])
    _, after = ok(dead, move([1, 0]))
    assert after.creatures["A"].hp <= 0


def test_what_the_text_lacks_is_refused_with_a_rule() -> None:
    state = game("Ab...")
    assert refused(state, move([2, 0], action="sprint")).rule == "action-points/unknown-action"
    assert refused(state, {"type": "shift", "creature": "A", "to": [1, 0]}).rule == (
        "intent/unsupported"
    )
    decision, _ = act(state, move([1, 0], mode="fly"))
    assert not isinstance(decision, Accepted)
    push = {"type": "force_move", "source": "A", "target": "b", "kind": "push", "distance": 1}
    assert refused(state, push).rule == "intent/unsupported"


def test_neutral_spaces_are_not_passed_either() -> None:
    state = game("An...", creatures={"n": {"side": "neutral"}})
    assert refused(state, move(path=[[1, 0], [2, 0]])).rule == "action-points/hostile-space"


def test_a_creature_that_spent_two_action_points_may_not_run() -> None:
    state = game("A...........")
    _, spent = ok(state, move([2, 0], action_points=2))
    assert refused(spent, move([3, 0], action="run")).rule == (
        "action-points/run-limits-action-points"
    )


def test_turgar_with_move_5_walks_5_or_runs_10_spending_only_1_action_point() -> None:
    state = game("A...........")
    assert refused(state, move([6, 0])).rule == "action-points/exceeds-speed"
    _, ran = ok(state, move([10, 0], action="run"))
    assert ran.creatures["A"].tally("mp") == 10
    assert refused(ran, move([11, 0], action_points=2)).rule == (
        "action-points/run-limits-action-points"
    )


def test_a_long_jump_needs_at_least_four_move_points_to_spend() -> None:
    state = game("A.........")
    _, ran = ok(state, move([7, 0], action="run"))  # 7 of 10 spent: 3 left
    assert refused(ran, move([10, 0], action="long_jump")).rule == (
        "action-points/exceeds-move-points"
    )


def test_a_jump_goes_over_the_adjacent_space_in_a_straight_line_onto_a_blank_one() -> None:
    state = game("A....\n.....\n.....")
    assert refused(state, move([3, 0], action="jump")).rule == "action-points/jump-distance"
    assert refused(state, move([2, 1], action="jump")).rule == "action-points/jump-not-straight"
    _, after = ok(state, move([2, 2], action="jump", rolls=[10]))
    assert pos(after, "A") == (2, 2, 0)
    assert refused(game("A#..."), move([2, 0], action="jump")).rule == (
        "action-points/cannot-jump-over"
    )
    assert refused(game("A.B.."), move([2, 0], action="jump")).rule == "action-points/occupied"


def test_standing_up_from_crawling_costs_three_and_leaves_action_points_alone() -> None:
    state = game("A.....", walk=7, creatures={"A": {"conditions": ["prone"]}})
    _, crawled = ok(state, move([1, 0], action="crawl"))
    _, stood = ok(crawled, {"type": "stand_up", "creature": "A"})
    a = stood.creatures["A"]
    assert not a.has("prone") and not a.has("crawling")
    assert a.tally("mp") == 2 + 2 + 3
    assert a.tally("ap") == 0


def test_a_standing_creature_drops_down_to_crawl_into_small_areas() -> None:
    state = game("A.....")
    assert refused(state, move([1, 0], action="crawl")).rule == "action-points/not-tripped"
    _, down = ok(state, {"type": "fall_prone", "creature": "A"})
    _, after = ok(down, move([1, 0], action="crawl"))
    assert pos(after, "A") == (1, 0, 0)
    assert after.creatures["A"].tally("mp") == 2 + 2


def test_only_a_crawling_creature_fits_into_a_small_area() -> None:
    """Crawling "allows your character to fit into small areas": `|` is an opening built
    for size 1S, too small for a 1M creature to walk into."""
    state = game("A.|..", walk=8)
    bad = refused(state, move(path=[[1, 0], [2, 0]]))
    assert bad.rule == "action-points/crawl-to-fit" and bad.step == 1
    _, down = ok(state, {"type": "fall_prone", "creature": "A"})
    _, after = ok(down, move(path=[[1, 0], [2, 0]], action="crawl"))
    assert pos(after, "A") == (2, 0, 0)
    small = game("A.|..", walk=8, creatures={"A": {"size": "1S"}})
    _, walked = ok(small, move(path=[[1, 0], [2, 0], [3, 0]]))
    assert pos(walked, "A") == (3, 0, 0)


def test_climbing_down_costs_three_per_six_feet_and_is_no_fall() -> None:
    rise = [{"cells": [[0, 0]], "height": 2}]
    state = game("A..", walk=7, elevation=rise)
    decision, after = ok(state, move(path=[[1, 0]], mode="climb"))
    assert moved(decision).cost == 1 + 3 + 3
    assert "Fell" not in types(decision)
    assert pos(after, "A") == (1, 0, 0)
    assert after.creatures["A"].hp == 30
    _, walked = ok(state, move(path=[[1, 0]], rolls=[4]))  # walking off it is a 12-ft fall
    assert walked.creatures["A"].hp == 30 - 4


def test_swimming_costs_three_a_water_space_diagonal_or_not() -> None:
    state = game("A==.\n.==.", walk=6)
    decision, _ = ok(state, move(path=[[1, 1]]))
    assert moved(decision).cost == 3
    decision, _ = ok(state, move(path=[[1, 0], [2, 0]]))
    assert moved(decision).cost == 3 + 3


FALLS = [  # squares of 6 ft: the text's bands by height, with the table's dice
    (1, "0-6 ft: 0 HP damage", [], 0),
    (2, "7-25 ft (12 ft): d8", ["1d8"], 6),
    (4, "7-25 ft (24 ft): d8", ["1d8"], 6),
    (5, "26-50 ft (30 ft): d20 + d12", ["1d20", "1d12"], 9 + 3),
    (8, "26-50 ft (48 ft): d20 + d12", ["1d20", "1d12"], 9 + 3),
    (9, "51-90 ft (54 ft): instant unconscious", [], 0),
    (15, "51-90 ft (90 ft): instant unconscious", [], 0),
    (16, "anything after that (96 ft): instant death", [], 30),
]


@pytest.mark.parametrize(("squares", "band", "dice", "damage"), FALLS)
def test_the_falling_table_band_by_band(
    squares: int, band: str, dice: list[str], damage: int
) -> None:
    drop = [{"cells": [[1, 0]], "height": -squares}]
    state = game("A.", options={"turns": False}, elevation=drop)
    rolls = {0: [], 1: [6], 2: [9, 3]}[len(dice)]
    decision, after = ok(state, move([1, 0], rolls=rolls))
    assert [e.dice for e in decision.events if e.type == "DiceRolled"] == dice, band
    a = after.creatures["A"]
    assert a.hp == 30 - damage, band
    assert a.has("unconscious") == (9 <= squares <= 15), band
