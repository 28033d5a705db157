"""Benchmarks: each `bench_*.py` module prints its figures; `python -m ops.bench` runs all."""
