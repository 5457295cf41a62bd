"""Other action spaces over a game's flat catalogue ("views"), chosen by an env option.

A view is a second ``Discrete(n)`` in which one action may stand for a whole sequence of the
game's own actions (a macro action), e.g. ATT's dice combinations chosen as a whole. The game's
rules stay in one place: a view only enumerates, and its actions are carried out by expanding
them into the game's own actions, each applied through ``State.apply``. A game lists its views
in ``Game.action_spaces`` (name -> factory taking the configured game); the default space, the
flat catalogue, is ``FLAT`` and needs no view.
"""
from __future__ import annotations

import numpy as np

from .agent import Agent

FLAT = "flat"


class ActionView:
    """What a view provides. ``num_actions`` is the size of its space; the game's own ids
    ``0..game.num_actions - 1`` keep their meaning where a view keeps them. An expansion is
    decisions of one seat with no chance node between them (so the adapters apply it whole)."""

    name: str
    num_actions: int

    def mask(self, state) -> np.ndarray:
        """Bool mask over the view's actions at a decision of ``state`` (exact: an action is in
        it iff its expansion is a legal sequence of the game's own actions). The array may be
        cached by the view: copy it to keep it."""
        raise NotImplementedError

    def expand(self, state, action: int) -> list[int]:
        """The game's own actions that ``action`` (legal in ``state``) stands for, in order."""
        raise NotImplementedError

    def describe(self, action: int) -> str:
        """The action in words, without a state."""
        raise NotImplementedError

    def hides(self, state) -> bool:
        """Is the pending decision one that only the middle of an expansion reaches (the view's
        agent never sees it)?"""
        raise NotImplementedError

    def finish(self, state) -> int:
        """A flat action that carries on the expansion under way in a hidden decision, for an
        agent asked there without a plan of its own (search asks on copies of the game)."""
        raise NotImplementedError

    def collapse(self, state, flat: list[int]) -> int | None:
        """The view's action for the flat actions ``flat`` taken from ``state`` up to the first
        decision the view does not hide; None where they come back to where they began having
        spent nothing (a selection opened, then cancelled)."""
        raise NotImplementedError


def view_for(game, num_actions: int):
    """The view of ``game`` whose space has ``num_actions`` actions (None: the flat catalogue;
    ``ConfigError`` if no space of the game has that size), e.g. to play a policy trained on a
    view, told apart by its output size."""
    from .errors import ConfigError

    if num_actions == game.num_actions:
        return None
    sizes = {FLAT: game.num_actions}
    for name, factory in type(game).action_spaces.items():
        view = factory(game)
        if view.num_actions == num_actions:
            return view
        sizes[name] = view.num_actions
    raise ConfigError(f"a policy with {num_actions} actions fits no action space of "
                      f"{game.info.title}: " + ", ".join(f"{k!r} has {v}" for k, v in sizes.items()))


class ViewAgent(Agent):
    """A policy of a view's action space, playing the game's own catalogue: wherever a flat
    agent plays (the benchmark's tasks, tournaments, an env's opponent seat). At a decision
    it asks ``policy.act(observation, view mask, state)`` and answers with the first flat action
    of that action's expansion; the seat's next decisions, while they continue the expansion
    (the same game, at a decision the view hides), get the rest. Asked at a hidden decision
    without such a plan (search asks on copies of the game), it carries on with
    ``view.finish``. The observation is the same in both spaces."""

    needs_state = True

    def __init__(self, policy: Agent, view: ActionView, name: str | None = None):
        self.policy, self.view = policy, view
        self.name = name or f"{getattr(policy, 'name', 'policy')} ({view.name})"
        self._plan: list[int] = []
        self._on = None   # the state the plan continues

    def reset(self, seed: int | None = None) -> None:
        self._plan = []
        self.policy.reset(seed)

    def act(self, observation, legal_mask, state=None) -> int:
        if state is None:
            from .errors import ConfigError

            raise ConfigError(f"{self.name} plays a {self.view.name!r} policy and needs the state "
                              "to expand its actions")
        if self.view.hides(state):
            if self._plan and self._on is state and legal_mask[self._plan[0]]:
                return self._plan.pop(0)
            return self.view.finish(state)
        if observation is None:   # callers give agents that read the state no vector
            observation = state.observation(state.current_player)
        a = int(self.policy.act(observation, self.view.mask(state).copy(), state))
        plan = self.view.expand(state, a)
        self._plan, self._on = plan[1:], state
        return plan[0]


MAX_HIDDEN_STEPS = 1000   # flat decisions inside one view action, far above any game's


class FlatAgentInView(Agent):
    """A flat agent (the heuristic, search, a flat policy) playing a view: at a decision it
    plays the agent on a clone of the state through the decisions the view hides, and answers
    with the view's action for that flat sequence (``ActionView.collapse``), e.g. to label the
    view's decisions with an expert's choices. A selection the agent opens and then cancels
    leaves no view action (it changes nothing but the turn's count of cancels): the agent is
    asked again from the clone."""

    needs_state = True

    def __init__(self, agent: Agent, view: ActionView, name: str | None = None):
        self.agent, self.view = agent, view
        self.name = name or f"{getattr(agent, 'name', 'agent')} ({view.name})"

    def reset(self, seed: int | None = None) -> None:
        self.agent.reset(seed)

    def act(self, observation, legal_mask, state=None) -> int:
        from .errors import ConfigError, StateError

        if state is None:
            raise ConfigError(f"{self.name} plays a flat agent in the {self.view.name!r} action "
                              "space and needs the state")
        s, p = state.clone(), state.current_player
        flat: list[int] = []
        for _ in range(MAX_HIDDEN_STEPS):
            a = int(self.agent.act(s.observation(p), s.legal_mask().copy(), s))
            flat.append(a)
            s.apply(a)
            if s.current_player == p and self.view.hides(s):
                continue
            action = self.view.collapse(state, flat)
            if action is not None:
                return action
            flat = []
        raise StateError(f"{self.name}: no {self.view.name!r} action after {MAX_HIDDEN_STEPS} flat decisions")
