# turnledger: `make run` serves on an embedded PostgreSQL; `make test` runs every check.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
RUN    := $(VENV)/.installed-run
DEV    := $(VENV)/.installed-dev

.PHONY: install run demo test lint typecheck pytest browser citus balancer bench clean

# `make run` installs what serving needs; the development extras (pytest, playwright, mypy,
# schemathesis, the Python client) come with `make install` / `make test`.
$(RUN): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $(RUN)

$(DEV): $(RUN) pyproject.toml clients/python/pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[dev]' -e clients/python
	touch $(DEV)

install: $(DEV)

run: $(RUN)
	$(BIN)/turnledger serve

demo: $(RUN)
	$(BIN)/turnledger demo --keep-open

test: install lint typecheck pytest

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# Every package strict (pyproject.toml): the layers, the server and the Python client.
typecheck: install
	$(BIN)/mypy events projections engine server clients/python/turnledger_client

# The viewer's browser tests drive Debian's chromium (Playwright cannot download browsers here).
browser:
	@command -v chromium >/dev/null 2>&1 || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)

# Citus, for the cluster tests and benchmarks: built from source into the virtualenv's pgserver
# (about a minute, once: build.sh does nothing when citus.so is already there). The source sits
# in the shared folder beside the repository, or at /work/shared/citus for a clone elsewhere.
CITUS_SRC ?= $(firstword $(wildcard ../shared/citus /work/shared/citus))
citus: install
	@test -n "$(CITUS_SRC)" && test -f "$(CITUS_SRC)/build.sh" || { \
	  echo "Citus source not found (looked in ../shared/citus and /work/shared/citus):" \
	       "set CITUS_SRC to the folder holding build.sh and citus-*.tar.gz" >&2; exit 1; }
	bash "$(CITUS_SRC)/build.sh" $(BIN)/python

# The load balancer in front of two servers in the cluster tests (Debian's HAProxy).
balancer:
	@command -v haproxy >/dev/null 2>&1 || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null)

pytest: install browser citus balancer
	$(BIN)/pytest

bench: install citus balancer
	$(BIN)/python -m ops.bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
