"""The event store contract: every test here runs in memory, on PostgreSQL, and on a Citus
cluster through its coordinator and through its workers (conftest.py's `store`), each with
the append the server runs."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from freezegun import freeze_time

from events.envelope import GENESIS_HASH, ActionMeta
from events.seal import map_ref_of
from events.store import (
    MAX_EVENT_BYTES,
    EventStore,
    EventTooLarge,
    IdempotencyKeyReused,
    InvalidAppend,
    ProjectionWrite,
    Snapshot,
    VersionConflict,
    origin_of,
)
from events.vocabulary import UnknownEventType
from tests.event_fixtures import NeverRegistered, NoteWritten, moved, test_registry

META = ActionMeta(intent_id="i-1", correlation_id="req-1", actor="director", rules_version="t1")


def test_an_append_is_read_back_in_order_with_its_provenance(store: EventStore) -> None:
    result = store.append("b1", 0, [moved(x=1), moved(x=2), NoteWritten(text="é ✓")], META)

    envelopes = store.read_stream("b1")
    assert [e.version for e in envelopes] == [1, 2, 3]
    assert envelopes == list(result.envelopes)
    assert [e.event(test_registry) for e in envelopes] == [
        moved(x=1),
        moved(x=2),
        NoteWritten(text="é ✓"),
    ]
    assert {(e.intent_id, e.correlation_id, e.actor, e.rules_version) for e in envelopes} == {
        ("i-1", "req-1", "director", "t1")
    }
    assert envelopes[0].prev_hash == GENESIS_HASH
    assert envelopes[1].prev_hash == envelopes[0].hash


def test_appends_extend_the_stream_from_the_expected_version(store: EventStore) -> None:
    store.append("b1", 0, [moved(x=1)])
    store.append("b1", 1, [moved(x=2), moved(x=3)])

    assert store.head_version("b1") == 3
    assert [e.data["to"] for e in store.read_stream("b1", after=1, up_to=2)] == [[2, 2]]
    assert store.verify("b1").ok


def test_a_stale_expected_version_is_a_conflict_and_appends_nothing(store: EventStore) -> None:
    store.append("b1", 0, [moved(x=1), moved(x=2)])

    with pytest.raises(VersionConflict) as raised:
        store.append("b1", 1, [moved(x=9)])

    assert (raised.value.expected, raised.value.actual) == (1, 2)
    assert store.head_version("b1") == 2


def test_an_expected_version_ahead_of_the_battle_is_a_conflict(store: EventStore) -> None:
    store.append("b1", 0, [moved()])

    with pytest.raises(VersionConflict) as raised:
        store.append("b1", 5, [moved()])

    assert raised.value.actual == 1
    assert store.head_version("b1") == 1


@pytest.mark.parametrize("bad_version", [-1, -100, 1.5, "3", None, True])
def test_a_malformed_expected_version_is_refused(store: EventStore, bad_version: object) -> None:
    with pytest.raises(InvalidAppend):
        store.append("b1", bad_version, [moved()])  # type: ignore[arg-type]
    assert store.read_stream("b1") == []


def test_an_empty_append_is_refused(store: EventStore) -> None:
    with pytest.raises(InvalidAppend):
        store.append("b1", 0, [])


def test_an_unknown_event_type_is_refused_and_nothing_is_appended(store: EventStore) -> None:
    with pytest.raises(UnknownEventType):
        store.append("b1", 0, [moved(), NeverRegistered()])
    assert store.read_stream("b1") == []


def test_a_payload_that_is_not_an_event_is_refused(store: EventStore) -> None:
    with pytest.raises(InvalidAppend):
        store.append("b1", 0, [moved(), {"type": "TokenMoved", "token": "x"}])  # type: ignore[list-item]
    assert store.read_stream("b1") == []


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_a_malformed_event_payload_is_refused(store: EventStore) -> None:
    broken = NoteWritten.model_construct(text=12345)  # bypasses validation, as a bug might
    with pytest.raises(ValueError, match="NoteWritten"):
        store.append("b1", 0, [broken])
    assert store.read_stream("b1") == []


def test_an_oversized_payload_is_refused_and_nothing_is_appended(store: EventStore) -> None:
    with pytest.raises(EventTooLarge, match="limit"):
        store.append("b1", 0, [moved(), NoteWritten(text="x" * MAX_EVENT_BYTES)])
    assert store.read_stream("b1") == []
    store.append("b1", 0, [NoteWritten(text="x" * (MAX_EVENT_BYTES - 100))])
    assert store.head_version("b1") == 1


def test_a_repeated_idempotency_key_returns_the_first_result(store: EventStore) -> None:
    first = store.append("b1", 0, [moved(x=1)], idempotency_key="k1", response="answer")

    again = store.append("b1", 0, [moved(x=1)], idempotency_key="k1")

    assert again.replayed and not first.replayed
    assert again.envelopes == first.envelopes
    assert again.response == "answer"
    assert store.head_version("b1") == 1


def test_a_key_reused_for_a_different_request_is_refused(store: EventStore) -> None:
    store.append("b1", 0, [moved(x=1)], idempotency_key="k1")

    with pytest.raises(IdempotencyKeyReused):
        store.append("b1", 1, [moved(x=2)], idempotency_key="k1")

    assert store.head_version("b1") == 1


def test_idempotency_keys_belong_to_one_battle(store: EventStore) -> None:
    store.append("b1", 0, [moved(x=1)], idempotency_key="k1")
    result = store.append("b2", 0, [moved(x=1)], idempotency_key="k1")
    assert not result.replayed
    assert store.head_version("b2") == 1


def test_the_caller_may_name_what_makes_a_request_the_same(store: EventStore) -> None:
    first = store.append("b1", 0, [moved(x=1)], idempotency_key="k", request_hash=b"intent-1")
    # re-decided on a newer state, the same intent would yield other events: still a replay
    again = store.append("b1", 1, [moved(x=7)], idempotency_key="k", request_hash=b"intent-1")
    assert again.replayed and again.envelopes == first.envelopes


def test_read_all_delivers_every_event_once_each_battle_in_version_order(
    store: EventStore,
) -> None:
    store.append("b1", 0, [moved(x=1)])
    store.append("b2", 0, [moved(x=2), moved(x=3)])
    store.append("b1", 1, [moved(x=4)])

    page = store.read_all(0, limit=2)
    rest = store.read_all(page.cursor, limit=10)
    delivered = [(e.battle_id, e.version) for e in page.events + rest.events]

    assert sorted(delivered) == [("b1", 1), ("b1", 2), ("b2", 1), ("b2", 2)]
    for battle in ("b1", "b2"):
        assert [v for b, v in delivered if b == battle] == [1, 2]
    by_origin: dict[int, list[int]] = {}
    for e in page.events + rest.events:
        by_origin.setdefault(origin_of(e.global_position), []).append(e.global_position)
    assert all(positions == sorted(set(positions)) for positions in by_origin.values())
    assert store.read_all(rest.cursor).events == ()
    assert store.battle_ids() == ["b1", "b2"]


def test_read_all_goes_on_from_a_cursor_as_the_log_grows(store: EventStore) -> None:
    store.append("b1", 0, [moved(x=1)])
    first = store.read_all(0)
    store.append("b2", 0, [moved(x=2)])
    store.append("b1", 1, [moved(x=3)])

    later = store.read_all(first.cursor)

    assert [(e.battle_id, e.version) for e in first.events] == [("b1", 1)]
    assert sorted((e.battle_id, e.version) for e in later.events) == [("b1", 2), ("b2", 1)]
    assert store.read_all(later.cursor).events == ()


def test_recorded_at_comes_from_the_injected_clock(store: EventStore) -> None:
    with freeze_time("2026-11-21 20:15:00", tz_offset=0):
        result = store.append("b1", 0, [moved()])
    assert result.envelopes[0].recorded_at == datetime(2026, 11, 21, 20, 15, tzinfo=UTC)
    assert store.read_stream("b1")[0].recorded_at == datetime(2026, 11, 21, 20, 15, tzinfo=UTC)


def test_verify_holds_for_an_untouched_chain(store: EventStore) -> None:
    for version in range(5):
        store.append("b1", version, [moved(x=version)])
    result = store.verify("b1")
    assert result.ok and result.checked == 5 and result.first_broken_version is None


def test_the_read_model_is_written_with_the_append(store: EventStore) -> None:
    store.append("b1", 0, [moved(x=1)], projection=ProjectionWrite(1, {"round": 1}, {"w": 5}, None))
    store.append("b1", 1, [moved(x=2)], projection=ProjectionWrite(1, {"round": 2}))

    view = store.read_view("b1")
    assert view is not None
    assert (view.version, view.view, view.map_view) == (2, {"round": 2, "creatures": {}}, {"w": 5})


def whole(battle: dict[str, object], **creatures: object) -> ProjectionWrite:
    return ProjectionWrite(1, {**battle, "creatures": creatures}, {"w": 5})


def changed(
    battle: dict[str, object], removed: tuple[str, ...] = (), **creatures: dict[str, object]
) -> ProjectionWrite:
    return ProjectionWrite(1, battle, None, creatures=creatures, removed=removed)


def test_the_read_model_takes_what_an_action_changed(store: EventStore) -> None:
    store.append("b1", 0, [moved()], projection=whole({"round": 1}, a={"hp": 1}, b={"hp": 2}))
    store.append("b1", 1, [moved(), moved()], projection=changed({"round": 2}, a={"hp": 0}))
    store.append("b1", 3, [moved()], projection=changed({"round": 3}, ("b",), c={"hp": 3}))
    view = store.read_view("b1")
    assert view is not None
    assert (view.version, view.view, view.map_view) == (
        4,
        {"round": 3, "creatures": {"a": {"hp": 0}, "c": {"hp": 3}}},
        {"w": 5},
    )


def test_a_change_not_from_the_stored_version_drops_the_view_rather_than_mislead(
    store: EventStore,
) -> None:
    store.append("b1", 0, [moved()], projection=whole({"round": 1}, a={"hp": 1}, b={"hp": 2}))
    store.append("b1", 1, [moved()])  # appended without a read model: the stored view is behind
    store.append("b1", 2, [moved()], projection=changed({"round": 2}, a={"hp": 0}))
    assert store.read_view("b1") is None
    store.append("b1", 3, [moved()], projection=changed({"round": 3}, a={"hp": 5}))
    assert store.read_view("b1") is None
    # a whole view not following one this writer wrote carries its map (events/seal.py)
    complete = ProjectionWrite(1, {"round": 4}, {}, creatures={"b": {"hp": 1}}, complete=True)
    store.append("b1", 4, [moved()], projection=complete)
    view = store.read_view("b1")
    assert view is not None and view.view == {"round": 4, "creatures": {"b": {"hp": 1}}}


def test_a_failed_append_writes_no_read_model(store: EventStore) -> None:
    store.append("b1", 0, [moved()], projection=ProjectionWrite(1, {"round": 1}, {}))
    with pytest.raises(VersionConflict):
        store.append("b1", 0, [moved()], projection=ProjectionWrite(1, {"round": 99}, {}))
    store.append("b1", 1, [moved()], idempotency_key="k", projection=ProjectionWrite(1, {"n": 2}))
    store.append("b1", 1, [moved()], idempotency_key="k", projection=ProjectionWrite(1, {"n": 3}))
    view = store.read_view("b1")
    assert view is not None and view.view == {"n": 2, "creatures": {}} and view.version == 2


def test_snapshots_are_found_by_reducer_version_and_position(store: EventStore) -> None:
    for v in range(6):
        snap = {"at": v + 1} if (v + 1) % 2 == 0 else None
        store.append("b1", v, [moved()], projection=ProjectionWrite(7, {}, None, snap))

    latest = store.latest_snapshot("b1", 7)
    assert latest is not None and (latest.version, latest.state) == (6, {"at": 6})
    earlier = store.latest_snapshot("b1", 7, at_most=5)
    assert earlier is not None and earlier.version == 4
    assert store.latest_snapshot("b1", 8) is None  # another reducer's snapshots never serve
    assert store.latest_snapshot("b1", 7, at_most=1) is None


def test_rebuilding_replaces_views_and_snapshots(store: EventStore) -> None:
    store.append("b1", 0, [moved()], projection=ProjectionWrite(1, {"old": True}, {}, {"s": 1}))
    store.replace_projections(
        "b1", 1, ProjectionWrite(2, {"new": True}, {"m": 1}), [Snapshot("b1", 1, 2, {"s": 2})]
    )
    view = store.read_view("b1")
    assert view is not None and view.view == {"new": True, "creatures": {}}
    assert view.reducer_version == 2
    assert store.latest_snapshot("b1", 1) is None
    snap = store.latest_snapshot("b1", 2)
    assert snap is not None and snap.state == {"s": 2}


def test_an_action_is_found_by_its_intent_id(store: EventStore) -> None:
    store.append("b1", 0, [moved(x=1)], ActionMeta(intent_id="a"))
    store.append("b1", 1, [moved(x=2), moved(x=3)], ActionMeta(intent_id="b"))
    assert [e.version for e in store.find_action("b1", "b")] == [2, 3]
    assert store.find_action("b1", "zzz") == []


def test_the_version_at_an_instant_is_the_last_recorded_by_then(store: EventStore) -> None:
    with freeze_time("2026-11-21 10:00:00", tz_offset=0):
        store.append("b1", 0, [moved()])
    with freeze_time("2026-11-21 11:00:00", tz_offset=0):
        store.append("b1", 1, [moved()])
    assert store.version_at("b1", datetime(2026, 11, 21, 10, 30, tzinfo=UTC)) == 1
    assert store.version_at("b1", datetime(2026, 11, 21, 11, 0, tzinfo=UTC)) == 2
    assert store.version_at("b1", datetime(2026, 11, 21, 9, 0, tzinfo=UTC)) == 0


def test_a_nul_character_is_refused_before_anything_is_stored(store: EventStore) -> None:
    with pytest.raises(InvalidAppend, match="NUL"):
        store.append("b1", 0, [NoteWritten(text="before\x00after")])
    assert store.read_stream("b1") == []


def test_a_snapshot_names_its_map_which_is_stored_once(store: EventStore) -> None:
    grid = {"width": 2, "height": 1, "solid": [0, 0]}
    ref = map_ref_of(grid)
    first = {"x": 1, "map_ref": ref, "map": grid}
    store.append("b1", 0, [moved()], projection=ProjectionWrite(7, {}, None, first))
    store.append(
        "b1", 1, [moved()], projection=ProjectionWrite(7, {}, None, {"x": 2, "map_ref": ref})
    )
    latest = store.latest_snapshot("b1", 7)
    assert latest is not None and (latest.version, latest.state) == (2, {"x": 2, "grid": grid})
    earlier = store.latest_snapshot("b1", 7, at_most=1)
    assert earlier is not None and earlier.state == {"x": 1, "grid": grid}
    # a snapshot naming a map that was never stored is not kept: it could not serve
    other = map_ref_of({"width": 9})
    store.append(
        "b1", 2, [moved()], projection=ProjectionWrite(7, {}, None, {"x": 3, "map_ref": other})
    )
    latest = store.latest_snapshot("b1", 7)
    assert latest is not None and latest.version == 2
    # nor is a map stored under a name that is not its content's address
    wrong = {"x": 4, "map_ref": other, "map": grid}
    store.append("b1", 3, [moved()], projection=ProjectionWrite(7, {}, None, wrong))
    latest = store.latest_snapshot("b1", 7)
    assert latest is not None and latest.version == 2
