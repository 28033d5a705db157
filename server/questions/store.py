"""The read models of the log's questions in PostgreSQL (migration 0005_i28): the projector's
writes and the queries the events filters, rulings and movement routes are answered from.

A projector brings a battle's rows up to its head (`catch_up`): under a lock on the battle's
position row, it reads the events after that position a page at a time, writes their rows and
moves the position in the same transaction, so the rows and the position never disagree and
two projectors never write one event twice. Every query is keyed by `battle_id` first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import orjson
from sqlalchemy import Connection, Engine, text

from events.envelope import Envelope
from events.rows import COLUMNS, envelope_from_row
from events.seal import Seals
from projections.log_questions import Cursor, Fact, Logged, Reversal, Rows, project
from server.questions.rows import FactSeal, detail_json, facts_once, squares_json

PAGE = 2000
"""Events read and indexed per transaction while catching up."""

_CLAIM = text(
    "INSERT INTO log_questions_position (battle_id, version, cursor)"
    " VALUES (:b, 0, CAST('{}' AS jsonb)) ON CONFLICT (battle_id) DO NOTHING"
)
_LOCK = text("SELECT version, cursor FROM log_questions_position WHERE battle_id = :b FOR UPDATE")
_POSITION = text("SELECT version, cursor FROM log_questions_position WHERE battle_id = :b")
_TRY_LOCK = text(
    "SELECT version, cursor FROM log_questions_position WHERE battle_id = :b FOR UPDATE SKIP LOCKED"
)
_MOVE = text(
    "UPDATE log_questions_position SET version = :v, cursor = CAST(:c AS jsonb)"
    " WHERE battle_id = :b"
)
_INDEX = text(
    "INSERT INTO log_index (battle_id, version, type, round, turn, intent_id)"
    " SELECT :b, * FROM unnest(CAST(:v AS integer[]), CAST(:t AS varchar[]),"
    " CAST(:r AS integer[]), CAST(:u AS integer[]), CAST(:i AS varchar[]))"
)
_ABOUT = text(
    "INSERT INTO log_creatures (battle_id, creature, version, type, round, turn)"
    " SELECT :b, * FROM unnest(CAST(:c AS varchar[]), CAST(:v AS integer[]),"
    " CAST(:t AS varchar[]), CAST(:r AS integer[]), CAST(:u AS integer[]))"
    " ON CONFLICT DO NOTHING"
)
_FACT = text(
    "INSERT INTO log_creatures"
    " (battle_id, creature, version, type, round, turn, kind, distance, squares, detail)"
    " SELECT :b, * FROM unnest(CAST(:c AS varchar[]), CAST(:v AS integer[]),"
    " CAST(:t AS varchar[]), CAST(:r AS integer[]), CAST(:u AS integer[]),"
    " CAST(:k AS varchar[]), CAST(:d AS double precision[]), CAST(:s AS jsonb[]),"
    " CAST(:x AS jsonb[]))"
    " ON CONFLICT (battle_id, creature, version) DO UPDATE SET kind = EXCLUDED.kind,"
    " distance = EXCLUDED.distance, squares = EXCLUDED.squares, detail = EXCLUDED.detail"
)
_MARK = (
    "UPDATE {table} SET undone = :undone WHERE battle_id = :b AND version BETWEEN :first AND :last"
)


_UNDONE_AS_LOGGED = text(
    "UPDATE log_creatures SET undone = (version = ANY(CAST(:undone AS integer[])))"
    " WHERE battle_id = :b AND kind IS NOT NULL"
)
_NOT_A_FACT = text(
    "UPDATE log_creatures SET kind = NULL, distance = 0, squares = NULL, detail = NULL"
    " WHERE battle_id = :b AND kind IS NOT NULL AND (creature, version) NOT IN"
    " (SELECT * FROM unnest(CAST(:c AS varchar[]), CAST(:v AS integer[])))"
)
_MARKERS = text(
    "SELECT type, data FROM event_log WHERE battle_id = :b"
    " AND type IN ('ActionUndone', 'ActionRedone') ORDER BY version"
)


def write_facts(
    conn: Connection, battle_id: str, facts: Sequence[Fact], seal: FactSeal | None
) -> None:
    """The facts, in one statement, each sealed (events/seal.py); a fact already stored at
    its (creature, version) takes these values."""
    if not facts:
        return
    conn.execute(
        _FACT,
        {
            "b": battle_id,
            "c": [f.creature for f in facts],
            "v": [f.version for f in facts],
            "t": [f.event_type for f in facts],
            "r": [f.round for f in facts],
            "u": [f.turn for f in facts],
            "k": [f.kind for f in facts],
            "d": [float(f.distance) for f in facts],  # ints and floats: one array type
            "s": [squares_json(f) for f in facts],
            "x": [detail_json(f, seal) for f in facts],
        },
    )


@dataclass(frozen=True)
class Filters:
    """What the events route asks for; None means no filter on that field."""

    creature: str | None = None
    types: tuple[str, ...] = ()
    round: int | None = None
    turn: int | None = None


class LogQuestionsStore:
    def __init__(self, engine: Engine, seals: Seals | None = None) -> None:
        self._engine = engine
        self.seals = seals
        """Seals each movement fact written (events/seal.py); None: facts go unsealed, and a
        question answers from the log."""

    def fact_seal(self, battle_id: str) -> FactSeal | None:
        return None if self.seals is None else partial(self.seals.fact, battle_id)

    def catch_up(
        self,
        battle_id: str,
        read: Callable[[str, int, int], list[Envelope]],
        head: int,
        wait: bool = True,
    ) -> Cursor | None:
        """Index the battle's events up to `head` (`read(battle, after, up_to)` reads them);
        the position's cursor where it stopped (None: left to another). Without `wait`, a
        battle whose position another transaction holds is left to it."""
        while True:
            with self._engine.begin() as conn:
                lock = _LOCK if wait else _TRY_LOCK
                held = conn.execute(lock, {"b": battle_id}).first()
                if held is None:
                    # no position yet (its first catch-up) or, without `wait`, another's
                    conn.execute(_CLAIM, {"b": battle_id})
                    held = conn.execute(lock, {"b": battle_id}).first()
                if held is None:
                    return None
                version, stored = held
                cursor = Cursor.from_json(version, stored)
                if version >= head:
                    return cursor
                page = read(battle_id, version, min(head, version + PAGE))
                if not page:
                    return cursor
                logged = [Logged(e.version, e.type, e.data, e.intent_id) for e in page]
                cursor, rows = project(cursor, logged)
                self._write(conn, battle_id, rows, self.fact_seal(battle_id))
                conn.execute(
                    _MOVE,
                    {
                        "b": battle_id,
                        "v": cursor.version,
                        "c": orjson.dumps(cursor.to_json()).decode(),
                    },
                )

    @staticmethod
    def _write(conn: Connection, battle_id: str, rows: Rows, seal: FactSeal | None = None) -> None:
        ix = rows.indexed
        conn.execute(
            _INDEX,
            {
                "b": battle_id,
                "v": [r.version for r in ix],
                "t": [r.type for r in ix],
                "r": [r.round for r in ix],
                "u": [r.turn for r in ix],
                "i": [r.intent_id for r in ix],
            },
        )
        about = [(c, r) for r in ix for c in r.creatures]
        if about:
            conn.execute(
                _ABOUT,
                {
                    "b": battle_id,
                    "c": [c for c, _ in about],
                    "v": [r.version for _, r in about],
                    "t": [r.type for _, r in about],
                    "r": [r.round for _, r in about],
                    "u": [r.turn for _, r in about],
                },
            )
        facts = facts_once(rows)  # one statement for all the facts
        write_facts(conn, battle_id, facts, seal)
        for rev in rows.reversals:
            marks = {"b": battle_id, "first": rev.first, "last": rev.last, "undone": rev.undone}
            for table in ("log_index", "log_creatures"):
                conn.execute(text(_MARK.format(table=table)), marks)

    def restore_facts(self, battle_id: str, facts: Sequence[Fact], undone: set[int]) -> None:
        """Write the battle's movement facts again as the log has them (after some did not
        check), sealed, each marked as the log's undo and redo markers say."""
        with self._engine.begin() as conn:
            write_facts(conn, battle_id, list(facts), self.fact_seal(battle_id))
            # a fact the log does not have goes back to what it can only be: a row saying
            # the event is about the creature (the role may not delete; none was deleted)
            conn.execute(
                _NOT_A_FACT,
                {
                    "b": battle_id,
                    "c": [f.creature for f in facts],
                    "v": [f.version for f in facts],
                },
            )
            conn.execute(_UNDONE_AS_LOGGED, {"b": battle_id, "undone": sorted(undone)})

    def markers(self, battle_id: str) -> list[Reversal]:
        """The battle's undo and redo markers, in log order, read from the log itself."""
        with self._engine.connect() as conn:
            rows = conn.execute(_MARKERS, {"b": battle_id})
            return [
                Reversal(
                    int(r.data["first_version"]),
                    int(r.data["last_version"]),
                    r.type == "ActionUndone",
                )
                for r in rows
            ]

    def position(self, battle_id: str) -> Cursor | None:
        """The battle's position and cursor as stored (None: never indexed)."""
        with self._engine.connect() as conn:
            row = conn.execute(_POSITION, {"b": battle_id}).first()
        return None if row is None else Cursor.from_json(row.version, row.cursor)

    # -- questions ------------------------------------------------------------------------

    def versions(self, battle_id: str, after: int, limit: int, f: Filters) -> list[int]:
        """The versions after `after` matching the filters, at most `limit`, in order."""
        table = "log_creatures" if f.creature is not None else "log_index"
        where = ["battle_id = :b", "version > :after"]
        params: dict[str, Any] = {"b": battle_id, "after": after, "limit": limit}
        if f.creature is not None:
            where.append("creature = :c")
            params["c"] = f.creature
        if f.types:
            where.append("type = ANY(CAST(:t AS varchar[]))")
            params["t"] = list(f.types)
        if f.round is not None:
            where.append("round = :r")
            params["r"] = f.round
        if f.turn is not None:
            where.append("turn = :u")
            params["u"] = f.turn
        sql = (
            f"SELECT version FROM {table} WHERE {' AND '.join(where)} ORDER BY version LIMIT :limit"
        )
        with self._engine.connect() as conn:
            return [row.version for row in conn.execute(text(sql), params)]

    def envelopes(self, battle_id: str, versions: Sequence[int]) -> list[Envelope]:
        if not versions:
            return []
        sql = text(
            f"SELECT {COLUMNS} FROM event_log WHERE battle_id = :b"
            " AND version = ANY(CAST(:v AS integer[])) ORDER BY version"
        )
        with self._engine.connect() as conn:
            rows = conn.execute(sql, {"b": battle_id, "v": list(versions)})
            return [envelope_from_row(row) for row in rows]

    def rulings(self, battle_id: str, after: int, limit: int) -> list[Envelope]:
        """The battle's `RuleOverruled` events still in effect, after `after`, in order."""
        sql = text(
            "SELECT version FROM log_index WHERE battle_id = :b AND type = 'RuleOverruled'"
            " AND NOT undone AND version > :after ORDER BY version LIMIT :limit"
        )
        with self._engine.connect() as conn:
            found = [
                r.version
                for r in conn.execute(sql, {"b": battle_id, "after": after, "limit": limit})
            ]
        return self.envelopes(battle_id, found)

    def movement(
        self, battle_id: str, creature: str, round_: int | None, turn: int | None, limit: int
    ) -> list[Any]:
        """A creature's movement facts (in a round or turn, or all), undone ones too: the
        caller checks each and takes what is undone from the log (server/questions/answering.py)."""
        where = ["battle_id = :b", "creature = :c", "kind IS NOT NULL"]
        params: dict[str, Any] = {"b": battle_id, "c": creature, "limit": limit}
        if round_ is not None:
            where.append("round = :r")
            params["r"] = round_
        if turn is not None:
            where.append("turn = :u")
            params["u"] = turn
        sql = text(
            "SELECT version, type, kind, distance, squares, detail, round, turn, undone"
            " FROM log_creatures"
            f" WHERE {' AND '.join(where)} ORDER BY version LIMIT :limit"
        )
        with self._engine.connect() as conn:
            return list(conn.execute(sql, params))

    def ever_named(self, battle_id: str, creature: str) -> bool:
        sql = text("SELECT 1 FROM log_creatures WHERE battle_id = :b AND creature = :c LIMIT 1")
        with self._engine.connect() as conn:
            return conn.execute(sql, {"b": battle_id, "c": creature}).first() is not None

    def span(self, battle_id: str) -> tuple[int, int | None]:
        """The battle's last round and last turn number indexed so far."""
        with self._engine.connect() as conn:
            row = conn.execute(
                text("SELECT cursor FROM log_questions_position WHERE battle_id = :b"),
                {"b": battle_id},
            ).first()
        cursor = Cursor.from_json(0, row.cursor if row else None)
        return cursor.round, cursor.turn
