"""The append does all the write path's database work: the closure check and the log
questions' read models move into `turnledger_append` (issue 25).

See events/migrations/append_0007_i25b.py for the function and why it takes the battle's
row `FOR SHARE`. It is a new overload beside 0003's (kept: c001 distributes that one, and a
server of the previous release goes on appending with it during an upgrade).

Least privilege: nothing new. The function runs as its caller, and the application role
already reads `battles` and may update its closure columns (what `FOR SHARE` asks: UPDATE on
some column), and inserts and updates the log questions' tables (0005_i28), which it wrote
from the follower before. It is granted EXECUTE on the new function only.

Revision ID: 0007_i25b
Revises: 0006_i24
Create Date: 2026-11-26
"""

from alembic import op

from events.migrations.append_0007_i25b import CREATE_APPEND_0007, SIGNATURE_0007

revision = "0007_i25b"
down_revision = "0006_i24"
branch_labels = None
depends_on = None

APP_ROLE = "turnledger_app"


def upgrade() -> None:
    op.execute(CREATE_APPEND_0007)
    op.execute(
        f"""
        DO $$
        BEGIN
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
                GRANT EXECUTE ON FUNCTION {SIGNATURE_0007} TO {APP_ROLE};
            END IF;
        END
        $$
        """
    )


def downgrade() -> None:
    op.execute(f"DROP FUNCTION {SIGNATURE_0007}")
