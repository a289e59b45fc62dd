# Two commands: `make run` and `make test`. Both create .venv when it is missing.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean i18n

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install -q -e '.[test]'
	touch $(STAMP)

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
	$(BIN)/assistant serve --port 8000

test: $(STAMP) $(MOS)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check .

bench: $(STAMP)
	$(BIN)/python benchmarks/polling.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
