# boardgym: every target installs what it needs first (idempotent).
PY      ?= python3
VENV    ?= .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed-$(shell cat pyproject.toml constraints.txt | cksum | cut -d' ' -f1)
GAME    ?= ancient_terrible_things
JOBS    ?= 2
CHROMIUM ?= $(or $(BOARDGYM_CHROMIUM),/usr/bin/chromium)

.PHONY: install browser lock test slow mutate train eval results bench benchmark play clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# pyproject.toml holds compatible ranges; constraints.txt the exact versions tested (CI uses it)
$(STAMP): $(BIN)/python pyproject.toml constraints.txt
	$(BIN)/python -m pip install -q -c constraints.txt -e ".[train,dev,bench,rllib,llm,textarena]"
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

install: $(STAMP)

# the viewer's browser test (tests/viewer/test_browser.py) drives Debian's chromium through
# playwright; as root it is installed here, otherwise the message says what to run
browser:
	@if [ ! -x "$(CHROMIUM)" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing Debian's chromium (for the viewer's browser test)"; \
	    apt-get install -y -q --no-install-recommends chromium >/dev/null 2>&1 \
	      || { apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends chromium >/dev/null; } \
	      || { echo "make: installing chromium with apt-get failed" >&2; exit 1; }; \
	  else \
	    echo "make: the viewer's browser test needs Chromium at $(CHROMIUM): install it with" >&2; \
	    echo "  sudo apt-get install -y --no-install-recommends chromium" >&2; \
	    echo "or name another one with BOARDGYM_CHROMIUM=/path/to/chromium" >&2; exit 1; \
	  fi; \
	fi

# after changing a range in pyproject.toml: install without the old pins and write them anew
lock: $(BIN)/python
	$(BIN)/python -m pip install -q -e ".[train,dev,bench,rllib,llm,textarena]"
	{ sed -n 1,2p constraints.txt; $(BIN)/python -m pip freeze --all --exclude-editable | grep -v -e "^#" -e "^pip==" | sed 's/+cpu//'; } > constraints.txt.new
	mv constraints.txt.new constraints.txt
	rm -f $(VENV)/.installed-*

test: install browser
	BOARDGYM_CHROMIUM=$(CHROMIUM) $(BIN)/python -m pytest -q -n $(JOBS) --dist worksteal --durations=30

slow: install
	$(BIN)/python -m pytest -q -n $(JOBS) --dist worksteal -m slow

# mutation testing (cosmic-ray) of the rule modules, the Sleeping Gods core, core/ and envs/: each
# module mutated in its own copy against the tests that cover it (tools/mutation/targets.yaml),
# $(JOBS) modules side by side, resumable; reports in results/mutate/ (summary.md and one per module).
# MODULES=... picks groups, module paths or globs, e.g. MODULES=tides_of_ruin_arcade;
# SAMPLE=0.05 tries a fixed 5% of each module's mutants (a larger SAMPLE later adds the rest);
# SAMPLE_FROM=0.05 with SAMPLE=0.1 tries only the mutants the 5% left out (a fresh sample)
mutate: install
	$(BIN)/python -m tools.mutation --jobs $(JOBS) $(if $(SAMPLE),--sample $(SAMPLE)) $(if $(SAMPLE_FROM),--sample-from $(SAMPLE_FROM)) $(MODULES)

# the README's main job (~5 minutes on 2 cores): DAgger from the Primeval Peril heuristic, then a
# short PPO fine-tune held near the distilled policy (boardgym/train/configs/primeval_dagger.yaml);
# GAME=... trains that game's default config instead (boardgym/train/configs/defaults.yaml)
TRAIN_CONFIG ?= boardgym/train/configs/primeval_dagger.yaml
train: install
	$(BIN)/python -m boardgym.train $(if $(filter command line environment,$(origin GAME)),--game $(GAME),--config $(TRAIN_CONFIG))

eval: install
	$(BIN)/python -m boardgym.eval --game $(GAME)

# docs/results.md and its plots (docs/plots/): the games in $(JOBS) local processes, or with RAY=1
# as Ray tasks on a local Ray (ADDRESS=auto or ADDRESS=HOST:PORT joins a cluster instead, see
# docs/scaling.md); the tables are the same either way.
results: install
	$(BIN)/python -m boardgym.eval.results $(if $(RAY),--ray $(if $(ADDRESS),--address $(ADDRESS)),--jobs $(JOBS))

bench: install
	$(BIN)/python -m boardgym.eval.bench

# a boardgym-bench scorecard of AGENT (default heuristic) under results/benchmark/, the games in
# $(JOBS) local processes (docs/benchmark.md)
AGENT ?= heuristic
benchmark: install
	$(BIN)/python -m boardgym.eval.benchmark --agent $(AGENT) --jobs $(JOBS)

play: install
	$(BIN)/boardgym play $(GAME)

clean:
	rm -rf runs results .pytest_cache build *.egg-info
