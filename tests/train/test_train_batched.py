"""``vec_env: batched`` in ``python -m boardgym.train``: the run steps its envs in one process
through the batched vector env and trains, on the same seed, exactly the model DummyVecEnv trains
(the same observations, rewards and dones reach MaskablePPO in the same order)."""
import numpy as np
import pytest
import yaml

from boardgym.train.__main__ import main

FAST = ["--timesteps", "256", "--n-envs", "2", "--no-eval", "--no-progress-bar",
        "--set", "ppo.n_steps=64", "--set", "ppo.batch_size=64", "--set", "ppo.n_epochs=1",
        "--set", "ppo.policy_kwargs.net_arch=[16]", "--set", "env_kwargs.max_episode_steps=40"]


def test_vec_env_batched_trains_the_model_dummy_trains(tmp_path):
    from sb3_contrib import MaskablePPO

    for kind in ("batched", "dummy"):
        assert main(["--game", "ancient_terrible_things", "--vec-env", kind,
                     "--out", str(tmp_path / kind)] + FAST) == 0
    cfg = yaml.safe_load((tmp_path / "batched" / "config.yaml").read_text())
    assert cfg["vec_env"] == cfg["vec_env_used"] == "batched" and cfg["env_seeds"] == [0, 1]
    batched = MaskablePPO.load(tmp_path / "batched" / "model.zip", device="cpu")
    dummy = MaskablePPO.load(tmp_path / "dummy" / "model.zip", device="cpu")
    assert batched.num_timesteps == dummy.num_timesteps == 256
    for (name, a), (_, b) in zip(batched.policy.state_dict().items(), dummy.policy.state_dict().items()):
        assert np.array_equal(a.numpy(), b.numpy()), name


def test_vec_env_names_batched_among_its_values(tmp_path):
    with pytest.raises(SystemExit) as exc:
        main(["--set", "vec_env=threads", "--out", str(tmp_path / "run")])
    assert "vec_env must be 'subproc', 'dummy' or 'batched', got 'threads'" in str(exc.value.code)
