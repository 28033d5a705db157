"""Undo, redo, rewind, judgement, replay, what-if and rebuild, on PostgreSQL."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import orjson
import pytest

import server.queries.replay as replay_module
from engine.view import battle_view
from events.vocabulary import registry
from projections import fold
from projections.history import effective_events
from server.commands.battles import CreatedBattle
from server.commands.types import Undo
from server.errors import NotFound
from server.readers.tokens import Principal
from tests.integration.service.calls import BattleCalls, HistoryCalls
from tests.integration.service.conftest import skirmish


def start(service: BattleCalls) -> tuple[CreatedBattle, Principal]:
    battle = service.create_battle(skirmish())
    assert isinstance(battle, CreatedBattle)
    director = service.authenticate(battle.battle_id, battle.director_token)
    assert director is not None
    return battle, director


def move(service: BattleCalls, who: Principal, creature: str, *path: list[int]) -> int:
    outcome = service.submit(who, {"type": "move", "creature": creature, "path": list(path)})
    assert outcome.refused is None, outcome.refused
    return outcome.version


def positions(view: dict[str, Any]) -> dict[str, list[int]]:
    return {cid: c["position"] for cid, c in view["creatures"].items()}


def live_equals_replay(service: BattleCalls, battle_id: str) -> None:
    log = service.store.read_stream(battle_id)
    replayed = battle_view(fold(effective_events(log, registry)))
    live = service.view(battle_id)
    assert {k: live[k] for k in replayed} == replayed


def test_undo_takes_back_the_latest_action_and_redo_brings_it_back(
    service: BattleCalls, history: HistoryCalls
) -> None:
    battle, director = start(service)
    move(service, director, "hero", [1, 2])
    before = service.view(battle.battle_id)
    move(service, director, "hero", [1, 3], [1, 4])

    undone = history.undo(director)
    assert undone.refused is None
    assert positions(service.view(battle.battle_id)) == positions(before)
    live_equals_replay(service, battle.battle_id)

    redone = history.redo(director)
    assert redone.refused is None
    assert service.view(battle.battle_id)["creatures"]["hero"]["position"] == [1, 4, 0]
    live_equals_replay(service, battle.battle_id)


def test_undo_is_a_stack_and_a_new_action_clears_redo(
    service: BattleCalls, history: HistoryCalls
) -> None:
    battle, director = start(service)
    move(service, director, "hero", [1, 2])
    move(service, director, "gob", [9, 2])
    assert history.undo(director).refused is None  # the goblin's move
    assert history.undo(director).refused is None  # then the hero's
    view = service.view(battle.battle_id)
    assert positions(view) == {"hero": [1, 1, 0], "gob": [9, 1, 0]}
    assert history.undo(director).refused.rule == "history/nothing-to-undo"  # type: ignore[union-attr]

    move(service, director, "gob", [10, 1])
    refused = history.redo(director).refused
    assert refused is not None and refused.rule == "history/nothing-to-redo"


def test_rewinding_returns_to_the_state_at_that_version(
    service: BattleCalls, history: HistoryCalls
) -> None:
    battle, director = start(service)
    v1 = move(service, director, "hero", [1, 2])
    expected = service.view(battle.battle_id, version=v1)
    move(service, director, "gob", [9, 2])
    move(service, director, "hero", [1, 3])

    outcome = history.undo(director, to_version=v1)

    assert outcome.refused is None
    assert positions(service.view(battle.battle_id)) == positions(expected)
    live_equals_replay(service, battle.battle_id)
    # redo re-applies the rewound actions oldest first
    assert history.redo(director).refused is None
    assert service.view(battle.battle_id)["creatures"]["gob"]["position"] == [9, 2, 0]


def test_an_earlier_independent_action_can_be_undone_alone(
    service: BattleCalls, history: HistoryCalls
) -> None:
    battle, director = start(service)
    move(service, director, "gob", [9, 2])
    gob_move = service.store.read_stream(battle.battle_id)[-1].intent_id
    move(service, director, "hero", [1, 2])

    outcome = history.undo(director, intent_id=gob_move)

    assert outcome.refused is None
    assert positions(service.view(battle.battle_id)) == {"hero": [1, 2, 0], "gob": [9, 1, 0]}
    live_equals_replay(service, battle.battle_id)


def test_an_earlier_action_a_later_one_depends_on_cannot_be_undone_alone(
    service: BattleCalls, history: HistoryCalls
) -> None:
    battle, director = start(service)
    move(service, director, "gob", [9, 2])
    first = service.store.read_stream(battle.battle_id)[-1].intent_id
    move(service, director, "gob", [9, 3])  # starts where the first move ended

    outcome = history.undo(director, intent_id=first)

    assert outcome.refused is not None
    assert outcome.refused.rule == "history/later-action-depends"
    assert service.view(battle.battle_id)["creatures"]["gob"]["position"] == [9, 3, 0]


def test_a_player_undoes_only_their_own_latest_action(
    service: BattleCalls, history: HistoryCalls
) -> None:
    battle, director = start(service)
    _, token = service.add_seat(director, ["hero"], "Ana")
    player = service.authenticate(battle.battle_id, token)
    assert player is not None
    move(service, player, "hero", [1, 2])
    move(service, director, "gob", [9, 2])

    refused = history.undo(player).refused
    assert refused is not None and refused.rule == "auth/not-your-action"
    assert history.undo(director).refused is None
    assert history.undo(player).refused is None
    assert service.view(battle.battle_id)["creatures"]["hero"]["position"] == [1, 1, 0]


def test_bad_history_requests_are_refused_and_append_nothing(
    service: BattleCalls, history: HistoryCalls
) -> None:
    battle, director = start(service)
    head = service.store.head_version(battle.battle_id)
    for outcome in (
        history.undo(director),
        history.redo(director),
        history.undo(director, to_version=head + 5),
        history.undo(director, to_version=0),
        history.undo(director, intent_id="nope"),
    ):
        assert outcome.refused is not None
    assert isinstance(history.judgement(director, "nope"), type(history.undo(director).refused))
    assert service.store.head_version(battle.battle_id) == head


def test_every_recorded_action_is_judged_a_match(
    service: BattleCalls, history: HistoryCalls
) -> None:
    battle, director = start(service)
    move(service, director, "hero", [1, 2], [1, 3])
    move(service, director, "gob", [9, 2])
    intents = {
        e.intent_id
        for e in service.store.read_stream(battle.battle_id)
        if e.type == "IntentAccepted"
    }
    for intent_id in intents:
        report = history.judgement(director, intent_id)  # type: ignore[arg-type]
        assert isinstance(report, dict) and report["matches"], report


def test_replay_steps_through_states(service: BattleCalls, history: HistoryCalls) -> None:
    _, director = start(service)
    move(service, director, "hero", [1, 2])
    move(service, director, "hero", [1, 3])
    replay = history.replay(director, None, None)
    moved = [s for s in replay["steps"] if s["event"]["type"] == "Moved"]
    assert [s["state"]["creatures"]["hero"]["position"] for s in moved] == [[1, 2, 0], [1, 3, 0]]
    assert all(s["trace"] for s in replay["steps"] if s["event"]["type"] == "IntentAccepted")
    assert "next_from" not in replay


def test_a_replay_is_paged_by_the_size_of_its_states(
    service: BattleCalls, history: HistoryCalls
) -> None:
    _, director = start(service)
    for y in (2, 3, 4, 3, 2):
        move(service, director, "hero", [1, y])
    whole = history.replay(director, None, None)
    one_state = len(orjson.dumps(whole["steps"][-1]["state"]))
    pages, start_at = [], 1
    while start_at is not None:
        page = history.replay(director, start_at, None, "each", 3 * one_state)
        assert sum(s["state"] is not None for s in page["steps"]) <= 3
        assert page["from"] == start_at
        assert page["to"] == page["steps"][-1]["version"]
        pages.append(page)
        start_at = page.get("next_from")
    assert [s for p in pages for s in p["steps"]] == whole["steps"]


@pytest.mark.parametrize("states", ["each", "last", "none", "changes"])
def test_a_replay_page_cut_by_the_event_cap_says_where_the_next_starts(
    service: BattleCalls, history: HistoryCalls, monkeypatch: pytest.MonkeyPatch, states: str
) -> None:
    """A page stops at MAX_REPLAY_EVENTS events as it stops at its bytes of states: with the
    next page's first version, so a client following next_from reads the whole battle."""
    _, director = start(service)
    for y in (2, 3, 4, 3, 2):
        move(service, director, "hero", [1, y])
    whole = history.replay(director, None, None, states)
    monkeypatch.setattr(replay_module, "MAX_REPLAY_EVENTS", 3)
    pages, start_at = [], 1
    while start_at is not None:
        page = history.replay(director, start_at, None, states)
        assert len(page["steps"]) <= 3 and page["from"] == start_at
        pages.append(page)
        start_at = page.get("next_from")
    assert [s["version"] for p in pages for s in p["steps"]] == [
        s["version"] for s in whole["steps"]
    ]
    assert pages[-1]["to"] == whole["to"] and len(pages) > 1
    asked = history.replay(director, 1, 5, states)
    assert (asked["to"], asked["next_from"]) == (3, 4)


def test_a_replay_carries_only_the_states_asked_for(
    service: BattleCalls, history: HistoryCalls
) -> None:
    _, director = start(service)
    move(service, director, "hero", [1, 2])
    last_only = history.replay(director, None, None, "last")
    assert [s["state"] is not None for s in last_only["steps"]] == [False] * (
        len(last_only["steps"]) - 1
    ) + [True]
    assert all(s["state"] is None for s in history.replay(director, None, None, "none")["steps"])


def test_what_if_compares_another_intent_with_what_happened(
    service: BattleCalls, history: HistoryCalls
) -> None:
    battle, director = start(service)
    v = service.store.head_version(battle.battle_id)
    move(service, director, "hero", [1, 2])
    head = service.store.head_version(battle.battle_id)

    report = history.what_if(director, v, [{"type": "move", "creature": "hero", "path": [[2, 2]]}])

    assert isinstance(report, dict)
    assert report["state"]["creatures"]["hero"]["position"] == [2, 2, 0]
    assert report["difference"]["creatures"]["hero"]["position"] == {
        "what_if": [2, 2, 0],
        "actual": [1, 2, 0],
    }
    assert service.store.head_version(battle.battle_id) == head


def test_rebuilt_projections_equal_the_incremental_ones(
    service: BattleCalls, history: HistoryCalls
) -> None:
    battle, director = start(service)
    for path in ([1, 2], [1, 3], [2, 3], [2, 4]):
        move(service, director, "hero", path)
    history.undo(director)
    move(service, director, "gob", [9, 2])
    stored_before = service.store.read_view(battle.battle_id)
    snaps_before = [
        service.store.latest_snapshot(battle.battle_id, 1, at_most=v) for v in range(1, 30)
    ]

    history.rebuild([battle.battle_id])

    assert service.store.read_view(battle.battle_id) == stored_before
    assert [
        service.store.latest_snapshot(battle.battle_id, 1, at_most=v) for v in range(1, 30)
    ] == snaps_before


def test_time_travel_to_an_instant_shows_the_last_version_recorded_by_then(
    service: BattleCalls,
) -> None:
    from datetime import UTC, datetime

    from freezegun import freeze_time

    with freeze_time("2026-11-21 18:00:00", tz_offset=0):
        battle, director = start(service)
    with freeze_time("2026-11-21 18:05:00", tz_offset=0):
        move(service, director, "hero", [1, 2])
    with freeze_time("2026-11-21 18:10:00", tz_offset=0):
        move(service, director, "hero", [1, 3])

    at = service.view_at(battle.battle_id, datetime(2026, 11, 21, 18, 7, tzinfo=UTC))
    assert at["creatures"]["hero"]["position"] == [1, 2, 0]
    start_view = service.view_at(battle.battle_id, datetime(2026, 11, 21, 18, 0, tzinfo=UTC))
    assert start_view["creatures"]["hero"]["position"] == [1, 1, 0]
    with pytest.raises(NotFound):
        service.view_at(battle.battle_id, datetime(2026, 11, 21, 17, 0, tzinfo=UTC))


def test_a_move_during_a_long_undo_is_answered_and_the_undo_is_judged_again(
    service: Any, history: Any, wired: Any, runner: Any
) -> None:
    """History's re-judgement holds no lock: a move meanwhile is answered as if nothing else
    ran, and the undo, planned on the version before it, is judged again on the new head."""
    battle, director = start(service)
    move(service, director, "gob", [9, 2])
    gob_move = service.store.read_stream(battle.battle_id)[-1].intent_id
    move(service, director, "hero", [1, 2])
    entered, gate = threading.Event(), threading.Event()
    plans: list[int] = []
    planner = wired.ports.writer.planners[Undo]
    judge = planner._plan_undo

    def slow_judgement(principal: Principal, loaded: Any, *args: Any) -> Any:
        plans.append(loaded.version)
        entered.set()
        assert gate.wait(30)
        return judge(principal, loaded, *args)

    planner._plan_undo = slow_judgement
    undoing = asyncio.run_coroutine_threadsafe(
        wired.commands.dispatch(Undo(director, gob_move)), runner.loop
    )
    assert entered.wait(30)
    moved_meanwhile = move(service, director, "hero", [1, 3])  # while the undo is judged
    gate.set()
    outcome = undoing.result(30)

    assert outcome.refused is None
    assert plans == [moved_meanwhile - 2, moved_meanwhile]  # judged again once, on the head
    assert positions(service.view(battle.battle_id)) == {"hero": [1, 3, 0], "gob": [9, 1, 0]}
    live_equals_replay(service, battle.battle_id)


def test_an_undo_tried_again_spends_one_budget_and_re_judges_only_what_is_new(
    service: Any, history: Any, wired: Any, runner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The work budget bounds the whole request: the undo's second try (its first append
    found a move appended meanwhile) spends what is left of the first try's budget, and
    judges again only the action appended since, not the ones the first try judged."""
    import server.commands.history as module

    battle, director = start(service)
    move(service, director, "gob", [9, 2])
    gob_move = service.store.read_stream(battle.battle_id)[-1].intent_id
    move(service, director, "hero", [1, 2])
    move(service, director, "hero", [1, 3])
    entered, gate = threading.Event(), threading.Event()
    planner = wired.ports.writer.planners[Undo]
    judge = planner._plan_undo

    def slow_judgement(principal: Principal, loaded: Any, *args: Any) -> Any:
        judged.append(f"plan at {loaded.version}")
        entered.set()
        assert gate.wait(30)
        return judge(principal, loaded, *args)

    judged: list[str] = []
    budgets: list[Any] = []
    make_budget = planner.budget

    def counted_budget(what: str) -> Any:
        budgets.append(make_budget(what))
        return budgets[-1]

    decide = module.decide

    def counted_decide(intent: Any, *args: Any, **kwargs: Any) -> Any:
        judged.append(str(intent.get("path") if isinstance(intent, dict) else intent))
        return decide(intent, *args, **kwargs)

    monkeypatch.setattr(planner, "budget", counted_budget)
    monkeypatch.setattr(module, "decide", counted_decide)
    planner._plan_undo = slow_judgement
    undoing = asyncio.run_coroutine_threadsafe(
        wired.commands.dispatch(Undo(director, gob_move)), runner.loop
    )
    assert entered.wait(30)
    moved = move(service, director, "hero", [1, 4])  # while the undo is judged: stale append
    gate.set()
    outcome = undoing.result(30)

    assert outcome.refused is None
    rejudging = [b for b in budgets if b.what == "re-judging the later actions"]
    assert len(rejudging) == 1  # one budget for both tries
    # the first try planned on the version before the move; the second, on the head, judged
    # only the move appended meanwhile: the two before it stood from the first try
    again = judged.index(f"plan at {moved}")
    assert judged[0] == f"plan at {moved - 2}"
    assert judged[1:3] == ["[[1, 2]]", "[[1, 3]]"]
    assert judged[again + 1 :] == ["[[1, 4]]"]
    assert rejudging[0].spent >= 3  # a step each, and the route searches' steps
    assert positions(service.view(battle.battle_id)) == {"hero": [1, 4, 0], "gob": [9, 1, 0]}
    live_equals_replay(service, battle.battle_id)
