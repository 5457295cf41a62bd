"""Games played as Ray tasks (``boardgym.eval.runner``) give the same tables as the same games played in
this process: tournaments (ISMCTS included), cooperative evaluation, the results page and the
demonstration games of behaviour cloning, for any task size; bad flags are refused in words."""
import json
import sys

import numpy as np
import pytest

ray = pytest.importorskip("ray")

from boardgym.eval.__main__ import main as eval_main  # noqa: E402
from boardgym.eval.runner import GameRunner  # noqa: E402

ISMCTS = "ismcts:simulations=2,search=key,prior=heuristic,rollout=heuristic,rollout_depth=4"


@pytest.fixture(scope="module")
def local_ray():
    from boardgym.train.ray_cluster import init_ray

    with pytest.MonkeyPatch.context() as mp:   # Ray's workers run at nice 15 by default: under
        mp.setenv("RAY_worker_niceness", "0")  # make test -n 2 they would wait for the other worker
        init_ray(num_cpus=2)
    yield GameRunner(ray=True).start()
    ray.shutdown()


def _tournament(tmp_path, name, *extra):
    out = tmp_path / name
    assert eval_main(["--game", "ancient_terrible_things", "--players", "2", "--games", "2",
                      "--agents", f"random;heuristic;{ISMCTS}", "--bootstrap", "20",
                      "--out", str(out), *extra]) == 0
    data = json.loads((out / "tournament.json").read_text())
    for k in ("seconds", "played_on", "plots"):
        data.pop(k)
    return (out / "tournament.md").read_text(), data


def test_a_tournament_on_ray_gives_the_serial_table(tmp_path, local_ray):
    md, data = _tournament(tmp_path, "serial")
    md_ray, data_ray = _tournament(tmp_path, "ray", "--ray")
    assert md_ray == md and data_ray == data
    md_procs, data_procs = _tournament(tmp_path, "procs", "--jobs", "2")   # local processes
    assert md_procs == md and data_procs == data
    (competitive,) = data["tournaments"]
    assert competitive["agents"] == ["random", "heuristic", "ismcts"]
    assert sum(map(sum, competitive["pair_results"])) == 2 * 3 * 2   # 3 pairs x 2 games, both ways


def test_cooperative_evaluation_and_demonstrations_on_ray(local_ray):
    """Paleo (cooperative: one agent in both seats) and its value-network demonstrations."""
    from boardgym.eval.evaluate import evaluate_team
    from boardgym.train.config import load_config
    from boardgym.train.imitation import collect
    from boardgym.train.value import value_setup

    kw = {"num_groups": 2, "level": 1, "modules": None}
    here = evaluate_team("paleo", kw, ["random", "heuristic"], [7, 8, 9])
    assert here[1]["games"] == 3
    for per_task in (1, 2, 6):   # one game per task, or all of them in one: the same games
        there = evaluate_team("paleo", kw, ["random", "heuristic"], [7, 8, 9],
                              runner=GameRunner(ray=True, games_per_task=per_task))
        assert there == here

    setup = value_setup(load_config("boardgym/train/configs/paleo_value.yaml"))
    serial = collect(setup, "heuristic", 3, 5, keep=0.05)
    # one Ray worker at a time (2-CPU tasks), two, and two with two episodes a task
    for runner in (GameRunner(ray=True, cpus_per_task=2), GameRunner(ray=True),
                   GameRunner(ray=True, games_per_task=2)):
        demos = collect(setup, "heuristic", 3, 5, keep=0.05, runner=runner)
        for f in ("indptr", "indices", "values", "masks", "actions", "returns", "episode", "seat"):
            assert np.array_equal(getattr(demos, f), getattr(serial, f)), f


def test_the_results_page_on_ray_has_the_serial_rows(tmp_path, local_ray):
    import yaml

    from boardgym.eval.results import main as results_main

    conf = tmp_path / "results.yaml"
    conf.write_text(yaml.safe_dump({
        "seed_base": 500000, "games": 2,
        "ismcts": {"simulations": 2, "search": "key", "prior": "heuristic", "rollout": "heuristic",
                   "rollout_depth": 4, "c": 1.0, "games": 1, "opponents": ["heuristic"]},
        "entries": [{"key": "att_2p", "train_config": "att_selfplay.yaml"},
                    {"key": "att_solo", "train_config": "att_solo.yaml"}]}))
    rows = []
    for name, extra in (("serial", []), ("ray", ["--ray"])):
        js = tmp_path / f"{name}.json"
        assert results_main(["--config", str(conf), "--runs", str(tmp_path / "none"), *extra,
                             "--out", str(tmp_path / f"{name}.md"), "--json", str(js)]) == 0
        rows.append([r["rows"] for r in json.loads(js.read_text())["results"]])
    assert rows[0] == rows[1]
    assert [(r["agent"], r["opponent"]) for r in rows[0][0]][-1] == ("ismcts", "heuristic")


@pytest.mark.parametrize("argv, message", [
    (["--address", "auto"], "--address only applies with --ray"),
    (["--ray", "--address", "nowhere"], "--address: expected 'auto' or HOST:PORT"),
    (["--ray", "--address", "10.0.0.5:99999"], "--address: expected 'auto' or HOST:PORT"),
    (["--ray", "--jobs", "2"], "--jobs is for local worker processes"),
    (["--ray", "--address", "auto", "--ray-cpus", "2"], "--ray-cpus caps a local Ray"),
    (["--cpus-per-task", "2"], "--cpus-per-task only applies with --ray"),
])
def test_bad_runner_flags_are_refused(tmp_path, argv, message):
    with pytest.raises(SystemExit, match=message):
        eval_main(["--agents", "random", "--games", "1", "--out", str(tmp_path), *argv])
    assert not (tmp_path / "tournament.md").exists()


def test_a_task_larger_than_every_node_is_refused(tmp_path, local_ray):
    with pytest.raises(SystemExit, match="--cpus-per-task 3: no node of this Ray has that many CPUs"):
        eval_main(["--agents", "random", "--games", "1", "--out", str(tmp_path), "--ray",
                   "--cpus-per-task", "3"])


def test_ray_missing_is_said_in_words(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)   # `import ray` now raises ImportError
    with pytest.raises(SystemExit, match=r"python -m boardgym.eval: --ray: Ray is not installed .*pip install"):
        eval_main(["--agents", "random", "--games", "1", "--out", str(tmp_path), "--ray"])
    from boardgym.train.imitation import check_collection, collection_runner

    with pytest.raises(SystemExit, match="Ray is not installed"):
        collection_runner(check_collection("value.", {"jobs": 1, "ray": True}))
    with pytest.raises(SystemExit, match="value.ray: expected false, true"):
        check_collection("value.", {"ray": "somewhere"})


def test_dagger_and_expert_iteration_games_on_ray_are_the_serial_ones(tmp_path, local_ray):
    """DAgger's (flat, and in ATT's combinations space) and expert iteration's game generation as
    Ray tasks (one game a task) records the very decisions the serial run records: game i of iteration k draws from default_rng([seed, k, i])."""
    import dataclasses

    from sb3_contrib import MaskablePPO

    from boardgym.train.config import CONFIG_DIR, load_config
    from boardgym.train.dagger import dagger_batch
    from boardgym.train.envs import make_vec_env
    from boardgym.train.expert_iteration import exit_batch, search_kwargs
    from boardgym.train.imitation import demo_setup

    venv = make_vec_env("boardgym/TidesOfRuinArcade-v0", {}, 1, 0, "dummy")
    MaskablePPO("MlpPolicy", venv, n_steps=64, batch_size=32, device="cpu", seed=0,
                policy_kwargs={"net_arch": [16]}).save(tmp_path / "p.zip")
    venv.close()
    cfg = load_config(CONFIG_DIR / "tides_dagger.yaml")
    setup = demo_setup(cfg)
    dag = [(setup, "heuristic", None, str(tmp_path / "p.zip"), False, 0.5, 3, 1, i) for i in range(3)]
    # and in ATT's combinations space, the heuristic labelling through FlatAgentInView
    ccfg = load_config(CONFIG_DIR / "att_2p_combo_dagger.yaml")
    venv = make_vec_env(ccfg["env_id"], ccfg["env_kwargs"], 1, 0, "dummy")
    MaskablePPO("MlpPolicy", venv, n_steps=64, batch_size=32, device="cpu", seed=0,
                policy_kwargs={"net_arch": [16]}).save(tmp_path / "combo.zip")
    venv.close()
    combo = [(demo_setup(ccfg), "heuristic", "heuristic", str(tmp_path / "combo.zip"), False, 0.5, 3, 1, i)
             for i in range(2)]
    ecfg = load_config(CONFIG_DIR / "tides_exit.yaml")
    sec = dict(ecfg["exit"], simulations=2, rollout_depth=3)
    esetup = dataclasses.replace(demo_setup(ecfg), gamma=1.0, shaping=False)
    ex = [(esetup, search_kwargs(dict(sec, first_prior="heuristic"), 0, "unused.zip"), sec["opponents"],
           sec["seed"], 0, i) for i in range(2)]
    for fn, work in ((dagger_batch, dag), (dagger_batch, combo), (exit_batch, ex)):
        serial = GameRunner().map_batches(fn, work, len(work))
        on_ray = local_ray.map_batches(fn, work, 1)
        assert len(on_ray) == len(serial) == len(work)
        for a, b in zip(serial, on_ray):
            assert a["actions"] == b["actions"] and a["decisions"] == b["decisions"]
            assert a.get("final", a.get("result")) == b.get("final", b.get("result"))
            assert [list(x) for x in a["indices"]] == [list(x) for x in b["indices"]]
            assert [m.tobytes() for m in a["masks"]] == [m.tobytes() for m in b["masks"]]
            assert a.get("own") == b.get("own")
