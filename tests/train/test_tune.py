"""python -m boardgym.train.tune: search spaces checked in words before Ray starts, trial settings drawn
from --seed by Ray Tune's own generator, a tiny tune on a local Ray (1 CPU) that writes its table
and a best config the trainer's loader accepts, and --resume of a finished and of an interrupted
tune without redoing finished trials."""
import json
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("ray.tune")

from boardgym.train.config import load_config  # noqa: E402
from boardgym.train.tune.__main__ import main  # noqa: E402
from boardgym.train.tune.space import draw_settings, load_space  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SPACE = ROOT / "boardgym" / "train" / "configs" / "tune" / "att_solo.yaml"
# a tiny budget: 1 env, two PPO updates of 128 steps each
TINY = ["--config", "att_solo", "--max-timesteps", "256", "--set", "n_envs=1", "--set", "ppo.n_steps=128",
        "--set", "ppo.batch_size=64"]


@pytest.fixture(scope="module")
def base():
    return load_config(ROOT / "boardgym" / "train" / "configs" / "att_solo.yaml")


def _space(tmp_path, text: str) -> Path:
    path = tmp_path / "space.yaml"
    path.write_text(text)
    return path


@pytest.mark.parametrize("text, message", [
    ("ppo.ent_coeff: {loguniform: [1e-4, 1e-1]}",
     r"unknown key 'ppo.ent_coeff' \(did you mean 'ent_coef'.*valid keys under 'ppo': learning_rate"),
    ("ppo.policy_kwargs.net_width: {choice: [[64, 64]]}",
     r"unknown key 'ppo.policy_kwargs.net_width'.*net_arch"),
    ("kl.coeff: {choice: [0, 0.1]}", r"unknown key 'kl.coeff' \(did you mean 'coef'"),
    ("seed.x: {choice: [1]}", r"'seed' takes a value, not keys below it"),
    ("ppo.ent_coef: {lognormal: [1, 2]}", r"unknown distribution 'lognormal' \(did you mean 'loguniform'"),
    ("ppo.ent_coef: [1.0e-4, 1.0e-1]", r"ppo.ent_coef: expected one distribution as \{NAME: ARGS\}"),
    ("ppo.ent_coef: {loguniform: [0, 0.1]}", r"loguniform needs a lower bound > 0"),
    ("ppo.ent_coef: {uniform: [0.1, 0.01]}", r"the lower bound must be below the upper one"),
    ("ppo.ent_coef: {uniform: [0.1]}", r"uniform takes two numbers"),
    ("ppo.n_epochs: {randint: [1.5, 4]}", r"randint bounds must be whole numbers"),
    ("kl.coef: {choice: []}", r"choice takes \[V1, V2, \.\.\.\]"),
    ("kl.coef: {uniform: [-1, 1]}", r"kl.coef: the value -1 is refused by the run config: kl.coef must be a number >= 0"),
    ("n_envs: {choice: [2, 0]}", r"n_envs: the value 0 is refused.*n_envs must be an integer >= 1"),
    ("[1, 2]", r"expected a mapping of config paths to distributions"),
])
def test_bad_space_is_refused_naming_the_key(tmp_path, base, text, message):
    with pytest.raises(SystemExit, match=message):
        load_space(_space(tmp_path, text), base)


def test_shipped_space_has_the_four_settings(base):
    space = load_space(SPACE, base)
    assert set(space) == {"ppo.ent_coef", "kl.coef", "ppo.learning_rate", "ppo.policy_kwargs.net_arch"}


def test_command_line_mistakes_are_refused_before_ray_starts(tmp_path):
    with pytest.raises(SystemExit, match=r"--metric 'return_mean': not reported.*episode_return_mean"):
        main(TINY + ["--space", str(SPACE), "--metric", "return_mean", "--out", str(tmp_path / "t")])
    with pytest.raises(SystemExit, match=r"give --config .* and --space"):
        main(["--config", "att_solo", "--out", str(tmp_path / "t")])
    with pytest.raises(SystemExit, match=r"--resume .*: not a tune folder"):
        main(["--resume", str(tmp_path)])
    with pytest.raises(SystemExit, match=r"--ray-cpus caps a local Ray"):
        main(TINY + ["--space", str(SPACE), "--address", "auto", "--ray-cpus", "1"])
    assert not (tmp_path / "t").exists()


def test_trial_settings_are_drawn_from_the_seed(base, capsys):
    space = load_space(SPACE, base)
    first, again, other = draw_settings(space, 4, 7), draw_settings(space, 4, 7), draw_settings(space, 4, 8)
    assert first == again and first != other
    for s in first:
        assert 1e-4 <= s["ppo.ent_coef"] <= 1e-1 and 3e-5 <= s["ppo.learning_rate"] <= 1e-3
        assert s["kl.coef"] in (0, 0.03, 0.1) and s["ppo.policy_kwargs.net_arch"] in ([64, 64], [128, 128], [256, 256])
    assert main(TINY + ["--space", str(SPACE), "--samples", "4", "--seed", "7", "--dry-run"]) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith(
        f"trial 0: ppo.ent_coef={first[0]['ppo.ent_coef']!r}, ppo.learning_rate=")
    from boardgym.cli import main as cli_main   # boardgym tune = python -m boardgym.train.tune

    assert cli_main(["tune", *TINY, "--space", str(SPACE), "--samples", "4", "--seed", "7", "--dry-run"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 4


def test_statuses_and_the_best_in_the_table(tmp_path):
    """Each trial's status from its last result; the best among the trials that ran their whole
    budget, even when one stopped early reported more."""
    from types import SimpleNamespace

    from boardgym.train.tune.results import trial_rows, write_results

    def result(tid, steps, value, done=False, error=None):
        metrics = {} if steps is None else {"trial_id": tid, "timesteps": steps, "done": done,
                                            "episode_return_mean": value}
        return SimpleNamespace(metrics=metrics, config={"ppo.ent_coef": 0.01}, error=error,
                               path=f"/x/ray/run_trial_{tid}_1_ppo_ent_coef=0.01_2026-12-03_17-50-26")

    a, b, c, d, e = (f"7a899_0000{i}" for i in range(5))
    grid = [result(e, 64, 0.2, error=RuntimeError("boom\nValueError: bad")), result(b, 128, 0.9, done=True),
            result(a, 256, 0.5), result(c, 128, 0.1), result(d, None, None)]
    rows = trial_rows(grid, 256)
    assert [(r["trial"], r["status"]) for r in rows][:3] == [(a, "finished"), (b, "stopped early"),
                                                             (c, "interrupted")]
    assert rows[3]["status"] == "not run yet" and rows[4]["status"] == "error" and rows[4]["error"] == "ValueError: bad"
    setup = {"metric": "episode_return_mean", "mode": "max", "space": {"ppo.ent_coef": {"choice": [0.01]}},
             "base": {"name": "x", "env_id": "boardgym/X"}, "samples_total": 5, "max_timesteps": 256,
             "seed": 0, "scheduler": "asha", "base_config_file": "x.yaml"}
    data = write_results(tmp_path, rows, setup)
    assert data["best"]["trial"] == a
    assert f"| {a} **best** | 0.01 | finished | 256 | 0.5 |" in (tmp_path / "tune_results.md").read_text()
    assert f"Trial {e} failed: ValueError: bad" in (tmp_path / "tune_results.md").read_text()


@pytest.fixture(scope="module")
def ray_one_cpu():
    from boardgym.train.ray_cluster import init_ray

    ray = init_ray(None, 1)
    yield ray
    ray.shutdown()


def _mtimes(out: Path) -> dict:
    return {p.parent.name: p.stat().st_mtime_ns for p in (out / "trials").glob("*/model.zip")}


def test_tiny_tune_writes_its_table_and_a_best_config_and_resumes(tmp_path, base, ray_one_cpu):
    out = tmp_path / "tune"
    # ASHA with its grace period the whole budget: no trial is stopped early, so both finish
    assert main(TINY + ["--space", str(SPACE), "--samples", "2", "--seed", "3", "--grace-timesteps", "256",
                        "--out", str(out)]) == 0
    data = json.loads((out / "tune_results.json").read_text())
    trials = data["trials"]
    assert len(trials) == 2 and all(t["status"] == "finished" and t["timesteps"] == 256 for t in trials)
    # the trials trained the settings --dry-run draws for the same seed, in the same order
    assert [t["settings"] for t in trials] == draw_settings(load_space(SPACE, base), 2, 3)
    values = [t["metrics"]["episode_return_mean"] for t in trials]
    scored = [v for v in values if v is not None and math.isfinite(v)]
    assert scored, "no trial finished an episode in 256 steps"
    best = data["best"]
    assert best["episode_return_mean"] == max(scored)
    md = (out / "tune_results.md").read_text()
    assert f"| {best['trial']} **best** |" in md and "`ppo.policy_kwargs.net_arch`" in md
    cfg = load_config(out / "best_config.yaml")    # what python -m boardgym.train --config reads
    assert cfg["name"] == "att_solo_tuned" and cfg["total_timesteps"] == base["total_timesteps"]
    assert cfg["ppo"]["ent_coef"] == best["settings"]["ppo.ent_coef"]
    assert cfg["ppo"]["learning_rate"] == best["settings"]["ppo.learning_rate"]
    assert cfg["ppo"]["policy_kwargs"]["net_arch"] == best["settings"]["ppo.policy_kwargs.net_arch"]
    assert cfg["kl"]["coef"] == best["settings"]["kl.coef"] and cfg["n_envs"] == 1   # --set kept
    before = _mtimes(out)
    assert len(before) == 2
    # a finished tune resumed: nothing is trained again, the table is the same
    with pytest.raises(SystemExit, match="leave out --samples"):
        main(["--resume", str(out), "--samples", "4"])
    assert main(["--resume", str(out)]) == 0
    assert _mtimes(out) == before
    assert json.loads((out / "tune_results.json").read_text())["best"] == best


def _last_results(out: Path) -> dict:
    """trial id -> its last result line in Ray Tune's experiment folder."""
    last = {}
    for p in (out / "ray").glob("*/result.json"):
        lines = p.read_text().splitlines()
        if lines:
            row = json.loads(lines[-1])
            last[row["trial_id"]] = row
    return last


@pytest.mark.slow
def test_interrupted_tune_resumes_without_redoing_finished_trials(tmp_path):
    """Ctrl+C while the second trial trains: --resume keeps the first trial and continues the
    second from its last checkpoint (every 256 steps here) to the end of its budget."""
    out = tmp_path / "tune"
    cmd = [sys.executable, "-m", "boardgym.train.tune", "--config", "att_solo", "--space", str(SPACE),
           "--samples", "2", "--scheduler", "fifo", "--max-timesteps", "4096", "--set", "n_envs=1",
           "--set", "ppo.n_steps=256", "--set", "ppo.batch_size=128", "--set", "checkpoint_freq=256",
           "--ray-cpus", "1", "--out", str(out)]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 300
    while time.time() < deadline and proc.poll() is None:
        time.sleep(0.3)
        last = _last_results(out)
        if len(last) == 2 and sum(r["timesteps"] < 4096 for r in last.values()) == 1:
            break     # one trial done, the other one under way
    assert proc.poll() is None, "the tune ended before it could be interrupted"
    proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=120) == 0
    last = _last_results(out)
    first = next(t for t, r in last.items() if r["timesteps"] == 4096)
    second = next(t for t, r in last.items() if r["timesteps"] < 4096)
    kept = _mtimes(out)[first]
    statuses = {t["trial"]: t["status"] for t in json.loads((out / "tune_results.json").read_text())["trials"]}
    assert statuses == {first: "finished", second: "interrupted"}
    subprocess.run([sys.executable, "-m", "boardgym.train.tune", "--resume", str(out), "--ray-cpus", "1"],
                   env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=400)
    trials = json.loads((out / "tune_results.json").read_text())["trials"]
    assert [t["status"] for t in trials] == ["finished", "finished"]
    assert _mtimes(out)[first] == kept                                 # not trained again
    assert (out / "trials" / second / "tune_resume.zip").is_file()     # continued from its checkpoint
    assert _last_results(out)[second]["timesteps"] == 4096
