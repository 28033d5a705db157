"""Evolve: battle state and the reducers that fold events into it; read models; snapshots."""
