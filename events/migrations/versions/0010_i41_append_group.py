"""Appends of several battles committed in one statement: `turnledger_append_group`.

See events/migrations/append_group_0010_i41.py for the function: it runs 0007_i25b's
`turnledger_append` once per battle, each in a subtransaction of its own, so one battle's
refusal rolls back only its part, and the group commits once.

Least privilege: nothing new but EXECUTE on the function, which runs as its caller and does
only what `turnledger_append` does.

Revision ID: 0010_i41
Revises: 0009_i38
Create Date: 2026-11-28
"""

from alembic import op

from events.migrations.append_group_0010_i41 import CREATE_APPEND_GROUP_0010, SIGNATURE_0010

revision = "0010_i41"
down_revision = "0009_i38"
branch_labels = None
depends_on = None

APP_ROLE = "turnledger_app"


def upgrade() -> None:
    op.execute(CREATE_APPEND_GROUP_0010)
    op.execute(
        f"""
        DO $$
        BEGIN
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
                GRANT EXECUTE ON FUNCTION {SIGNATURE_0010} TO {APP_ROLE};
            END IF;
        END
        $$
        """
    )


def downgrade() -> None:
    op.execute(f"DROP FUNCTION {SIGNATURE_0010}")
