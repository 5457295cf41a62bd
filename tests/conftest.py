"""Shared fixtures: every registered id and PettingZoo factory, parametrised."""
import importlib

import pytest

import boardgym  # noqa: F401  (registers every id)
from boardgym.envs.registry import registry


def gym_entries():
    return registry()["gymnasium"]


def pz_entries():
    return registry()["pettingzoo"]


def pz_module(entry):
    return importlib.import_module(entry["module"])


@pytest.fixture(params=[e["id"] for e in gym_entries()])
def gym_id(request):
    return request.param
