# boardgym: every target installs what it needs first (idempotent).
PY      ?= python3
VENV    ?= .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed-$(shell cat pyproject.toml constraints.txt | cksum | cut -d' ' -f1)
GAME    ?= ancient_terrible_things
JOBS    ?= 2

.PHONY: install lock test slow train eval results bench play clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# pyproject.toml holds compatible ranges; constraints.txt the exact versions tested (CI uses it)
$(STAMP): $(BIN)/python pyproject.toml constraints.txt
	$(BIN)/python -m pip install -q -c constraints.txt -e ".[train,dev,bench,rllib]"
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

install: $(STAMP)

# after changing a range in pyproject.toml: install without the old pins and write them anew
lock: $(BIN)/python
	$(BIN)/python -m pip install -q -e ".[train,dev,bench,rllib]"
	{ sed -n 1,2p constraints.txt; $(BIN)/python -m pip freeze --exclude-editable | grep -v '^#' | sed 's/+cpu//'; } > constraints.txt.new
	mv constraints.txt.new constraints.txt
	rm -f $(VENV)/.installed-*

test: install
	$(BIN)/python -m pytest -q -n $(JOBS) --durations=10

slow: install
	$(BIN)/python -m pytest -q -n $(JOBS) -m slow

train: install
	$(BIN)/python -m train --game $(GAME)

eval: install
	$(BIN)/python -m eval --game $(GAME)

# docs/results.md and its plots (docs/plots/): the games in $(JOBS) local processes, or with RAY=1
# as Ray tasks on a local Ray (ADDRESS=auto or ADDRESS=HOST:PORT joins a cluster instead, see
# docs/scaling.md); the tables are the same either way.
results: install
	$(BIN)/python -m eval.results $(if $(RAY),--ray $(if $(ADDRESS),--address $(ADDRESS)),--jobs $(JOBS))

bench: install
	$(BIN)/python -m eval.bench

play: install
	$(BIN)/boardgym play $(GAME)

clean:
	rm -rf runs results .pytest_cache build *.egg-info
