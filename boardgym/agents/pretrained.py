"""A pretrained baseline shipped with boardgym (``boardgym/pretrained/``) as an Agent.

``PretrainedAgent(game_name, name=None)`` loads the manifest entry named, or without a name the
game's policy trained for the options of the game being played (its declared default when that
fits, else the first that does: a 2-player ATT game gets the 2-player policy, a solo game the solo
one), checks its file (``boardgym.pretrained.weights.read_checked``) and plays the policy's most
probable legal action, evaluated with numpy alone (``boardgym.agents.policy_net.PolicyNet``: the
flat MLP, or the entity encoder and per-kind heads it was trained with): no torch, nothing
unpickled. The spec is ``pretrained`` / ``pretrained:NAME``
(``boardgym/agents/specs.py``).

A policy plays only the game configuration it was trained and measured for: the first decision
of each game checks the state's options against the manifest's (when the caller passes the
state) and the observation and mask sizes always, and refuses a mismatch in words.
"""
from __future__ import annotations

import numpy as np

from boardgym.core.agent import Agent
from boardgym.core.errors import ConfigError

from .ppo import masked_choice
from .policy_net import PolicyNet


class PretrainedPolicy:
    """The actor (logits) and critic (value) of one checked manifest entry."""

    def __init__(self, entry):
        from boardgym.pretrained.weights import read_checked

        activation, layers = read_checked(entry)
        self.entry = entry
        self.net = PolicyNet(activation, layers, entry.doc.get("architecture"), "pretrained")

    def logits(self, observation) -> np.ndarray:
        return self.net.logits(observation)

    def value(self, observation) -> float:
        return self.net.value(observation)


def load_policy(game_name: str, name: str | None = None, folder=None) -> PretrainedPolicy:
    """The policy ``name`` of ``game_name`` (its default without a name) from the manifest in
    ``folder`` (default: ``$BOARDGYM_PRETRAINED_DIR`` or the package's)."""
    from boardgym.pretrained.manifest import load_manifest

    return PretrainedPolicy(load_manifest(folder).find(game_name, name))


class PretrainedAgent(Agent):
    """The policy's most probable legal action (``deterministic``) or one sampled from it.

    It declares ``needs_state`` so every caller hands it the state, from which it reads only the
    game's options (to refuse a configuration it was not trained for) and, when no observation
    vector is given, the deciding seat's own observation."""

    name = "pretrained"
    needs_state = True

    def __init__(self, game_name: str, name: str | None = None, folder=None,
                 deterministic: bool = True, seed: int | None = None):
        from boardgym.pretrained.manifest import load_manifest

        self.manifest = load_manifest(folder)
        self.requested = name      # None: the game's policy for the options of the game played
        entries = self.manifest.entries(game_name)
        if name is None and entries and self.manifest.default_name(game_name) is None:
            first = entries[0]
        else:
            first = self.manifest.find(game_name, name)
        self._loaded: dict = {}
        self._use(first)
        self.deterministic = deterministic
        self.rng = np.random.default_rng(seed)
        self._checked_game = None
        self._flat = self._flat_key = None   # a policy of another action space, on the flat game

    def _use(self, entry) -> None:
        if entry.name not in self._loaded:
            self._loaded[entry.name] = PretrainedPolicy(entry)
        self.policy = self._loaded[entry.name]
        self.entry = entry
        self.name = f"pretrained:{entry.name}"

    def reset(self, seed: int | None = None) -> None:
        if seed is not None:
            self.rng = np.random.default_rng(seed)

    def _check(self, observation, legal_mask, state) -> None:
        from boardgym.pretrained.manifest import fitting

        if state is not None and state.game is not self._checked_game:
            if state.game.info.name != self.entry.game:
                from boardgym.pretrained.weights import mismatch_error

                raise mismatch_error(self.entry, f"it cannot play {state.game.info.name}")
            # plain ``pretrained`` plays the game's policy trained for these options (2-player
            # ATT gets the 2-player policy, solo the solo one); a named one must fit them
            self._use(fitting(self.manifest, state.game, self.requested))
            self._checked_game = state.game
        doc, e = self.entry.doc, self.entry
        n_obs, n_act = np.shape(observation)[-1], np.shape(legal_mask)[-1]
        sizes = {doc["num_actions"]}
        if self._space() != "flat" and state is not None:   # played on the flat game too
            sizes.add(state.game.num_actions)
        if n_obs != doc["observation_size"] or n_act not in sizes:
            from boardgym.pretrained.weights import mismatch_error

            raise mismatch_error(e, f"this game's observation has {n_obs} entries and {n_act} actions, "
                                    f"the policy's {doc['observation_size']} and {doc['num_actions']}")

    def _space(self) -> str:
        """The action space the policy was trained in ("flat": the game's catalogue)."""
        return self.entry.doc.get("action_space", "flat")

    def _flat_player(self, state):
        """This policy of another action space on the flat game: a ``ViewAgent`` expanding its
        actions (one per game and policy)."""
        from boardgym.core.action_views import ViewAgent

        key = (state.game, self.entry.name)
        if self._flat_key != key:
            view = type(state.game).action_spaces[self._space()](state.game)
            self._flat, self._flat_key = ViewAgent(_InView(self), view, name=self.name), key
        return self._flat

    def logits(self, observation) -> np.ndarray:
        return self.policy.logits(observation)

    def value(self, observation) -> float:
        return self.policy.value(observation)

    def act(self, observation, legal_mask, state=None) -> int:
        if observation is None:
            if state is None:
                raise ValueError("PretrainedAgent.act needs an observation or the state")
            observation = state.observation(state.current_player)
        self._check(observation, legal_mask, state)
        if self._space() != "flat" and np.shape(legal_mask)[-1] != self.entry.doc["num_actions"]:
            return self._flat_player(state).act(observation, legal_mask, state)
        return masked_choice(self.policy.logits(observation), legal_mask, self.deterministic, self.rng)


class _InView(Agent):
    """A ``PretrainedAgent``'s choice among the actions of its own space (``ViewAgent`` asks it)."""

    def __init__(self, outer: PretrainedAgent):
        self.outer = outer

    def act(self, observation, legal_mask, state=None) -> int:
        o = self.outer
        return masked_choice(o.policy.logits(observation), legal_mask, o.deterministic, o.rng)

