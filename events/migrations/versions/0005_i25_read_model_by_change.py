"""The read model by creature: one row per creature beside the battle's own row, so that an
append writes what its action changed, not the whole battle; and maps stored once per map
version, which snapshots name instead of holding (issue 25).

See events/migrations/read_model_0005_i25.py for the tables, the functions the append calls
to write the read model and a snapshot, and how the stored views are split.

Revision ID: 0005_i25
Revises: 0004
Create Date: 2026-11-26
"""

from alembic import op

from events.migrations.read_model_0005_i25 import (
    APPEND_0003_AGAIN,
    APPEND_0005_I25,
    CREATE_BATTLE_MAPS,
    CREATE_CREATURE_VIEWS,
    CREATE_WRITE_SNAPSHOT,
    CREATE_WRITE_VIEW,
    FORGET_MAP_SNAPSHOTS,
    JOIN_STORED_VIEWS,
    SPLIT_STORED_VIEWS,
    WRITE_SNAPSHOT_SIGNATURE,
    WRITE_VIEW_SIGNATURE,
)

revision = "0005_i25"
down_revision = "0004"
branch_labels = None
depends_on = None

APP_ROLE = "turnledger_app"


def upgrade() -> None:
    op.execute(CREATE_CREATURE_VIEWS)
    op.execute(CREATE_BATTLE_MAPS)
    for statement in SPLIT_STORED_VIEWS:
        op.execute(statement)
    op.execute(CREATE_WRITE_VIEW)
    op.execute(CREATE_WRITE_SNAPSHOT)
    op.execute(APPEND_0005_I25)
    op.execute(
        f"""
        DO $$
        BEGIN
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
                GRANT SELECT, INSERT, UPDATE, DELETE ON creature_views TO {APP_ROLE};
                GRANT SELECT, INSERT ON battle_maps TO {APP_ROLE};
                GRANT EXECUTE ON FUNCTION {WRITE_VIEW_SIGNATURE} TO {APP_ROLE};
                GRANT EXECUTE ON FUNCTION {WRITE_SNAPSHOT_SIGNATURE} TO {APP_ROLE};
            END IF;
        END
        $$
        """
    )


def downgrade() -> None:
    op.execute(APPEND_0003_AGAIN)
    op.execute(f"DROP FUNCTION {WRITE_VIEW_SIGNATURE}")
    op.execute(f"DROP FUNCTION {WRITE_SNAPSHOT_SIGNATURE}")
    op.execute(FORGET_MAP_SNAPSHOTS)
    op.execute("DROP TABLE battle_maps")
    for statement in JOIN_STORED_VIEWS:
        op.execute(statement)
    op.execute("DROP TABLE creature_views")
