"""The Paleo heuristic agent, and the mind it builds for each decision: the state it reads, the
dispatch of the pending decision to its handler, and the fallback."""
from __future__ import annotations

import numpy as np

from boardgym.agents.rule_agent import RuleAgent
from boardgym.games.paleo import actions as A
from boardgym.games.paleo.kinds import (D_CLOSE, D_COMMIT, D_CRAFT, D_HOST, D_HPERSON, D_IDEASLOT, D_KGROUP,
                                        D_KPERSON, D_NEG, D_NIGHTOPT, D_NTOOL, D_ORDER, D_OWNER, D_PLACE,
                                        D_PREVENT, D_SPLIT, D_TALISMAN, D_TOOLWIN, D_WGROUP, D_WPERSON)
from .day import DayChoices
from .evaluate import Values
from .night import NightChoices
from .rewards import RewardChoices
from .wounds import WoundChoices


KEY_KINDS = frozenset({D_COMMIT, D_OWNER, D_TALISMAN, D_NIGHTOPT})


class PaleoHeuristicAgent(RuleAgent):
    """Rule-based Paleo strategy (told in the package's docstring)."""

    name = "paleo_heuristic"

    def __init__(self, seed: int | None = None, strict: bool = False):
        super().__init__(seed, strict)
        self.seat = None

    @staticmethod
    def key_decision(s) -> bool:
        """The strategic decisions (where a search on top of this agent pays): which card to
        take, what to do in an owner window, the talisman, the night options. Wounds, tools and
        rewards are left to the agent's own rules."""
        return bool(s.pend) and s.pend[-1][0] in KEY_KINDS

    # -- entry ------------------------------------------------------------------------------
    def decide(self, state, mask):
        return _Mind(state, self.seat, mask).decide()

    def fallback(self, mask) -> int:
        return _fallback(mask)


def _fallback(mask) -> int:
    for a in (A.CONFIRM, A.DECLINE):
        if mask[a]:
            return a
    legal = np.flatnonzero(mask)
    non_noop = [int(a) for a in legal if a != A.NOOP]
    return non_noop[0] if non_noop else int(legal[0])


class _Mind(DayChoices, WoundChoices, RewardChoices, NightChoices, Values):
    """One decision: the state, the deciding seat and the state-dependent valuations."""

    def __init__(self, s, seat, mask):
        self.s = s
        self.g = s.game
        self.c = s.game.content
        self.cards = self.c.cards
        self.mask = mask
        self.frame = s.pend[-1]
        if seat is not None and self.frame[0] == D_COMMIT:
            self.me = seat
        else:
            self.me = self.frame[1]
        self.T = self.g.T
        self._night = None

    # =======================================================================================
    # decisions
    # =======================================================================================
    def decide(self) -> int | None:
        kind = self.frame[0]
        fn = {
            D_COMMIT: self.commit, D_TALISMAN: self.talisman, D_ORDER: self.order,
            D_OWNER: self.owner, D_NEG: self.negative, D_TOOLWIN: self.toolwin,
            D_WGROUP: self.wgroup, D_PREVENT: self.prevent, D_WPERSON: self.wperson,
            D_SPLIT: self.split, D_HPERSON: self.hperson, D_KPERSON: self.kperson,
            D_KGROUP: self.kgroup, D_HOST: self.host, D_CRAFT: self.craft,
            D_IDEASLOT: self.ideaslot, D_PLACE: self.place, D_CLOSE: self.close,
            D_NTOOL: self.ntool, D_NIGHTOPT: self.nightopt,
        }.get(kind)
        return fn() if fn else None

    def legal(self, a: int) -> bool:
        return 0 <= a < len(self.mask) and bool(self.mask[a])

    def legal_in(self, start: int, n: int) -> list[int]:
        return [k for k in range(n) if self.legal(start + k)]
