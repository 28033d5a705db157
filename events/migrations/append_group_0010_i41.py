"""Appends of several battles committed together (revision 0010_i41): `turnledger_append_group`.

The write path's database cost per intent was one statement, one transaction and one commit
(a WAL flush) per append. The group function takes the appends of several battles that arrived
together and makes each one the call of 0007_i25b's `turnledger_append` it would have been
alone, all in the caller's one statement, hence one transaction and one commit.

Each battle's part runs in a block of its own with an exception handler (a subtransaction), so
a part that fails (its expected version stale: the log's primary key; its battle closed:
`TLCLO`; its battle not on this node: `55000`) is rolled back alone and reported, and its
neighbours commit. Nothing of a failed part is returned but its refusal: its rows are gathered
inside the block and returned only once the block has succeeded.

Parameters: one array element per part (`p_battle_ids`, `p_first_versions`, `p_counts` (its
events), `p_prev_hashes`, `p_keys`, `p_request_hashes`, `p_responses`, `p_reducers`, `p_views`,
`p_maps`, `p_snapshots`, `p_questions`), and the parts' events one after the other in the
per-event arrays, as `turnledger_append` takes them for one part. Each returned row is
`(part, version, global_position, refused, detail)`: a written event of part `part` (1-based),
or one row with `refused` (the SQLSTATE) and `detail` (the error's detail, which carries a
closure) for a refused part; no row for a part means its idempotency key was claimed before
and nothing was written, as `turnledger_append` returning no row means.

Parts lock in the order they are given (the log's unique index, the key, the read model's and
the questions' rows, all per battle); the caller sorts them by battle, so two groups in flight
at once, from any servers, never wait on each other in a cycle.

Citus: the function is not delegated (its parts name many battles); it is propagated to every
node (c007_i41), and a server sends a group only to the worker holding all of its battles
(events/battle_nodes.py), where each part's `turnledger_append` runs locally as a delegated
call does. A part whose battle is not (any more) on that worker is refused with `55000` and
retried alone, which Citus forwards.

Least privilege: the function runs as its caller; the application role is granted EXECUTE.
"""

SIGNATURE_0010 = (
    "turnledger_append_group(varchar[], integer[], integer[], bytea[], varchar[], integer[],"
    " jsonb[], bytea[], varchar[], varchar[], varchar[], varchar[], varchar[], timestamptz[],"
    " varchar[], bytea[], text[], integer[], jsonb[], jsonb[], jsonb[], boolean, jsonb[])"
)

CREATE_APPEND_GROUP_0010 = """
    CREATE FUNCTION turnledger_append_group(
        p_battle_ids varchar[], p_first_versions integer[], p_counts integer[],
        p_prev_hashes bytea[], p_types varchar[], p_schema_versions integer[], p_data jsonb[],
        p_hashes bytea[], p_intent_ids varchar[], p_causation_ids varchar[],
        p_correlation_ids varchar[], p_actors varchar[], p_rules_versions varchar[],
        p_recorded_ats timestamptz[], p_keys varchar[], p_request_hashes bytea[],
        p_responses text[], p_reducers integer[], p_views jsonb[], p_maps jsonb[],
        p_snapshots jsonb[], p_notify boolean, p_questions jsonb[])
    RETURNS TABLE (part integer, version integer, global_position bigint, refused text,
                   detail text)
    LANGUAGE plpgsql AS $fn$
    DECLARE
        k integer;
        n integer;
        o integer := 0;
        v_versions integer[];
        v_positions bigint[];
        v_state text;
        v_detail text;
        i integer;
    BEGIN
        FOR k IN 1 .. cardinality(p_battle_ids) LOOP
            n := p_counts[k];
            v_state := NULL;
            BEGIN
                -- gathered, not returned, inside the block: a part that fails after its
                -- first rows leaves none behind (module doc)
                SELECT array_agg(a.version ORDER BY a.version),
                       array_agg(a.global_position ORDER BY a.version)
                INTO v_versions, v_positions
                FROM turnledger_append(
                    p_battle_ids[k], p_first_versions[k], p_types[o + 1 : o + n],
                    p_schema_versions[o + 1 : o + n], p_data[o + 1 : o + n], p_prev_hashes[k],
                    p_hashes[o + 1 : o + n], p_intent_ids[o + 1 : o + n],
                    p_causation_ids[o + 1 : o + n], p_correlation_ids[o + 1 : o + n],
                    p_actors[o + 1 : o + n], p_rules_versions[o + 1 : o + n],
                    p_recorded_ats[o + 1 : o + n], p_keys[k], p_request_hashes[k],
                    p_responses[k], p_reducers[k], p_views[k], p_maps[k], p_snapshots[k],
                    p_notify, p_questions[k]) AS a;
            EXCEPTION WHEN OTHERS THEN
                GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE,
                                        v_detail = PG_EXCEPTION_DETAIL;
            END;
            part := k;
            IF v_state IS NOT NULL THEN
                version := NULL;
                global_position := NULL;
                refused := v_state;
                detail := v_detail;
                RETURN NEXT;
            ELSE
                refused := NULL;
                detail := NULL;
                FOR i IN 1 .. coalesce(cardinality(v_versions), 0) LOOP
                    version := v_versions[i];
                    global_position := v_positions[i];
                    RETURN NEXT;
                END LOOP;
            END IF;
            o := o + n;
        END LOOP;
    END
    $fn$
"""
