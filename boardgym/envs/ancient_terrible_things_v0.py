"""PettingZoo factories for Ancient Terrible Things: ``env(num_players=1..4)``, ``parallel_env``.

Per-player rewards from the game's reward mode (``reward="score_diff"`` default, ``"rank"``,
``"raw"``; solo: +1 win / -1 defeat). See ``docs/games/ancient_terrible_things.md``.
"""
from .pz_env import BoardgymAECEnv, BoardgymParallelEnv

GAME = "ancient_terrible_things"


def env(render_mode=None, **kwargs):
    return BoardgymAECEnv(GAME, render_mode=render_mode, **kwargs)


def raw_env(render_mode=None, **kwargs):
    return env(render_mode=render_mode, **kwargs)


def parallel_env(render_mode=None, **kwargs):
    return BoardgymParallelEnv(GAME, render_mode=render_mode, **kwargs)
