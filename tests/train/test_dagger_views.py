"""Imitation in another action space (``env_kwargs.action_space``, ATT's ``combinations``): DAgger's
and behaviour cloning's decisions are the view's, labelled by the flat expert through
``FlatAgentInView``; the labels are legal in the view's mask and are the expert's choices there;
the data do not depend on Ray (tests/eval/test_ray_eval.py); a cut and resumed run ends where an uninterrupted one does; the
distilled policy plays the usual game through ``ViewAgent``."""
import copy

import numpy as np
import pytest

from boardgym.agents.heuristics.ancient_terrible_things import ATTHeuristicAgent
from boardgym.core.action_views import FlatAgentInView, ViewAgent
from boardgym.games import make_game
from boardgym.train.config import CONFIG_DIR, load_config
from boardgym.train.dagger import check_dagger, dagger_batch, load_demos, run_dagger
from boardgym.train.imitation import collect, demo_setup, setup_view

COMBO = CONFIG_DIR / "att_2p_combo_dagger.yaml"
TINY = {"iterations": 1, "episodes": 2, "epochs": 1, "batch_size": 256}


def _cfg(**dagger):
    cfg = load_config(COMBO)
    cfg["dagger"] = check_dagger(dict(TINY, **dagger))
    return cfg


def _model(cfg):
    from sb3_contrib import MaskablePPO

    from boardgym.train.envs import make_vec_env

    venv = make_vec_env(cfg["env_id"], cfg["env_kwargs"], 1, 0, "dummy")
    model = MaskablePPO("MlpPolicy", venv, seed=0, device="cpu", policy_kwargs={"net_arch": [16]},
                        gamma=cfg["ppo"]["gamma"])
    venv.close()
    return model


class Recorder(FlatAgentInView):
    """FlatAgentInView that keeps each labelled state and a copy of its expert (generator and
    plans in progress) before acting."""

    seen: list = []

    def act(self, observation, legal_mask, state=None) -> int:
        before = (state.clone(), legal_mask.copy(), copy.deepcopy(self.agent))
        a = super().act(observation, legal_mask, state)
        Recorder.seen.append(before + (a,))
        return a


def test_dagger_labels_are_the_experts_view_actions_and_legal(tmp_path, monkeypatch):
    """Each label of a combinations-space DAgger game is legal in the view's mask of its state
    (the mask the env shows), and is the view action the heuristic's flat moves from that state
    (as it was then) collapse to; the learner's own choices are legal too."""
    import boardgym.core.action_views as views

    monkeypatch.setattr(views, "FlatAgentInView", Recorder)
    Recorder.seen = []
    cfg = _cfg()
    setup = demo_setup(cfg)
    assert setup.action_space == "combinations"
    _model(cfg).save(tmp_path / "p.zip")
    (ep,) = dagger_batch([(setup, "heuristic", "heuristic", str(tmp_path / "p.zip"), False, 0.5, 0, 0, 0)])
    game = make_game(setup.game_name, **setup.game_kwargs)
    view = setup_view(setup, game)
    masks = np.array(ep["masks"])
    assert masks.shape[1] == view.num_actions != game.num_actions
    n = len(ep["actions"])
    assert n == len(Recorder.seen) == len(ep["own"]) > 20
    assert masks[np.arange(n), ep["actions"]].all() and masks[np.arange(n), ep["own"]].all()
    combined = 0
    for (state, mask, expert, label), recorded, m in zip(Recorder.seen, ep["actions"], masks):
        assert label == recorded and np.array_equal(mask, m) and np.array_equal(view.mask(state), m)
        assert isinstance(expert, ATTHeuristicAgent)
        assert FlatAgentInView(expert, view).act(None, mask, state.clone()) == label
        combined += len(view.expand(state, label)) > 1
    assert combined > 0          # whole combinations were labelled, not only single moves


def test_behaviour_cloning_records_view_decisions():
    """``pretrain:`` in the combinations space: every recorded action is legal in its view mask."""
    setup = demo_setup(_cfg())
    demos = collect(setup, "heuristic", 2, 0)
    assert demos.masks.shape[1] == setup_view(setup, make_game(setup.game_name, **setup.game_kwargs)).num_actions
    assert demos.masks[np.arange(len(demos)), demos.actions].all()


def test_cut_and_resumed_run_equals_uninterrupted_and_plays_the_flat_game(tmp_path):
    """Two iterations in one go, and one then a resumption to two, give the same aggregate and
    the same weights (bit for bit: one torch thread, seeded batches); the policy, with the
    view's 1878 outputs, plays a flat two-player game against the heuristic through ViewAgent."""
    import torch

    from boardgym.agents.specs import make_agent
    from boardgym.core.replay import play_agents

    torch.set_num_threads(1)
    whole, cut = _model(_cfg()), _model(_cfg())
    run_dagger(whole, _cfg(iterations=2), tmp_path / "whole", log=lambda *_: None)
    run_dagger(cut, _cfg(iterations=1), tmp_path / "cut", log=lambda *_: None)
    resumed = _model(_cfg())
    res = run_dagger(resumed, _cfg(iterations=2), tmp_path / "cut", resume=True, log=lambda *_: None)
    assert res["resumed_after"] == 1 and res["iterations"] == 2
    a, b = (load_demos(tmp_path / d / "dagger" / "demos.npz") for d in ("whole", "cut"))
    assert np.array_equal(a.actions, b.actions) and np.array_equal(a.masks, b.masks)
    assert a.masks.shape[1] == 1878 and a.masks[np.arange(len(a)), a.actions].all()
    pa, pb = whole.policy.state_dict(), resumed.policy.state_dict()
    assert all(torch.equal(pa[k], pb[k]) for k in pa)
    resumed.save(tmp_path / "model.zip")
    agent = make_agent(f"ppo:{tmp_path / 'model.zip'}", "ancient_terrible_things")
    assert isinstance(agent, ViewAgent)
    game = make_game("ancient_terrible_things", num_players=2)
    end = play_agents(game, 7, [agent, ATTHeuristicAgent(seed=1)])   # check: every flat move legal
    assert end.is_terminal()


@pytest.mark.parametrize("config", ["att_selfplay_exit.yaml", "rllib_att_selfplay.yaml", "att_selfplay.yaml"])
def test_phases_still_over_the_flat_catalogue_refuse_the_space(tmp_path, config):
    """Expert iteration, the RLlib backend and the self-play pool (its snapshots would play the
    other seats with the view's outputs) refuse the space by name, before anything is written."""
    from boardgym.train.__main__ import main

    out = tmp_path / "run"
    with pytest.raises(SystemExit) as exc:
        main(["--config", str(CONFIG_DIR / config), "--set", "env_kwargs.action_space=combinations",
              "--out", str(out)])
    assert "env_kwargs.action_space 'combinations' trains with MaskablePPO" in str(exc.value.code)
    assert not out.exists()


def test_kl_ppo_stays_near_the_distilled_policy_in_the_view(tmp_path):
    """``kl:`` after DAgger in the combinations space: the reference has the view's outputs and
    the KL is taken under the view's masks of the rollout (finite, logged)."""
    import torch

    from boardgym.train.envs import make_vec_env
    from boardgym.train.kl_ppo import KLMaskablePPO, frozen_policy

    torch.set_num_threads(1)
    cfg = _cfg()
    model = KLMaskablePPO("MlpPolicy", make_vec_env(cfg["env_id"], cfg["env_kwargs"], 1, 0, "dummy"),
                          n_steps=32, batch_size=32, n_epochs=1, seed=0, device="cpu",
                          policy_kwargs={"net_arch": [16]})
    model.save(tmp_path / "ref.zip")
    model.set_reference(frozen_policy(tmp_path / "ref.zip"), 5.0)
    model.learn(32)
    masks = model.rollout_buffer.action_masks.reshape(32, -1)
    assert masks.shape[1] == 1878 and (masks.sum(1) > 0).all()
    assert "train/kl_ref" in model.logger.name_to_value   # the update measured it
    kl = model.logger.name_to_value["train/kl_ref"]
    assert np.isfinite(kl) and kl >= 0
