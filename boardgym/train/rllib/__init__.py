"""RLlib (Ray) training for every registered boardgym game: ``backend: rllib`` in a train config.

``env``: the PettingZoo AEC env as an RLlib ``MultiAgentEnv`` with a per-episode league draw;
``module``: the masked actor-critic RLModule; ``league``: snapshot slots and the config the
runner builds; ``runner``: config -> PPO, the train loop, checkpoints, resume, TensorBoard;
``agent``: ``rllib:PATH`` as a boardgym ``Agent``. Importing this package does not import Ray.
"""
