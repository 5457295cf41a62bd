"""PPO with a KL term to the distilled policy (boardgym/train/kl_ppo.py): the term itself, that a
coefficient of 0 is MaskablePPO's update, that a positive one keeps the policy closer, that the
zip stays a plain MaskablePPO one, the ``kl:`` section's checks and resuming with the reference."""
import json
import zipfile

import numpy as np
import pytest
import torch

from boardgym.train.kl_ppo import KLMaskablePPO, check_kl, frozen_policy, masked_kl

ENV = "boardgym/AncientTerribleThingsSolo-v0"
SMALL = {"n_steps": 64, "batch_size": 32, "n_epochs": 2, "policy_kwargs": {"net_arch": [16, 16]}}


def test_masked_kl_zero_when_equal_positive_after_moving_masked_actions_excluded():
    torch.manual_seed(0)
    logits = torch.randn(5, 7)
    masks = torch.ones(5, 7, dtype=torch.bool)
    masks[:, 5:] = False
    assert torch.allclose(masked_kl(logits, logits, masks), torch.zeros(5), atol=1e-6)
    moved = logits.clone()
    moved[:, 0] += 1.0
    assert (masked_kl(logits, moved, masks) > 1e-3).all()
    # what the masked-out actions' logits are does not matter, in either distribution
    other = moved.clone()
    other[:, 5:] = 50.0
    ref_other = logits.clone()
    ref_other[:, 6] = -30.0
    assert torch.allclose(masked_kl(ref_other, other, masks), masked_kl(logits, moved, masks))
    # and it is the KL of the renormalised legal distributions
    p = torch.softmax(logits[:, :5], -1)
    q = torch.softmax(moved[:, :5], -1)
    assert torch.allclose(masked_kl(logits, moved, masks), (p * (p / q).log()).sum(-1), atol=1e-6)


def _env():
    from boardgym.train.envs import make_vec_env

    return make_vec_env(ENV, {"shaping": True}, 1, 0, "dummy")


def _learn(cls, tmp_path, coef=None, steps=128):
    torch.set_num_threads(1)
    model = cls("MlpPolicy", _env(), seed=3, device="cpu", **SMALL)
    ref_path = tmp_path / "ref.zip"
    if coef is not None:
        model.save(ref_path)
        model.set_reference(frozen_policy(ref_path), coef)
    model.learn(steps)
    return model


def _state(model):
    return {k: v.clone() for k, v in model.policy.state_dict().items()}


def test_coef_zero_is_maskableppos_update(tmp_path):
    from sb3_contrib import MaskablePPO

    plain = _state(_learn(MaskablePPO, tmp_path))
    zero = _state(_learn(KLMaskablePPO, tmp_path, coef=0.0))
    noref = _state(_learn(KLMaskablePPO, tmp_path))
    assert all(torch.equal(plain[k], zero[k]) and torch.equal(plain[k], noref[k]) for k in plain)


def _kl_to(model, ref_path, env_obs, masks):
    ref = frozen_policy(ref_path)
    from boardgym.train.kl_ppo import _logits

    with torch.no_grad():
        return float(masked_kl(_logits(ref, env_obs), _logits(model.policy, env_obs), masks).mean())


def test_positive_coef_keeps_the_policy_nearer_and_logs_kl_ref(tmp_path):
    free = _learn(KLMaskablePPO, tmp_path, coef=0.0, steps=256)
    tied = _learn(KLMaskablePPO, tmp_path, coef=20.0, steps=256)
    buf = tied.rollout_buffer
    obs = torch.as_tensor(buf.observations.reshape(len(buf.observations), -1))
    masks = torch.as_tensor(buf.action_masks.reshape(len(obs), -1) > 0.5)
    ref = tmp_path / "ref.zip"   # the same initial policy for both (same seed)
    far, near = _kl_to(free, ref, obs, masks), _kl_to(tied, ref, obs, masks)
    assert far > 0 and near < far, (near, far)
    tied.kl_decay = 0.5
    tied.train()                  # one more update on the last rollout: its logged figures
    assert tied.logger.name_to_value["train/kl_ref"] > 0
    assert tied.logger.name_to_value["train/kl_coef"] == 20.0 and tied.kl_coef == 10.0


def test_saved_zip_is_a_plain_maskableppo_zip(tmp_path):
    from sb3_contrib import MaskablePPO

    model = _learn(KLMaskablePPO, tmp_path, coef=0.5, steps=64)
    model.save(tmp_path / "model.zip")
    with zipfile.ZipFile(tmp_path / "model.zip") as z:
        data = json.loads(z.read("data"))
    assert not any(k.startswith("kl_") for k in data)
    loaded = MaskablePPO.load(tmp_path / "model.zip", device="cpu")
    assert type(loaded) is MaskablePPO
    a, b = _state(model), _state(loaded)
    assert all(torch.equal(a[k], b[k]) for k in a)
    from boardgym.agents.specs import make_agent

    agent = make_agent(f"ppo:{tmp_path / 'model.zip'}", "ancient_terrible_things", 0)
    env = _env()
    obs = env.reset()
    mask = np.array(env.env_method("action_masks")[0])
    assert mask[agent.act(obs[0], mask)]


@pytest.mark.parametrize("section, words", [
    ({"coef": -0.1}, "kl.coef must be a number >= 0"),
    ({"coeff": 0.1}, "unknown key 'kl.coeff' (did you mean 'coef'?)"),
    ({"decay": 0}, "kl.decay must be a number in (0, 1]"),
    ({"reference": "runs/x.zip"}, "kl.reference must be 'ppo:PATH'"),
    ({"reference": "ppo:/no/such/model.zip"}, "kl.reference: no model file '/no/such/model.zip'"),
])
def test_bad_kl_sections_are_refused(section, words):
    with pytest.raises(SystemExit) as exc:
        check_kl(section)
    assert words in str(exc.value)


def test_kl_key_typo_through_the_cli():
    from boardgym.train.__main__ import main

    with pytest.raises(SystemExit, match="unknown key 'kl.cof'"):
        main(["--config", "boardgym/train/configs/att_solo_dagger.yaml", "--set", "kl.cof=1"])


def test_resume_rebuilds_the_reference_from_the_run_folder(tmp_path):
    from boardgym.train.__main__ import main

    out = tmp_path / "run"
    base = ["--no-progress-bar", "--no-eval", "--n-envs", "1"]
    assert main(["--config", "boardgym/train/configs/att_solo_dagger.yaml", "--out", str(out), "--timesteps", "64",
                 "--set", "dagger.iterations=1", "--set", "dagger.episodes=2", "--set", "dagger.epochs=1",
                 "--set", "ppo.n_steps=64", "--set", "ppo.batch_size=64", "--set", "kl.decay=0.5",
                 "--set", "ppo.policy_kwargs.net_arch=[16,16]"] + base) == 0
    ref = out / "kl_reference.zip"
    before = ref.read_bytes()
    assert main(["--resume", str(out), "--timesteps", "128"] + base) == 0
    res = json.loads((out / "results.json").read_text())
    assert res["timesteps"] == 128 and res["resumed_from"] == str(out)
    assert "dagger" not in res            # DAgger was done: PPO continued from its checkpoint
    assert ref.read_bytes() == before     # the reference was read back, not replaced
    from sb3_contrib import MaskablePPO

    assert MaskablePPO.load(out / "model.zip").num_timesteps == 128
    ref.unlink()
    with pytest.raises(SystemExit, match="kl_reference.zip is missing"):
        main(["--resume", str(out), "--timesteps", "192"] + base)


def test_a_warm_start_only_run_resumed_for_ppo_takes_its_policy_as_the_reference(tmp_path):
    """A run that stopped after DAgger (``total_timesteps: 0``), resumed with PPO steps: its
    reference is the distilled policy itself (the model has made no PPO update yet)."""
    import torch as th

    from sb3_contrib import MaskablePPO

    from boardgym.train.__main__ import main

    out = tmp_path / "run"
    base = ["--no-progress-bar", "--no-eval", "--n-envs", "1"]
    same = ["--config", "boardgym/train/configs/att_solo_dagger.yaml", "--out", str(out),
            "--set", "dagger.iterations=1", "--set", "dagger.episodes=2", "--set", "dagger.epochs=1",
            "--set", "ppo.n_steps=64", "--set", "ppo.batch_size=64", "--set", "ppo.policy_kwargs.net_arch=[16,16]"]
    assert main(same + ["--timesteps", "0", "--set", "kl=null"] + base) == 0   # DAgger alone, no kl: yet
    distilled = MaskablePPO.load(out / "model.zip").policy.state_dict()
    assert not (out / "kl_reference.zip").exists()
    assert main(same + ["--resume", str(out), "--timesteps", "64"] + base) == 0   # now with kl:
    ref = MaskablePPO.load(out / "kl_reference.zip").policy.state_dict()
    assert all(th.equal(ref[k], distilled[k]) for k in distilled)
    assert MaskablePPO.load(out / "model.zip").num_timesteps == 64
