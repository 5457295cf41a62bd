"""Pretrained baselines (boardgym/pretrained/, boardgym/agents/pretrained.py, boardgym/train/export_pretrained.py).

A tiny MaskablePPO (256 steps, 2-player Ancient Terrible Things) is trained once in a temporary
run folder and exported into a temporary manifest folder ($BOARDGYM_PRETRAINED_DIR); nothing
here depends on shipped policies except ``test_every_shipped_policy_checks_out``, which checks
each entry of the package's own manifest (and passes with none)."""
from __future__ import annotations

import io
import json
import shutil
import tomllib
from pathlib import Path

import numpy as np
import pytest

from boardgym.core.chance import resolve_chance
from boardgym.core.errors import ConfigError, ContentError
from boardgym.core.game import TERMINAL
from boardgym.games import make_game
from boardgym.pretrained import ENV_VAR, describe, load_manifest
from boardgym.pretrained.manifest import HERE, sha256_of
from boardgym.pretrained.weights import read_checked, save_layers

GAME = "ancient_terrible_things"
NAME = "att_tiny"


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """``(run folder, manifest folder)``: a tiny run and its export."""
    pytest.importorskip("sb3_contrib")
    from boardgym.train.export_pretrained import export
    from boardgym.train.run import train

    run = tmp_path_factory.mktemp("run")
    folder = tmp_path_factory.mktemp("pretrained")
    cfg = {"name": "tiny", "env_id": "boardgym/AncientTerribleThings-v0", "env_kwargs": {"opponents": "random"},
           "seed": 3, "total_timesteps": 256, "n_envs": 1, "vec_env": "dummy", "torch_threads": 1,
           "checkpoint_freq": 100000,
           "ppo": {"n_steps": 128, "batch_size": 64, "n_epochs": 1, "policy_kwargs": {"net_arch": [32, 16]}},
           "eval": {"games": 2, "seed_base": 500, "baselines": [], "opponents": ["random"]}}
    train(cfg, run, progress_bar=False)
    export(run, NAME, default=True, method="tiny smoke run", folder=folder, check=200, out=io.StringIO())
    return run, folder


@pytest.fixture
def policies(exported, tmp_path, monkeypatch):
    """A private copy of the exported folder, where the specs look (the env var)."""
    folder = tmp_path / "pretrained"
    shutil.copytree(exported[1], folder)
    monkeypatch.setenv(ENV_VAR, str(folder))
    return folder


def observations(game_name, n, seed, **options):
    game = make_game(game_name, **options)
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n:
        state = game.new_initial_state()
        while len(out) < n:
            resolve_chance(state, rng)
            if state.current_player == TERMINAL:
                break
            mask = state.legal_mask().copy()
            out.append((state.observation(state.current_player), mask, state.clone()))
            legal = np.flatnonzero(mask)
            state.apply(int(legal[rng.integers(len(legal))]))
    return out


def edit_manifest(folder, fn):
    path = Path(folder) / "manifest.json"
    doc = json.loads(path.read_text())
    fn(doc)
    path.write_text(json.dumps(doc))


# -- export and the numpy policy -------------------------------------------------------------
def test_numpy_policy_picks_the_torch_policy_actions(exported, policies):
    from boardgym.agents.ppo import PPOAgent
    from boardgym.agents.pretrained import PretrainedAgent

    run, _ = exported
    torch_agent = PPOAgent(str(run / "model.zip"))
    agent = PretrainedAgent(GAME)            # the default, from $BOARDGYM_PRETRAINED_DIR
    assert agent.name == f"pretrained:{NAME}"
    for obs, mask, state in observations(GAME, 300, seed=11, num_players=2):
        assert agent.act(obs, mask, state) == torch_agent.act(obs, mask)
        assert agent.value(obs) == pytest.approx(torch_agent.value(obs), abs=1e-4)


def test_manifest_entry_records_the_run(exported, policies):
    run, _ = exported
    entry = load_manifest().find(GAME)
    doc = entry.doc
    assert entry.name == NAME and doc["options"] == {"num_players": 2, "reward": "score_diff"}
    assert doc["sha256"] == sha256_of(entry.path) and doc["size"] == entry.path.stat().st_size
    assert doc["net_arch"] == {"pi": [32, 16], "vf": [32, 16]} and doc["activation"] == "tanh"
    assert doc["observation_size"] == 2235 and doc["num_actions"] == 93
    assert doc["method"] == "tiny smoke run" and doc["seed"] == 3 and (doc["git"]["commit"] == "unknown" or len(doc["git"]["commit"]) == 40)
    assert doc["config"]["ppo"]["n_steps"] == 128 and doc["config"]["versions"]["torch"]
    results = json.loads((run / "results.json").read_text())["evaluation"]
    (row,) = doc["evaluation"]["rows"]
    src = results["rows"][0]
    assert row["agent"] == f"pretrained:{NAME}" and row["opponent"] == "random"
    assert (row["games"], row["wins"], row["win_rate"]) == (src["games"], src["wins"], src["win_rate"])
    assert row["seeds"] == {"first": 500, "last": 501, "count": 2}
    with np.load(entry.path, allow_pickle=False) as f:   # plain arrays only
        assert all(f[k].dtype != object for k in f.files)


def test_export_refuses_a_numpy_torch_mismatch_and_writes_nothing(exported, policies, monkeypatch):
    import boardgym.train.export_pretrained as ex

    real = ex.policy_layers

    def broken(model):
        activation, actor, critic, arch = real(model)
        w, b = actor[-1]
        return activation, actor[:-1] + [(w, b + np.linspace(0, 50, len(b)))], critic, arch

    monkeypatch.setattr(ex, "policy_layers", broken)
    before = (policies / "manifest.json").read_text()
    with pytest.raises(ConfigError, match="not exported: the numpy policy chose another action"):
        ex.export(exported[0], "other", folder=policies, check=50, out=io.StringIO())
    assert (policies / "manifest.json").read_text() == before and not (policies / "other.npz").exists()


def test_export_refuses_an_incomplete_run_folder(tmp_path):
    from boardgym.train.export_pretrained import main

    (tmp_path / "model.zip").write_bytes(b"x")
    assert main([str(tmp_path), "--name", "x", "--dir", str(tmp_path / "m")]) == 2
    assert main([str(tmp_path / "nowhere"), "--name", "x"]) == 2


# -- the spec everywhere --------------------------------------------------------------------
def test_spec_in_eval_opponents_and_ismcts_prior(policies):
    import gymnasium as gym

    import boardgym  # noqa: F401
    from boardgym.agents.pretrained import PretrainedAgent
    from boardgym.agents.specs import check_spec, kinds_help, make_agent, split_specs
    from boardgym.eval.evaluate import evaluate_vs_field

    assert "pretrained[:NAME]" in kinds_help()
    assert split_specs(f"pretrained:{NAME},heuristic") == [f"pretrained:{NAME}", "heuristic"]
    check_spec("pretrained", GAME)
    rows = evaluate_vs_field(GAME, {"num_players": 2}, ["pretrained"], ["random"], [1, 2])
    assert rows[0]["games"] == 2 and rows[0]["agent"] == "pretrained" and not rows[0]["note"]

    env = gym.make("boardgym/AncientTerribleThings-v0", num_players=2, opponents="pretrained")
    assert isinstance(env.unwrapped.opponents[1], PretrainedAgent)
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(0)
    done = False
    while not done:   # a whole game against it
        legal = np.flatnonzero(info["action_mask"])
        obs, r, term, trunc, info = env.step(int(legal[rng.integers(len(legal))]))
        done = term or trunc

    search = make_agent(f"ismcts:simulations=4,rollout_depth=2,prior=pretrained:{NAME}", GAME, 0)
    assert isinstance(search.prior_agent, PretrainedAgent)
    obs, mask, state = observations(GAME, 1, seed=2, num_players=2)[0]
    assert mask[search.act(obs, mask, state)]


def test_play_against_it_and_a_wrong_player_count(policies, capsys):
    from tests.test_cli import Inputs, run

    rc, text = run(["play", GAME, "--players", "2", "--seed", "3", "--opponents", "pretrained"], Inputs())
    assert rc == 0 and f"(pretrained) chose: " in text and "Final scores:" in text
    rc, _ = run(["play", GAME, "--players", "3", "--seed", "3", "--opponents", "pretrained"], Inputs())
    err = capsys.readouterr().err
    assert rc == 2 and "num_players=3" in err and "trained for ancient_terrible_things with num_players=2" in err


# -- refusals -------------------------------------------------------------------------------
def test_unknown_name_and_game_without_policy(policies):
    from boardgym.agents.specs import check_spec, make_agent

    with pytest.raises(ConfigError, match=rf"no pretrained policy 'nope' for 'ancient_terrible_things'.*{NAME}"):
        check_spec("pretrained:nope", GAME)
    with pytest.raises(ConfigError, match="there is no pretrained policy for 'paleo' yet"):
        make_agent("pretrained", "paleo")
    with pytest.raises(ConfigError, match=rf"no pretrained policy for 'paleo' yet \('{NAME}' is a policy of 'ancient_terrible_things'\)"):
        check_spec(f"pretrained:{NAME}", "paleo")
    with pytest.raises(ConfigError, match="needs a name"):
        check_spec("pretrained:")
    with pytest.raises(ConfigError, match="lower-case letters"):
        check_spec("pretrained:Bad-Name")


def test_wrong_options_refused_before_playing(policies):
    """``python -m boardgym.eval`` checks every spec against each configuration it will play."""
    from boardgym.agents.specs import check_spec
    from boardgym.eval.__main__ import check_args

    check_spec("pretrained", GAME, {"num_players": 2})
    with pytest.raises(ConfigError, match=r"agent spec 'pretrained': .* this game has num_players=3 \(trained: 2\)"):
        check_spec("pretrained", GAME, {"num_players": 3})
    check_spec("pretrained", GAME, {"num_players": 2, "length": "short"})   # not an option it names
    with pytest.raises(SystemExit, match="--agents: agent spec 'pretrained'.*num_players=3"):
        check_args(GAME, ["heuristic", "pretrained"], [2, 3], {}, None)


def test_wrong_options_or_sizes_refused_at_the_first_decision(policies):
    import gymnasium as gym

    import boardgym  # noqa: F401
    from boardgym.agents.pretrained import PretrainedAgent

    env = gym.make("boardgym/AncientTerribleThings-v0", num_players=3, opponents="pretrained", seat=1)
    with pytest.raises(ConfigError, match=r"num_players=3 \(trained: 2\)"):
        env.reset(seed=0)   # seat 0 (the policy) moves first
    agent = PretrainedAgent(GAME)
    obs, mask, state = observations(GAME, 1, seed=5, num_players=3)[0]   # same sizes, 3 seats
    with pytest.raises(ConfigError, match=r"num_players=3 \(trained: 2\)"):
        agent.act(obs, mask, state)
    obs, mask, state = observations(GAME, 1, seed=5, num_players=2)[0]
    with pytest.raises(ConfigError, match="observation has 2234 entries"):
        agent.act(obs[:-1], mask)
    with pytest.raises(ConfigError, match="it cannot play paleo"):
        p_obs, p_mask, p_state = observations("paleo", 1, seed=1)[0]
        agent.act(p_obs, p_mask, p_state)


def test_corrupt_or_mismatching_file_refused(policies):
    from boardgym.agents.specs import make_agent

    path = policies / f"{NAME}.npz"
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(ConfigError, match="not the one the manifest describes \\(its sha256 differs.*corrupt or was replaced"):
        make_agent("pretrained", GAME)
    path.write_bytes(bytes(data) + b"\0")
    with pytest.raises(ConfigError, match=rf"\(it has {len(data) + 1} bytes, the manifest says {len(data)}\)"):
        make_agent("pretrained", GAME)
    path.unlink()
    with pytest.raises(ConfigError, match="its file .* is missing"):
        make_agent("pretrained", GAME)


def _replace_file(folder, activation, actor, critic, **fields):
    path = folder / f"{NAME}.npz"
    save_layers(path, activation, actor, critic)

    def fix(doc):
        e = doc["policies"][0]
        e.update(sha256=sha256_of(path), size=path.stat().st_size, **fields)
    edit_manifest(folder, fix)


def test_shapes_the_game_now_and_pickles_refused(policies):
    rng = np.random.default_rng(0)

    def mlp(sizes):
        return [(rng.normal(size=(o, i)).astype(np.float32), np.zeros(o, np.float32)) for i, o in zip(sizes, sizes[1:])]

    entry = lambda: load_manifest().find(GAME)   # noqa: E731
    _replace_file(policies, "tanh", mlp([2235, 8, 93]), mlp([2235, 16, 1]))
    with pytest.raises(ConfigError, match=r"actor layers have sizes \[2235, 8, 93\], the manifest describes \[2235, 32, 16, 93\]"):
        read_checked(entry())
    # a policy whose file and manifest agree, for a game whose observation has changed since
    _replace_file(policies, "tanh", mlp([2236, 4, 93]), mlp([2236, 4, 1]), observation_size=2236,
                  net_arch={"pi": [4], "vf": [4]})
    with pytest.raises(ConfigError, match="the game's observation has 2235 entries now, the policy was trained on 2236"):
        read_checked(entry())
    # an object array (a pickle) inside an npz is never loaded
    path = policies / f"{NAME}.npz"
    np.savez(path, format=np.array(1), activation=np.array(["tanh", {"x": 1}], dtype=object))
    edit_manifest(policies, lambda d: d["policies"][0].update(sha256=sha256_of(path), size=path.stat().st_size))
    with pytest.raises(ConfigError, match="is not a boardgym pretrained policy file"):
        read_checked(entry())


@pytest.mark.parametrize("edit, match", [
    (lambda d: d["policies"][0].pop("sha256"), r"entry 'policies\[0\]', field 'sha256'"),
    (lambda d: d["policies"][0].update(colour="red"), "unknown key 'colour'"),
    (lambda d: d["policies"][0].update(size=-3), "below the minimum"),
    (lambda d: d["policies"][0]["evaluation"].update(rows=[]), "must not be empty"),
    (lambda d: d.update(format=2), "format"),
    (lambda d: d["policies"].append(dict(d["policies"][0])), "duplicate name"),
    (lambda d: d["defaults"].update(paleo=NAME), "the default policy 'att_tiny' is not a policy of 'paleo'"),
])
def test_malformed_manifest_refused_naming_the_field(policies, edit, match):
    from boardgym.agents.specs import check_spec

    edit_manifest(policies, edit)
    with pytest.raises(ContentError, match=match):
        load_manifest()
    with pytest.raises(ConfigError, match="the pretrained manifest is malformed"):
        check_spec("pretrained", GAME)
    assert "error" in _list_main([])[1]


# -- listing, shipping ------------------------------------------------------------------------
def _list_main(argv):
    import contextlib

    from boardgym.pretrained.__main__ import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        rc = main(argv, out)
    return rc, out.getvalue() + err.getvalue()


def test_listing(policies, tmp_path):
    rc, text = _list_main([])
    assert rc == 0
    assert f"{NAME}: ancient_terrible_things, num_players=2, reward=score_diff" in text
    assert "the game's default: pretrained" in text and "tiny smoke run" in text
    assert f"pretrained:{NAME} vs random: 2 games (seeds 500..501), win rate" in text
    rc, text = _list_main(["--dir", str(tmp_path / "empty")])
    assert rc == 0 and "No pretrained policies" in text
    from boardgym.cli import main

    out = io.StringIO()
    assert main(["pretrained"], stdout=out) == 0 and f"{NAME}: ancient_terrible_things" in out.getvalue()


def test_every_shipped_policy_checks_out():
    """The package's own manifest (not the env var's): valid, and every entry's file matches its
    sha256, its shapes and the game as it is now, with measured figures; passes with none."""
    manifest = load_manifest(HERE)
    for e in manifest.entries():
        read_checked(e)
        rows = e.doc["evaluation"]["rows"]
        assert rows and all(r["games"] > 0 for r in rows), e.name
        assert any(r["agent"] == f"pretrained:{e.name}" for r in rows), e.name
        assert e.doc["size"] <= 20_000_000, f"{e.name}: a shipped policy stays a few MB"
    for game, name in manifest.doc["defaults"].items():
        assert manifest.find(game).name == name
    assert sorted(p.name for p in HERE.glob("*.npz")) == sorted(e.doc["file"] for e in manifest.entries())


def test_wheel_carries_the_manifest_schema_and_weights():
    from fnmatch import fnmatch

    root = Path(__file__).resolve().parents[2]
    patterns = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["boardgym"]
    for needed in ("pretrained/manifest.json", "pretrained/schema/manifest.schema.json", "pretrained/x.npz"):
        assert any(fnmatch(needed, p) for p in patterns), needed


def test_playing_it_needs_no_torch(policies):
    """A fresh interpreter builds the env with a pretrained opponent and plays it: torch, SB3
    and pickle-loading code never imported."""
    import os
    import subprocess
    import sys

    code = ("import sys, gymnasium as gym, numpy as np, boardgym\n"
            "env = gym.make('boardgym/AncientTerribleThings-v0', opponents='pretrained')\n"
            "obs, info = env.reset(seed=1)\n"
            "for _ in range(30):\n"
            "    obs, r, term, trunc, info = env.step(int(np.flatnonzero(info['action_mask'])[0]))\n"
            "    if term or trunc: break\n"
            "bad = sorted(m for m in ('torch', 'stable_baselines3', 'sb3_contrib') if m in sys.modules)\n"
            "assert not bad, bad\n")
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]


def test_plain_pretrained_plays_the_policy_trained_for_the_options(policies):
    """Two ATT policies, one for 2 players (the default) and a copy declared for solo: plain
    ``pretrained`` plays the one whose options fit the game played, a named one only its own."""
    import gymnasium as gym

    import boardgym  # noqa: F401
    from boardgym.agents.pretrained import PretrainedAgent

    def add_solo(doc):
        solo = json.loads(json.dumps(doc["policies"][0]))
        solo["name"], solo["options"] = "att_tiny_solo", {"num_players": 1}
        doc["policies"].append(solo)

    edit_manifest(policies, add_solo)
    agent = PretrainedAgent(GAME)
    obs, mask, state = observations(GAME, 1, seed=2, num_players=1)[0]
    agent.act(obs, mask, state)
    assert agent.name == "pretrained:att_tiny_solo"
    obs, mask, state = observations(GAME, 1, seed=2, num_players=2)[0]
    agent.act(obs, mask, state)
    assert agent.name == f"pretrained:{NAME}"
    with pytest.raises(ConfigError, match="att_tiny_solo.*num_players=2 \\(trained: 1\\)"):
        PretrainedAgent(GAME, "att_tiny_solo").act(obs, mask, state)
    with pytest.raises(ConfigError, match="att_tiny plays num_players=2.*att_tiny_solo plays num_players=1"):
        gym.make("boardgym/AncientTerribleThings-v0", num_players=3, opponents="pretrained", seat=1).reset(seed=0)


def _games_with_reward_options():
    from boardgym.games import GAMES, game_class
    from boardgym.pretrained.weights import REWARD_OPTIONS

    return sorted(g for g in GAMES if any(o in game_class(g).info.defaults for o in REWARD_OPTIONS))


def test_the_reward_games_are_the_ones_with_modes():
    assert _games_with_reward_options() == ["ancient_terrible_things", "primeval_peril", "tides_of_ruin_arcade"]


@pytest.mark.parametrize("game_name", _games_with_reward_options())
def test_reward_modes_change_no_observation_or_mask(game_name):
    """A pretrained policy ignores the ``reward`` option (REWARD_OPTIONS): for every registered
    game that has one, each reward mode (the game module's REWARDS) gives the same observations
    and legal masks along the same seeded game; only what the game pays differs."""
    import sys

    from boardgym.games import game_class
    from boardgym.pretrained.weights import REWARD_OPTIONS

    cls = game_class(game_name)
    for option in (o for o in REWARD_OPTIONS if o in cls.info.defaults):
        modes = sys.modules[cls.__module__].REWARDS
        assert cls.info.defaults[option] in modes and len(modes) >= 2
        players = 2 if game_name == "ancient_terrible_things" else 1
        runs = [[(o.tobytes(), m.tobytes()) for o, m, _ in
                 observations(game_name, 150, seed=4, num_players=players, **{option: mode})] for mode in modes]
        assert all(r == runs[0] for r in runs[1:]), f"{game_name}: {option} changed what a seat sees"


# -- a policy file whose numbers are not a policy's; a manifest that cannot be parsed ---------------
def _tiny_folder(tmp_path, arrays: dict | None = None, spoil=None) -> tuple[Path, dict]:
    """A manifest folder holding one policy: the package's first manifest entry with 4-unit
    layers and its own ``tiny.npz`` (``spoil(arrays)`` edits the arrays before they are written;
    the manifest's size and sha256 then match the spoilt file)."""
    doc = json.loads((HERE / "manifest.json").read_text())
    entry = dict(doc["policies"][0], name="tiny", file="tiny.npz", net_arch={"pi": [4], "vf": [4]})
    o, a = entry["observation_size"], entry["num_actions"]
    rng = np.random.default_rng(0)
    arrays = {"format": np.array(1), "activation": np.array(entry["activation"]),
              "actor_layers": np.array(2), "critic_layers": np.array(2)}
    for role, out in (("actor", a), ("critic", 1)):
        for i, (rows, cols) in enumerate(((4, o), (out, 4))):
            arrays[f"{role}_w{i}"] = rng.normal(size=(rows, cols)).astype(np.float32)
            arrays[f"{role}_b{i}"] = np.zeros(rows, np.float32)
    if spoil is not None:
        spoil(arrays)
    folder = tmp_path / "tiny"
    folder.mkdir(parents=True)
    np.savez_compressed(folder / "tiny.npz", **arrays)
    entry.update(sha256=sha256_of(folder / "tiny.npz"), size=(folder / "tiny.npz").stat().st_size)
    (folder / "manifest.json").write_text(json.dumps(
        {"format": doc["format"], "defaults": {entry["game"]: "tiny"}, "policies": [entry]}))
    return folder, entry


def test_weights_that_are_not_finite_float32_are_refused(tmp_path):
    folder, entry = _tiny_folder(tmp_path / "good")
    read_checked(load_manifest(folder).find(entry["game"]))     # the tiny policy itself checks out

    def nan(arrays):
        arrays["actor_w1"][2, 1] = np.nan

    def inf(arrays):
        arrays["critic_b0"][0] = -np.inf

    def float64(arrays):
        arrays["actor_w0"] = arrays["actor_w0"].astype(np.float64)

    for spoil, words in ((nan, "its array actor_w1 holds 1 NaN or infinite number"),
                         (inf, "its array critic_b0 holds 1 NaN or infinite number"),
                         (float64, "its array actor_w0 holds float64 numbers, a policy file holds float32")):
        folder, entry = _tiny_folder(tmp_path / spoil.__name__, spoil=spoil)
        with pytest.raises(ConfigError, match=f"pretrained policy 'tiny': .*{words}"):
            read_checked(load_manifest(folder).find(entry["game"]))


def test_a_policy_file_that_is_a_pipe_is_refused_unread(tmp_path):
    import os

    from ..games.test_pack_files import within

    folder, entry = _tiny_folder(tmp_path)
    path = folder / "tiny.npz"
    path.unlink()
    os.mkfifo(path)
    with within(5), pytest.raises(ConfigError, match="tiny.npz cannot be read: a pipe"):
        read_checked(load_manifest(folder).find(entry["game"]))


@pytest.mark.parametrize("text, words", [("[" * 100_000 + "]" * 100_000, "nested too deeply"),
                                         ('{"format": 1' + "0" * 5000 + "}", "a number too long to read")],
                         ids=["nested", "long-number"])
def test_a_manifest_that_cannot_be_parsed_is_refused_naming_it(tmp_path, text, words):
    (tmp_path / "manifest.json").write_text(text)
    with pytest.raises(ContentError, match=words) as err:
        load_manifest(tmp_path)
    assert err.value.file == str(tmp_path / "manifest.json")
