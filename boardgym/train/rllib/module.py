"""The masked actor-critic RLModule (torch, RLlib's new API stack) every boardgym game trains.

Observations are the envs' ``Dict(observation=Box, action_mask=Box)``; the policy head's logits
get ``log(mask)`` floored at RLlib's ``FLOAT_MIN`` added (as RLlib's action-masking example
does), so an illegal action has probability 0 when sampling and never wins the argmax; the
value head reads the same observation vector. ``model_config``: ``hidden`` (layer sizes, shared
shape for the two separate MLPs) and ``activation`` (``tanh`` or ``relu``).
"""
from __future__ import annotations

import logging

import torch
from ray.rllib.core.columns import Columns
from ray.rllib.core.rl_module.apis.value_function_api import ValueFunctionAPI
from ray.rllib.core.rl_module.torch import TorchRLModule
from ray.rllib.utils.torch_utils import FLOAT_MIN
from torch import nn

ACTIVATIONS = {"tanh": nn.Tanh, "relu": nn.ReLU}
RLMODULE_CONFIG_NOTICE = "RLModule(config=[RLModuleConfig object])"


class _RLlibsOwnNotice(logging.Filter):
    """Ray 2.60's ``RLModule.__init__`` builds a deprecated ``RLModuleConfig`` itself, for every
    module (RLlib's own too), and logs "`RLModule(config=[RLModuleConfig object])` has been
    deprecated". This module is built with the current constructor (``RLModuleSpec`` ->
    ``observation_space=, action_space=, model_config=``), so the line points at nothing to
    change here: it alone is dropped."""

    def filter(self, record: logging.LogRecord) -> bool:
        return RLMODULE_CONFIG_NOTICE not in record.getMessage()


def _quiet_rllibs_own_notice() -> None:
    log = logging.getLogger("ray._common.deprecation")
    if not any(isinstance(f, _RLlibsOwnNotice) for f in log.filters):
        log.addFilter(_RLlibsOwnNotice())


_quiet_rllibs_own_notice()  # (on import: the driver, env runners and rllib:PATH loads build modules here)


def mlp(n_in: int, hidden, n_out: int, activation: str) -> nn.Sequential:
    layers, last = [], n_in
    for h in hidden:
        layers += [nn.Linear(last, int(h)), ACTIVATIONS[activation]()]
        last = int(h)
    layers.append(nn.Linear(last, n_out))
    return nn.Sequential(*layers)


def masked_logits(logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """``logits + max(log(mask), FLOAT_MIN)``: illegal actions get a logit near -3.4e38."""
    return logits + torch.clamp(torch.log(mask.to(logits.dtype)), min=FLOAT_MIN)


class MaskedActorCritic(TorchRLModule, ValueFunctionAPI):
    def setup(self):
        space = self.observation_space
        if not hasattr(space, "spaces") or set(space.spaces) != {"observation", "action_mask"}:
            raise ValueError(f"MaskedActorCritic needs a Dict(observation, action_mask) observation "
                             f"space (the boardgym envs' own), got {space}")
        cfg = dict(self.model_config or {})
        hidden = list(cfg.get("hidden", [256, 256]))
        activation = cfg.get("activation", "tanh")
        if activation not in ACTIVATIONS:
            raise ValueError(f"model activation must be one of {sorted(ACTIVATIONS)}, got {activation!r}")
        n_in = int(space["observation"].shape[0])
        self.pi = mlp(n_in, hidden, int(self.action_space.n), activation)
        self.vf = mlp(n_in, hidden, 1, activation)

    def _forward(self, batch, **kwargs):
        obs = batch[Columns.OBS]
        logits = self.pi(obs["observation"])
        return {Columns.ACTION_DIST_INPUTS: masked_logits(logits, obs["action_mask"])}

    def _forward_train(self, batch, **kwargs):
        return self._forward(batch, **kwargs)

    def compute_values(self, batch, embeddings=None):
        return self.vf(batch[Columns.OBS]["observation"]).squeeze(-1)
