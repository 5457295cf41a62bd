"""Packaging (issue 9, item 9): pyproject.toml states compatible ranges so boardgym installs
beside a researcher's own pins; constraints.txt holds the exact versions tested, and every one
of them lies inside the ranges (so `make install` with the constraints can never conflict)."""
from __future__ import annotations

import tomllib
from pathlib import Path

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
