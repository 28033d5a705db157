"""The read model by creature and snapshots without their map (revision 0005_i25): the SQL its
migration makes, shared with the Citus revision that distributes it.

`turnledger_write_view` is the one place an append writes the read model, and
`turnledger_write_snapshot` the one place it writes a snapshot: the append function of
revision 0003 is made again with its read-model and snapshot blocks replaced by calls of
them, nothing else changed (`APPEND_0005_I25` is derived from 0003's text and checks that
the blocks it replaces are there).

Its `p_view` is either a whole public view (what 0003's callers sent: written whole) or what
one action changed, `{"battle": ..., "creatures": {id: view}, "removed": [id...],
"complete": bool}` (events/append_statement.py; `removed` only when a creature went): the
battle's row takes the battle's part; each changed creature's row is written, each removed
one deleted; the other creatures' rows are not
touched, so an append costs what its action changed, not what the battle holds. A partial
change applies only to a stored view at the version just before the append; any other
stored view is dropped (reads then render the state from the log) rather than left wrong.
"""

from events.migrations.append_function_0003 import CREATE_APPEND

WRITE_SNAPSHOT_SIGNATURE = (
    "turnledger_write_snapshot(varchar, integer, integer, jsonb, timestamptz)"
)
WRITE_VIEW_SIGNATURE = (
    "turnledger_write_view(varchar, integer, integer, integer, jsonb, jsonb, timestamptz)"
)

CREATE_CREATURE_VIEWS = """
    CREATE TABLE creature_views (
        battle_id   varchar(64)  NOT NULL,
        creature_id varchar(64)  NOT NULL,
        version     integer      NOT NULL,
        view        jsonb        NOT NULL,
        CONSTRAINT creature_views_pkey PRIMARY KEY (battle_id, creature_id)
    )
"""

# A map once per battle and map version (its `map_ref`: a digest of its layers), which
# snapshots name instead of holding the whole grid (2.3 MB of JSON on a 200x200 map).
CREATE_BATTLE_MAPS = """
    CREATE TABLE battle_maps (
        battle_id   varchar(64)  NOT NULL,
        map_ref     varchar(64)  NOT NULL,
        grid        jsonb        NOT NULL,
        created_at  timestamptz  NOT NULL,
        CONSTRAINT battle_maps_pkey PRIMARY KEY (battle_id, map_ref)
    )
"""

# A snapshot `{..., "map_ref": r}` is written with its map (`"map"`, when the writer has not
# stored that map yet) or only if the map it names is stored: never one naming no map.
CREATE_WRITE_SNAPSHOT = """
    CREATE FUNCTION turnledger_write_snapshot(
        p_battle_id varchar, p_version integer, p_reducer integer, p_snapshot jsonb,
        p_at timestamptz)
    RETURNS void LANGUAGE plpgsql AS $fn$
    BEGIN
        IF p_snapshot ? 'map_ref' THEN
            IF p_snapshot ? 'map' THEN
                INSERT INTO battle_maps (battle_id, map_ref, grid, created_at)
                VALUES (p_battle_id, p_snapshot->>'map_ref', p_snapshot->'map', p_at)
                ON CONFLICT DO NOTHING;
            ELSIF NOT EXISTS (SELECT 1 FROM battle_maps AS m WHERE m.battle_id = p_battle_id
                              AND m.map_ref = p_snapshot->>'map_ref') THEN
                RETURN;
            END IF;
        END IF;
        INSERT INTO snapshots (battle_id, version, reducer_version, state, created_at)
        VALUES (p_battle_id, p_version, p_reducer, p_snapshot - 'map', p_at)
        ON CONFLICT DO NOTHING;
    END
    $fn$
"""

# The views written before this revision: each creature's part moves to its own row.
SPLIT_STORED_VIEWS = [
    """
    INSERT INTO creature_views (battle_id, creature_id, version, view)
    SELECT w.battle_id, c.key, w.version, c.value
    FROM battle_views AS w, jsonb_each(coalesce(w.view->'creatures', '{}'::jsonb)) AS c
    """,
    "UPDATE battle_views SET view = view - 'creatures' WHERE view ? 'creatures'",
]
JOIN_STORED_VIEWS = [
    """
    UPDATE battle_views AS w SET view = w.view || jsonb_build_object('creatures',
        coalesce((SELECT jsonb_object_agg(c.creature_id, c.view) FROM creature_views AS c
                  WHERE c.battle_id = w.battle_id), '{}'::jsonb))
    """,
]

CREATE_WRITE_VIEW = """
    CREATE FUNCTION turnledger_write_view(
        p_battle_id varchar, p_first_version integer, p_last_version integer,
        p_reducer integer, p_view jsonb, p_map jsonb, p_at timestamptz)
    RETURNS void LANGUAGE plpgsql AS $fn$
    DECLARE
        partial boolean := p_view ? 'battle';
        complete boolean := NOT partial OR coalesce((p_view->>'complete')::boolean, false);
        battle jsonb := CASE WHEN partial THEN p_view->'battle'
                             ELSE p_view - 'creatures' - 'map' END;
        changes jsonb := coalesce(p_view->'creatures', '{}'::jsonb);
        stored_version integer;
        stored_reducer integer;
    BEGIN
        IF complete THEN
            INSERT INTO battle_views AS w (battle_id, version, reducer_version, view, map,
                                           updated_at)
            VALUES (p_battle_id, p_last_version, p_reducer, battle,
                    coalesce(p_map, '{}'::jsonb), p_at)
            ON CONFLICT (battle_id) DO UPDATE SET version = EXCLUDED.version,
                reducer_version = EXCLUDED.reducer_version, view = EXCLUDED.view,
                map = CASE WHEN p_map IS NULL THEN w.map ELSE EXCLUDED.map END,
                updated_at = EXCLUDED.updated_at
            WHERE w.version < EXCLUDED.version;
            IF NOT FOUND THEN
                RETURN;  -- a later view is stored
            END IF;
            DELETE FROM creature_views WHERE battle_id = p_battle_id;
        ELSE
            SELECT version, reducer_version INTO stored_version, stored_reducer
            FROM battle_views WHERE battle_id = p_battle_id;
            IF stored_version IS DISTINCT FROM p_first_version - 1
               OR stored_reducer IS DISTINCT FROM p_reducer THEN
                -- these changes do not start from the stored view: drop it, never leave
                -- it wrong (reads render the state from the log instead)
                DELETE FROM creature_views WHERE battle_id = p_battle_id;
                DELETE FROM battle_views WHERE battle_id = p_battle_id;
                RETURN;
            END IF;
            UPDATE battle_views AS w SET version = p_last_version, view = battle,
                map = coalesce(p_map, w.map), updated_at = p_at
            WHERE w.battle_id = p_battle_id;
            IF p_view ? 'removed' THEN
                DELETE FROM creature_views AS c
                WHERE c.battle_id = p_battle_id AND c.creature_id IN (
                    SELECT jsonb_array_elements_text(p_view->'removed'));
            END IF;
        END IF;
        IF changes <> '{}'::jsonb THEN
            INSERT INTO creature_views AS c (battle_id, creature_id, version, view)
            SELECT p_battle_id, e.key, p_last_version, e.value FROM jsonb_each(changes) AS e
            ON CONFLICT (battle_id, creature_id) DO UPDATE
                SET version = EXCLUDED.version, view = EXCLUDED.view;
        END IF;
    END
    $fn$
"""

_VIEW_BLOCK_0003 = """            IF p_view IS NOT NULL THEN
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
"""
_VIEW_CALL_0005 = """            IF p_view IS NOT NULL THEN
                PERFORM turnledger_write_view(p_battle_id, p_first_version, last_version,
                                              p_reducer, p_view, p_map, last_at);
            END IF;
"""


_SNAPSHOT_BLOCK_0003 = """            IF p_snapshot IS NOT NULL THEN
                INSERT INTO snapshots (battle_id, version, reducer_version, state, created_at)
                VALUES (p_battle_id, last_version, p_reducer, p_snapshot, last_at)
                ON CONFLICT DO NOTHING;
            END IF;
"""
_SNAPSHOT_CALL_0005 = """            IF p_snapshot IS NOT NULL THEN
                PERFORM turnledger_write_snapshot(p_battle_id, last_version, p_reducer,
                                                  p_snapshot, last_at);
            END IF;
"""
# Snapshots naming a map hold no grid: older code could not read them (they are a cache).
FORGET_MAP_SNAPSHOTS = "DELETE FROM snapshots WHERE state ? 'map_ref'"


def _derived(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, "the block this revision replaces is not in 0003's function"
    return text.replace(old, new)


APPEND_0005_I25 = _derived(
    _derived(
        _derived(CREATE_APPEND, "CREATE FUNCTION", "CREATE OR REPLACE FUNCTION"),
        _VIEW_BLOCK_0003,
        _VIEW_CALL_0005,
    ),
    _SNAPSHOT_BLOCK_0003,
    _SNAPSHOT_CALL_0005,
)
APPEND_0003_AGAIN = _derived(CREATE_APPEND, "CREATE FUNCTION", "CREATE OR REPLACE FUNCTION")
