"""A trained sb3-contrib MaskablePPO policy as a boardgym Agent.

``PPOAgent(path).act(observation, legal_mask)`` returns the most probable legal action of the
policy (deterministic); ``action_probabilities(observation, legal_mask)`` is the masked softmax of
its logits (ISMCTS uses it as a full PUCT prior: ``ismcts:prior=ppo:PATH``). The policy was trained on the ``observation`` vector only (the mask is
applied to its logits), so any seat's ``state.observation(p)`` feeds it directly.
"""
from __future__ import annotations

import numpy as np

from boardgym.core.agent import Agent


def masked_choice(logits, legal_mask, deterministic: bool, rng) -> int:
    """The most probable legal action, or one sampled from the policy renormalised over the
    legal actions."""
    logits = np.asarray(logits, dtype=np.float64).copy()
    legal = np.asarray(legal_mask).astype(bool)
    if not legal.any():
        raise ValueError("the legal mask is empty")
    logits[~legal] = -np.inf
    if deterministic:
        return int(np.argmax(logits))
    p = np.exp(logits - logits[legal].max())
    p /= p.sum()
    return int(rng.choice(len(p), p=p))


def masked_softmax(logits, legal_mask) -> np.ndarray:
    """Softmax of ``logits`` over the legal actions (float64, 0 for the illegal ones)."""
    logits = np.asarray(logits, dtype=np.float64)
    legal = np.asarray(legal_mask).astype(bool)
    if not legal.any():
        raise ValueError("the legal mask is empty")
    p = np.zeros(len(logits))
    z = logits[legal] - logits[legal].max()
    e = np.exp(z)
    p[legal] = e / e.sum()
    return p


class PPOAgent(Agent):
    name = "ppo"

    def __init__(self, path: str, device: str = "cpu", deterministic: bool = True,
                 seed: int | None = None):
        import torch
        from sb3_contrib import MaskablePPO

        self.model = MaskablePPO.load(path, device=device)
        self.policy = self.model.policy
        self.policy.set_training_mode(False)
        self.deterministic = deterministic
        self.rng = np.random.default_rng(seed)
        self._torch = torch
        self.path = str(path)

    def reset(self, seed: int | None = None) -> None:
        if seed is not None:
            self.rng = np.random.default_rng(seed)

    def logits(self, observation) -> np.ndarray:
        th = self._torch
        obs = np.asarray(observation, dtype=np.float32).reshape(1, -1)
        with th.no_grad():
            t = th.as_tensor(obs, device=self.policy.device)
            features = self.policy.extract_features(t, self.policy.pi_features_extractor)
            latent = self.policy.mlp_extractor.forward_actor(features)
            return self.policy.action_net(latent)[0].cpu().numpy()

    def action_probabilities(self, observation, legal_mask) -> np.ndarray:
        """The policy's probability of each action, renormalised over the legal ones (0 elsewhere)."""
        return masked_softmax(self.logits(observation), legal_mask)

    def value(self, observation) -> float:
        """The critic's estimate of the seat's (discounted, shaped if trained so) return."""
        th = self._torch
        obs = np.asarray(observation, dtype=np.float32).reshape(1, -1)
        with th.no_grad():
            return float(self.policy.predict_values(th.as_tensor(obs, device=self.policy.device))[0, 0])

    def act(self, observation, legal_mask, state=None) -> int:
        return masked_choice(self.logits(observation), legal_mask, self.deterministic, self.rng)
