"""The append that does all the write path's database work (revision 0007_i25b): the SQL its
migration makes, shared with the Citus revision that distributes it.

Before it, every command asked `battles` whether the battle was closed (a query and its
rollback, from a thread) and a follower thread caught the log questions' read models up
(migration 0005_i28) in a transaction of its own per battle. Both now happen inside the
append's one statement:

* the closure: the battle's row is read before anything is written, and a closed battle's
  append raises `CLOSED_SQLSTATE` with the closure (`{"at", "reason"}`, JSON) as its
  detail. A close and an append of one battle are strictly ordered by a per-battle
  advisory lock (`battle_lock_key`): every append holds it shared until it commits, and a
  close (any UPDATE that sets `battles.closed_at`) holds it exclusively, taken by the
  trigger `battles_closing`; so a close waits for the appends in flight, and an append
  waits for a close in flight and then reads the closed row (each statement of the
  function reads with a fresh snapshot). Not a row lock (`FOR SHARE`; `FOR KEY SHARE`
  would not conflict with the close's `FOR NO KEY UPDATE` at all): locking a row asks
  UPDATE on its table, which the application role holds on `battles` as a column
  privilege only, and on Citus column privileges are not carried to the workers where the
  delegated append runs. The trigger runs beside the close's UPDATE, on the node holding
  the battle's shard, as the append does. An advisory lock also writes nothing (a row
  lock marks the row, and logs it). The check comes before the idempotency key, so a
  retry of an answered request on a closed battle is refused too, as the server's guard
  refused it before; a battle's first action (its creation, version 1) is not checked: a
  retried creation of a battle closed since replays its first answer, as before;
* the log questions' rows (`log_index`, `log_creatures`, the reversal marks and the
  position), computed by the server from the events (projections/log_questions.py, from its
  cursor at the version before the append) and passed as one JSON document,
  `p_questions`: `{"cursor": {...}, "events": [[round, turn], ...] (one per event),
  "about": [[creature, version], ...], "facts": [[creature, version, kind, distance,
  squares, detail], ...], "marks": [[first, last, undone], ...]}`; each event's version,
  type and intent are the append's own. One document, not an array per column: psycopg
  dumps each array parameter in Python, measured at 78 us per append for the 13 arrays
  these rows took, against under 1 us for one document. They are written only if the
  battle's position stands at the version just before the append (or the battle is new),
  and the position moved in the same statement; otherwise none of them is written and the
  catch-up a question runs first fills the gap from the log, as before.

Citus: every statement of the function runs on the battle's worker, and each pays Citus's
planning there unless Citus can cache its plan. So the function writes row by row with
INSERT ... VALUES: the events (as before), the changed creatures' read-model rows (this
revision makes `turnledger_write_view` again for it, its 0005_i25 text back on downgrade) and
the log questions' rows, each in a loop, instead of INSERT ... SELECT FROM `jsonb_each` or
`jsonb_array_elements`, which Citus runs through an intermediate result and a local COPY; and
each event's fence id and position are taken into variables first (`pg_current_xact_id()`,
then `nextval()`: the order events/feed.py's fence relies on), so the event INSERT holds no
volatile function and Citus caches its local plan. Measured with one writer on the worker
(ops/SCALING.md, `bench_citus_plans`): 2.4-2.6 ms of the worker per append with the set
INSERTs, about 1.0 with these loops; on one PostgreSQL the loops cost no more.

The function is a new overload of `turnledger_append` (the earlier one, with 0003's
signature, stays as it was: the `citus` branch's c001 distributes that one by its
signature, and a server of the previous release keeps appending during an upgrade).
Its text is derived from 0005_i25's, with the blocks this revision adds checked in place.
"""

from events.migrations.read_model_0005_i25 import APPEND_0005_I25, CREATE_WRITE_VIEW

CLOSED_SQLSTATE = "TLCLO"
"""What an append to a closed battle raises (detail: `{"at": timestamptz, "reason": text}`)."""

SIGNATURE_0007 = (
    "turnledger_append(varchar, integer, varchar[], integer[], jsonb[], bytea, bytea[], varchar[],"
    " varchar[], varchar[], varchar[], varchar[], timestamptz[], varchar, bytea, text, integer,"
    " jsonb, jsonb, jsonb, boolean, jsonb)"
)

_PARAMS_0005 = "p_snapshot jsonb, p_notify boolean)"
_PARAMS_0007 = """p_snapshot jsonb, p_notify boolean,
            p_questions jsonb)"""

_DECLARE_0005 = """            prev bytea := p_prev_hash;
        BEGIN
"""
_DECLARE_0007 = """            prev bytea := p_prev_hash;
            v_closed_at timestamptz;
            v_closed_reason text;
            v_indexed boolean;
            v_mark jsonb;
            v_xid xid8;
            v_pos bigint;
            v_i integer;
            v_e jsonb;
            v_version integer;
        BEGIN
"""

_KEY_0005 = """            IF p_key IS NOT NULL THEN
                INSERT INTO idempotency_keys"""
_CLOSURE_0007 = """            IF p_first_version > 1 THEN  -- a creation: nothing closed it before
                -- shared among appends, exclusive with a close: ordered (module doc)
                PERFORM pg_advisory_xact_lock_shared(
                    hashtextextended('turnledger.battle:' || p_battle_id, 0));
                SELECT b.closed_at, b.closed_reason INTO v_closed_at, v_closed_reason
                FROM battles AS b WHERE b.battle_id = p_battle_id;
                IF v_closed_at IS NOT NULL THEN
                    RAISE EXCEPTION 'battle % is closed', p_battle_id
                        USING ERRCODE = 'TLCLO',
                              DETAIL = json_build_object('at', v_closed_at,
                                                         'reason', v_closed_reason)::text;
                END IF;
            END IF;
"""

_NOTIFY_0005 = """            IF p_notify THEN
                PERFORM pg_notify"""
QUESTION_ROWS_0007 = """\
                    -- row by row (INSERT ... VALUES), as the events: module doc, "Citus"
                    FOR v_i IN 1 .. coalesce(jsonb_array_length(p_questions->'events'), 0)
                    LOOP
                        v_e := p_questions->'events'->(v_i - 1);
                        INSERT INTO log_index (battle_id, version, type, round, turn,
                                               intent_id)
                        VALUES (p_battle_id, p_first_version + v_i - 1, p_types[v_i],
                                (v_e->>0)::integer, (v_e->>1)::integer, p_intent_ids[v_i]);
                    END LOOP;
                    FOR v_i IN 0 .. coalesce(jsonb_array_length(p_questions->'about'), 0) - 1
                    LOOP
                        v_e := p_questions->'about'->v_i;
                        v_version := (v_e->>1)::integer;
                        INSERT INTO log_creatures (battle_id, creature, version, type, round,
                                                   turn)
                        VALUES (p_battle_id, v_e->>0, v_version,
                                p_types[v_version - p_first_version + 1],
                                (p_questions->'events'->(v_version - p_first_version)->>0)
                                    ::integer,
                                (p_questions->'events'->(v_version - p_first_version)->>1)
                                    ::integer)
                        ON CONFLICT DO NOTHING;
                    END LOOP;
                    FOR v_i IN 0 .. coalesce(jsonb_array_length(p_questions->'facts'), 0) - 1
                    LOOP
                        v_e := p_questions->'facts'->v_i;
                        v_version := (v_e->>1)::integer;
                        INSERT INTO log_creatures AS l (battle_id, creature, version, type,
                            round, turn, kind, distance, squares, detail)
                        VALUES (p_battle_id, v_e->>0, v_version,
                                p_types[v_version - p_first_version + 1],
                                (p_questions->'events'->(v_version - p_first_version)->>0)
                                    ::integer,
                                (p_questions->'events'->(v_version - p_first_version)->>1)
                                    ::integer,
                                v_e->>2, (v_e->>3)::double precision, v_e->4, v_e->5)
                        ON CONFLICT (battle_id, creature, version) DO UPDATE SET
                            kind = EXCLUDED.kind, distance = EXCLUDED.distance,
                            squares = EXCLUDED.squares, detail = EXCLUDED.detail;
                    END LOOP;
"""
"""The log questions' rows of `p_questions`, row by row (module doc, "Citus")."""

_QUESTIONS_0007 = (
    """            IF p_questions IS NOT NULL THEN
                -- the rows follow on from the position only where it stands just before
                UPDATE log_questions_position AS q SET version = last_version,
                    cursor = p_questions->'cursor'
                WHERE q.battle_id = p_battle_id AND q.version = p_first_version - 1;
                v_indexed := FOUND;
                IF NOT v_indexed AND p_first_version = 1 THEN
                    INSERT INTO log_questions_position (battle_id, version, cursor)
                    VALUES (p_battle_id, last_version, p_questions->'cursor')
                    ON CONFLICT DO NOTHING;
                    v_indexed := FOUND;
                END IF;
                IF v_indexed THEN
"""
    + QUESTION_ROWS_0007
    + """                    FOR v_mark IN SELECT jsonb_array_elements(p_questions->'marks') LOOP
                        UPDATE log_index AS i SET undone = (v_mark->>2)::boolean
                        WHERE i.battle_id = p_battle_id
                          AND i.version BETWEEN (v_mark->>0)::integer
                                            AND (v_mark->>1)::integer;
                        UPDATE log_creatures AS c SET undone = (v_mark->>2)::boolean
                        WHERE c.battle_id = p_battle_id
                          AND c.version BETWEEN (v_mark->>0)::integer
                                            AND (v_mark->>1)::integer;
                    END LOOP;
                END IF;
            END IF;
"""
)


CLOSING_SIGNATURE = "turnledger_closing()"
CREATE_CLOSING = """
    CREATE FUNCTION turnledger_closing() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
        -- the battle's lock, exclusively until the close commits (module doc)
        PERFORM pg_advisory_xact_lock(hashtextextended('turnledger.battle:' || NEW.battle_id, 0));
        RETURN NEW;
    END
    $fn$
"""
CREATE_CLOSING_TRIGGER = """
    CREATE TRIGGER battles_closing BEFORE UPDATE OF closed_at ON battles
    FOR EACH ROW EXECUTE FUNCTION turnledger_closing()
"""
DROP_CLOSING_TRIGGER = "DROP TRIGGER battles_closing ON battles"


def _derived(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, "the block this revision changes is not in 0005_i25's function"
    return text.replace(old, new)


def _before(text: str, anchor: str, block: str) -> str:
    return _derived(text, anchor, block + anchor)


# Citus (module doc): the fence id and the position taken into variables before each event's
# INSERT, in that order (events/feed.py's fence: an xid before a position), so the INSERT holds
# no volatile function and Citus caches its plan on the worker.
NUMBERED_0005 = "VALUES (pg_current_xact_id(), nextval('event_log_global_position_seq'),"
NUMBERED_0007 = "VALUES (v_xid, v_pos,"
EACH_EVENT = "            FOR n IN 1 .. cardinality(p_types) LOOP\n"
TAKEN_0007 = """                v_xid := pg_current_xact_id();
                v_pos := nextval('event_log_global_position_seq');
"""

CREATE_APPEND_0007 = _before(
    _before(
        _derived(
            _derived(
                _derived(
                    _derived(
                        _derived(APPEND_0005_I25, "CREATE OR REPLACE FUNCTION", "CREATE FUNCTION"),
                        _PARAMS_0005,
                        _PARAMS_0007,
                    ),
                    _DECLARE_0005,
                    _DECLARE_0007,
                ),
                NUMBERED_0005,
                NUMBERED_0007,
            ),
            EACH_EVENT,
            EACH_EVENT + TAKEN_0007,
        ),
        _KEY_0005,
        _CLOSURE_0007,
    ),
    _NOTIFY_0005,
    _QUESTIONS_0007,
)

CREATURE_ROWS_0005 = """\
            INSERT INTO creature_views AS c (battle_id, creature_id, version, view)
            SELECT p_battle_id, e.key, p_last_version, e.value FROM jsonb_each(changes) AS e
            ON CONFLICT (battle_id, creature_id) DO UPDATE
                SET version = EXCLUDED.version, view = EXCLUDED.view;
"""
CREATURE_ROWS_0007 = """            -- row by row (INSERT ... VALUES): module doc, "Citus"
            FOR v_key, v_value IN SELECT e.key, e.value FROM jsonb_each(changes) AS e LOOP
                INSERT INTO creature_views AS c (battle_id, creature_id, version, view)
                VALUES (p_battle_id, v_key, p_last_version, v_value)
                ON CONFLICT (battle_id, creature_id) DO UPDATE
                    SET version = EXCLUDED.version, view = EXCLUDED.view;
            END LOOP;
"""
_VIEW_DECLARE_0005 = """        stored_reducer integer;
    BEGIN
"""
_VIEW_DECLARE_0007 = """        stored_reducer integer;
        v_key text;
        v_value jsonb;
    BEGIN
"""
WRITE_VIEW_0005_AGAIN = _derived(CREATE_WRITE_VIEW, "CREATE FUNCTION", "CREATE OR REPLACE FUNCTION")
"""0005_i25's `turnledger_write_view`, which this revision's downgrade makes again."""
WRITE_VIEW_0007 = _derived(
    _derived(WRITE_VIEW_0005_AGAIN, CREATURE_ROWS_0005, CREATURE_ROWS_0007),
    _VIEW_DECLARE_0005,
    _VIEW_DECLARE_0007,
)
"""`turnledger_write_view` writing each changed creature's row by INSERT ... VALUES (the
read model's rows are otherwise written as 0005_i25 wrote them)."""
