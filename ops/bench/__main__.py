"""Run every benchmark module (or the ones named on the command line) and print their tables."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import ops.bench


def main(argv: list[str]) -> None:
    """`NAME... [--option ...]`: options (from the first word starting with `-`) go to the
    named benchmarks' `main`, which parses them (`bench_http --creatures 8 50 200`)."""
    first = next((i for i, word in enumerate(argv) if word.startswith("-")), len(argv))
    names, options = argv[:first], argv[first:]
    names = names or sorted(
        m.name for m in pkgutil.iter_modules(ops.bench.__path__) if m.name.startswith("bench_")
    )
    for name in names:
        module = importlib.import_module(f"ops.bench.{name.removesuffix('.py')}")
        if options:
            module.main(options)
        else:
            module.main()


if __name__ == "__main__":
    main(sys.argv[1:])
