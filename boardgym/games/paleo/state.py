"""The Paleo state: small int containers, a pending-decision stack ``pend``, a chance queue
``cq`` and the running resolution program ``ops``.

Facedown day cards are slots with a public back; identities are drawn lazily and exactly at
reveal from the multiset U_b (``u`` flags, hidden.py, PALEO-D-21). The only hidden identities the
state stores are the module cards removed at setup and dreams put on decks (``deck_c``/``fd_c``
entries >= 0); observations never read them.
"""
from __future__ import annotations

import numpy as np

from boardgym.core.actions import action_id
from boardgym.core.chance import sample_outcome
from boardgym.core.engine import TRANSIENT, FrameState, Rules
from boardgym.core.errors import IllegalActionError
from boardgym.core.fields import (FLAG, NONE, SEAT, SEAT_OR_NONE, SEAT_SET, ZERO, Frames, Int, Ints,
                                  Nested, StateFields, between, enum, ids, per_seat)

from . import actions as A, flow
from .chance_nodes import CHANCE_APPLY, CHANCE_OUTCOMES
from .constants import (BENCH_SLOTS, E_DISCARD, E_HEAL, E_TOOL, E_WOUND, MAX_ADD, MAX_ALT,
                        MAX_INPLAY, MAX_OPTIONS, MAX_PEOPLE, MAX_SKULLS, MAX_VICTORIES, RES_TOTAL,
                        TE_HEAL)
from .decisions import HANDLERS
from .hidden import apply_deal, deal_run, redeterminize
from .kinds import (CH_DEAL, CH_DIE, CH_DREAM, CH_IDEA, CH_PERSON, CH_REMOVE, CH_REVEAL, CHANCES,
                    D_CLOSE, D_COMMIT, D_CRAFT, D_HOST, D_HPERSON, D_IDEASLOT, D_KGROUP, D_KPERSON,
                    D_NEG, D_NIGHTOPT, D_NTOOL, D_ORDER, D_OWNER, D_PLACE, D_PREVENT, D_SPLIT,
                    D_TALISMAN, D_TOOLWIN, D_WGROUP, D_WPERSON, DECISIONS, ON_CARD, OP_CHECK,
                    OP_DREAM_TO, OP_EFF, OP_FINISH, OP_GAIN_RES, OP_GAIN_TOOL, OP_GIVE_TOOL, OP_HEAL,
                    OP_HEAL_IN, OP_KILL, OP_PAY, OP_PERSON_TO, OP_RECLOSE, OP_RENTOOL, OP_REOPEN,
                    OP_WOUND, OP_WOUND2, OP_WOUND3, OPS, PH_SETUP, PHASES, SRC_TOOL, TABLE)
from .invariants import check
from .observation import as_dict, encode
from .scoring import potential, returns


# -- what the state may hold (bounds from the configured game and its content) ------------------
def _nc(g):
    return len(g.content.cards)


def _opts(g):
    return [o for card in g.content.cards for o in card.opts]


def _wound_max(g):  # one wound event: a WOUND reward, or the red backs of a discard (ACT-3/4)
    vals = [0]   # (a pack with neither never wounds)
    for o in _opts(g):
        vals.append(o.discard)
        vals += [e[1] for e in o.reward if e[0] in (E_WOUND, E_DISCARD)]
    return max(vals)


def _heal_max(g):
    vals = [0] + [t.n for t in g.content.tools if t.effect == TE_HEAL]
    return max(vals + [e[1] for o in _opts(g) for e in o.reward if e[0] == E_HEAL])


def _need_max(g):  # a requirement plus its dice (PALEO-DICE-1)
    face = max((v for _, v in g.content.dice_faces), default=0)
    return max([o.req[a] + o.dice * face for o in _opts(g) for a in range(3)] + [0])


def _bonus_max(g):  # every attribute tool token used at once
    return sum(t.count * max(t.ability) for t in g.content.tools)


def _tool_max(g):
    return max((t.count for t in g.content.tools), default=0)


def _gain_tool_max(g):
    return max([0] + [e[2] for o in _opts(g) for e in o.reward if e[0] == E_TOOL])


def _reward_len(g):
    return max((len(o.reward) for o in _opts(g)), default=0)


def _hold_max(g):
    return max((card.hold_max for card in g.content.cards), default=0)


CARD = ids(_nc, "a card id")
BACK = ids(lambda g: len(g.content.backs), "a card back id")
TOOL = ids(lambda g: g.T, "a tool type")
WOUNDS = between(1, _wound_max, "wounds of one event")
STEPS = between(0, lambda g: g.info.max_decisions, "a step count")
RES = between(0, 2, "a resource (food, wood, stone)")
MODE = between(0, 2, "an owner-window mode (normal, help only, secret)")
_PLAIN = (SEAT, ZERO, ZERO)
PEND_ARGS = {  # (seat, a, b) of every decision kind (frames: kinds.py)
    D_COMMIT: _PLAIN, D_TALISMAN: (SEAT, between(0, 1, "0, or 1 for a secret"), ZERO),
    D_ORDER: _PLAIN, D_OWNER: (SEAT, MODE, ZERO), D_NEG: _PLAIN, D_TOOLWIN: _PLAIN,
    D_WGROUP: (SEAT, WOUNDS, ZERO), D_PREVENT: _PLAIN, D_WPERSON: (SEAT, WOUNDS, ZERO),
    D_SPLIT: (SEAT, between(0, 3, "a split purpose (tool, person, dream, heal)"),
              TOOL | between(100, lambda g: 100 + g.T - 1, "100 + a crafted tool type")),
    D_HPERSON: (SEAT, SEAT, ZERO), D_KPERSON: _PLAIN, D_KGROUP: _PLAIN,
    D_HOST: (SEAT, between(0, lambda g: 2 + g.T, "a resource (0..2) or 3 + a tool type"), SEAT_OR_NONE),
    D_CRAFT: (SEAT, between(0, lambda g: g.T, "0, or 1 + the tool whose recipe window is open"), ZERO),
    D_IDEASLOT: _PLAIN, D_PLACE: _PLAIN, D_CLOSE: _PLAIN, D_NTOOL: _PLAIN,
    D_NIGHTOPT: (SEAT, CARD, ZERO),
}
CQ_ARGS = {  # the argument of every chance kind
    CH_REMOVE: (ids(lambda g: len(g.removal), "a module removal"),), CH_DEAL: (SEAT,),
    CH_REVEAL: (SEAT,), CH_PERSON: (SEAT,), CH_DREAM: (SEAT,), CH_IDEA: (ZERO,),
    CH_DIE: (ids(lambda g: g.content.dice_count, "a die"),),
}
OPS_ARGS = {  # the arguments of every resolution-program op (resolve.py)
    OP_CHECK: (), OP_PAY: (), OP_EFF: (ids(_reward_len, "a reward index"),), OP_FINISH: (),
    OP_WOUND: (WOUNDS,), OP_WOUND2: (SEAT, WOUNDS), OP_WOUND3: (),
    OP_GAIN_RES: (RES, between(0, max(RES_TOTAL), "a resource count")),
    OP_GAIN_TOOL: (TOOL, between(0, _gain_tool_max, "tokens still to gain")),
    OP_GIVE_TOOL: (TOOL, SEAT, FLAG), OP_HEAL: (between(0, _heal_max, "heals still to give"),),
    OP_HEAL_IN: (SEAT,), OP_REOPEN: (SEAT, MODE), OP_RECLOSE: (SEAT,), OP_RENTOOL: (SEAT,),
    OP_PERSON_TO: (SEAT,), OP_DREAM_TO: (SEAT,), OP_KILL: (SEAT,),
}
COMMIT = between(A.PICK, A.SLEEP_EARLY, "a commitment (PICK 0..5, SLEEP_EARLY)")
FIELDS = StateFields(
    Int("phase", enum(PHASES, "phase")), Int("over", FLAG),
    Int("result", between(-1, 1, "-1, 0 or 1")),
    Int("round", between(0, lambda g: g.max_rounds, "a night count")), Int("turn", STEPS),
    Int("lead_ptr", STEPS), Int("lead", SEAT),
    Int("skulls", between(0, MAX_SKULLS, "a skull count")),
    Int("victories", between(0, MAX_VICTORIES, "a victory count")), Int("lost", FLAG),
    Int("k", between(0, lambda g: g.num_players * (MAX_PEOPLE + 1) + MAX_INPLAY, "a step counter")),
    Int("sec_card", NONE | CARD), Int("sec_owner", SEAT_OR_NONE), Int("sec_help", SEAT_SET),
    Int("sec_first", SEAT_OR_NONE), Int("r_card", NONE | CARD),
    Int("r_opt", NONE | between(0, MAX_OPTIONS - 1, "an option index")),
    Int("r_owner", SEAT_OR_NONE), Int("r_chooser", SEAT_OR_NONE), Int("r_parts", SEAT_SET),
    Int("r_src", between(0, SRC_TOOL, "a resolution source (card, alt, add, night, tool)")),
    Int("r_host", NONE | between(0, MAX_INPLAY - 1, "an in-play index")),
    Int("r_inst", NONE | between(0, max(MAX_ADD, MAX_ALT) - 1, "an action instance")),
    Int("r_wgroup", SEAT_OR_NONE), Int("r_wound", between(0, _wound_max, "wounds to place")),
    Int("r_prev", between(0, lambda g: max([o.prevent for o in _opts(g)] + [0]), "wounds to prevent")),
    Int("r_place", FLAG),
    Ints("store", tuple(between(0, k, f"{r} in storage") for r, k in zip(("food", "wood", "stone"), RES_TOTAL))),
    Ints("sup", tuple(between(0, k, f"{r} in the supply") for r, k in zip(("food", "wood", "stone"), RES_TOTAL))),
    Ints("gsup", between(0, _tool_max, "tool tokens"), length=lambda g: g.T),
    Ints("stock", between(0, _tool_max, "tool tokens"), length=lambda g: g.T),
    Ints("tools", between(0, _tool_max, "tool tokens"), length=lambda g: g.num_players * g.T),
    Ints("dice", NONE | ids(lambda g: len(g.content.dice_faces), "a die face"),
         length=lambda g: g.content.dice_count),
    Ints("need", between(0, _need_max, "a requirement"), length=3),
    Ints("bonus", between(0, _bonus_max, "a tool bonus"), length=3),
    Ints("awake", FLAG, length=per_seat),
    Ints("commit", between(0, 0, "0 (none)") | COMMIT, length=per_seat),
    Ints("rev", NONE | CARD, length=per_seat, distinct=True),
    Ints("rstat", between(0, 2, "0 (none), 1 (revealed), 2 (resolved)"), length=per_seat),
    Ints("helpers", SEAT_SET, length=per_seat),
    Ints("ch_b", NONE | BACK, length=per_seat), Ints("ch_c", NONE | CARD, length=per_seat, distinct=True),
    Ints("fd_b", BACK, max_len=_nc), Ints("fd_c", NONE | CARD, max_len=_nc, distinct=True),
    Ints("fu", CARD, max_len=_nc, distinct=True), Ints("cem", CARD, max_len=_nc, distinct=True),
    Ints("removed", CARD, max_len=_nc, distinct=True, order="asc"),
    Ints("u", FLAG, length=_nc), Ints("seen", FLAG, length=_nc),
    Ints("deal_pool", between(0, _nc, "cards to deal"), length=lambda g: len(g.content.backs)),
    Ints("people_deck", CARD, max_len=MAX_PEOPLE, distinct=True),
    Ints("dream_deck", CARD, max_len=_nc, distinct=True),
    Ints("idea_deck", CARD, max_len=_nc, distinct=True),
    Ints("secrets", CARD, max_len=_nc, distinct=True),
    Ints("bench", CARD, max_len=BENCH_SLOTS + 1, distinct=True),
    Ints("inplay", CARD, max_len=MAX_INPLAY, distinct=True),
    Ints("inloc", between(TABLE, TABLE, "-1 (the table)") | SEAT
         | between(ON_CARD, lambda g: ON_CARD + _nc(g) - 1, f"{ON_CARD} + a host card id"),
         max_len=MAX_INPLAY),
    Ints("add_used", SEAT_SET, length=lambda g: len(g.add_inst)),
    Ints("add_day", FLAG, length=lambda g: len(g.add_inst)),
    Ints("sec_pend", NONE | CARD, max_len=_nc),
    Nested("deck_b", BACK, outer=per_seat, max_len=_nc),
    Nested("deck_c", NONE | CARD, outer=per_seat, max_len=_nc, distinct=True),
    Nested("ppl", CARD, outer=per_seat, max_len=MAX_PEOPLE, distinct=True),
    Nested("wnd", between(0, lambda g: max(card.hearts for card in g.content.cards), "wounds"),
           outer=per_seat, max_len=MAX_PEOPLE),
    Nested("held", between(0, lambda g: 2 + g.T, "a resource (0..2) or 3 + a tool type"),
           outer_max=MAX_INPLAY, max_len=_hold_max),
    Frames("pend", PEND_ARGS, DECISIONS, max_len=8, what="decision"),
    Frames("cq", CQ_ARGS, CHANCES, max_len=lambda g: _nc(g) + 4 * g.num_players + 8, what="chance"),
    Frames("ops", OPS_ARGS, OPS, max_len=64, what="op"),
    derived={"n": lambda g: g.num_groups},
    transient={**TRANSIENT, "_dz": "None"},
)


class PaleoState(FrameState):
    """The state of one Paleo game. Its fields are declared once in ``FIELDS`` above, which
    gives ``clone``, ``_dump`` and ``_load`` (installed below the class)."""

    __slots__ = FIELDS.slots

    def __init__(self, game):
        self.game = game
        n = self.n = game.num_groups
        c = game.content
        T = game.T
        nc = len(c.cards)
        for f in FIELDS.fields:
            if isinstance(f, Int):
                setattr(self, f.name, 0)
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
        self._co = self._dz = None
        flow.advance(self)

    # -- the engine contract: core.engine.FrameState over RULES, with Paleo's simultaneous
    # commit and its deal nodes -------------------------------------------------------------------
    # always computed afresh (scripted tests edit fields between calls), but the next ``apply``
    # checks its action against it instead of computing it again
    legal_mask = FrameState.fresh_mask

    def acting_players(self) -> list[int]:
        """Every awake uncommitted seat at the simultaneous commit step (PALEO-DAY-1/2)."""
        if self.over or self.cq:
            return []
        f = self.pend[-1]
        if f[0] == D_COMMIT:
            return [g for g in range(self.n) if self.awake[g] and not self.commit[g]]
        return [f[1]]

    def invalidate(self) -> None:
        """Forget the mask kept for ``apply``'s check, the chance outcomes and the deal's running
        counts. Only needed after editing fields directly (scripted tests); every ``apply`` does it."""
        self._mask_ok = False
        self._co = self._dz = None

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

    def apply(self, action) -> None:
        """``FrameState.apply`` with a deal node's check and apply written out: its outcomes are
        the backs left to deal (``hidden.deal_outcomes``), checked against the pool without
        listing them, and a deal followed by another draw is applied at once (about 3 deal nodes
        per decision at 1 group). The same checks and errors."""
        cq = self.cq
        if cq and cq[0][0] == CH_DEAL:
            if type(action) is not int:
                action = action_id(action)
            dp = self.deal_pool
            if not (0 <= action < len(dp) and dp[action] > 0):
                raise IllegalActionError(action, "not an outcome of the pending chance node")
            if len(cq) > 1:  # _apply's deal path, written out
                self._mask_ok = False
                self._co = None
                apply_deal(self, cq.pop(0)[1], action)
            else:
                self._apply(action)
            return
        _frame_apply(self, action)

    def _apply(self, action: int) -> None:
        """``FrameState._apply`` keeping the deal's running counts (``_dz``) from deal to deal and
        not running the phase machine between queued draws (it would return at once)."""
        self._mask_ok = False
        self._co = None
        cq = self.cq
        if cq:
            kind, arg = cq.pop(0)
            if kind != CH_DEAL:  # (the deal's running counts stay valid from deal to deal only)
                self._dz = None
            CHANCE_APPLY[kind](self, arg, action)
            if cq:  # another chance node: flow.advance would return at once
                return
        else:
            frame = self.pend[-1]
            HANDLERS[frame[0]][1](self, frame, action)
            self._mask_ok = False
        self._dz = None
        flow.advance(self)

    def _resolve_chance(self, rng) -> None:
        """``core.chance.resolve_chance``'s loop with runs of deal nodes drawn and applied by
        ``hidden.deal_run``: the same draws from ``rng`` and the same states, without an outcome
        list per card dealt (about 3 deal nodes per decision at 1 group)."""
        cq = self.cq
        while cq and not self.over:
            if cq[0][0] == CH_DEAL and deal_run(self, rng):
                self._mask_ok = False  # what _apply does after each node
                self._co = None
                if not cq:
                    self._dz = None
                    flow.advance(self)
                continue
            self._apply(sample_outcome(self._chance_outcomes(), rng))


FIELDS.install(PaleoState)
_frame_apply = FrameState.apply  # (read once: Paleo's apply hands every other node to it)

RULES = Rules(
    package=__package__, decisions=HANDLERS, decision_names=DECISIONS,
    chance_outcomes=CHANCE_OUTCOMES, chance_apply=CHANCE_APPLY, advance=flow.advance,
    observation=encode, observation_dict=as_dict, render=".render:render", invariants=check,
    returns=returns, potential=potential, redeterminize=redeterminize, seat="group")
