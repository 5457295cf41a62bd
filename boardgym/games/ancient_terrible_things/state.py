"""The ATT state: small int containers, a pending-decision stack and a chance queue.

The state never stores a hidden order: every card face is drawn at the moment it is revealed
from the unseen multiset matching its public back (spec §4), so the state a player observes is
the whole state and ``redeterminize`` is a clone.
"""
from __future__ import annotations

import numpy as np

from boardgym.core.errors import StateError
from boardgym.core.game import CHANCE, TERMINAL, State

from . import flow
from .constants import TURN_STEP_CAP
from .decisions import HANDLERS
from .chance_nodes import CHANCE_APPLY, CHANCE_OUTCOMES
from .kinds import PH_SETUP
from .observation import encode

LISTS = ("chars", "tokens", "ach_holder", "ach_side", "ach_retired", "enc_at", "loc_tokens", "deck",
         "enc_unseen", "doom", "tent_pool", "rumours", "feat_deck", "feat_discard", "swag_deck",
         "old_stock", "row", "d_col", "d_face", "d_lock", "d_used", "d_luck", "w_face", "w_spent",
         "w_claimed", "sel", "act")
NESTED = ("feats", "swag", "exh", "stack", "tent", "flipped")
SCALARS = ("phase", "active", "first", "turn", "round", "over", "solo_result", "rean_holder",
           "rean_active", "monkey_holder", "monkey_active", "cancels", "cur_loc", "declared",
           "gorg_icon", "bonus_k", "overcome", "turn_steps", "adv", "adv_removed", "forget_req")


class ATTState(State):
    __slots__ = LISTS + NESTED + SCALARS + ("pend", "cq", "n", "_mask", "_mask_ok")

    def __init__(self, game):
        self.game = game
        n = self.n = game.num_players
        c = game.content
        self.phase = PH_SETUP
        self.active = self.first = 0
        self.turn = self.round = 0
        self.over = 0
        self.solo_result = 0
        self.chars = list(game.fixed_characters) if game.fixed_characters else [-1] * n
        self.tokens = [0] * (4 * n)
        self.feats = [[] for _ in range(n)]
        self.swag = [[] for _ in range(n)]
        self.exh = [[] for _ in range(n)]
        self.stack = [[] for _ in range(n)]
        self.tent = [[] for _ in range(n)]
        self.flipped = [[] for _ in range(n)]
        self.ach_holder = [-1] * 4
        self.ach_side = [0] * 4
        self.ach_retired = [0] * 4
        self.rean_holder = self.monkey_holder = -1
        self.rean_active = self.monkey_active = 0
        self.enc_at = [-1] * 5
        self.loc_tokens = [0] * 20
        self.deck = list(game.deck_counts)
        self.enc_unseen = [1] * len(c.enc_back)
        self.doom = []
        self.tent_pool = list(c.tentacles)
        self.rumours = []
        self.feat_deck = list(range(len(c.feats)))
        self.feat_discard = []
        self.swag_deck = list(range(c.n_swag_deck))
        self.old_stock = []
        self.row = [-1, -1, -1]
        self.d_col = [-1] * 8
        self.d_face = [0] * 8
        self.d_lock = [0] * 8
        self.d_used = [0] * 8
        self.d_luck = [0] * 8
        self.w_face = [-1, -1]
        self.w_spent = [0, 0]
        self.w_claimed = [0, 0]
        self.sel = []
        self.act = [0, 0, -1]
        self.pend = []
        self.cq = []
        self.cancels = 0
        self.cur_loc = -1
        self.declared = -1
        self.gorg_icon = -1
        self.bonus_k = 0
        self.overcome = 0
        self.turn_steps = 0
        self.adv = -1
        self.adv_removed = 0
        self.forget_req = 0
        self._mask = np.zeros(game.catalog.n, dtype=bool)
        self._mask_ok = False
        flow.advance(self)

    # -- core contract ---------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.cq:
            return CHANCE
        return self.pend[-1][1]

    def legal_mask(self) -> np.ndarray:
        m = self._mask
        if self._mask_ok:
            return m
        m[:] = False
        if not (self.over or self.cq):
            frame = self.pend[-1]
            HANDLERS[frame[0]][0](self, frame, m)
        self._mask_ok = True
        return m

    def invalidate(self) -> None:
        """Forget the cached mask. Only needed after editing fields directly (scripted tests)."""
        self._mask_ok = False

    def chance_outcomes(self):
        if not self.cq:
            return []
        kind, arg = self.cq[0]
        return CHANCE_OUTCOMES[kind](self, arg)

    def _apply(self, action: int) -> None:
        self._mask_ok = False
        if self.cq:
            kind, arg = self.cq.pop(0)
            CHANCE_APPLY[kind](self, arg, action)
        else:
            frame = self.pend[-1]
            self.turn_steps += 1
            HANDLERS[frame[0]][1](self, frame, action)
        self._mask_ok = False
        flow.advance(self)

    def _why_illegal(self, action: int) -> str:
        from .kinds import DECISIONS

        frame = self.pend[-1]
        return (f"the pending decision is '{DECISIONS[frame[0]]}' for player {frame[1]}; "
                f"legal: {[self.game.catalog.describe(a) for a in np.flatnonzero(self.legal_mask())]}")

    def step_cap_reached(self) -> bool:
        return self.turn_steps >= TURN_STEP_CAP

    # -- scores and rewards -----------------------------------------------------------------
    def score(self, p: int) -> int:
        from .scoring import score

        return score(self, p)

    def returns(self):
        from .scoring import returns

        return returns(self)

    def potential(self, player: int) -> float:
        from .scoring import potential

        return potential(self, player)

    # -- observation / render ------------------------------------------------------------------
    def observation(self, player: int, out=None):
        return encode(self, player, out)

    def observation_dict(self, player: int) -> dict:
        from .observation import as_dict

        return as_dict(self, player)

    def render(self) -> str:
        from .render import render

        return render(self)

    # -- copying and saving ----------------------------------------------------------------------
    def clone(self) -> "ATTState":
        s = ATTState.__new__(ATTState)
        s.game = self.game
        s.n = self.n
        for k in SCALARS:
            setattr(s, k, getattr(self, k))
        for k in LISTS:
            setattr(s, k, getattr(self, k)[:])
        for k in NESTED:
            setattr(s, k, [x[:] for x in getattr(self, k)])
        s.pend = self.pend[:]
        s.cq = self.cq[:]
        s._mask = np.zeros(self.game.catalog.n, dtype=bool)
        s._mask_ok = False
        return s

    def _dump(self) -> dict:
        d = {k: getattr(self, k) for k in SCALARS + LISTS + NESTED}
        d["pend"] = [list(f) for f in self.pend]
        d["cq"] = [list(e) for e in self.cq]
        return d

    def _load(self, d: dict) -> None:
        self.n = self.game.num_players
        for k in SCALARS:
            v = d[k]
            if not isinstance(v, int):
                raise StateError(f"corrupt saved state: {k} is not an int")
            setattr(self, k, v)
        for k in LISTS:
            v = d[k]
            if not isinstance(v, list) or not all(isinstance(x, int) for x in v):
                raise StateError(f"corrupt saved state: {k} is not a list of ints")
            setattr(self, k, list(v))
        for k in NESTED:
            v = d[k]
            if (not isinstance(v, list) or len(v) != self.n
                    or not all(isinstance(x, list) and all(isinstance(y, int) for y in x) for x in v)):
                raise StateError(f"corrupt saved state: {k} is not one list of ints per player")
            setattr(self, k, [list(x) for x in v])
        self.pend = [tuple(f) for f in d["pend"]]
        self.cq = [tuple(e) for e in d["cq"]]
        self._mask = np.zeros(self.game.catalog.n, dtype=bool)
        self._mask_ok = False

    def invariant_errors(self) -> list[str]:
        from .invariants import check

        return check(self)


    # convenience for agents / heuristics
    def tok(self, p: int, k: int) -> int:
        return self.tokens[4 * p + k]

    def add(self, p: int, k: int, v: int) -> None:
        self.tokens[4 * p + k] += v

