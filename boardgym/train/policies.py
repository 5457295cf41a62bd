"""Policy architectures beside the flat MLP, read from the game's observation layout (the
``policy:`` section of a training config, boardgym/train/policy_config.py):

* ``EntityExtractor`` (``encoder: entity``): per declared entity set (``ObsLayout.entities``) a
  shared per-entity MLP and a pooling over the present entities (mean, sum or max: the same
  features whatever the order of the rows), with the set's present fraction; concatenated with
  an MLP of the rest of the vector. An SB3 features extractor.
* ``BoardgymPolicy`` with ``heads="per_kind"``: one linear action head per decision kind (the
  layout's ``decision_kind`` piece, one-hot) and one for an observation without a kind; the
  logits of an observation are its kind's head applied to the actor latent. The actor latent
  carries the one-hot at its end (``KindLatent``) so ``mlp_extractor.forward_actor`` then
  ``action_net`` still gives the logits, as every caller of an SB3 policy expects
  (MaskablePPO, ``ppo:`` agents, behaviour cloning, the KL penalty).

Both keep the env's action space and masks: the mask is applied to these logits as to the
flat policy's.
"""
from __future__ import annotations

import numpy as np
import torch as th
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor, FlattenExtractor
from torch import nn

from boardgym.agents.policy_net import layout_spec  # noqa: F401  (shared with the numpy policy)

from .policy_config import POOLINGS


class EntityExtractor(BaseFeaturesExtractor):
    """Deep sets over the layout's entity sets beside an MLP of the rest of the vector.

    A row is present when its presence column is non-zero (or, for a set without one, when any
    of its values is); pooling runs over the present rows only (no present row: zeros), and
    the fraction of present rows is appended per set. With ``decision`` (the policy passes it
    for per-kind heads) the raw decision-kind one-hot ends the features (``kind_slice``)."""

    def __init__(self, observation_space, spec: dict, entity_dim: int = 64, flat_dim: int = 256,
                 pooling: str = "mean", decision=None):
        if pooling not in POOLINGS:
            raise ValueError(f"pooling must be one of {', '.join(POOLINGS)}, got {pooling!r}")
        size = int(observation_space.shape[0])
        if size != spec["size"]:
            raise ValueError(f"the observation has {size} values but the layout {spec['size']}")
        sets = spec["sets"]
        kind = 0 if decision is None else int(decision[1])
        features = len(sets) * (entity_dim + 1) + flat_dim + kind
        super().__init__(observation_space, features)
        self.pooling = pooling
        self.set_names = [s["name"] for s in sets]
        self.presence = [s["presence"] for s in sets]
        self.phi = nn.ModuleList()
        self.blocks = []   # per set: (start, count, width) when its rows follow each other, else None
        for i, s in enumerate(sets):
            first, count, width = s["rows"][0], len(s["rows"]), s["width"]
            block = list(s["rows"]) == list(range(first, first + count * width, width))
            self.blocks.append((first, count, width) if block else None)
            rows = np.asarray(s["rows"])[:, None] + np.arange(width)[None, :]
            self.register_buffer(f"rows{i}", th.as_tensor(rows, dtype=th.long), persistent=False)
            self.phi.append(nn.Sequential(nn.Linear(s["width"], entity_dim), nn.ReLU(),
                                          nn.Linear(entity_dim, entity_dim), nn.ReLU()))
        self.rest_spans = [(int(o), int(n)) for o, n in spec["rest"]]
        self.flat = nn.Sequential(nn.Linear(sum(n for _, n in self.rest_spans), flat_dim), nn.ReLU())
        self.decision = None if decision is None else (int(decision[0]), kind)
        self.kind_slice = None if decision is None else (features - kind, features)

    def entity_rows(self, obs: th.Tensor, i: int) -> tuple[th.Tensor, th.Tensor]:
        """``(rows, present)`` of set ``i``: (B, count, width) and a (B, count) bool mask."""
        block = self.blocks[i]
        if block is not None:   # a view, cheaper than gathering
            start, count, width = block
            x = obs[:, start:start + count * width].reshape(obs.shape[0], count, width)
        else:
            x = obs[:, getattr(self, f"rows{i}")]
        col = self.presence[i]
        present = x[..., col] != 0 if col is not None else (x != 0).any(-1)
        return x, present

    def forward(self, obs: th.Tensor) -> th.Tensor:
        out = []
        for i, phi in enumerate(self.phi):
            x, present = self.entity_rows(obs, i)
            h = phi(x)
            m = present.unsqueeze(-1).to(h.dtype)
            n = m.sum(1)
            if self.pooling == "max":
                pooled = h.masked_fill(~present.unsqueeze(-1), float("-inf")).max(1).values
                pooled = th.where(n > 0, pooled, th.zeros_like(pooled))
            else:
                pooled = (h * m).sum(1)
                if self.pooling == "mean":
                    pooled = pooled / n.clamp(min=1)
            out += [pooled, n / x.shape[1]]
        out.append(self.flat(th.cat([obs[:, o:o + n] for o, n in self.rest_spans], 1)))
        if self.decision is not None:
            o, k = self.decision
            out.append(obs[:, o:o + k])
        return th.cat(out, 1)


class KindLatent(nn.Module):
    """An MlpExtractor whose actor latent ends with the decision-kind one-hot read from the
    features (``kind_slice``), for ``KindHeads``."""

    def __init__(self, inner: nn.Module, kind_slice: tuple[int, int]):
        super().__init__()
        self.inner = inner
        self.kind_slice = (int(kind_slice[0]), int(kind_slice[1]))
        self.latent_dim_pi = inner.latent_dim_pi + self.kind_slice[1] - self.kind_slice[0]
        self.latent_dim_vf = inner.latent_dim_vf

    def _with_kind(self, latent: th.Tensor, features: th.Tensor) -> th.Tensor:
        a, b = self.kind_slice
        return th.cat([latent, features[:, a:b]], 1)

    def forward(self, features: th.Tensor) -> tuple[th.Tensor, th.Tensor]:
        pi, vf = self.inner(features)
        return self._with_kind(pi, features), vf

    def forward_actor(self, features: th.Tensor) -> th.Tensor:
        return self._with_kind(self.inner.forward_actor(features), features)

    def forward_critic(self, features: th.Tensor) -> th.Tensor:
        return self.inner.forward_critic(features)


class KindHeads(nn.Module):
    """``kinds + 1`` linear heads over ``latent_dim`` (the last: no kind, all-zero one-hot);
    input: the latent followed by the one-hot (``KindLatent``); output: the head of each row's
    kind (the one-hot's argmax) applied to its latent."""

    def __init__(self, latent_dim: int, kinds: int, n_actions: int, gain: float = 0.01):
        super().__init__()
        self.latent_dim, self.kinds = int(latent_dim), int(kinds)
        # orthogonal as SB3 initialises an action head (small gain), in one factorisation for
        # every head (rescaled so each head's rows have a single head's scale)
        w = th.empty((kinds + 1) * n_actions, latent_dim)
        nn.init.orthogonal_(w, gain=gain * float(np.sqrt(max(1.0, w.shape[0] / latent_dim))))
        self.weight = nn.Parameter(w.view(kinds + 1, n_actions, latent_dim))
        self.bias = nn.Parameter(th.zeros(kinds + 1, n_actions))

    def kind(self, onehot: th.Tensor) -> th.Tensor:
        """Each row's head: the one-hot's argmax, or ``kinds`` when it is all zeros."""
        return th.where(onehot.abs().sum(1) > 0, onehot.argmax(1), th.full_like(onehot[:, 0], self.kinds,
                                                                                  dtype=th.long))

    def forward(self, z: th.Tensor) -> th.Tensor:
        latent, onehot = z[:, :self.latent_dim], z[:, self.latent_dim:]
        k = self.kind(onehot)
        return th.einsum("bad,bd->ba", self.weight[k], latent) + self.bias[k]


class BoardgymPolicy(MaskableActorCriticPolicy):
    """MaskablePPO's actor-critic with ``heads`` ``"shared"`` (one action head, as MlpPolicy)
    or ``"per_kind"`` (``KindHeads``); ``decision`` is the (offset, size) of the decision-kind
    one-hot in the observation. With ``EntityExtractor`` the policy passes ``decision`` to the
    extractor, which appends the one-hot to the features."""

    def __init__(self, observation_space, action_space, lr_schedule, heads: str = "shared",
                 decision=None, **kwargs):
        if heads not in ("shared", "per_kind"):
            raise ValueError(f"heads must be 'shared' or 'per_kind', got {heads!r}")
        if heads == "per_kind" and decision is None:
            raise ValueError("per-kind heads need the observation's decision-kind piece (decision=)")
        self.heads = heads
        self.decision = None if decision is None else (int(decision[0]), int(decision[1]))
        if heads == "per_kind" and kwargs.get("features_extractor_class") is EntityExtractor:
            kwargs["features_extractor_kwargs"] = dict(kwargs.get("features_extractor_kwargs") or {},
                                                       decision=self.decision)
        super().__init__(observation_space, action_space, lr_schedule, **kwargs)

    def _kind_slice(self) -> tuple[int, int]:
        ext = self.pi_features_extractor
        if getattr(ext, "kind_slice", None) is not None:
            return ext.kind_slice
        if isinstance(ext, FlattenExtractor):
            return self.decision[0], self.decision[0] + self.decision[1]
        raise ValueError(f"per-kind heads cannot find the decision kind in the features of "
                         f"{type(ext).__name__} (FlattenExtractor or EntityExtractor)")

    def _build_mlp_extractor(self) -> None:
        super()._build_mlp_extractor()
        if self.heads == "per_kind":
            self.mlp_extractor = KindLatent(self.mlp_extractor, self._kind_slice())

    def _build(self, lr_schedule) -> None:
        super()._build(lr_schedule)
        if self.heads == "per_kind":
            self.action_net = KindHeads(self.mlp_extractor.inner.latent_dim_pi, self.decision[1],
                                        int(self.action_space.n))
            self.optimizer = self.optimizer_class(self.parameters(), lr=lr_schedule(1),
                                                  **self.optimizer_kwargs)

    def _get_constructor_parameters(self) -> dict:
        data = super()._get_constructor_parameters()
        data.update(heads=self.heads, decision=self.decision)
        return data
