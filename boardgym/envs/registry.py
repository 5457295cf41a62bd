"""Reads ``envs_registry.yaml`` (declared once) and registers Gymnasium and PettingZoo ids."""
from __future__ import annotations

from functools import lru_cache
from importlib import resources

import yaml


@lru_cache(maxsize=1)
def registry() -> dict:
    text = resources.files("boardgym").joinpath("envs_registry.yaml").read_text()
    return yaml.safe_load(text)


def heuristic_path(game: str) -> str:
    return registry()["games"][game]["heuristic"]


def test_configs(game: str) -> list[dict]:
    return registry()["games"][game].get("test_configs", [{}])


def gym_ids() -> list[str]:
    return [e["id"] for e in registry()["gymnasium"]]


def pettingzoo_ids() -> list[str]:
    return [e["id"] for e in registry()["pettingzoo"]]


def text_id(env_id: str) -> str:
    """The id of the text env beside a Gymnasium or PettingZoo id: ``boardgym/Paleo-v0`` ->
    ``boardgym/PaleoText-v0``, ``boardgym/paleo_v0`` -> ``boardgym/paleo_text_v0``."""
    if env_id.endswith("-v0"):
        return env_id[:-3] + "Text-v0"
    return env_id[:-3] + "_text_v0"


def text_gym_ids() -> list[str]:
    """The Gymnasium text ids, one beside every Gymnasium id (``text_env.py``)."""
    return [text_id(i) for i in gym_ids()]


def text_pettingzoo_ids() -> list[str]:
    """The PettingZoo AEC text ids, one beside every PettingZoo id (``text_pz.py``)."""
    return [text_id(i) for i in pettingzoo_ids()]


def pz_entry(game_name: str) -> dict | None:
    """The PettingZoo registry entry of ``game_name`` (its module ends ``<game>_v0``)."""
    for entry in registry()["pettingzoo"]:
        if entry["module"].rsplit(".", 1)[-1] == f"{game_name}_v0":
            return entry
    return None


def players_kwarg(game_name: str) -> str:
    """The game option that sets the number of seats (``num_players``, ``num_groups``...): the
    ``players_kwarg`` of the game's PettingZoo entry."""
    return (pz_entry(game_name) or {}).get("players_kwarg") or "num_players"


def default_players(game_name: str) -> int:
    """The one default player count of ``game_name``: that of its first Gymnasium id here (what
    ``gym.make`` builds without a count), which ``python -m boardgym.eval``, ``boardgym play`` and the
    game's own options share."""
    pkw = players_kwarg(game_name)
    for entry in registry()["gymnasium"]:
        if entry["game"] == game_name and pkw in entry.get("kwargs", {}):
            return int(entry["kwargs"][pkw])
    from boardgym.games import game_class

    info = game_class(game_name).info
    return int(info.defaults.get(pkw, info.min_players))


def max_episode_steps(game: str) -> int:
    """The Gymnasium ``max_episode_steps`` of every id of ``game``: its declared
    ``GameInfo.max_decisions`` (no legal game reaches it; it cuts off a policy stuck on
    illegal actions)."""
    from boardgym.games import game_class

    return game_class(game).info.max_decisions


def register_all() -> None:
    import gymnasium
    import pettingzoo

    reg = registry()
    for entry in reg["gymnasium"]:
        if entry["id"] not in gymnasium.registry:
            gymnasium.register(
                id=entry["id"],
                entry_point="boardgym.envs.gym_env:BoardgymEnv",
                vector_entry_point="boardgym.envs.vector:make_vector_env",
                kwargs={"game": entry["game"], **entry.get("kwargs", {}),
                        **({"fixed": {k: entry["kwargs"][k] for k in entry["fixed"]}}
                           if entry.get("fixed") else {})},
                max_episode_steps=max_episode_steps(entry["game"]),
                disable_env_checker=False,
            )
        tid = text_id(entry["id"])  # the text env beside it, from the same entry
        if tid not in gymnasium.registry:
            gymnasium.register(
                id=tid, entry_point="boardgym.envs.text_env:BoardgymTextEnv",
                kwargs=dict(gymnasium.registry[entry["id"]].kwargs),
                max_episode_steps=max_episode_steps(entry["game"]), disable_env_checker=False)
    for entry in reg["pettingzoo"]:
        tid = text_id(entry["id"])
        try:
            pettingzoo.spec("aec", tid)
        except pettingzoo.env_registry.exceptions.PettingZooRegistryError:
            game = entry["module"].rsplit(".", 1)[-1][:-3]
            pettingzoo.register("aec", tid, entry_point="boardgym.envs.text_pz:text_env",
                                kwargs={"game": game, **entry.get("kwargs", {})})
        for kind in ("aec", "parallel"):
            fn = "env" if kind == "aec" else "parallel_env"
            try:  # PettingZoo keys its registry as "<name>-v0" and finds "<name>_v0" by it
                pettingzoo.spec(kind, entry["id"])
            except pettingzoo.env_registry.exceptions.PettingZooRegistryError:
                pettingzoo.register(kind, entry["id"], entry_point=f"{entry['module']}:{fn}",
                                    kwargs=dict(entry.get("kwargs", {})))
