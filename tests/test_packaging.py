"""Packaging: pyproject.toml states compatible ranges so boardgym installs beside a researcher's
own pins; constraints.txt holds the exact versions tested, and every one of them lies inside the
ranges (so `make install` with the constraints can never conflict). The built wheel and sdist
install one import name, boardgym, with every file a user needs (below)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]


def _requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    reqs = [Requirement(r) for r in project["dependencies"]]
    for extra in project["optional-dependencies"].values():
        reqs += [Requirement(r) for r in extra]
    return reqs


def _pins() -> dict[str, Version]:
    pins = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, sep, version = line.partition("==")
        assert sep, f"constraints.txt: {line!r} is not NAME==VERSION"
        pins[canonicalize_name(name)] = Version(version)
    return pins


def test_dependencies_are_ranges_not_pins():
    for req in _requirements():
        ops = {s.operator for s in req.specifier}
        assert ops, f"{req}: no version range (a bare name admits a CUDA torch or a breaking major)"
        assert not ops & {"==", "==="}, f"{req}: pinned exactly; pins belong in constraints.txt"
        assert "<" in ops or "<=" in ops, f"{req}: no upper bound"


def test_every_dependency_is_pinned_inside_its_range():
    pins = _pins()
    for req in _requirements():
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} is in pyproject.toml but not pinned in constraints.txt"
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"constraints.txt pins {req.name}=={pins[name]}, outside pyproject's {req.specifier}")


def test_torch_pinned_to_the_local_cpu_build():
    assert _pins()["torch"] == Version("2.13.0")


# -- the built distribution: one import name, every file a user needs, nothing of the tests ------
# The wheel and the sdist are built from a copy of the checkout's files (tracked and new, not the
# ignored ones), with this interpreter's setuptools and no network (--no-build-isolation). The
# fast checks read the archives; the slow one installs the wheel into a fresh virtualenv with the
# base dependencies alone and uses it from a folder with its own agents.py, train.py and eval.py.
def _source_files() -> list[str]:
    out = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    return [p for p in out.split("\0") if p and (ROOT / p).is_file()]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """{"wheel": Path, "sdist": Path, "tree": the package's files in the checkout}."""
    tmp = tmp_path_factory.mktemp("dist")
    src, out = tmp / "src", tmp / "out"
    files = _source_files()
    for rel in files:
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, src / rel, follow_symlinks=False)
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                           "-w", str(out), str(src)], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    code = f"from setuptools import build_meta as b; print(b.build_sdist({str(out)!r}))"
    proc = subprocess.run([sys.executable, "-c", code], cwd=src, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    wheel, = out.glob("boardgym-*.whl")
    sdist, = out.glob("boardgym-*.tar.gz")
    print(f"built in {time.perf_counter() - t0:.1f} s: {wheel.name} {wheel.stat().st_size / 1e6:.1f} MB, "
          f"{sdist.name} {sdist.stat().st_size / 1e6:.1f} MB")
    tree = {p for p in files if p.startswith("boardgym/")}
    return {"wheel": wheel, "sdist": sdist, "tree": tree}


def _wheel_names(wheel) -> set[str]:
    with zipfile.ZipFile(wheel) as z:
        return {n for n in z.namelist() if not n.endswith("/")}


def test_wheel_installs_one_top_level_name(built):
    names = _wheel_names(built["wheel"])
    tops = {n.split("/")[0] for n in names if ".dist-info/" not in n}
    assert tops == {"boardgym"}, f"the wheel installs top-level names {sorted(tops)}"
    with zipfile.ZipFile(built["wheel"]) as z:
        top_level = next(n for n in z.namelist() if n.endswith(".dist-info/top_level.txt"))
        assert z.read(top_level).decode().split() == ["boardgym"]


def test_wheel_carries_every_file_of_the_package_and_nothing_else(built):
    """Every file under boardgym/ in the checkout, at any depth (each game's content and its
    subfolders, schemas, the registry, the pretrained policies and manifest, the training and
    evaluation configs, the code) is in the wheel, and the wheel holds nothing else: no tests,
    docs or runs. A new content subfolder or data kind that package-data misses fails here."""
    names = {n for n in _wheel_names(built["wheel"]) if ".dist-info/" not in n}
    missing = sorted(built["tree"] - names)
    extra = sorted(names - built["tree"])
    assert not missing, f"files of the package left out of the wheel: {missing}"
    assert not extra, f"files in the wheel that are not the package's: {extra}"
    for needed in ("boardgym/envs_registry.yaml", "boardgym/pretrained/manifest.json",
                   "boardgym/pretrained/schema/manifest.schema.json", "boardgym/train/configs/defaults.yaml",
                   "boardgym/eval/configs/results.yaml", "boardgym/games/paleo/content/modules/J.json"):
        assert needed in names, needed
    from boardgym.games import GAMES
    for game in GAMES:      # every registered game ships content or schemas, so the loop is not empty
        assert any(n.startswith(f"boardgym/games/{game}/") and n.endswith(".json") for n in names), game


def test_sdist_carries_the_package_and_no_tests(built):
    with tarfile.open(built["sdist"]) as t:
        names = {m.name.split("/", 1)[1] for m in t.getmembers() if m.isfile() and "/" in m.name}
    pkg = {n for n in names if n.startswith("boardgym/")}
    assert sorted(built["tree"] - pkg) == []
    assert not [n for n in names if n.startswith(("tests/", "runs/", "results/")) or n.endswith(".pyc")]


def _fresh_venv(tmp_path, wheel, extras: str = ""):
    """A virtualenv outside the repository with the wheel (and ``extras``) installed from the
    package index make install uses, pinned by constraints.txt; (its python, seconds, bytes)."""
    venv = tmp_path / "venv"
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    py = venv / "bin" / "python"
    proc = subprocess.run([str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                           "-c", str(ROOT / "constraints.txt"), f"{wheel}{extras}"],
                          capture_output=True, text=True, timeout=1800)
    assert proc.returncode == 0, proc.stderr[-3000:]
    size = sum(p.stat().st_size for p in venv.rglob("*") if p.is_file() and not p.is_symlink())
    return py, time.perf_counter() - t0, size


def _research_folder(tmp_path) -> Path:
    """A researcher's folder with modules of its own named like boardgym's old top-level packages."""
    work = tmp_path / "research"
    work.mkdir()
    for own in ("agents", "train", "eval"):
        (work / f"{own}.py").write_text(f"raise SystemExit('boardgym imported the user\\'s {own}.py')\n")
    return work


def _clean_env(**extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    return {**env, **extra}


@pytest.mark.slow
def test_base_install_from_a_foreign_folder(built, tmp_path):
    """A fresh virtualenv with the wheel and the base dependencies alone, used from a folder
    holding its own agents.py, train.py and eval.py: every Gymnasium id and PettingZoo env, a game
    with each agent kind of the base install, boardgym list / validate / view, the top-level
    names, and the extras it lacks refused by name (tests/packaging/foreign_folder_smoke.py)."""
    py, seconds, size = _fresh_venv(tmp_path, built["wheel"])
    print(f"base install: {seconds:.1f} s, {size / 1e6:.0f} MB")
    work = _research_folder(tmp_path)
    shutil.copy(ROOT / "tests" / "packaging" / "foreign_folder_smoke.py", work / "smoke.py")
    proc = subprocess.run([str(py), "smoke.py"], cwd=work, env=_clean_env(BOARDGYM_SMOKE_BASE="1"),
                          capture_output=True, text=True, timeout=900)
    print(proc.stdout)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "all checks passed" in proc.stdout


@pytest.mark.slow
def test_train_install_trains_and_evaluates_from_a_foreign_folder(built, tmp_path):
    """With ``[train]``: the same smoke, then ``boardgym train`` a few steps of a shipped config
    named alone and ``boardgym eval`` one game, from the researcher's folder."""
    py, seconds, size = _fresh_venv(tmp_path, built["wheel"], "[train]")
    print(f"[train] install: {seconds:.1f} s, {size / 1e6:.0f} MB")
    work = _research_folder(tmp_path)
    shutil.copy(ROOT / "tests" / "packaging" / "foreign_folder_smoke.py", work / "smoke.py")
    exe = str(py.parent / "boardgym")
    for argv in ([str(py), "smoke.py"],
                 [exe, "train", "--config", "att_solo.yaml", "--timesteps", "64", "--n-envs", "1",
                  "--no-eval", "--no-progress-bar", "--out", str(work / "runs" / "att_solo")],
                 [exe, "eval", "--game", "ancient_terrible_things", "--agents", "random,heuristic",
                  "--games", "1", "--players", "2", "--out", str(work / "results")]):
        proc = subprocess.run(argv, cwd=work, env=_clean_env(), capture_output=True, text=True, timeout=900)
        print(proc.stdout[-1500:])
        assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert (work / "runs" / "att_solo" / "model.zip").is_file()
    assert list((work / "results").rglob("*.json"))
