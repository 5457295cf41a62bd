"""PettingZoo's cycle for the AEC env: ``agent_order="cycle"``.

PettingZoo counts ``max_cycles`` in cycles, and a cycle is every live agent acting once, in
order; ``pettingzoo.utils.aec_to_parallel`` and ``pettingzoo.test.max_cycles_test`` expect AEC
steps to come in such cycles. A board game's own order does not: one seat may decide several
times in a row and another not at all. In cycle order the AEC env selects every live agent once
per cycle, in seat order, and a cycle is exactly one Parallel ``step``: the seats with a
pending decision when the cycle starts act in seat order, each while it is the one to decide;
an illegal action or a chance node ends the deciding for that cycle (as in a Parallel step); a
seat with nothing to decide in the cycle sees a NOOP-only mask and its action (which must still
be an action of the space) is ignored. A game that ends inside a cycle ends for every agent at
the cycle's end (PettingZoo's conversion wants agents to be done only there). The same seed
and actions give the same game as ``parallel_env()``.

In the default ``agent_order="decision"`` the AEC env selects only the seat whose decision is
pending: fewer steps, no NOOP to send, but PettingZoo's cycle does not exist there, so its
``metadata["is_parallelizable"]`` is False and ``aec_to_parallel`` refuses it (use
``parallel_env()``, or ``env(agent_order="cycle")``). ``max_cycles=K`` without an
``agent_order`` selects the cycle order (PettingZoo's meaning of K);
``agent_order="decision", max_cycles=K`` cuts the game where K Parallel steps would.
"""
from __future__ import annotations

from boardgym.core.errors import ConfigError
from boardgym.core.game import CHANCE, TERMINAL

from .illegal import in_space

AGENT_ORDERS = ("decision", "cycle")


def check_agent_order(value, max_cycles) -> str:
    """``agent_order``: "decision", "cycle", or None (cycle with ``max_cycles``, else decision)."""
    if value is None:
        return "decision" if max_cycles is None else "cycle"
    if not isinstance(value, str) or value not in AGENT_ORDERS:
        raise ConfigError(f"agent_order must be 'decision' (the deciding seat is selected) or "
                          f"'cycle' (every live agent once per cycle), got {value!r}")
    return value


class CycleOrder:
    """The cycle order of ``BoardgymAECEnv`` (a mixin: it uses the env's game state, agents,
    rewards and helpers)."""

    def _cycle_start(self):
        """A new cycle: the seats deciding now may act, in seat order, the first agent first."""
        self._cycle_acting = set(self.game_state.acting_players())
        self._cycle_open = True  # no illegal action and no chance node yet in this cycle
        self.agent_selection = self.agents[0]

    def _cycle_sees(self, seat: int) -> bool:
        """Will ``seat``'s action count when its turn of this cycle comes (or now)?"""
        return (self._cycle_open and seat in self._cycle_acting
                and seat >= self._index[self.agent_selection])

    def _cycle_observe(self, seat: int) -> dict:
        obs = self._observe_seat(seat)
        if not self._cycle_sees(seat):
            obs["action_mask"] = self._noop_mask.copy()
        return obs

    def _cycle_step(self, action):
        agent = self.agent_selection
        seat = self._index[agent]
        state = self.game_state
        agents = self.agents
        error = None
        if self._cycle_sees(seat) and state.current_player == seat:
            error = self._try_apply(action)
            if error is not None:
                self._cycle_open = False
            elif state.current_player == CHANCE:  # a Parallel step stops at a chance node
                self._cycle_open = False
                self._resolve_chance()
        else:  # nothing to decide in this cycle: ignored, but it must be an action of the space
            in_space(action, self.num_actions)
        self._cumulative_rewards[agent] = 0.0
        self._clear_step()
        if error is not None:
            self._penalize(agent, error)
        if agent != agents[-1]:
            self.agent_selection = agents[agents.index(agent) + 1]
        elif state.current_player == TERMINAL:  # ended in this cycle: every agent is done at its end
            self._pay(self._final_rewards())
            self.terminations = dict.fromkeys(agents, True)
            self._episode_over()
        else:  # the cycle is complete
            self._cycles += 1
            self._cycle_start()
            if self.max_cycles is not None and self._cycles >= self.max_cycles:
                self.truncations = dict.fromkeys(agents, True)
                self._episode_over()
        self._close_step()
