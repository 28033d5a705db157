"""Each ruleset speaks for itself: what a creature has left, spent through real HTTP and read
back from `GET /battles/{id}`, in its own unit and economy (the creature's `economy` and its
`movement_left`); every movement event says what the state shows right after it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tests.e2e.conftest import Battle, Running

MOVEMENT = ("Moved", "Shifted", "Teleported", "MovedInches")


class Table:
    """One battle played over HTTP by its director."""

    def __init__(self, server: Running, battle: Battle) -> None:
        self.http: httpx.Client = server.client(battle.director)
        self.url = f"/battles/{battle.battle_id}"

    def answer(self, intent: dict[str, Any]) -> httpx.Response:
        return self.http.post(f"{self.url}/intents", json=intent)

    def do(self, intent: dict[str, Any]) -> dict[str, Any]:
        answer = self.answer(intent)
        assert answer.status_code == 201, answer.text
        body: dict[str, Any] = answer.json()
        for event in body["events"]:
            if event["type"] in MOVEMENT:  # what it says is what the state then shows
                then = self.http.get(self.url, params={"version": event["version"]}).json()
                shown = then["creatures"][event["data"]["creature"]]["movement_left"]
                assert event["data"]["movement_left"] == shown, (event, then)
        return body

    def refused(self, intent: dict[str, Any]) -> str:
        answer = self.answer(intent)
        assert answer.status_code == 422, answer.text
        rule: str = answer.json()["rule"]
        return rule

    def economy(self, cid: str = "hero") -> dict[str, Any]:
        creature = self.http.get(self.url).json()["creatures"][cid]
        economy: dict[str, Any] = creature["economy"]
        assert creature["movement_left"] == economy["movement_left"]
        return economy

    def left(self, cid: str = "hero") -> Any:
        return self.economy(cid)["movement_left"]


def grid(ruleset: str, walk: int, turns: bool = True, **hero: Any) -> dict[str, Any]:
    return {
        "ruleset": ruleset,
        "seed": 3,
        "options": {"turns": turns},
        "map": {"width": 16, "height": 10},
        "creatures": [
            {"id": "hero", "side": "heroes", "at": [2, 4], "speeds": {"walk": walk}, **hero},
            {"id": "orc", "side": "monsters", "at": [14, 8], "speeds": {"walk": walk}},
        ],
    }


@pytest.fixture
def table(server: Running, new_battle: Callable[..., Battle]) -> Callable[..., Table]:
    def make(body: dict[str, Any], start: bool = True) -> Table:
        t = Table(server, new_battle(body))
        if start and body["options"].get("turns", True):
            t.do({"type": "start_turn", "creature": "hero"})
        return t

    return make


def move(to: list[Any], **more: Any) -> dict[str, Any]:
    return {"type": "move", "creature": "hero", "to": to, **more}


# -- Draw Steel: squares; a main action, a maneuver and a move action ------------------------


def test_draw_steel_shows_speed_and_its_three_actions_as_the_turn_starts(table) -> None:
    t = table(grid("draw-steel", 5))
    eco = t.economy()
    assert (eco["ruleset"], eco["unit"], eco["turn"]) == ("draw-steel", "squares", "active")
    assert eco["movement_left"] == 5 and eco["speed"] == 5 and eco["advance_left"] == 0
    assert eco["actions"] == {"main": 1, "maneuver": 1, "move": 1}
    assert eco["main_converts"] is True


def test_draw_steel_an_advance_split_around_other_actions_keeps_what_is_left(table) -> None:
    t = table(grid("draw-steel", 5))
    t.do(move([4, 4]))
    eco = t.economy()
    assert eco["movement_left"] == 3 and eco["advance_left"] == 3
    assert eco["actions"]["move"] == 0  # the Advance spent the move action
    assert t.refused(move([8, 4])) == "draw-steel/exceeds-speed"
    t.do(move([7, 4]))
    assert t.left() == 0 and t.economy()["advance_left"] == 0


def test_draw_steel_the_main_action_becomes_a_second_move_only_when_asked(table) -> None:
    t = table(grid("draw-steel", 5))
    t.do(move([7, 4]))
    assert t.left() == 0 and t.economy()["main_converts"] is True
    assert t.refused(move([8, 4])) == "turn/no-move-action"
    t.do(move([9, 4], use_main_action=True))
    eco = t.economy()
    assert eco["actions"]["main"] == 0 and eco["movement_left"] == 3
    assert eco["main_converts"] is False


def test_draw_steel_a_slowed_creature_has_speed_2(table) -> None:
    t = table(grid("draw-steel", 5, conditions=["slowed"]))
    assert t.left() == 2 and t.economy()["speed"] == 2


def test_draw_steel_without_turns_every_move_has_the_whole_speed(table) -> None:
    t = table(grid("draw-steel", 5, turns=False))
    assert t.economy()["turn"] == "free" and t.economy()["actions"] is None
    moved = t.do(move([4, 4]))  # 2 of 5: the event and the state both say 5
    event = next(e for e in moved["events"] if e["type"] == "Moved")
    assert event["data"]["movement_left"] == 5 and t.left() == 5


def test_a_creature_waiting_for_its_turn_has_nothing_left_until_it_starts(table) -> None:
    t = table(grid("draw-steel", 5))
    eco = t.economy("orc")
    assert eco["turn"] == "waiting" and eco["movement_left"] == 0
    t.do({"type": "end_turn", "creature": "hero"})
    assert t.economy("hero")["turn"] == "waiting" and t.left("hero") == 0
    t.do({"type": "start_turn", "creature": "orc"})
    assert t.left("orc") == 5


# -- Epic Path: feet; move, standard and full-round actions; the 5-foot step ----------------


def test_epic_path_shows_feet_and_its_actions_as_the_turn_starts(table) -> None:
    t = table(grid("epic-path", 30))
    eco = t.economy()
    assert (eco["unit"], eco["movement_left"], eco["speeds"]) == ("feet", 30, {"walk": 30})
    assert eco["actions"] == {"standard": 1, "move": 1, "full_round": True}
    assert eco["double_move_left"] == 60 and eco["run_left"] == 120
    assert eco["five_foot_step"] is True and eco["five_foot_step_used"] is False


def test_epic_path_a_walk_spends_the_move_action_whatever_its_length(table) -> None:
    t = table(grid("epic-path", 30))
    t.do(move([4, 4]))  # 10 ft of 30: "Your movement refreshes when you get another turn"
    eco = t.economy()
    assert eco["movement_left"] == 0 and eco["moved"] is True
    assert eco["actions"] == {"standard": 1, "move": 0, "full_round": False}
    assert eco["double_move_left"] == 0 and eco["run_left"] == 0
    assert eco["five_foot_step"] is False  # it moved this round
    assert t.refused(move([5, 4])) == "turn/no-move-action"
    t.do(move([8, 4], use_main_action=True))  # the standard action walks too, when asked
    assert t.economy()["actions"]["standard"] == 0


def test_epic_path_a_five_foot_step_leaves_no_other_movement_that_round(table) -> None:
    t = table(grid("epic-path", 30))
    t.do({"type": "shift", "creature": "hero", "to": [3, 4]})
    eco = t.economy()
    assert eco["five_foot_step_used"] is True and eco["five_foot_step"] is False
    assert eco["movement_left"] == 0  # "no walk after a 5-foot step"
    assert t.refused(move([5, 4])) == "epic-path/stepped-this-round"


def test_epic_path_a_double_move_takes_the_full_round(table) -> None:
    t = table(grid("epic-path", 30))
    t.do(move([12, 4], action="double_move"))  # 50 ft of 60
    eco = t.economy()
    assert eco["actions"] == {"standard": 0, "move": 0, "full_round": False}
    assert eco["movement_left"] == 0


def test_epic_path_action_points_buy_a_step_after_moving(table) -> None:
    t = table(grid("epic-path", 30, stats={"action_points": 2}))
    assert t.economy()["action_points_left"] == 2
    t.do(move([4, 4]))
    t.do({"type": "shift", "creature": "hero", "to": [5, 4], "action": "action_point"})
    assert t.economy()["action_points_left"] == 1


# -- Reclaim the Wild: Movement, 1-2-1 over the turn, Sprint, Standard and Minor actions -----


def test_reclaim_the_wild_counts_movement_and_the_diagonals_over_the_turn(table) -> None:
    t = table(grid("one-two-one", 6))
    eco = t.economy()
    assert (eco["unit"], eco["movement_left"], eco["movement"]) == ("Movement", 6, 6)
    assert eco["actions"] == {"standard": 1, "minor": 1} and eco["may_sprint"] is True
    assert eco["next_diagonal_costs"] == 1
    t.do(move([3, 5]))  # the first diagonal: 1
    eco = t.economy()
    assert eco["movement_left"] == 5 and eco["diagonals"] == 1 and eco["next_diagonal_costs"] == 2
    t.do(move([4, 6]))  # the second, in another move of the same turn: 2
    eco = t.economy()
    assert eco["movement_left"] == 3 and eco["diagonals"] == 2 and eco["spent"] == 3
    assert eco["next_diagonal_costs"] == 1


def test_reclaim_the_wild_a_sprint_spends_the_standard_action_and_doubles_movement(table) -> None:
    t = table(grid("one-two-one", 6))
    t.do(move([4, 4]))
    t.do(move([6, 4], action="sprint"))  # 12 Movement, 4 spent
    eco = t.economy()
    assert eco["sprinting"] is True and eco["may_sprint"] is False
    assert eco["actions"]["standard"] == 0 and eco["movement_left"] == 8


def test_reclaim_the_wild_standing_up_spends_movement(table) -> None:
    t = table(grid("one-two-one", 6, conditions=["prone"]))
    t.do({"type": "stand_up", "creature": "hero"})
    assert t.left() == 3 and t.economy()["spent"] == 3


def test_reclaim_the_wild_may_enter_a_square_with_too_little_left_then_has_nothing(table) -> None:
    body = grid("one-two-one", 6)
    body["map"]["terrain"] = [{"kind": "difficult", "cells": [[8, 4]]}]
    t = table(body)
    t.do(move([7, 4]))  # 5 spent, 1 left
    t.do(move([8, 4]))  # difficult: 2, entered with 1
    assert t.left() == 0 and t.economy()["spent"] == 6


# -- the action-point game: Move Points and Action Points -----------------------------------


def test_turgar_stands_up_for_3_move_points_and_has_2_left(table) -> None:
    t = table(grid("action-points", 5, conditions=["prone"]))
    eco = t.economy()
    assert (eco["unit"], eco["movement_left"], eco["action_points_left"]) == ("Move Points", 5, 3)
    t.do({"type": "stand_up", "creature": "hero"})
    eco = t.economy()
    assert eco["movement_left"] == 2 and eco["spent"] == 3
    assert eco["stood_up"] is True and eco["may_run"] is False
    assert eco["action_points_left"] == 3  # "your Action Points are unaffected"
    assert t.refused(move([5, 4])) == "action-points/exceeds-speed"
    t.do(move([4, 4]))
    assert t.left() == 0


def test_action_points_become_move_points_and_never_come_back(table) -> None:
    t = table(grid("action-points", 5))
    t.do(move([9, 4], action_points=2))  # 7 Move Points: 5 and 2 converted
    eco = t.economy()
    assert eco["movement_left"] == 0 and eco["converted"] == 2
    assert eco["action_points_left"] == 1 and eco["convertible"] == 1
    t.do(move([10, 4], action_points=1))
    assert t.economy()["convertible"] == 0 and t.left() == 0


def test_a_diagonal_costs_two_move_points(table) -> None:
    t = table(grid("action-points", 5))
    t.do(move([3, 5]))
    assert t.left() == 3


def test_a_runner_has_double_move_and_one_action_point(table) -> None:
    t = table(grid("action-points", 5))
    t.do(move([5, 4], action="run"))
    eco = t.economy()
    assert eco["running"] is True and eco["move"] == 10 and eco["movement_left"] == 7
    assert eco["action_points_left"] == 3 and eco["convertible"] == 1


# -- Warcry: an activation's actions; each move action a whole Move --------------------------


def warcry(turns: bool = True) -> dict[str, Any]:
    platform = [[8, 3], [12, 3], [12, 7], [8, 7]]
    return {
        "ruleset": "warcry",
        "seed": 3,
        "options": {"turns": turns},
        "board": {
            "width": 30,
            "height": 22,
            "terrain": [{"kind": "platform", "polygon": platform, "height": 5}],
        },
        "creatures": [
            {
                "id": "hero",
                "side": "red",
                "at": [5, 5],
                "speeds": {"walk": 4},
                "runemarks": ["fly"],
            },
            {"id": "orc", "side": "blue", "at": [25, 18], "speeds": {"walk": 4}},
        ],
    }


def test_warcry_an_activation_has_two_move_actions_of_a_whole_move_each(table) -> None:
    t = table(warcry())
    eco = t.economy()
    assert (eco["unit"], eco["movement_left"], eco["actions_left"]) == ("inches", 4, 2)
    t.do(move([5.0, 7.5]))
    assert t.economy()["actions_left"] == 1 and t.left() == 4  # nothing carries over
    t.do(move([5.0, 9.0]))
    assert t.economy()["actions_left"] == 0 and t.left() == 0
    assert t.refused(move([5.0, 10.0])) == "warcry/no-actions-left"


def test_warcry_without_turns_counts_no_actions(table) -> None:
    t = table(warcry(turns=False))
    assert t.economy()["actions_left"] is None and t.left() == 4


def test_warcry_a_flight_rises_crosses_and_lands_and_says_so(table) -> None:
    t = table(warcry(turns=False))
    answer = t.do({"type": "move", "creature": "hero", "legs": [{"kind": "fly", "to": [9, 5, 5]}]})
    moved = next(e for e in answer["events"] if e["type"] == "MovedInches")
    assert moved["data"]["cost"] == 4 and moved["data"]["legs"][0]["via"] == [[5, 5, 5]]
    assert any('up 5.00"' in r for step in answer["trace"] for r in step["reasons"])
    assert t.http.get(t.url).json()["creatures"]["hero"]["position"] == [9, 5, 5]


# -- the contract: the schema shows the economy ---------------------------------------------


def test_openapi_describes_each_ruleset_s_economy(server: Running) -> None:
    with server.client() as http:
        schema = http.get("/openapi.json").json()
    models = schema["components"]["schemas"]
    economy = models["CreatureView"]["properties"]["economy"]
    assert "left this turn" in economy["description"]
    for name in (
        "DrawSteelEconomy",
        "EpicPathEconomy",
        "ReclaimTheWildEconomy",
        "ActionPointsEconomy",
        "WarcryEconomy",
    ):
        props = models[name]["properties"]
        assert {"ruleset", "unit", "turn", "movement_left"} <= set(props), name
        assert all(p.get("description") for k, p in props.items() if k not in ("ruleset", "unit"))
