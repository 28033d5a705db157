"""On a Citus coordinator: distribute every table by `battle_id`, co-located, and the append
function with them, so that an append is one statement delegated to one worker.

This revision is the root of its own branch, `citus`, applied by `events.migrate.upgrade` only
when the database is a Citus coordinator; a database migrated on plain PostgreSQL and later
given Citus and workers becomes distributed by running the migrations again (ops/SCALING.md).
Existing rows are copied into the shards; the coordinator's local copy is then emptied.

Immutability on the cluster: the append-only triggers of revision 0001 are part of each table's
definition, which Citus replays on every shard it creates (here, and on every shard move or
split), so UPDATE, DELETE and TRUNCATE are refused on the coordinator and on every shard of
every worker. Citus accepts triggers on distributed tables only with
`citus.enable_unsafe_triggers`; ours only raise, so the visibility and deadlock hazards that
setting warns of cannot arise. The application role's grants (SELECT, INSERT) are propagated
to the shards with the tables.

Revision ID: c001
Revises:
Create Date: 2026-11-24
"""

from alembic import op

from events.migrations.append_function_0003 import (
    CREATE_APPEND,
    CREATE_IS_LOCAL,
    IS_LOCAL_SIGNATURE,
    SIGNATURE,
)

revision = "c001"
down_revision = None
branch_labels = ("citus",)
depends_on = "0003"

LOG = "event_log"
CO_LOCATED = ("idempotency_keys", "battles", "battle_seats", "battle_views", "snapshots")
APP_ROLE = "turnledger_app"


def upgrade() -> None:
    op.execute("SET LOCAL citus.enable_unsafe_triggers = on")
    # One connection per node for the whole migration: distributing a function later in the
    # same transaction is refused after a parallel copy of existing rows.
    op.execute("SET LOCAL citus.multi_shard_modify_mode = 'sequential'")
    op.execute(f"SELECT create_distributed_table('{LOG}', 'battle_id')")
    for table in CO_LOCATED:
        op.execute(
            f"SELECT create_distributed_table('{table}', 'battle_id', colocate_with => '{LOG}')"
        )
    _forget_local_copies()
    # The guard of migration 0003, now asking where the battle's shard lives. PL/pgSQL, so
    # that each session plans the lookup once (measured: 67 us a call, against 200 us for
    # the same query as an SQL function, which is planned again at every call).
    op.execute(
        """
        CREATE OR REPLACE FUNCTION turnledger_battle_is_local(p_battle_id varchar)
        RETURNS boolean LANGUAGE plpgsql STABLE AS $$
        BEGIN
            RETURN EXISTS (
                SELECT 1 FROM pg_dist_placement AS p
                JOIN pg_dist_local_group AS l ON l.groupid = p.groupid
                WHERE p.shardid = get_shard_id_for_distribution_column('event_log', p_battle_id));
        END
        $$
        """
    )
    op.execute(f"SELECT create_distributed_function('{IS_LOCAL_SIGNATURE}')")
    op.execute(
        f"SELECT create_distributed_function('{SIGNATURE}', 'p_battle_id',"
        f" colocate_with => '{LOG}')"
    )


def _forget_local_copies() -> None:
    """Drop the coordinator's pre-distribution rows, now in the shards (no history is lost).

    Citus leaves them in the coordinator's local tables, unread. Freeing them truncates those
    local tables alone, which the log's truncate trigger would refuse; the trigger is set aside
    on the coordinator's table only (Citus does not pass a truncate trigger's state to the
    shards) and only inside this migration's transaction, which other sessions cannot see.
    """
    op.execute(f"ALTER TABLE {LOG} DISABLE TRIGGER event_log_no_truncate")
    for table in (LOG, *CO_LOCATED):
        op.execute(f"SELECT truncate_local_data_after_distributing_table('{table}')")
    op.execute(f"ALTER TABLE {LOG} ENABLE TRIGGER event_log_no_truncate")


def downgrade() -> None:
    """Back to one node: the rows return to the coordinator's tables, the functions to 0003's."""
    op.execute("SET LOCAL citus.enable_unsafe_triggers = on")
    op.execute("SET LOCAL citus.multi_shard_modify_mode = 'sequential'")
    # Citus can only stop distributing a function by dropping it everywhere.
    op.execute(f"DROP FUNCTION {SIGNATURE}")
    op.execute(f"DROP FUNCTION {IS_LOCAL_SIGNATURE}")
    for table in (*reversed(CO_LOCATED), LOG):
        op.execute(f"SELECT undistribute_table('{table}')")
    op.execute(CREATE_IS_LOCAL)
    op.execute(CREATE_APPEND)
    op.execute(
        f"""
        DO $$
        BEGIN
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
                GRANT EXECUTE ON FUNCTION {SIGNATURE} TO {APP_ROLE};
                GRANT EXECUTE ON FUNCTION {IS_LOCAL_SIGNATURE} TO {APP_ROLE};
            END IF;
        END
        $$
        """
    )
