"""A MaskablePPO policy evaluated with numpy alone: the flat MLP, the entity encoder and the
per-decision-kind action heads (``policy:`` ``encoder: entity`` / ``heads: per_kind``, whose torch
modules are in ``boardgym/train/policies.py``), as a pretrained policy ships them.

``architecture`` (the manifest entry's ``architecture``; absent: the flat MLP with one head)::

    {"encoder": "flat" | "entity", "heads": "shared" | "per_kind",
     "decision": {"offset": O, "size": K},                  # heads per_kind: the one-hot's place
     "entity": {"pooling": "mean" | "sum" | "max", "entity_dim": E, "flat_dim": F,
                "sets": [{"name", "rows", "width", "presence"}, ...],   # layout_spec's
                "rest": [[offset, size], ...]}}             # encoder entity

Arrays (``boardgym/pretrained/weights.py`` reads them): the actor's layers after the encoder
(``actor``: the hidden layers, then the head: ``W`` (actions, latent), or per kind
(K + 1, actions, latent) with the last head for an observation without a kind), the critic's
(``critic``) and the encoder's (``encoder``: per set ``entity{i}_w0/b0/w1/b1``, then ``rest_w``
and ``rest_b``).

``layout_spec`` (what the networks read from a game's ``ObsLayout``) lives here so the torch
modules and the numpy ones share it, and a pretrained policy loads without torch.
"""
from __future__ import annotations

import numpy as np

from boardgym.core.errors import ConfigError

from .value_net import ACTIVATIONS, SparseMLP


def layout_spec(layout, sets=None) -> dict:
    """What the networks need from an ``ObsLayout``, as plain values (saved inside model.zip):
    ``sets`` (name, row offsets, width, presence column or None), ``rest`` (spans of the vector
    outside the chosen sets), ``decision`` ((offset, size) of the decision-kind piece or None)
    and ``size``. ``sets``: the names of the entity sets to pool (None: every declared one)."""
    chosen = [e for e in layout.entity_sets if sets is None or e.name in sets]
    if sets is not None:
        unknown = sorted(set(sets) - {e.name for e in layout.entity_sets})
        if unknown:
            raise ValueError(f"no entity set {unknown[0]!r} in this game's observation (declared: "
                             f"{', '.join(e.name for e in layout.entity_sets) or 'none'})")
    covered = np.zeros(layout.size, bool)
    for e in chosen:
        for r in e.rows:
            covered[r:r + e.width] = True
    rest, start = [], None
    for i, c in enumerate(list(covered) + [True]):
        if not c and start is None:
            start = i
        elif c and start is not None:
            rest.append((start, i - start))
            start = None
    decision = None
    if layout.decision_piece is not None:
        s = layout.slice(layout.decision_piece)
        decision = (s.start, s.stop - s.start)
    return {"size": int(layout.size), "decision": decision, "rest": rest,
            "sets": [{"name": e.name, "rows": list(e.rows), "width": e.width, "presence": e.presence}
                     for e in chosen]}


def is_plain(architecture) -> bool:
    """The flat MLP with one action head (what a manifest entry without ``architecture`` is)."""
    a = architecture or {}
    return a.get("encoder", "flat") == "flat" and a.get("heads", "shared") == "shared"


def kinds(architecture) -> int | None:
    """The number of decision kinds of per-kind heads (None: one shared head)."""
    a = architecture or {}
    return int(a["decision"]["size"]) if a.get("heads") == "per_kind" else None


def features_size(architecture, observation_size: int) -> int:
    """How many values the encoder gives the actor and critic layers."""
    a = architecture or {}
    if a.get("encoder", "flat") != "entity":
        return int(observation_size)
    e = a["entity"]
    return len(e["sets"]) * (int(e["entity_dim"]) + 1) + int(e["flat_dim"]) + (kinds(a) or 0)


def encoder_shapes(architecture) -> dict[str, tuple]:
    """The shape of each encoder array (none for the flat encoder)."""
    a = architecture or {}
    if a.get("encoder", "flat") != "entity":
        return {}
    e = a["entity"]
    d = int(e["entity_dim"])
    out = {}
    for i, s in enumerate(e["sets"]):
        out.update({f"entity{i}_w0": (d, int(s["width"])), f"entity{i}_b0": (d,),
                    f"entity{i}_w1": (d, d), f"entity{i}_b1": (d,)})
    rest = sum(int(n) for _, n in e["rest"])
    out.update(rest_w=(int(e["flat_dim"]), rest), rest_b=(int(e["flat_dim"]),))
    return out


def _relu(h):
    return np.maximum(h, 0.0)


class EntityEncoder:
    """``EntityExtractor``'s forward pass: per set the shared two-layer ReLU MLP of each row,
    pooled over the present rows (none present: zeros) and the present fraction; then a ReLU
    layer over the rest of the vector; with per-kind heads the decision one-hot last."""

    def __init__(self, entity: dict, arrays: dict, decision=None):
        self.pooling = entity["pooling"]
        self.sets = []
        for i, s in enumerate(entity["sets"]):
            idx = np.asarray(s["rows"], dtype=np.int64)[:, None] + np.arange(int(s["width"]))[None, :]
            w = [np.asarray(arrays[f"entity{i}_{k}"], dtype=np.float32) for k in ("w0", "b0", "w1", "b1")]
            self.sets.append((idx, s["presence"], w[0].T.copy(), w[1], w[2].T.copy(), w[3]))
        self.rest = np.concatenate([np.arange(int(o), int(o) + int(n)) for o, n in entity["rest"]]
                                   or [np.zeros(0, np.int64)])
        self.flat = SparseMLP([(arrays["rest_w"], arrays["rest_b"])], "relu", "entity encoder")
        self.decision = None if decision is None else (int(decision["offset"]), int(decision["size"]))

    def forward(self, obs: np.ndarray) -> np.ndarray:
        out = []
        for idx, col, w0, b0, w1, b1 in self.sets:
            x = obs[idx]
            present = x[:, col] != 0 if col is not None else (x != 0).any(1)
            n = int(present.sum())
            h = _relu(_relu(x @ w0 + b0) @ w1 + b1)
            if self.pooling == "max":
                pooled = h[present].max(0) if n else np.zeros(h.shape[1], np.float32)
            else:
                pooled = (h * present[:, None].astype(np.float32)).sum(0)
                if self.pooling == "mean":
                    pooled = pooled / max(n, 1)
            out += [pooled, np.array([n / len(idx)], np.float32)]
        out.append(_relu(self.flat.forward(obs[self.rest])))
        if self.decision is not None:
            o, k = self.decision
            out.append(obs[o:o + k])
        return np.concatenate(out).astype(np.float32)


class PolicyNet:
    """The actor's logits and the critic's value of a policy's arrays (see the module doc)."""

    def __init__(self, activation: str, layers: dict, architecture: dict | None = None,
                 what: str = "policy"):
        if activation not in ACTIVATIONS:
            raise ConfigError(f"{what}: unknown activation {activation!r}; known: {sorted(ACTIVATIONS)}")
        a = architecture or {}
        self.encoder = None
        if a.get("encoder", "flat") == "entity":
            self.encoder = EntityEncoder(a["entity"], layers.get("encoder") or {},
                                         a.get("decision") if a.get("heads") == "per_kind" else None)
        self.critic = SparseMLP(layers["critic"], activation, f"{what} critic")
        self._act = ACTIVATIONS[activation]
        self.decision = None
        actor = layers["actor"]
        if a.get("heads", "shared") == "per_kind":
            self.decision = (int(a["decision"]["offset"]), int(a["decision"]["size"]))
            hidden, (w, b) = actor[:-1], actor[-1]
            self.hidden = SparseMLP(hidden, activation, f"{what} actor") if hidden else None
            self.heads_w, self.heads_b = np.asarray(w, np.float32), np.asarray(b, np.float32)
            self.actor = None
        else:
            self.actor = SparseMLP(actor, activation, f"{what} actor")

    def features(self, observation) -> np.ndarray:
        obs = np.asarray(observation, dtype=np.float32).reshape(-1)
        return obs if self.encoder is None else self.encoder.forward(obs)

    def kind(self, obs: np.ndarray) -> int:
        """The head of the observation: its one-hot's argmax, or the last when it is all zeros."""
        o, k = self.decision
        onehot = obs[o:o + k]
        return int(np.argmax(onehot)) if np.abs(onehot).sum() > 0 else k

    def logits(self, observation) -> np.ndarray:
        f = self.features(observation)
        if self.actor is not None:
            return self.actor.forward(f)
        latent = f if self.hidden is None else self._act(self.hidden.forward(f))
        k = self.kind(np.asarray(observation, dtype=np.float32).reshape(-1))
        return self.heads_w[k] @ latent + self.heads_b[k]

    def value(self, observation) -> float:
        return float(self.critic.forward(self.features(observation))[0])
