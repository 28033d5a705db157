"""The append function as revision 0003 made it, shared with the revision that has to make it
again (c001's downgrade: Citus cannot stop distributing a function, only drop it)."""

SIGNATURE = (
    "turnledger_append(varchar, integer, varchar[], integer[], jsonb[], bytea, bytea[], varchar[],"
    " varchar[], varchar[], varchar[], varchar[], timestamptz[], varchar, bytea, text, integer,"
    " jsonb, jsonb, jsonb, boolean)"
)
IS_LOCAL_SIGNATURE = "turnledger_battle_is_local(varchar)"

# On one node every battle is stored here; c001 replaces this with a look at the shard map.
CREATE_IS_LOCAL = (
    "CREATE FUNCTION turnledger_battle_is_local(p_battle_id varchar) RETURNS boolean"
    " LANGUAGE sql IMMUTABLE AS 'SELECT true'"
)

CREATE_APPEND = """
        CREATE FUNCTION turnledger_append(
            p_battle_id varchar, p_first_version integer, p_types varchar[],
            p_schema_versions integer[], p_data jsonb[], p_prev_hash bytea, p_hashes bytea[],
            p_intent_ids varchar[], p_causation_ids varchar[], p_correlation_ids varchar[],
            p_actors varchar[], p_rules_versions varchar[], p_recorded_ats timestamptz[],
            p_key varchar, p_request_hash bytea, p_response text,
            p_reducer integer, p_view jsonb, p_map jsonb, p_snapshot jsonb, p_notify boolean)
        RETURNS TABLE (version integer, global_position bigint)
        LANGUAGE plpgsql AS $fn$
        #variable_conflict use_column
        DECLARE
            n integer;
            last_version integer := p_first_version + cardinality(p_types) - 1;
            last_at timestamptz := p_recorded_ats[cardinality(p_types)];
            prev bytea := p_prev_hash;
        BEGIN
            IF NOT turnledger_battle_is_local(p_battle_id) THEN
                RAISE EXCEPTION 'battle % is not stored on this node', p_battle_id
                    USING ERRCODE = 'object_not_in_prerequisite_state',
                          HINT = 'appends run on the node that holds the battle''s shards';
            END IF;
            IF p_key IS NOT NULL THEN
                INSERT INTO idempotency_keys (battle_id, key, request_hash, first_version,
                                              last_version, response, recorded_at)
                VALUES (p_battle_id, p_key, p_request_hash, p_first_version, last_version,
                        p_response, last_at)
                ON CONFLICT DO NOTHING;
                IF NOT FOUND THEN  -- claimed before: append nothing, the caller replays
                    RETURN;
                END IF;
            END IF;
            -- pg_current_xact_id() before nextval(), row by row: this transaction owns an
            -- xid before it owns a position (events/store_postgres.py, the fence).
            FOR n IN 1 .. cardinality(p_types) LOOP
                INSERT INTO event_log AS e (tx_id, global_position, battle_id, version, type,
                    schema_version, data, intent_id, causation_id, correlation_id, actor,
                    rules_version, recorded_at, prev_hash, hash)
                VALUES (pg_current_xact_id(), nextval('event_log_global_position_seq'),
                    p_battle_id, p_first_version + n - 1, p_types[n], p_schema_versions[n],
                    p_data[n], p_intent_ids[n], p_causation_ids[n], p_correlation_ids[n],
                    p_actors[n], p_rules_versions[n], p_recorded_ats[n], prev, p_hashes[n])
                RETURNING e.version, e.global_position INTO version, global_position;
                prev := p_hashes[n];
                RETURN NEXT;
            END LOOP;
            IF p_view IS NOT NULL THEN
                INSERT INTO battle_views AS w (battle_id, version, reducer_version, view, map,
                                               updated_at)
                VALUES (p_battle_id, last_version, p_reducer, p_view,
                        coalesce(p_map, '{}'::jsonb), last_at)
                ON CONFLICT (battle_id) DO UPDATE SET version = EXCLUDED.version,
                    reducer_version = EXCLUDED.reducer_version, view = EXCLUDED.view,
                    map = CASE WHEN p_map IS NULL THEN w.map ELSE EXCLUDED.map END,
                    updated_at = EXCLUDED.updated_at
                WHERE w.version < EXCLUDED.version;
            END IF;
            IF p_snapshot IS NOT NULL THEN
                INSERT INTO snapshots (battle_id, version, reducer_version, state, created_at)
                VALUES (p_battle_id, last_version, p_reducer, p_snapshot, last_at)
                ON CONFLICT DO NOTHING;
            END IF;
            IF p_notify THEN
                PERFORM pg_notify('turnledger_events', global_position::text);
            END IF;
        END
        $fn$
        """
