"""``make train``'s table is a function of the run config, not of the machine or the process
layout: the same short DAgger + KL-PPO run (primeval_dagger.yaml made small), started twice as
``python -m boardgym.train`` in two layouts, gives the same model bit for bit after every phase and the
same table.

The layouts differ in what a user's machine differs in: DAgger's collection processes (1 vs 2),
the threads the environment offers torch (``OMP_NUM_THREADS`` / ``MKL_NUM_THREADS`` 1 vs 2),
Python's hash seed, and the kernels torch would pick for the CPU: the second run's environment
asks for ATen's plain kernels (what a CPU without AVX2 gets) and MKL's automatic branch (each
CPU family's own), each of which changes the model when nothing pins them (boardgym/train/numerics.py).
"""
import io
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
SHORT = {"dagger.iterations": 2, "dagger.episodes": 4, "dagger.epochs": 1, "total_timesteps": 256,
         "n_envs": 2, "vec_env": "dummy", "ppo.n_steps": 128, "ppo.batch_size": 64, "ppo.n_epochs": 2,
         "eval.games": 2, "eval.baselines": "[]"}
LAYOUTS = {
    "one process": ({"OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "PYTHONHASHSEED": "0"}, 1),
    "two processes": ({"OMP_NUM_THREADS": "2", "MKL_NUM_THREADS": "2", "PYTHONHASHSEED": "1",
                       "ATEN_CPU_CAPABILITY": "default", "MKL_CBWR": "AUTO"}, 2),
}
MODELS = ("dagger/start.zip", "dagger/iter_0.zip", "dagger/iter_1.zip", "model.zip")
CLEARED = ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "PYTHONHASHSEED", "ATEN_CPU_CAPABILITY", "MKL_CBWR")


def _train(out: Path, env_extra: dict, jobs: int) -> None:
    env = {k: v for k, v in os.environ.items() if k not in CLEARED}
    env.update(env_extra, PYTHONPATH=os.pathsep.join([str(ROOT)] + [p for p in [env.get("PYTHONPATH")] if p]))
    sets = [a for k, v in dict(SHORT, **{"dagger.jobs": jobs}).items() for a in ("--set", f"{k}={v}")]
    proc = subprocess.run([sys.executable, "-m", "boardgym.train", "--config", "boardgym/train/configs/primeval_dagger.yaml",
                           "--out", str(out), "--no-progress-bar", *sets],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-4000:]


def _weights(path: Path) -> dict:
    import torch

    with zipfile.ZipFile(path) as z:
        return torch.load(io.BytesIO(z.read("policy.pth")), map_location="cpu", weights_only=True)


def _figures(out: Path) -> tuple:
    res = json.loads((out / "results.json").read_text())
    dagger = [{k: v for k, v in row.items() if not k.endswith("seconds")} for row in res["dagger"]["history"]]
    return res["evaluation"]["rows"], dagger, res["timesteps"]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    base = tmp_path_factory.mktemp("repro")
    for name, (env_extra, jobs) in LAYOUTS.items():
        _train(base / name.replace(" ", "_"), env_extra, jobs)
    return [base / name.replace(" ", "_") for name in LAYOUTS]


def test_same_model_and_table_in_every_layout(runs):
    import torch

    a, b = runs
    for name in MODELS:   # the initial weights, each DAgger iteration's fit, then KL-PPO
        wa, wb = _weights(a / name), _weights(b / name)
        assert wa.keys() == wb.keys()
        differ = [k for k in wa if not torch.equal(wa[k], wb[k])]
        assert not differ, f"{name}: {differ} differ between the layouts"
    assert _figures(a) == _figures(b)
    assert (a / "results.md").read_text() == (b / "results.md").read_text()
    assert "| ppo |" in (a / "results.md").read_text()


def test_run_records_the_kernels_it_ran(runs):
    for out in runs:
        versions = yaml.safe_load((out / "config.yaml").read_text())["versions"]
        assert versions["mkl_cbwr"] in ("COMPATIBLE", "no MKL")
        assert versions["torch_cpu_kernels"]
