"""``rllib:PATH``: a policy trained by ``backend: rllib`` as a boardgym ``Agent``.

``PATH`` is a run folder (``runs/NAME``: its ``policy/``), an exported module folder
(``runs/NAME/policy``) or an algorithm checkpoint (``runs/NAME/checkpoints/iter_N``: its
``main`` module). The module's masked logits pick the action: the most probable legal one
(default) or a sample over the legal ones; an illegal action is never chosen. Loading unpickles
the module's class and constructor arguments stored in the folder: only folders you trust.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from boardgym.core.agent import Agent
from boardgym.core.errors import ConfigError

MODULE_IN_CHECKPOINT = ("learner_group", "learner", "rl_module", "main")


def module_dir(path) -> Path | None:
    """The RLModule folder ``path`` names (see the module doc), or None."""
    p = Path(path)
    for cand in (p / "policy", p.joinpath(*MODULE_IN_CHECKPOINT), p):   # (a checkpoint's root
        # holds the algorithm's class_and_ctor_args.pkl, so its main module comes first)
        if (cand / "class_and_ctor_args.pkl").is_file():
            return cand
    return None


def check_path(path, text: str) -> Path:
    d = module_dir(path)
    if d is None:
        why = "does not exist" if not Path(path).exists() else "holds no RLlib policy"
        raise ConfigError(f"agent spec {text!r}: {str(path)!r} {why}; give a run folder "
                          f"(runs/NAME), its policy/ folder or a checkpoint (runs/NAME/checkpoints/iter_N)")
    return d


class RLlibAgent(Agent):
    name = "rllib"

    def __init__(self, path, deterministic: bool = True, seed: int | None = None):
        import torch
        from ray.rllib.core.rl_module.rl_module import RLModule

        self.path = str(check_path(path, f"rllib:{path}").resolve())   # RLlib wants absolute paths
        self.module = RLModule.from_checkpoint(self.path)
        self.module.eval()
        self.deterministic = deterministic
        self.rng = np.random.default_rng(seed)
        self._torch = torch

    def reset(self, seed: int | None = None) -> None:
        if seed is not None:
            self.rng = np.random.default_rng(seed)

    def logits(self, observation, legal_mask) -> np.ndarray:
        """The module's masked logits (illegal actions near -3.4e38)."""
        th = self._torch
        obs = {"observation": th.as_tensor(np.asarray(observation, np.float32)).reshape(1, -1),
               "action_mask": th.as_tensor(np.asarray(legal_mask).astype(np.float32)).reshape(1, -1)}
        with th.no_grad():
            out = self.module.forward_inference({"obs": obs})
        return out["action_dist_inputs"][0].numpy()

    def act(self, observation, legal_mask, state=None) -> int:
        from boardgym.agents.ppo import masked_choice

        return masked_choice(self.logits(observation, legal_mask), legal_mask, self.deterministic, self.rng)
