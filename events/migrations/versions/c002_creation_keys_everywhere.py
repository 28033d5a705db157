"""On a Citus coordinator: the creation keys and the server secret as reference tables.

They are keyed by a client's scope, not by a battle, and written once per battle creation at
most, so they are copied to every node rather than sharded by `battle_id`.

Revision ID: c002
Revises: c001
Create Date: 2026-11-24
"""

from alembic import op

revision = "c002"
down_revision = "c001"
branch_labels = None
depends_on = "0004"


def upgrade() -> None:
    op.execute("SELECT create_reference_table('creation_keys')")
    op.execute("SELECT create_reference_table('server_secrets')")


def downgrade() -> None:
    op.execute("SELECT undistribute_table('server_secrets')")
    op.execute("SELECT undistribute_table('creation_keys')")
