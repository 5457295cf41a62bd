"""PettingZoo factories for Sleeping Gods: Primeval Peril: ``env(num_players=1..4)``
(order-enforced AEC), ``raw_env``, ``parallel_env``; ``pettingzoo.make("aec" | "parallel",
"boardgym/primeval_peril_v0")``.

Cooperative: one agent per player, each deciding for its own characters and the active seat for
Captain Vine; every agent gets the shared team reward (``reward="sparse"`` +1 for an ending /
−1 for defeat, ``"score"`` the PP-END-3 score / 50, ``"shaped"`` the same with a potential).
See ``docs/games/primeval_peril.md``.
"""
from .pz_env import factories

env, raw_env, parallel_env = factories("primeval_peril")
