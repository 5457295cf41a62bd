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


def test_vec_env_batched_with_workers_trains_the_model_one_process_trains(tmp_path):
    """``workers: 2``: the batched env's games stepped in two processes over shared memory give
    MaskablePPO the same data, so the same model, as the batched env in one process."""
    from sb3_contrib import MaskablePPO

    for name, extra in (("workers", ["--set", "workers=2"]), ("one", [])):
        assert main(["--game", "paleo", "--vec-env", "batched", "--out", str(tmp_path / name)]
                    + FAST + extra) == 0
    cfg = yaml.safe_load((tmp_path / "workers" / "config.yaml").read_text())
    assert cfg["workers"] == 2 and cfg["vec_env_used"] == "batched"
    a = MaskablePPO.load(tmp_path / "workers" / "model.zip", device="cpu")
    b = MaskablePPO.load(tmp_path / "one" / "model.zip", device="cpu")
    assert a.num_timesteps == b.num_timesteps == 256
    for (name, x), (_, y) in zip(a.policy.state_dict().items(), b.policy.state_dict().items()):
        assert np.array_equal(x.numpy(), y.numpy()), name


@pytest.mark.parametrize("sets, message", [(["workers=3", "vec_env=batched"], "workers must be at most n_envs (2)"),
                                           (["workers=0"], "workers must be an integer >= 1"),
                                           (["workers=2", "vec_env=dummy"], "workers: 2 needs vec_env: batched")])
def test_workers_is_checked(tmp_path, sets, message):
    args = ["--out", str(tmp_path / "run"), "--n-envs", "2"]
    for s in sets:
        args += ["--set", s]
    with pytest.raises(SystemExit) as exc:
        main(args)
    assert message in str(exc.value.code)
