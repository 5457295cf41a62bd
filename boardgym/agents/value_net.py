"""A state-value network for search: ``V(observation)`` = the expected final return of the
observing seat, in [-1, 1], when the demonstrator (usually the game's heuristic) plays on.

``python -m boardgym.train.value`` fits it on the demonstrator's own games (``boardgym/train/value.py``) and saves
the layers in one ``.npz``; this module loads them and evaluates them with numpy alone (no torch
at play time). Observations are sparse (a Paleo vector has ~240 non-zeros of 8043), so the first
layer sums only the rows of the non-zero entries: ~40 µs per observation instead of ~1 ms for
a dense product.

``ISMCTS`` uses it as ``evaluator="value:PATH"`` (``boardgym.agents.specs.make_evaluator``) to score the
states where its rollouts stop: an estimate of what the heuristic would reach from there, which
is what a search on top of the heuristic needs to improve on it.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from boardgym.agents.ismcts import seat_evaluator
from boardgym.core.errors import ConfigError

FORMAT = 1


ACTIVATIONS = {"relu": lambda h: np.maximum(h, 0.0), "tanh": np.tanh}


class SparseMLP:
    """Dense layers with an activation between them (none after the last), evaluated with numpy
    on a sparse observation: the first layer sums only the rows of the non-zero entries. The
    one forward pass of the value networks here and of the pretrained policies
    (``boardgym/agents/pretrained.py``).

    Args:
        weights: ``[(W, b), ...]`` with ``W`` of shape (out, in).
        activation: ``"relu"`` or ``"tanh"`` (SB3's MlpPolicy default).
        what: what the layers are, for errors (``"value network"``).
    """

    def __init__(self, weights: list[tuple[np.ndarray, np.ndarray]], activation: str = "relu",
                 what: str = "network"):
        if not weights:
            raise ConfigError(f"a {what} needs at least one layer")
        if activation not in ACTIVATIONS:
            raise ConfigError(f"{what}: unknown activation {activation!r}; known: {sorted(ACTIVATIONS)}")
        prev = None
        for i, (w, b) in enumerate(weights):
            if w.ndim != 2 or b.shape != (w.shape[0],) or (prev is not None and w.shape[1] != prev):
                raise ConfigError(f"{what} layer {i}: weight {w.shape} and bias {b.shape} "
                                  f"do not chain (previous layer's output: {prev})")
            prev = w.shape[0]
        self.first = np.ascontiguousarray(weights[0][0].T, dtype=np.float32)  # (in, hidden)
        self.first_bias = weights[0][1].astype(np.float32)
        self.rest = [(w.astype(np.float32), b.astype(np.float32)) for w, b in weights[1:]]
        self.activation = activation
        self._act = ACTIVATIONS[activation]
        self.obs_size = self.first.shape[0]
        self.out_size = prev

    def layers(self) -> list[tuple[np.ndarray, np.ndarray]]:
        """``[(W, b), ...]`` as given (``W`` of shape (out, in))."""
        return [(self.first.T, self.first_bias)] + self.rest

    def forward(self, observation) -> np.ndarray:
        obs = np.asarray(observation, dtype=np.float32).reshape(-1)
        if obs.shape[0] != self.obs_size:
            raise ValueError(f"observation has {obs.shape[0]} entries, the network expects {self.obs_size}")
        nz = np.flatnonzero(obs)
        h = obs[nz] @ self.first[nz] + self.first_bias
        for w, b in self.rest:
            h = w @ self._act(h) + b
        return h


class ValueNet:
    """An MLP with ReLU hidden layers and one logit output; ``value(obs) = 2·sigmoid(z) - 1``.

    Args:
        weights: ``[(W, b), ...]`` with ``W`` of shape (out, in), the last layer with out = 1.
        meta: what the file records (game, game kwargs, observation size, training figures).
    """

    def __init__(self, weights: list[tuple[np.ndarray, np.ndarray]], meta: dict | None = None):
        self.mlp = SparseMLP(weights, "relu", "value network")
        if self.mlp.out_size != 1:
            raise ConfigError(f"a value network ends in one output, this one in {self.mlp.out_size}")
        self.meta = dict(meta or {})
        self.obs_size = self.mlp.obs_size

    # -- evaluation ------------------------------------------------------------------------
    def logit(self, observation) -> float:
        return float(self.mlp.forward(observation)[0])

    def value(self, observation) -> float:
        """The expected final return of the observing seat, in [-1, 1]."""
        z = self.logit(observation)
        return float(np.tanh(0.5 * z))  # = 2·sigmoid(z) - 1, stable for large |z|

    # -- files -----------------------------------------------------------------------------
    def save(self, path: str | Path) -> None:
        layers = self.mlp.layers()
        arrays = {}
        for i, (w, b) in enumerate(layers):
            arrays[f"w{i}"] = w
            arrays[f"b{i}"] = b
        np.savez(path, format=np.array(FORMAT), layers=np.array(len(layers)),
                 meta=np.array(json.dumps(self.meta, sort_keys=True)), **arrays)

    @classmethod
    def load(cls, path: str | Path) -> "ValueNet":
        path = Path(path)
        if not path.is_file():
            raise ConfigError(f"value network file not found: {path} (fit one with "
                              f"`python -m boardgym.train.value --config boardgym/train/configs/<game>_value.yaml`)")
        try:
            with np.load(path, allow_pickle=False) as f:
                if int(f["format"]) != FORMAT:
                    raise ConfigError(f"{path}: value network format {int(f['format'])}, expected {FORMAT}")
                n = int(f["layers"])
                weights = [(f[f"w{i}"], f[f"b{i}"]) for i in range(n)]
                meta = json.loads(str(f["meta"]))
        except ConfigError:
            raise
        except Exception as exc:  # not an npz, missing keys, corrupt zip, bad JSON
            raise ConfigError(f"{path}: not a boardgym value network ({type(exc).__name__}: {exc})") from None
        return cls(weights, meta)


def value_evaluator(net: ValueNet):
    """``evaluator(state) -> list[float]`` for ISMCTS: each seat's value of its own observation
    (cooperative games: the deciding seat's value, shared by the team)."""
    return seat_evaluator(lambda s, p: net.value(s.observation(p)))
