"""The ATT heuristic agent: its state (seeded generator, plans in progress), the entry point and
the dispatch of each pending decision to its handler."""
from __future__ import annotations

import numpy as np

from boardgym.core.agent import Agent
from boardgym.games.ancient_terrible_things import actions as A
from boardgym.games.ancient_terrible_things.kinds import (D_ACH, D_ACTION_DIE, D_ADV_PLACE, D_BUY, D_CHASM,
                                                          D_CHATEAU_TOKEN, D_ENCOUNTER, D_EXPLORE, D_FORGET,
                                                          D_GORG_ICON, D_GUNSLOOP, D_MONKEY_BUY, D_PREROLL,
                                                          D_REANIMATE, D_REFRESH, D_RESOLVE, D_SELECT,
                                                          D_SHRINE, D_TOKEN, D_TP_CYCLE, D_URGENT2,
                                                          D_URGENT3, D_VALUE, D_VILLAGE_CYCLE,
                                                          D_VILLAGE_SELL, D_VILLAGE_TOKENS)
from .dice import DicePlans, N_SAMPLES
from .encounter import EncounterDice
from .evaluate import Values
from .turn import TurnChoices


KEY_KINDS = frozenset({D_EXPLORE, D_CHASM, D_BUY, D_MONKEY_BUY, D_REANIMATE})


class ATTHeuristicAgent(TurnChoices, EncounterDice, DicePlans, Values, Agent):
    """Rule-based ATT player; its strategy is told in the package's docstring."""

    name = "att_heuristic"
    needs_state = True

    def __init__(self, seed: int | None = None, strict: bool = False, samples: int = N_SAMPLES):
        if samples < 1:
            raise ValueError(f"samples must be >= 1, got {samples}")
        self.rng = np.random.default_rng(seed)
        self.samples = samples  # Monte Carlo dice samples per plan (fewer = faster, e.g. in rollouts)
        self.strict = strict  # re-raise internal errors (tests) instead of falling back
        self._plan = None     # (key, dice, value) for an effect selection in progress
        self._combo = None    # (key, dice) for a combination selection in progress
        self._ftab = self._ftab_game = None
        self.fallbacks = 0

    def reset(self, seed: int | None = None) -> None:
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        self._plan = self._combo = None

    @staticmethod
    def key_decision(s) -> bool:
        """The strategic decisions (where a search on top of this agent pays): which location
        to explore, which Chasm encounter, which swag to buy, which card to reanimate. Dice
        and token steps are left to the agent's own Monte Carlo plans."""
        return bool(s.pend) and s.pend[-1][0] in KEY_KINDS

    # -- entry point -----------------------------------------------------------------------
    def act(self, observation, legal_mask, state=None) -> int:
        m = np.asarray(legal_mask).astype(bool).copy()
        legal = np.flatnonzero(m)
        assert len(legal) > 0, "no legal action"
        if len(legal) == 1:
            return int(legal[0])
        a = None
        if state is not None:
            try:
                a = self._decide(state, m)
            except Exception:
                if self.strict:
                    raise
                a = None
        if a is None or not (0 <= a < len(m)) or not m[a]:
            self.fallbacks += 1
            a = self._fallback(m)
        assert m[a], "the heuristic chose an illegal action"
        return int(a)

    def _fallback(self, m) -> int:
        """A sensible legal action when no plan applies: finish the step, else decline."""
        for a in (A.CONFIRM, A.ROLL, A.TO_RESOLVE, A.PASS):
            if m[a]:
                return a
        legal = np.flatnonzero(m)
        return int(legal[self.rng.integers(len(legal))])

    def _pick(self, scored):
        """argmax of ``[(value, action)]`` with random tie-breaks."""
        best = max(v for v, _ in scored)
        tops = [a for v, a in scored if v >= best - 1e-9]
        return int(tops[self.rng.integers(len(tops))]) if len(tops) > 1 else int(tops[0])

    # -- decisions -------------------------------------------------------------------------
    def _decide(self, s, m):
        f = s.pend[-1]
        kind, p = f[0], f[1]
        if self._ftab_game is not s.game:
            self._ftab, self._ftab_game = self._faces_table(s), s.game
        if p == s.active and not s.sel:
            a = self._interrupt(s, p, m, kind)
            if a is not None:
                return a
        handler = {
            D_EXPLORE: self._explore, D_CHATEAU_TOKEN: self._chateau, D_TP_CYCLE: self._tp_cycle,
            D_VILLAGE_SELL: self._village_sell, D_VILLAGE_TOKENS: self._village_tokens,
            D_GUNSLOOP: self._gunsloop, D_GORG_ICON: self._gorg_icon, D_SHRINE: self._shrine,
            D_ACH: self._ach, D_CHASM: self._chasm, D_BUY: self._buy, D_VILLAGE_CYCLE: self._village_cycle,
            D_PREROLL: self._preroll, D_ENCOUNTER: self._encounter, D_RESOLVE: self._resolve,
            D_ACTION_DIE: self._action_die, D_SELECT: self._select, D_VALUE: self._value,
            D_TOKEN: self._token, D_REFRESH: self._refresh, D_URGENT2: self._urgent2,
            D_URGENT3: self._refresh_one, D_REANIMATE: self._refresh_one, D_MONKEY_BUY: self._buy,
            D_ADV_PLACE: self._adv_place, D_FORGET: self._forget,
        }.get(kind)
        return None if handler is None else handler(s, f, m)
