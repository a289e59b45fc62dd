# Two commands: `make run` and `make test`. Both make .venv when it is missing; `make test`
# also installs Debian's chromium and starts a throwaway PostgreSQL (see scripts/devenv.py).
PY ?= python3
ARGS ?=

.PHONY: run test lint bench clean

run:
	@$(PY) scripts/devenv.py run $(ARGS)

test:
	@$(PY) scripts/devenv.py test $(ARGS)

lint:
	@$(PY) scripts/devenv.py venv
	.venv/bin/ruff check .

bench:
	@$(PY) scripts/devenv.py venv
	.venv/bin/python benchmarks/polling.py

clean:
	rm -rf .venv .pytest_cache .ruff_cache
