"""Run every benchmark module (or the ones named on the command line) and print their tables."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import ops.bench


def main(argv: list[str]) -> None:
    names = argv or sorted(
        m.name for m in pkgutil.iter_modules(ops.bench.__path__) if m.name.startswith("bench_")
    )
    for name in names:
        module = importlib.import_module(f"ops.bench.{name.removesuffix('.py')}")
        module.main()


if __name__ == "__main__":
    main(sys.argv[1:])
