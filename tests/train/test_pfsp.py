"""Prioritized fictitious self-play (boardgym/train/pfsp.py): the pool draws each member with its
weight times the learner's loss-rate priority, the heuristic stays in the league however often
the learner beats it, the self-play evaluation writes the win shares the envs read, and a
resumed league (a new pool over the same folder) draws exactly as the old one."""
import json

import numpy as np
import pytest

from boardgym.train.config import CONFIG_DIR, load_config
from boardgym.train.pfsp import check_pfsp, member_probabilities, priority, read_wins, write_wins
from boardgym.train.pool import OpponentPool, save_snapshot

HARD = check_pfsp(True)   # hard weighting, p = 2, floor 0.05


def _model():
    from sb3_contrib import MaskablePPO

    from boardgym.train.envs import make_vec_env

    venv = make_vec_env("boardgym/AncientTerribleThings-v0", {"opponents": "random"}, 1, 0, "dummy")
    model = MaskablePPO("MlpPolicy", venv, n_steps=64, batch_size=32, device="cpu", seed=0,
                        policy_kwargs={"net_arch": [8]})
    venv.close()
    return model


def test_weights_follow_the_learners_loss_rate():
    weights = {"pool": 0.5, "heuristic": 0.4, "random": 0.1}
    wins = {"snap_1": 0.9, "snap_2": 0.2, "heuristic": 0.5}      # random: not measured yet
    probs = member_probabilities(weights, ["snap_1", "snap_2"], wins, HARD)
    raw = {"snap_1": 0.25 * max(0.1 ** 2, 0.05), "snap_2": 0.25 * 0.8 ** 2, "heuristic": 0.4 * 0.5 ** 2,
           "random": 0.1 * 1.0}
    total = sum(raw.values())
    assert probs == pytest.approx({k: v / total for k, v in raw.items()})
    assert sum(probs.values()) == pytest.approx(1.0)
    assert probs["snap_2"] > probs["snap_1"]      # the snapshot it loses to is drawn more
    # without PFSP the snapshots share the pool's weight equally and the rest keep theirs
    assert member_probabilities(weights, ["snap_1", "snap_2"], wins, None) == pytest.approx(
        {"snap_1": 0.25, "snap_2": 0.25, "heuristic": 0.4, "random": 0.1})
    # variance weighting: members of about the learner's strength first
    var = check_pfsp({"weighting": "variance"})
    assert priority(0.5, var) == 1.0 > priority(0.8, var) == pytest.approx(0.64)
    assert priority(0.0, var) == priority(1.0, var) == 0.05
    assert priority(None, HARD) == 1.0 and priority(0.3, check_pfsp({"p": 1})) == pytest.approx(0.7)


def test_the_heuristic_stays_in_the_league_when_always_beaten(tmp_path):
    pool_dir = tmp_path / "pool"
    write_wins(pool_dir, {"heuristic": 1.0, "random": 1.0}, step=500)
    pool = OpponentPool("ancient_terrible_things", pool_dir, {"heuristic": 0.5, "random": 0.5}, pfsp=HARD)
    assert pool.probabilities() == pytest.approx({"heuristic": 0.5, "random": 0.5})   # both at the floor
    write_wins(pool_dir, {"heuristic": 1.0, "random": 0.0}, step=600)   # re-read at every reset
    probs = pool.probabilities()
    assert probs["heuristic"] == pytest.approx(0.05 / 1.05) and probs["heuristic"] > 0
    for s in range(400):
        pool.reset(s)
    assert 5 < pool.counts["heuristic"] < 40 and pool.counts["random"] > 350


def test_resumed_league_draws_as_the_uninterrupted_one(tmp_path):
    """A run resumed in the same folder builds a new pool: it reads the snapshots and the win
    shares left on disk and draws the same members for the same seeds."""
    pool_dir = tmp_path / "pool"
    model = _model()
    for steps in (100, 200):
        save_snapshot(model, pool_dir, steps, size=3)
    write_wins(pool_dir, {"snap_100": 0.9, "snap_200": 0.1, "heuristic": 0.6}, step=200)
    weights = {"pool": 0.6, "heuristic": 0.4}
    first = OpponentPool("ancient_terrible_things", pool_dir, weights, pfsp=HARD)
    drawn = []
    for s in range(30):
        first.reset(s)
        drawn.append(first.current_label)
    resumed = OpponentPool("ancient_terrible_things", pool_dir, weights, pfsp=HARD)
    assert resumed.probabilities() == first.probabilities()
    again = []
    for s in range(30):
        resumed.reset(s)
        again.append(resumed.current_label)
    assert again == drawn
    assert drawn.count("snap_200") > drawn.count("snap_100")   # the one the learner loses to


def test_the_evaluation_writes_the_win_shares_the_pool_reads(tmp_path):
    """The self-play evaluation measures the learner against each fixed opponent and each
    snapshot and records the shares in pool/pfsp.json, which the envs' pools read."""
    from stable_baselines3.common.logger import configure

    from boardgym.train.selfplay import SelfPlayEvalCallback, selfplay_env_kwargs

    cfg = load_config(CONFIG_DIR / "att_selfplay.yaml")
    cfg["pool"]["pfsp"] = HARD
    cfg["eval"].update(every_games=2, pool_games=2, opponents=["random"], elo_bootstrap=0)
    model = _model()
    model.set_logger(configure(None, []))
    save_snapshot(model, tmp_path / "pool", 0, size=2)
    cb = SelfPlayEvalCallback(cfg, tmp_path, verbose=0)
    cb.init_callback(model)
    row = cb.evaluate()
    wins = read_wins(tmp_path / "pool")
    assert set(wins) == {"random", "snap_0"} and row["pfsp_wins"] == wins
    assert all(0 <= x <= 1 for x in wins.values())
    assert json.loads((tmp_path / "pool" / "pfsp.json").read_text())["step"] == 0
    pool = selfplay_env_kwargs(cfg, tmp_path)["opponents"]
    assert pool.pfsp == HARD
    probs = pool.probabilities()
    expected = member_probabilities(cfg["pool"]["weights"], ["snap_0"], wins, HARD)
    assert probs == pytest.approx(expected) and probs["heuristic"] > 0


@pytest.mark.parametrize("section, words", [
    ({"weighting": "soft"}, "pool.pfsp.weighting must be one of"),
    ({"floor": 0}, "pool.pfsp.floor must be a number in (0, 1]"),
    ({"p": -1}, "pool.pfsp.p must be a number > 0"),
    ({"temperature": 1}, "pool.pfsp.temperature is not a PFSP setting"),
])
def test_bad_pfsp_settings_are_refused(section, words):
    with pytest.raises(SystemExit) as exc:
        check_pfsp(section)
    assert words in str(exc.value.code)


def test_the_pfsp_section_loads_with_the_config(tmp_path):
    from boardgym.train.config import set_dotted, validate_config

    cfg = load_config(CONFIG_DIR / "att_selfplay.yaml")
    set_dotted(cfg, "pool.pfsp.p=3", schema=True)
    validate_config(cfg)
    assert cfg["pool"]["pfsp"] == {"weighting": "hard", "p": 3.0, "floor": 0.05}
    assert np.isclose(priority(0.5, cfg["pool"]["pfsp"]), 0.125)
