"""The append as one function call: `turnledger_append(...)` writes an action's events, claims its
idempotency key and updates the read model and snapshot in one statement.

Why a function rather than one INSERT with data-modifying CTEs: on a Citus cluster the router
planner refuses INSERT CTEs, so that statement became several sub-plans pulled through the
coordinator; a function distributed by its battle argument (see the `citus` branch, c001) is
delegated whole to the worker that holds the battle's shards, and there every position and
transaction id comes from the node that commits the rows (the fence in events/store_postgres.py
rests on that). On one PostgreSQL the same call runs locally and costs what the CTE did.

`turnledger_battle_is_local` is the guard that keeps that promise: here it is always true; on a
cluster c001 replaces it with a check of the battle's shard placement, so an append that Citus
did not delegate fails instead of numbering rows from a node that does not commit them.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24
"""

from alembic import op

from events.migrations.append_function_0003 import (
    CREATE_APPEND,
    CREATE_IS_LOCAL,
    IS_LOCAL_SIGNATURE,
    SIGNATURE,
)

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

APP_ROLE = "turnledger_app"


def upgrade() -> None:
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


def downgrade() -> None:
    op.execute(f"DROP FUNCTION {SIGNATURE}")
    op.execute(f"DROP FUNCTION {IS_LOCAL_SIGNATURE}")
