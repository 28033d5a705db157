"""Properties of history over random legal sequences on random small maps (PostgreSQL).

Replay from scratch equals the live state; snapshot plus tail equals the full fold; undoing
the latest action returns the previous state exactly (so the effective log equals one where
the action never happened); undo then redo returns the same state; and judging every
recorded action again reports a match.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine.view import battle_view
from events.vocabulary import registry
from projections import fold
from projections.history import effective_events
from server.commands.battles import CreatedBattle
from tests.integration.service.calls import BattleCalls, HistoryCalls

SIDES = ("heroes", "monsters")


@st.composite
def battles(draw: st.DrawFn) -> dict[str, Any]:
    width, height = draw(st.integers(4, 7)), draw(st.integers(4, 7))
    cells = [(x, y) for x in range(width) for y in range(height)]
    chosen = draw(st.lists(st.sampled_from(cells), min_size=2, max_size=4, unique=True))
    free = [c for c in cells if c not in chosen]
    difficult = draw(st.lists(st.sampled_from(free), max_size=4, unique=True))
    creatures = [
        {
            "id": f"c{i}",
            "name": f"Creature {i}",
            "side": SIDES[i % 2],
            "at": list(at),
            "size": "1M",
            "speeds": {"walk": draw(st.integers(2, 6))},
            "stats": {"might": draw(st.integers(0, 3)), "agility": draw(st.integers(0, 3))},
            "hp": 20,
        }
        for i, at in enumerate(chosen)
    ]
    terrain = [{"kind": "difficult", "cells": [list(c) for c in difficult]}] if difficult else []
    return {
        "ruleset": "draw-steel",
        "seed": draw(st.integers(0, 1000)),
        "options": {
            "turns": False,
            "opportunity_attacks": draw(st.sampled_from(["always", "never"])),
        },
        "map": {"width": width, "height": height, "terrain": terrain},
        "creatures": creatures,
    }


@st.composite
def steps(draw: st.DrawFn, setup: dict[str, Any]) -> list[dict[str, Any]]:
    ids = [c["id"] for c in setup["creatures"]]
    w, h = setup["map"]["width"], setup["map"]["height"]
    point = st.tuples(st.integers(0, w - 1), st.integers(0, h - 1)).map(list)
    one = st.one_of(
        st.builds(
            lambda c, p: {"type": "move", "creature": c, "to": p}, st.sampled_from(ids), point
        ),
        st.builds(
            lambda c, p: {"type": "shift", "creature": c, "to": p}, st.sampled_from(ids), point
        ),
        st.builds(lambda c: {"type": "fall_prone", "creature": c}, st.sampled_from(ids)),
        st.builds(lambda c: {"type": "stand_up", "creature": c}, st.sampled_from(ids)),
        st.builds(
            lambda s, t, k, d: {
                "type": "force_move",
                "source": s,
                "target": t,
                "kind": k,
                "distance": d,
            },
            st.sampled_from(ids),
            st.sampled_from(ids),
            st.sampled_from(["push", "pull", "slide"]),
            st.integers(1, 3),
        ),
        st.just({"type": "undo"}),
        st.just({"type": "redo"}),
    )
    return draw(st.lists(one, min_size=3, max_size=10))


def comparable(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k != "version"}


def check_replay_and_snapshots(service: BattleCalls, battle_id: str) -> None:
    log = service.store.read_stream(battle_id)
    replayed = battle_view(fold(effective_events(log, registry)))
    live = service.view(battle_id)
    assert {k: live[k] for k in replayed} == replayed
    head = log[-1].version
    with_snaps = service.loader.at(battle_id, head).state
    without = service.loader.at(battle_id, head, use_snapshots=False).state
    assert with_snaps == without


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_history_properties_hold_over_random_play(
    service: BattleCalls, history: HistoryCalls, data: st.DataObject
) -> None:
    setup = data.draw(battles())
    battle = service.create_battle(setup)
    event(f"setup {'accepted' if isinstance(battle, CreatedBattle) else 'refused'}")
    if not isinstance(battle, CreatedBattle):
        return  # an illegal random setup is refused; nothing to play
    director = service.authenticate(battle.battle_id, battle.director_token)
    assert director is not None
    bid = battle.battle_id
    for step in data.draw(steps(setup)):
        before = service.view(bid)
        state_before = service.loader.current(bid).state
        if step["type"] == "undo":
            outcome = history.undo(director)
        elif step["type"] == "redo":
            outcome = history.redo(director)
        else:
            outcome = service.submit(director, step)
        event(f"{step['type']}: {'refused' if outcome.refused else 'accepted'}")
        if outcome.refused is not None:
            assert comparable(service.view(bid)) == comparable(before)  # a refusal changes nothing
            continue
        check_replay_and_snapshots(service, bid)
        if step["type"] in ("undo", "redo"):
            continue
        after = service.view(bid)
        state_after = service.loader.current(bid).state
        # undoing the latest action returns the previous state exactly...
        assert history.undo(director).refused is None
        assert comparable(service.view(bid)) == comparable(before)
        service.loader.forget(bid)
        assert service.loader.current(bid).state == state_before
        check_replay_and_snapshots(service, bid)
        # ...and redoing it returns the state after it
        assert history.redo(director).refused is None
        assert comparable(service.view(bid)) == comparable(after)
        service.loader.forget(bid)
        assert service.loader.current(bid).state == state_after
        check_replay_and_snapshots(service, bid)
    for env in service.store.read_stream(bid):
        if env.type == "IntentAccepted" and env.intent_id:
            report = history.judgement(director, env.intent_id)
            assert isinstance(report, dict) and report["matches"], report
    # rebuilding the projections from the log alone gives the rows the appends wrote
    head = service.store.head_version(bid)
    view_before = service.store.read_view(bid)
    snaps_before = [service.store.latest_snapshot(bid, 1, at_most=v) for v in range(1, head + 1)]
    history.rebuild([bid])
    assert service.store.read_view(bid) == view_before
    assert [
        service.store.latest_snapshot(bid, 1, at_most=v) for v in range(1, head + 1)
    ] == snaps_before
