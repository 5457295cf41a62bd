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
    assert main(TINY + ["--space", str(SPACE), "--samples", "2", "--seed", "3", "--out", str(out)]) == 0
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


@pytest.mark.slow
def test_interrupted_tune_resumes_without_redoing_finished_trials(tmp_path):
    """Ctrl+C after the first trial finished; --resume runs the rest and keeps the first."""
    out = tmp_path / "tune"
    cmd = [sys.executable, "-m", "boardgym.train.tune", *TINY, "--space", str(SPACE), "--samples", "3",
           "--scheduler", "fifo", "--ray-cpus", "1", "--out", str(out)]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 240
    first = None
    while time.time() < deadline and first is None and proc.poll() is None:
        time.sleep(0.5)
        for p in (out / "ray").glob("*/result.json"):
            lines = p.read_text().splitlines()
            if lines and json.loads(lines[-1]).get("timesteps") == 256:
                first = json.loads(lines[-1])["trial_id"]
    assert first is not None and proc.poll() is None, "the first trial did not finish in time"
    proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=120) == 0
    kept = _mtimes(out)[first]
    done = json.loads((out / "tune_results.json").read_text())["trials"]
    assert sum(t["status"] == "finished" for t in done) < 3
    subprocess.run([sys.executable, "-m", "boardgym.train.tune", "--resume", str(out), "--ray-cpus", "1"],
                   env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=400)
    trials = json.loads((out / "tune_results.json").read_text())["trials"]
    assert len(trials) == 3 and all(t["status"] == "finished" for t in trials)
    assert _mtimes(out)[first] == kept
