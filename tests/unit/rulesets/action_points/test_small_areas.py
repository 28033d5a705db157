"""The action-point game, Crawling: "Crawling allows your character to fit into small areas".
A character that fits into a small area only crawling has no room there to stand up: it
crawls out first (`|` is an opening built for size 1S; the characters are 1M)."""

from tests.unit.battle_map import ok, pos, refused
from tests.unit.rulesets.action_points.test_movement import game, move

STAND = {"type": "stand_up", "creature": "A"}


def test_a_character_that_crawled_into_a_small_area_cannot_stand_up_there() -> None:
    state = game("A|..", walk=10)
    _, down = ok(state, {"type": "fall_prone", "creature": "A"})
    _, inside = ok(down, move(path=[[1, 0]], action="crawl"))
    assert pos(inside, "A") == (1, 0, 0)
    assert refused(inside, STAND).rule == "action-points/too-small-to-stand"
    _, out = ok(inside, move(path=[[2, 0]], action="crawl"))
    _, stood = ok(out, STAND)
    assert not stood.creatures["A"].has("prone")


def test_a_character_the_area_is_built_for_stands_up_in_it() -> None:
    state = game("A|..", walk=8, creatures={"A": {"size": "1S"}})
    _, down = ok(state, {"type": "fall_prone", "creature": "A"})
    _, inside = ok(down, move(path=[[1, 0]], action="crawl"))
    _, stood = ok(inside, STAND)
    assert not stood.creatures["A"].has("prone")
