"""What a researcher meets after ``pip install boardgym``: the agents, training and evaluation code
live under the one import name (``boardgym.agents``, ``boardgym.train``, ``boardgym.eval``); the
names they had before (``agents.X:Class`` specs, ``train/configs/NAME`` paths, ``python -m train``
in a recorded command) are refused or shown with the new name; reaching for an optional part that
is not installed names the extra to install. The missing modules are simulated by hiding them
from the import system (``sys.modules[name] = None``), as in an install without them."""
from __future__ import annotations

import importlib.metadata
import sys
import tomllib
from pathlib import Path

import gymnasium as gym
import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

import boardgym  # noqa: F401  (registers the ids)
from boardgym.agents.specs import check_spec, moved_name
from boardgym.core.errors import ConfigError
from boardgym.extras import EXTRAS, missing, require
from boardgym.games import GAMES
from boardgym.train.config import CONFIG_DIR, config_path, shown_command

ROOT = Path(__file__).resolve().parents[1]


def hide(monkeypatch, *names):
    for name in names:
        monkeypatch.setitem(sys.modules, name, None)


# -- old names ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_old_module_class_spec_is_refused_naming_the_new_one(monkeypatch, game):
    """Each game's registered heuristic, spelled as before the move (``agents.X:Class``)."""
    from boardgym.envs.registry import heuristic_path

    new = heuristic_path(game)
    assert new.startswith("boardgym.agents.")
    old = new.removeprefix("boardgym.")
    hide(monkeypatch, "agents")           # no top-level agents package is installed any more
    module, _, cls = new.partition(":")
    with pytest.raises(ConfigError, match=f"is now '{module}'; write {new}"):
        check_spec(old, game)
    check_spec(new, game)                 # the new name works


def test_only_boardgym_names_are_renamed():
    assert moved_name("agents.ppo") == "boardgym.agents.ppo"
    assert moved_name("train.rllib.agent") == "boardgym.train.rllib.agent"
    assert moved_name("eval.play") == "boardgym.eval.play"
    assert moved_name("agents.my_own_agent") is None     # a researcher's own agents package
    assert moved_name("mylab.agents") is None


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_heuristics_module_before_it_became_its_games_package_is_refused_naming_the_new_one(game):
    """``boardgym.agents.att_heuristic:ATTHeuristicAgent`` (the name docs gave before the
    heuristics were folded into ``boardgym.agents.heuristics.<game>``) names the package."""
    from boardgym.envs.registry import heuristic_path

    new = heuristic_path(game)
    module, _, cls = new.partition(":")
    assert module == f"boardgym.agents.heuristics.{game}"
    old = {"ancient_terrible_things": "att_heuristic"}.get(game, f"{game}_heuristic")
    for spelled in (f"boardgym.agents.{old}", f"agents.{old}"):
        with pytest.raises(ConfigError, match=f"is now '{module}'; write {new}"):
            check_spec(f"{spelled}:{cls}", game)
    assert moved_name("boardgym.agents.primeval_peril_plan") == "boardgym.agents.heuristics.primeval_peril.plan"
    assert moved_name("boardgym.agents.specs") is None   # a module that did not move


def test_a_competitive_env_refuses_an_old_opponents_spec(monkeypatch):
    hide(monkeypatch, "agents")
    with pytest.raises(ConfigError, match="is now 'boardgym.agents.heuristics.ancient_terrible_things'"):
        gym.make("boardgym/AncientTerribleThings-v0", opponents="agents.att_heuristic:ATTHeuristicAgent")


@pytest.mark.parametrize("name", sorted(p.name for p in CONFIG_DIR.glob("*.yaml")))
def test_an_old_config_path_is_refused_naming_the_new_one(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit, match=f"boardgym/train/configs/{name}"):
        config_path(f"train/configs/{name}")
    # anywhere, the shipped config's name alone finds it (an installed boardgym keeps them inside)
    assert config_path(name) == CONFIG_DIR / name
    assert config_path(name.removesuffix(".yaml")) == CONFIG_DIR / name


def test_an_unknown_config_is_refused_listing_the_shipped_ones(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit, match="no config file 'nope.yaml'.*primeval_dagger.yaml"):
        config_path("nope.yaml")
    own = tmp_path / "mine.yaml"
    own.write_text("env_id: boardgym/Paleo-v0\n")
    assert config_path(own) == own


@pytest.mark.parametrize("recorded", ["/work/main/train/__main__.py", "/srv/x/boardgym/train/__main__.py"])
def test_a_recorded_command_shows_the_new_module(recorded):
    assert (shown_command(f"{recorded} --config a.yaml --out runs/a")
            == "python -m boardgym.train --config a.yaml --out runs/a")


def test_the_shipped_manifest_names_the_new_commands():
    text = (ROOT / "boardgym" / "pretrained" / "manifest.json").read_text()
    assert "python -m boardgym.train --config boardgym/train/configs/" in text
    assert "python -m train " not in text and '"train/configs/' not in text


# -- extras ------------------------------------------------------------------------------------
def test_every_extra_of_pyproject_is_known_with_its_modules():
    """EXTRAS covers each extra of pyproject.toml, and each of its modules belongs to a
    distribution that extra requires (checked where it is installed, as make install does)."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert set(EXTRAS) == set(extras)
    owners = importlib.metadata.packages_distributions()
    for extra, reqs in extras.items():
        dists = {canonicalize_name(Requirement(r).name) for r in reqs}
        for module in EXTRAS[extra]:
            if module in owners:
                assert {canonicalize_name(d) for d in owners[module]} & dists, (extra, module)


def test_require_names_the_extra_and_the_missing_modules(monkeypatch):
    require("train", "training")          # installed here: nothing raised
    hide(monkeypatch, "sb3_contrib", "torch")
    assert missing("train") == ["torch", "sb3_contrib"]
    with pytest.raises(ConfigError, match=r"training needs the optional part 'train' .*missing: torch, "
                                          r"sb3_contrib.*pip install 'boardgym\[train\]'"):
        require("train", "training")


@pytest.mark.parametrize("argv", [["train", "--timesteps", "8"], ["eval", "--games", "1"]])
def test_boardgym_train_and_eval_name_the_extra(monkeypatch, argv):
    from boardgym.cli import main

    hide(monkeypatch, "torch")
    with pytest.raises(SystemExit, match=rf"boardgym {argv[0]} needs .*pip install 'boardgym\[train\]'"):
        main(argv)


@pytest.mark.parametrize("module", ["boardgym.train.__main__", "boardgym.eval.__main__"])
def test_python_m_train_and_eval_name_the_extra(monkeypatch, module):
    from importlib import import_module

    main = import_module(module).main
    hide(monkeypatch, "stable_baselines3")
    with pytest.raises(SystemExit, match=r"needs the optional part 'train'.*missing: stable_baselines3"):
        main([])


@pytest.mark.parametrize("spec", ["ppo:runs/x/model.zip", "ismcts:evaluator=ppo:runs/x/model.zip"])
def test_a_ppo_spec_names_the_extra(monkeypatch, spec):
    hide(monkeypatch, "torch")
    with pytest.raises(ConfigError, match=r"needs the optional part 'train'.*boardgym\[train\]"):
        check_spec(spec, "ancient_terrible_things")


def test_ray_names_the_extra(monkeypatch):
    from boardgym.train.ray_cluster import import_ray

    hide(monkeypatch, "ray")
    with pytest.raises(ConfigError, match=r"Ray is not installed.*pip install 'boardgym\[rllib\]'"):
        import_ray()


def test_boardgym_play_names_the_extra_of_a_ppo_opponent(monkeypatch, capsys):
    from boardgym.cli import main

    hide(monkeypatch, "torch")
    assert main(["play", "paleo", "--opponents", "ppo:model.zip"], stdin=None) == 2
    assert "pip install 'boardgym[train]'" in capsys.readouterr().err
