"""The end-of-run audit: compare the clients' ledger and streams with the log itself."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime

import events.battle_events
import events.history_events  # noqa: F401
from engine.view import battle_view
from events.store_postgres import PostgresEventStore
from events.vocabulary import registry
from ops.soak.clients import Ledger, Subscriber
from projections import fold
from projections.history import effective_events
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.settings import Settings
from server.wiring import keyring_of


@dataclass
class Audit:
    counts: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def audit(uri: str, ledger: Ledger, subscribers: list[Subscriber]) -> Audit:
    engine = make_engine(to_sqlalchemy_url(uri))
    # the servers' key store (the same data folder), to check their keyed chains
    chain_key = keyring_of(Settings(), create=False).chain_key
    store = PostgresEventStore(engine, lambda: datetime.now(UTC), notify="off", chain_key=chain_key)
    result = Audit()
    try:
        _check_ledger(store, ledger, result)
        _check_battles(store, {e.battle_id for e in ledger.entries}, result)
        _check_streams(store, subscribers, result)
        _count_groups(store, result)
    finally:
        store.close()
        engine.dispose()
    return result


def _check_ledger(store: PostgresEventStore, ledger: Ledger, result: Audit) -> None:
    from sqlalchemy import text

    with store.engine.connect() as conn:
        opened = Counter(
            (row.battle_id, row.intent_id)
            for row in conn.execute(
                text("SELECT battle_id, intent_id FROM event_log WHERE type = 'IntentAccepted'")
            )
        )
        keys = {
            (row.battle_id, row.key): row.first_version
            for row in conn.execute(
                text("SELECT battle_id, key, first_version FROM idempotency_keys")
            )
        }
    outcomes = Counter(e.outcome for e in ledger.entries)
    lost = duplicated = leftovers = committed_unacked = 0
    for entry in ledger.entries:
        found = opened.get((entry.battle_id, entry.intent_id), 0) if entry.intent_id else 0
        if entry.outcome == "acked":
            if found == 0:
                lost += 1
                result.problems.append(f"acknowledged {entry.intent_id} is not in the log")
            elif found > 1:
                duplicated += 1
                result.problems.append(f"{entry.intent_id} is in the log {found} times")
            if (entry.battle_id, entry.key) not in keys:
                lost += 1
                result.problems.append(f"acknowledged key {entry.key} has no record")
        elif entry.outcome == "refused":
            if (entry.battle_id, entry.key) in keys:
                leftovers += 1
                result.problems.append(f"refused request {entry.key} left an append behind")
        elif entry.outcome == "failed" and (entry.battle_id, entry.key) in keys:
            committed_unacked += 1  # the server took it; the client stopped asking in time
    if outcomes.get("server-error"):
        result.problems.append(f"{outcomes['server-error']} answers were 5xx other than 503")
    result.counts.update(
        {
            "intents sent": len(ledger.entries),
            "acknowledged": outcomes.get("acked", 0),
            "refused": outcomes.get("refused", 0),
            "failed (client gave up)": outcomes.get("failed", 0),
            "server errors (5xx but 503)": outcomes.get("server-error", 0),
            "lost (must be 0)": lost,
            "duplicated (must be 0)": duplicated,
            "refused but appended (must be 0)": leftovers,
            "unacknowledged but committed": committed_unacked,
            "retries with the same key": ledger.retries,
            "answers 503 (database away)": ledger.unavailable,
            "requests with no answer": ledger.transport_errors,
            "client timeouts forced": ledger.timeouts_forced,
        }
    )


def _check_battles(store: PostgresEventStore, battle_ids: set[str], result: Audit) -> None:
    broken = differing = 0
    for battle_id in sorted(battle_ids):
        verdict = store.verify(battle_id)
        if not verdict.ok:
            broken += 1
            result.problems.append(f"chain of {battle_id} broken at {verdict.first_broken_version}")
        log = store.read_stream(battle_id)
        replayed = battle_view(fold(effective_events(log, registry)))
        stored = store.read_view(battle_id)
        if stored is None:
            differing += 1
            result.problems.append(f"{battle_id} has no read model")
            continue
        live = {**stored.view, "map": stored.map_view}
        if stored.version != log[-1].version or {k: live.get(k) for k in replayed} != replayed:
            differing += 1
            result.problems.append(f"read model of {battle_id} differs from a full replay")
    result.counts.update(
        {
            "battles": len(battle_ids),
            "hash chains broken (must be 0)": broken,
            "read models unlike replay (must be 0)": differing,
        }
    )


GROUPS = """
    SELECT count(*) FILTER (WHERE battles > 1) AS grouped,
           coalesce(sum(battles) FILTER (WHERE battles > 1), 0) AS appends,
           coalesce(max(battles), 0) AS largest
    FROM (SELECT tx_id, count(DISTINCT battle_id) AS battles FROM event_log GROUP BY tx_id) AS t
"""
"""Transactions that committed appends of more than one battle: groups (events/append_group.py),
told apart in the log itself by the transaction id each event records."""


def _count_groups(store: PostgresEventStore, result: Audit) -> None:
    """How many appends the log shows committed in groups (so a kill -9 of the server met
    groups on their way, and the counts above covered them)."""
    from sqlalchemy import text

    with store.engine.connect() as conn:
        found = conn.execute(text(GROUPS)).one()
    result.counts.update(
        {
            "commits of more than one battle": int(found.grouped),
            "battles' appends in them": int(found.appends),
            "battles in the largest": int(found.largest),
        }
    )


def _check_streams(store: PostgresEventStore, subscribers: list[Subscriber], result: Audit) -> None:
    missing = repeated = 0
    received = 0
    for sub in subscribers:
        head = store.head_version(sub.battle.battle_id)
        received += len(sub.versions)
        expected = list(range(1, head + 1))
        if sub.versions != expected:
            seen = Counter(sub.versions)
            missing += sum(1 for v in expected if v not in seen)
            repeated += sum(n - 1 for n in seen.values() if n > 1)
            if sub.versions != sorted(set(sub.versions)) or missing:
                result.problems.append(
                    f"stream of {sub.battle.battle_id}: {len(sub.versions)} events for {head}"
                )
    result.counts.update(
        {
            "stream subscribers": len(subscribers),
            "stream events received": received,
            "stream events missing (must be 0)": missing,
            "stream events repeated (must be 0)": repeated,
            "stream reconnects": sum(s.reconnects for s in subscribers),
        }
    )
