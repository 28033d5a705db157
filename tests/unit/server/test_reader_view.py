"""A reader's view (server/readers/view.py) cuts answers by the fields their models mark, never
by matching strings: a hidden creature called `walk` or `heroes` leaves every `walk` mode and
every `heroes` side a player reads as it is; the director's answer is the answer itself, and
a player from whom nothing is hidden reads it whole but for the dice seed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from server.api.answers import common as c
from server.api.wire import outcome_json
from server.commands.pipeline import IntentOutcome
from server.readers.redaction import PLACEHOLDER, UNSEEN, Reader, Visibility
from server.readers.view import ReaderView, answer_shape, director_view

PLAYER = Reader(False, frozenset({"A"}), frozenset({"heroes"}))


@dataclass(frozen=True)
class Env:
    version: int
    type: str
    data: dict[str, Any]
    intent_id: str | None


def hiding(lurker: str) -> list[Env]:
    """A log whose second action hides `lurker` from every side but its own."""
    return [
        Env(1, "IntentAccepted", {"intent": {"type": "create_battle"}, "trace": []}, "i1"),
        Env(2, "BattleCreated", {"seed": 7, "creatures": []}, "i1"),
        Env(3, "IntentAccepted", {"intent": {"type": "hide", "creature": lurker}}, "i2"),
        Env(4, "CreatureHidden", {"creature": lurker, "visible_to": ["monsters"]}, "i2"),
    ]


def envelope(version: int, kind: str, data: dict[str, Any]) -> dict[str, Any]:
    return {"battle_id": "b", "version": version, "type": kind, "data": data, "hash": "h"}


@pytest.mark.parametrize("lurker", ["walk", "move", "heroes", "1", "lurker7"])
def test_an_events_page_is_cut_by_field_whatever_the_hidden_id(lurker: str) -> None:
    view = ReaderView(PLAYER, Visibility.of(hiding(lurker)))
    mine = {"creature": "A", "path": [[1, 0, 0]], "mode": "walk", "cost": 1}
    theirs = {"creature": lurker, "path": [[5, 5, 0]], "mode": "walk", "cost": 1}
    page = {
        "battle_id": "b",
        "events": [
            envelope(2, "BattleCreated", {"seed": 7, "creatures": []}),
            envelope(5, "Moved", mine),
            envelope(6, "Moved", theirs),
        ],
        "next_after": 6,
    }
    shown = view.answer(page, c.EventsPage)
    created, moved, placeholder = shown["events"]
    assert created["data"]["seed"] is None  # a player never reads the seed
    assert moved == page["events"][1]  # its own move, `walk` mode and all, as logged
    assert placeholder == {"battle_id": "b", "version": 6, "type": PLACEHOLDER, "data": {}}
    assert page["events"][2]["data"]["creature"] == lurker  # the answer given is not changed


@pytest.mark.parametrize("lurker", ["walk", "heroes", "1"])
def test_a_state_loses_the_hidden_creature_and_keeps_words_equal_to_its_id(lurker: str) -> None:
    view = ReaderView(PLAYER, Visibility.of(hiding(lurker)))
    state = {
        "battle_id": "b",
        "version": 4,
        "active": None,
        "turn_order": None,
        "creatures": {
            "A": {"id": "A", "side": "heroes", "speeds": {"walk": 5}, "name": lurker},
            lurker: {"id": lurker, "side": "monsters", "speeds": {"walk": 5}},
        },
        "pending_reactions": [{"target": "A", "reactor": lurker, "id": "r1"}],
    }
    shown = view.answer(state, c.BattleStateOut)
    assert list(shown["creatures"]) == ["A"]
    assert shown["creatures"]["A"] == state["creatures"]["A"]  # a name equal to the id stays
    assert shown["pending_reactions"] == [{"target": "A", "reactor": UNSEEN, "id": "r1"}]


def test_a_dry_runs_trace_and_reactions_lose_only_what_is_about_the_hidden_one() -> None:
    view = ReaderView(PLAYER, Visibility.of(hiding("walk")))
    trace = [
        {"kind": "step", "at": [1, 0, 0], "cost": 1, "reasons": ["walk"], "about": ["A"]},
        {"kind": "trigger", "reasons": ["walk may react"], "about": ["walk"]},
    ]
    ahead = [
        {"reactor": "walk", "target": "A", "kind": "free_strike", "at": [1, 0, 0]},
        {"reactor": "B", "target": "A", "kind": "free_strike", "at": [2, 0, 0]},
    ]
    outcome = IntentOutcome(5, dry_run=True, trace=tuple(trace), ahead=tuple(ahead))
    shown = outcome_json(outcome, view)
    assert shown["trace"] == trace[:1]
    assert shown["reactions"] == ahead[1:]
    # a player from whom nothing is hidden, and the director, read it whole
    assert outcome_json(outcome, ReaderView(PLAYER, Visibility())) == outcome_json(outcome)
    assert outcome_json(outcome, director_view()) == outcome_json(outcome)


def test_the_directors_answer_is_the_same_object() -> None:
    body = {"battle_id": "b", "events": [envelope(2, "BattleCreated", {"seed": 7})]}
    assert director_view().answer(body, c.EventsPage) is body


def test_answer_models_mark_where_they_hold_what_a_reader_may_not_read() -> None:
    assert answer_shape(c.BattleStateOut) == ("state",)
    assert answer_shape(c.EventsPage) == ("model", (("events", ("list", ("logged",))),))
    marks = dict(answer_shape(c.DryRunOut)[1])
    assert marks["events"] == ("list", ("logged",)) and marks["trace"] == ("trace",)
    assert marks["reactions"][1][1] == (("reactor", ("id", "names")), ("target", ("id", "names")))
    # an event union nobody marked is not walked (its data's fields speak of events)
    assert answer_shape(c.StreamEvent) is None


def test_following_an_append_reads_what_it_hid_and_reads_again_after_a_gap() -> None:
    log = hiding("walk")
    view = ReaderView(PLAYER, Visibility.of(log[:2]))
    assert view.hidden() == frozenset()
    assert view.follow(log[2:], lambda: pytest.fail("no gap")) is view
    assert view.hidden() == {"walk"}
    fresh = ReaderView(PLAYER, Visibility.of(log))
    late = ReaderView(PLAYER, Visibility.of(log[:1]))
    assert late.follow(log[2:], lambda: fresh) is fresh  # version 2 was missed
