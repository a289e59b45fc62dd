# Two commands: `make run` and `make test` (and `make hosted`, for everyone over HTTPS). Both make .venv when it is missing; `make test`
# also installs Debian's chromium and starts a throwaway PostgreSQL (see scripts/devenv.py).
PY ?= python3
ARGS ?=
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test hosted lint bench clean i18n

# .venv and its packages, once per pyproject.toml and constraints.txt (the versions the
# suite last passed with; scripts/devenv.py prints each step).
$(STAMP): pyproject.toml constraints.txt
	@$(PY) scripts/devenv.py venv

# Translations: .mo files are built (not kept in git) from the .po files by run/test, and by
# the app itself when one is missing or stale. `make i18n` extracts, updates and compiles.
TR := assistant/translations
POS := $(wildcard $(TR)/*/LC_MESSAGES/messages.po)
MOS := $(POS:.po=.mo)


$(TR)/%/LC_MESSAGES/messages.mo: $(TR)/%/LC_MESSAGES/messages.po $(STAMP)
	$(BIN)/pybabel -q compile -d $(TR) -l $*

i18n: $(STAMP)
	$(BIN)/pybabel -q extract -F babel.cfg --no-location --sort-output \
		--project=assistant -o $(TR)/messages.pot .
	$(BIN)/pybabel -q update -i $(TR)/messages.pot -d $(TR) --no-wrap --ignore-obsolete --no-fuzzy-matching
	$(BIN)/pybabel compile -d $(TR) --statistics

run: $(STAMP) $(MOS)
	@$(PY) scripts/devenv.py run $(ARGS)

# Caddy (HTTPS) in front of WORKERS app processes on PostgreSQL: scripts/hosted.py.
hosted: $(STAMP) $(MOS)
	@$(PY) scripts/devenv.py hosted $(ARGS)

test: $(STAMP) $(MOS)
	@$(PY) scripts/devenv.py test $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .

bench: $(STAMP)
	$(BIN)/python benchmarks/polling.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
