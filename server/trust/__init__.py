"""Proof: the server's keys, signed receipts, verification, database roles, API keys, bundles."""
