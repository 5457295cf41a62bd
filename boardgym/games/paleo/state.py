"""The Paleo state: small int containers, a pending-decision stack ``pend``, a chance queue
``cq`` and the running resolution program ``ops``.

Facedown day cards are slots with a public back; identities are drawn lazily and exactly at
reveal from the multiset U_b (``u`` flags, hidden.py, PALEO-D-21). The only hidden identities the
state stores are the module cards removed at setup and dreams put on decks (``deck_c``/``fd_c``
entries >= 0); observations never read them.
"""
from __future__ import annotations

import numpy as np

from boardgym.core.errors import IllegalActionError, StateError
from boardgym.core.game import CHANCE, TERMINAL, State

from . import flow
from .chance_nodes import CHANCE_APPLY, CHANCE_OUTCOMES
from .decisions import HANDLERS
from .kinds import CH_DEAL, D_COMMIT, DECISIONS, PH_SETUP
from .observation import encode
from .scoring import potential as _potential, returns as _returns

SCALARS = ("phase", "over", "result", "round", "turn", "lead_ptr", "lead", "skulls", "victories",
           "lost", "k", "sec_card", "sec_owner", "sec_help", "sec_first", "r_card", "r_opt",
           "r_owner", "r_chooser", "r_parts", "r_src", "r_host", "r_inst", "r_wgroup", "r_wound",
           "r_prev", "r_place")
LISTS = ("store", "sup", "gsup", "stock", "tools", "dice", "need", "bonus", "awake", "commit",
         "rev", "rstat", "helpers", "ch_b", "ch_c", "fd_b", "fd_c", "fu", "cem", "removed", "u",
         "seen", "deal_pool", "people_deck", "dream_deck", "idea_deck", "secrets", "bench",
         "inplay", "inloc", "add_used", "add_day", "sec_pend")
PER_GROUP = ("deck_b", "deck_c", "ppl", "wnd")
TUPLE_LISTS = ("pend", "cq", "ops")


class PaleoState(State):
    __slots__ = SCALARS + LISTS + PER_GROUP + TUPLE_LISTS + ("held", "n", "_mask", "_mask_ok", "_co")

    def __init__(self, game):
        self.game = game
        n = self.n = game.num_groups
        c = game.content
        T = game.T
        nc = len(c.cards)
        for k in SCALARS:
            setattr(self, k, 0)
        for k in ("sec_card", "sec_owner", "sec_first", "r_card", "r_opt", "r_owner", "r_chooser",
                  "r_host", "r_inst", "r_wgroup"):
            setattr(self, k, -1)
        self.phase = PH_SETUP
        self.store, self.sup = [0, 0, 0], [0, 0, 0]
        self.gsup, self.stock = [0] * T, [0] * T
        self.tools = [0] * (n * T)
        self.dice, self.need, self.bonus = [-1] * c.dice_count, [0, 0, 0], [0, 0, 0]
        self.awake, self.commit, self.rev = [0] * n, [0] * n, [-1] * n
        self.rstat, self.helpers, self.ch_b, self.ch_c = [0] * n, [0] * n, [-1] * n, [-1] * n
        self.fd_b, self.fd_c, self.fu, self.cem, self.removed = [], [], [], [], []
        self.u, self.seen = [0] * nc, [0] * nc
        self.deal_pool = [0] * len(c.backs)
        self.people_deck, self.dream_deck, self.idea_deck, self.secrets = [], [], [], []
        self.bench, self.inplay, self.inloc, self.held = [], [], [], []
        self.add_used, self.add_day = [0] * len(game.add_inst), [0] * len(game.add_inst)
        self.sec_pend = []
        self.deck_b = [[] for _ in range(n)]
        self.deck_c = [[] for _ in range(n)]
        self.ppl = [[] for _ in range(n)]
        self.wnd = [[] for _ in range(n)]
        self.pend, self.cq, self.ops = [], [], []
        self._mask = np.zeros(game.catalog.n, dtype=bool)
        self._mask_ok = False
        self._co = None
        flow.advance(self)

    # -- core contract ---------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.cq:
            return CHANCE
        return self.pend[-1][1]

    def acting_players(self) -> list[int]:
        """Every awake uncommitted seat at the simultaneous commit step (PALEO-DAY-1/2)."""
        if self.over or self.cq:
            return []
        f = self.pend[-1]
        if f[0] == D_COMMIT:
            return [g for g in range(self.n) if self.awake[g] and not self.commit[g]]
        return [f[1]]

    def legal_mask(self) -> np.ndarray:
        """The mask of the pending decision, written into a preallocated array (a shared buffer:
        copy to keep). Always computed afresh (scripted tests edit fields between calls), but
        the next ``apply`` checks its action against it instead of computing it again."""
        m = self._mask
        if m is None:
            m = self._mask = np.zeros(self.game.catalog.n, dtype=bool)
        else:
            m.fill(False)
        if not (self.over or self.cq):
            frame = self.pend[-1]
            HANDLERS[frame[0]][0](self, frame, m)
        self._mask_ok = True
        return m

    def invalidate(self) -> None:
        """Forget the mask kept for ``apply``'s check and the cached chance outcomes. Only needed
        after editing fields directly (scripted tests); every ``apply`` does it."""
        self._mask_ok = False
        self._co = None

    def legal_mask_for(self, seat: int) -> np.ndarray:
        """The mask of any acting seat (at the commit step every awake uncommitted seat decides;
        others: NOOP only). A fresh array."""
        if seat in self.acting_players():
            f = self.pend[-1]
            m = np.zeros(self.game.catalog.n, dtype=bool)
            HANDLERS[f[0]][0](self, (f[0], seat) + tuple(f[2:]), m)
            return m
        m = np.zeros(self.game.catalog.n, dtype=bool)
        m[0] = True
        return m

    def chance_outcomes(self):
        """The pending chance node's outcomes; the next ``apply`` checks its outcome against this
        list instead of building it again."""
        if not self.cq or self.over:
            return []
        kind, arg = self.cq[0]
        co = self._co = CHANCE_OUTCOMES[kind](self, arg)
        return co

    def apply(self, action) -> None:
        """``State.apply`` with a fast path for plain int actions (same checks, same errors)."""
        if type(action) is not int:
            if not isinstance(action, np.integer):
                return State.apply(self, action)
            action = int(action)  # what State.apply does with a NumPy integer
        if self.over:
            raise IllegalActionError(action, "the game is over")
        if self.cq:
            if self.cq[0][0] == CH_DEAL:
                # the deal's outcomes are the backs left to deal (hidden.deal_outcomes)
                dp = self.deal_pool
                if not (0 <= action < len(dp) and dp[action] > 0):
                    raise IllegalActionError(action, "not an outcome of the pending chance node")
            else:
                co = self._co
                for o, _ in co if co is not None else self.chance_outcomes():
                    if o == action:
                        break
                else:
                    raise IllegalActionError(action, "not an outcome of the pending chance node")
        else:
            cat = self.game.catalog
            if not 0 <= action < cat.n:
                raise IllegalActionError(action, f"outside the action space 0..{cat.n - 1}")
            m = self._mask if self._mask_ok else self.legal_mask()
            if not m[action]:
                raise IllegalActionError(action, self._why_illegal(action), cat.describe(action))
        self._apply(action)

    def _apply(self, action: int) -> None:
        self._mask_ok = False
        self._co = None
        cq = self.cq
        if cq:
            kind, arg = cq.pop(0)
            CHANCE_APPLY[kind](self, arg, action)
            if cq:  # another chance node: flow.advance would return at once
                return
        else:
            frame = self.pend[-1]
            HANDLERS[frame[0]][1](self, frame, action)
            self._mask_ok = False
        flow.advance(self)

    def _why_illegal(self, action: int) -> str:
        frame = self.pend[-1]
        return (f"the pending decision is '{DECISIONS[frame[0]]}' for group {frame[1]}; "
                f"legal: {[self.game.catalog.describe(a) for a in np.flatnonzero(self.legal_mask())]}")

    # -- rewards ---------------------------------------------------------------------------
    def returns(self):
        return _returns(self)

    def potential(self, player: int) -> float:
        return _potential(self)

    # -- observation / render ----------------------------------------------------------------
    def observation(self, player: int, out=None):
        return encode(self, player, out)

    def observation_dict(self, player: int) -> dict:
        from .observation import as_dict

        return as_dict(self, player)

    def render(self) -> str:
        from .render import render

        return render(self)

    def redeterminize(self, player: int, rng) -> "PaleoState":
        from .hidden import redeterminize

        return redeterminize(self, player, rng)

    # -- copying and saving ------------------------------------------------------------------
    def clone(self) -> "PaleoState":
        """A copy sharing the game and content; only the mutable containers are copied (the
        body is generated from SCALARS / LISTS / PER_GROUP below the class)."""
        return _clone(self, PaleoState.__new__(PaleoState))

    def _dump(self) -> dict:
        d = {k: getattr(self, k) for k in SCALARS + LISTS + PER_GROUP}
        d["held"] = self.held
        for k in TUPLE_LISTS:
            d[k] = [list(f) for f in getattr(self, k)]
        return d

    def _load(self, d: dict) -> None:
        self.n = self.game.num_groups

        def ints(v, k):
            if not isinstance(v, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
                raise StateError(f"corrupt saved state: {k} is not a list of ints")
            return list(v)

        for k in SCALARS:
            v = d[k]
            if not isinstance(v, int) or isinstance(v, bool):
                raise StateError(f"corrupt saved state: {k} is not an int")
            setattr(self, k, v)
        for k in LISTS:
            setattr(self, k, ints(d[k], k))
        for k in PER_GROUP:
            v = d[k]
            if not isinstance(v, list) or len(v) != self.n:
                raise StateError(f"corrupt saved state: {k} is not one list per group")
            setattr(self, k, [ints(x, k) for x in v])
        if not isinstance(d["held"], list):
            raise StateError("corrupt saved state: held is not a list")
        self.held = [ints(x, "held") for x in d["held"]]
        for k in TUPLE_LISTS:
            v = d[k]
            if not isinstance(v, list):
                raise StateError(f"corrupt saved state: {k} is not a list")
            setattr(self, k, [tuple(ints(f, k)) for f in v])
        self._mask = np.zeros(self.game.catalog.n, dtype=bool)
        self._mask_ok = False
        self._co = None

    def invariant_errors(self) -> list[str]:
        from .invariants import check

        return check(self)



def _make_clone():
    """clone() as straight-line code: one attribute copy per slot, no getattr/setattr loops."""
    lines = ["def _clone(self, s):", "    s.game = self.game", "    s.n = self.n"]
    lines += [f"    s.{k} = self.{k}" for k in SCALARS]
    lines += [f"    s.{k} = self.{k}[:]" for k in LISTS + TUPLE_LISTS]
    lines += [f"    s.{k} = [x[:] for x in self.{k}]" for k in PER_GROUP + ("held",)]
    lines += ["    s._mask = None", "    s._mask_ok = False", "    s._co = None", "    return s"]
    ns = {}
    exec(compile("\n".join(lines), "<paleo clone>", "exec"), ns)  # noqa: S102 - fixed field names
    return ns["_clone"]


_clone = _make_clone()
