"""``python -m boardgym.train`` and ``python -m boardgym.train.value`` refuse a config key or flag value that is
not one, naming it and the nearest valid keys, before anything is trained or written."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from boardgym.train.__main__ import main
from boardgym.train.config import CONFIG_DIR, load_config, set_dotted

ROOT = Path(__file__).resolve().parents[2]


def test_set_with_an_unknown_key_exits_naming_the_nearest(tmp_path):
    """ISSUE-9 item 7: ``--set n_env=1`` used to run with ``n_envs: 8`` beside it."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = tmp_path / "run"
    proc = subprocess.run([sys.executable, "-m", "boardgym.train", "--set", "n_env=1", "--out", str(out)],
                          capture_output=True, text=True, timeout=300, cwd=ROOT, env=env)
    assert proc.returncode != 0
    assert "--set n_env=1: unknown key 'n_env' (did you mean 'n_envs'" in proc.stderr
    assert not out.exists()


@pytest.mark.parametrize("item, message", [
    ("ppo.learning_rat=1e-4", "unknown key 'ppo.learning_rat' (did you mean 'learning_rate'?); "
                              "valid keys under 'ppo':"),
    ("ppo.seed=3", "unknown key 'ppo.seed'"),                      # the run passes seed itself
    ("ppo.policy_kwargs.netarch=[8]", "unknown key 'ppo.policy_kwargs.netarch' (did you mean 'net_arch'?)"),
    ("env_kwargs.shapin=true", "unknown key 'env_kwargs.shapin' (did you mean 'shaping'?)"),
    ("env_kwargs.num_player=2", "(did you mean 'num_players'?)"),
    ("eval.game=3", "unknown key 'eval.game' (did you mean 'games'?)"),
    ("pretrain.epoch=2", "unknown key 'pretrain.epoch' (did you mean 'epochs'?)"),
    ("seed.value=1", "'seed' takes a value, not keys below it"),
    ("out=elsewhere", "unknown key 'out'"),                       # a run's record, not a setting
    ("n_envs", "--set expects KEY.PATH=VALUE"),
    ("ppo..gamma=1", "has an empty part"),
    ("n_envs=[1", "the value is not YAML"),
])
def test_set_checks_keys_against_the_schema(tmp_path, item, message):
    out = tmp_path / "run"
    with pytest.raises(SystemExit) as exc:
        main(["--set", item, "--out", str(out)])
    assert message in str(exc.value.code)
    assert not out.exists()


@pytest.mark.parametrize("argv, message", [
    (["--set", "n_envs=abc"], "n_envs must be an integer >= 1, got 'abc'"),
    (["--set", "eval.opponents=[heurstic]"], "eval.opponents: agent spec 'heurstic' is not a known kind"),
    (["--set", "eval.baselines=random"], "eval.baselines must be a list of agent specs"),
    (["--set", "eval.seed_base=-1"], "eval.seed_base must be an integer >= 0"),
    (["--set", "torch_threads=0"], "torch_threads must be an integer >= 1"),
    (["--set", "env_id=boardgym/Chess-v0"], "env_id 'boardgym/Chess-v0' is not a registered id"),
    (["--eval-games", "0"], "eval.games must be an integer >= 1, got 0"),
    (["--n-envs", "0"], "n_envs must be an integer >= 1, got 0"),
    (["--config", "no/such.yaml"], "--config: no config file 'no/such.yaml'"),
    (["--resume", "no/such.zip"], "--resume: no checkpoint file 'no/such.zip'"),
    (["--game", "chess"], "no default training config for game 'chess'"),
    (["--game", "paleo", "--config", str(CONFIG_DIR / "att_solo.yaml")],
     "trains ancient_terrible_things (boardgym/AncientTerribleThingsSolo-v0); give one of --game and --config"),
])
def test_bad_flag_values_are_refused(tmp_path, argv, message):
    out = tmp_path / "run"
    with pytest.raises(SystemExit) as exc:
        main(argv + ["--out", str(out)])
    assert message in str(exc.value.code)
    assert not out.exists()


def test_selfplay_pool_weights_are_agent_specs(tmp_path):
    cfg = CONFIG_DIR / "att_selfplay.yaml"
    with pytest.raises(SystemExit, match="pool.weights: agent spec 'heurstic'"):
        main(["--config", str(cfg), "--set", "pool.weights.heurstic=0.3", "--out", str(tmp_path / "r")])
    with pytest.raises(SystemExit, match="pool.weights must have a positive sum"):
        main(["--config", str(cfg), "--set", "pool.weights={pool: 0}", "--out", str(tmp_path / "r")])


def test_a_config_file_with_an_unknown_key_is_refused_naming_the_file(tmp_path):
    path = tmp_path / "typo.yaml"
    path.write_text("env_id: boardgym/AncientTerribleThingsSolo-v0\ntotal_timestep: 100\n")
    with pytest.raises(SystemExit, match=r"typo\.yaml: unknown key 'total_timestep' \(did you mean "
                                         r"'total_timesteps'\?\)"):
        load_config(path)
    path.write_text("env_id: boardgym/AncientTerribleThingsSolo-v0\nppo: {n_step: 64}\n")
    with pytest.raises(SystemExit, match=r"unknown key 'ppo\.n_step' \(did you mean 'n_steps'\?\)"):
        load_config(path)


def test_valid_sets_still_apply():
    cfg = load_config(CONFIG_DIR / "att_solo.yaml")
    for item in ("n_envs=1", "ppo.learning_rate=1e-4", "ppo.policy_kwargs.net_arch=[32,32]",
                 "env_kwargs.shaping=false", "pool.weights.random=1", "pretrain=null", "eval.every=0"):
        set_dotted(cfg, item, schema=True)
    assert cfg["n_envs"] == 1 and cfg["ppo"]["learning_rate"] == 1e-4
    assert cfg["ppo"]["policy_kwargs"]["net_arch"] == [32, 32] and cfg["env_kwargs"]["shaping"] is False
    assert cfg["pool"] == {"weights": {"random": 1}} and cfg["pretrain"] is None


def test_value_command_checks_its_keys(tmp_path):
    from boardgym.train.value import main as value_main

    out = tmp_path / "v"
    with pytest.raises(SystemExit) as exc:
        value_main(["--config", "boardgym/train/configs/paleo_value.yaml", "--set", "value.episode=3", "--out", str(out)])
    assert "unknown key 'value.episode' (did you mean 'episodes'?)" in str(exc.value.code)
    with pytest.raises(SystemExit, match="value.agent: agent spec 'heuristik'"):
        value_main(["--config", "boardgym/train/configs/paleo_value.yaml", "--set", "value.agent=heuristik",
                    "--out", str(out)])
    with pytest.raises(SystemExit, match="--config: no config file"):
        value_main(["--config", "boardgym/train/configs/nope.yaml"])
    assert not out.exists()
