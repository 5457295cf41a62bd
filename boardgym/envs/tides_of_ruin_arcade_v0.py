"""PettingZoo factories for Sleeping Gods: Tides of Ruin — Arcade Mode: ``env(num_players=1..4)``
(order-enforced AEC), ``raw_env``, ``parallel_env``; ``pettingzoo.make("aec" | "parallel",
"boardgym/tides_of_ruin_arcade_v0")``.

Cooperative: one agent per player, every agent gets the shared team reward (``reward="sparse"``
+1 survived / −1 all crew down, ``"score"`` the score / 300, ``"shaped"`` the same with a
potential). See ``docs/games/tides_of_ruin_arcade.md``.
"""
from .pz_env import factories

env, raw_env, parallel_env = factories("tides_of_ruin_arcade")
