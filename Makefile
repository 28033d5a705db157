# turnledger: `make run` serves on an embedded PostgreSQL; `make test` runs every check.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: install run test lint typecheck pytest browser bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

run: install
	$(BIN)/turnledger serve

test: install lint typecheck pytest

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install
	$(BIN)/mypy events projections engine

# The viewer's browser tests drive Debian's chromium (Playwright cannot download browsers here).
browser:
	@command -v chromium >/dev/null 2>&1 || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)

pytest: install browser
	$(BIN)/pytest

bench: install
	$(BIN)/python -m ops.bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
