"""PettingZoo factories for Paleo: ``env(num_groups=1..4)`` (order-enforced AEC), ``raw_env``,
``parallel_env``; ``pettingzoo.make("aec" | "parallel", "boardgym/paleo_v0")``.

Cooperative: every group gets the shared team reward (+1 win, -1 loss, 0 at ``max_rounds``).
In ``parallel_env`` all awake groups commit their card choice in the same step.
See ``docs/games/paleo.md``.
"""
from .pz_env import factories

env, raw_env, parallel_env = factories("paleo")
