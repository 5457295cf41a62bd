# boardgym: every target installs what it needs first (idempotent).
PY      ?= python3
VENV    ?= .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)
GAME    ?= ancient_terrible_things
JOBS    ?= 2

.PHONY: install test slow train eval results bench play clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install -q -e ".[train,dev,bench]"
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

install: $(STAMP)

test: install
	$(BIN)/python -m pytest -q -n $(JOBS) --durations=10

slow: install
	$(BIN)/python -m pytest -q -n $(JOBS) -m slow

train: install
	$(BIN)/python -m train --game $(GAME)

eval: install
	$(BIN)/python -m eval --game $(GAME)

results: install
	$(BIN)/python -m eval.results --jobs 3

bench: install
	$(BIN)/python -m eval.bench

play: install
	$(BIN)/boardgym play $(GAME)

clean:
	rm -rf runs results .pytest_cache build *.egg-info
