"""PettingZoo factories for Ancient Terrible Things: ``env(num_players=1..4)`` (order-enforced AEC),
``raw_env``, ``parallel_env``; ``pettingzoo.make("aec" | "parallel", "boardgym/ancient_terrible_things_v0")``.

Per-player rewards from the game's reward mode (``reward="score_diff"`` default, ``"rank"``,
``"raw"``; solo: +1 win / -1 defeat). See ``docs/games/ancient_terrible_things.md``.
"""
from .pz_env import factories

env, raw_env, parallel_env = factories("ancient_terrible_things")
