"""The ATT state: small int containers, a pending-decision stack and a chance queue.

The state never stores a hidden order: every card face is drawn at the moment it is revealed
from the unseen multiset matching its public back (spec §4), so the state a player observes is
the whole state and ``redeterminize`` is a clone.
"""
from __future__ import annotations

from boardgym.core.engine import TRANSIENT, Rules, ScoredFrameState
from boardgym.core.fields import (FLAG, NONE, SEAT, SEAT_OR_NONE, ZERO, Frames, Int, Ints, Nested,
                                  StateFields, between, enum, ids, per_seat)

from . import flow
from .constants import (BLANK, E_BUMP, E_REFRESH, MAX_CANCELS, MAX_DICE, MAX_FEATS, MAX_STACK,
                        MAX_SWAG, N_SLOTS, N_TENTACLE_VALUES, N_WHITE, TURN_STEP_CAP)
from .decisions import HANDLERS
from .chance_nodes import CHANCE_APPLY, CHANCE_OUTCOMES
from .kinds import (CH_ADV_D6, CH_CHAR, CH_DIE, CH_ENC, CH_FEAT, CH_FEAT_DISCARD, CH_FIRST,
                    CH_MOVE, CH_REFILL, CH_ROW, CH_TENT, CH_WHITE, CHANCES, D_ACH, D_ACTION_DIE,
                    D_ADV_PLACE, D_BUY, D_CHASM, D_CHATEAU_TOKEN, D_ENCOUNTER, D_EXPLORE, D_FORGET,
                    D_GORG_ICON, D_GUNSLOOP, D_MONKEY_BUY, D_PREROLL, D_REANIMATE, D_REFRESH,
                    D_RESOLVE, D_SELECT, D_SHRINE, D_TOKEN, D_TP_CYCLE, D_URGENT2, D_URGENT3,
                    D_VALUE, D_VILLAGE_CYCLE, D_VILLAGE_SELL, D_VILLAGE_TOKENS, DECISIONS, PHASES,
                    PH_SETUP)
from .observation import as_dict, encode
from .scoring import potential, returns, score
from .invariants import check


# -- what the state may hold (bounds from the configured game and its content) ------------------
def _n_enc(g):
    return len(g.content.enc_back)


def _n_feats(g):
    return len(g.content.feats)


def _n_swag(g):  # swag, McGuffins and Hats
    return len(g.content.swag)


def _n_tent(g):
    return sum(g.content.tentacles)


def _effect_max(kind):
    def f(g):
        c = g.content
        return max((e[1] for card in c.swag + c.feats for e in card.effects if e[0] == kind), default=0)
    return f


def _tile_bonus(kind, key, pick=max):
    def f(g):
        vals = [int(t["bonus"][key]) for t in g.tiles if t["bonus"]["kind"] == kind]
        return pick(vals) if vals else (1 if pick is min else 0)
    return f


def _loc_token_max(g):  # every encounter placed once with its tokens (ATT-REVEAL-1)
    return sum(len(t) for t in g.content.enc_types)


def _forget_max(g):
    return g.content.forget_multiplier * sum(g.content.enc_secrets)


def _village_max(g):
    return max((w.price + 1) // 2 for w in g.content.swag)


COUNT = between(0, 1_000_000, "a token count")
LINE = ids(lambda g: len(g.lines), "a scenario line")
ENC = ids(_n_enc, "an encounter card id")
FEAT = ids(_n_feats, "a feat card id")
SWAG = ids(_n_swag, "a swag card id")
SWAG_DECK = ids(lambda g: g.content.hats[0], "a swag or McGuffin card id (no Hat)")
DIE = between(0, MAX_DICE - 1, "a die index")
SLOT = between(0, N_SLOTS - 1, "a location slot")
TENT = between(0, N_TENTACLE_VALUES - 1, "a tentacle value")
STEPS = between(0, lambda g: g.info.max_decisions, "a step count")
_PLAIN = (SEAT, ZERO, ZERO)
PEND_ARGS = {  # (player, a, b) of every decision kind (frames: kinds.py)
    D_EXPLORE: _PLAIN, D_CHATEAU_TOKEN: _PLAIN, D_TP_CYCLE: _PLAIN, D_VILLAGE_SELL: _PLAIN,
    D_VILLAGE_TOKENS: (SEAT, between(1, _village_max, "tokens still to take"), ZERO),
    D_GUNSLOOP: _PLAIN, D_GORG_ICON: _PLAIN,
    D_SHRINE: (SEAT, between(_tile_bonus("refresh_swag", "n", min), _tile_bonus("refresh_swag", "n"),
                             "the Shrine's refresh count"), ZERO),
    D_ACH: (SEAT, between(0, 1, "0, or 1 at the Gorg"), ZERO), D_CHASM: _PLAIN,
    D_BUY: (SEAT, FLAG, between(0, _tile_bonus("buy", "discount"), "a purchase discount")),
    D_VILLAGE_CYCLE: _PLAIN, D_PREROLL: _PLAIN, D_ENCOUNTER: _PLAIN, D_RESOLVE: _PLAIN,
    D_ACTION_DIE: _PLAIN,
    D_SELECT: (SEAT, between(0, 1, "a selection purpose (0 effect, 1 combination)"),
               NONE | LINE),
    D_VALUE: (SEAT, DIE, between(0, _effect_max(E_BUMP), "0 (set a face) or a bump size")),
    D_TOKEN: (SEAT, between(1, MAX_DICE, "tokens still to take"), LINE),
    D_REFRESH: (SEAT, between(1, _effect_max(E_REFRESH), "swag still to refresh"), ZERO),
    D_URGENT2: _PLAIN, D_URGENT3: _PLAIN, D_REANIMATE: _PLAIN, D_MONKEY_BUY: _PLAIN,
    D_ADV_PLACE: (between(0, 0, "seat 0"), ZERO, ZERO),
    D_FORGET: (between(0, 0, "seat 0"), between(1, _forget_max, "secrets to forget"), ZERO),
}
CQ_ARGS = {  # the argument of every chance kind
    CH_CHAR: (SEAT,), CH_FIRST: (ZERO,), CH_TENT: (ZERO,), CH_FEAT_DISCARD: (ZERO,),
    CH_ROW: (between(0, 2, "a Trading Post row slot"),), CH_FEAT: (SEAT,), CH_ENC: (SLOT,),
    CH_REFILL: (SLOT,), CH_ADV_D6: (ZERO,), CH_MOVE: (ZERO,), CH_DIE: (DIE,),
    CH_WHITE: (between(0, N_WHITE - 1, "a white die"),),
}
MAX_PEND = 6


def _max_queue(g):  # setup queues the most: tentacles, a discard, 3 row cards, the feat hands
    return _n_tent(g) + 4 + g.num_players * (MAX_FEATS + 1) + MAX_DICE + N_WHITE + N_SLOTS + 1


FIELDS = StateFields(
    Int("phase", enum(PHASES, "phase")),
    Int("active", SEAT), Int("first", SEAT),
    Int("turn", STEPS), Int("round", between(0, _n_enc, "a round count")),
    Int("over", FLAG), Int("solo_result", between(-1, 1, "-1, 0 or 1")),
    Int("rean_holder", SEAT_OR_NONE), Int("rean_active", FLAG),
    Int("monkey_holder", SEAT_OR_NONE), Int("monkey_active", FLAG),
    Int("cancels", between(0, MAX_CANCELS, "cancels used")),
    Int("cur_loc", NONE | SLOT), Int("declared", between(-1, 2, "-1 or a declared token")),
    Int("gorg_icon", between(-1, 3, "-1 or an encounter type")), Int("bonus_k", between(0, per_seat, "seats done")),
    Int("overcome", FLAG), Int("turn_steps", STEPS), Int("adv", NONE | SLOT), Int("adv_removed", FLAG),
    Int("forget_req", between(0, _forget_max, "secrets to forget")),
    Ints("chars", NONE | ids(lambda g: len(g.content.char_key), "a character id"), length=per_seat,
         distinct=True),
    Ints("tokens", COUNT, length=lambda g: 4 * g.num_players),
    Ints("ach_holder", SEAT_OR_NONE, length=4), Ints("ach_side", FLAG, length=4),
    Ints("ach_retired", FLAG, length=4),
    Ints("enc_at", NONE | ENC, length=N_SLOTS, distinct=True),
    Ints("loc_tokens", between(0, _loc_token_max, "tokens at a location"), length=4 * N_SLOTS),
    Ints("deck", between(0, _n_enc, "encounters in the deck"), length=3),
    Ints("enc_unseen", FLAG, length=_n_enc),
    Ints("doom", TENT, max_len=_n_tent, order="desc"),
    Ints("tent_pool", between(0, _n_tent, "tentacles in the pool"), length=N_TENTACLE_VALUES),
    Ints("rumours", ENC, max_len=_n_enc, distinct=True),
    Ints("feat_deck", FEAT, max_len=_n_feats, distinct=True),
    Ints("feat_discard", FEAT, max_len=_n_feats, distinct=True),
    Ints("swag_deck", SWAG_DECK, max_len=_n_swag, distinct=True),
    Ints("old_stock", SWAG_DECK, max_len=_n_swag, distinct=True),
    Ints("row", NONE | SWAG_DECK, length=3, distinct=True),
    Ints("d_col", between(-1, 4, "-1 (no die) or a die colour"), length=MAX_DICE),
    Ints("d_face", between(0, 6, "0 (unrolled) or a face"), length=MAX_DICE),
    Ints("d_lock", FLAG, length=MAX_DICE), Ints("d_used", FLAG, length=MAX_DICE),
    Ints("d_luck", FLAG, length=MAX_DICE),
    Ints("w_face", between(-1, BLANK, "-1 (unrolled) or a white face"), length=N_WHITE),
    Ints("w_spent", FLAG, length=N_WHITE), Ints("w_claimed", FLAG, length=N_WHITE),
    Ints("sel", between(0, 200 + MAX_SWAG - 1, "a selection pick"), max_len=MAX_STACK + 4 + MAX_SWAG,
         distinct=True),
    Ints("act", (between(0, 1, "a card source (0 feat, 1 swag)"),
                 between(0, MAX_SWAG - 1, "a hand slot"), between(-1, 1, "-1 or a white die"))),
    Nested("feats", FEAT, outer=per_seat, max_len=MAX_FEATS, distinct=True),
    Nested("swag", SWAG, outer=per_seat, max_len=MAX_SWAG, distinct=True),
    Nested("exh", FLAG, outer=per_seat, max_len=MAX_SWAG),
    Nested("stack", ENC, outer=per_seat, max_len=_n_enc, distinct=True),
    Nested("tent", TENT, outer=per_seat, max_len=_n_tent),
    Nested("flipped", FLAG, outer=per_seat, max_len=_n_tent),
    Frames("pend", PEND_ARGS, DECISIONS, max_len=MAX_PEND, what="decision"),
    Frames("cq", CQ_ARGS, CHANCES, max_len=_max_queue, what="chance"),
    derived={"n": lambda g: g.num_players},
    transient=TRANSIENT,
)


class ATTState(ScoredFrameState):
    """The state of one ATT game. Its fields are declared once in ``FIELDS`` above, which gives
    ``clone``, ``_dump`` and ``_load`` (installed below the class); the engine contract is
    ``core.engine.FrameState`` over ``RULES``."""

    __slots__ = FIELDS.slots

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
        self._mask = self._co = None
        self._mask_ok = False
        flow.advance(self)

    def step_cap_reached(self) -> bool:
        return self.turn_steps >= TURN_STEP_CAP

    # convenience for agents / heuristics
    def tok(self, p: int, k: int) -> int:
        return self.tokens[4 * p + k]

    def add(self, p: int, k: int, v: int) -> None:
        self.tokens[4 * p + k] += v


FIELDS.install(ATTState)


def _counted(apply):
    """A decision's apply that also counts the decision in the turn (the ATT-D-17 backstop)."""
    def counted(s, frame, action):
        s.turn_steps += 1
        apply(s, frame, action)
    return counted


RULES = Rules(
    package=__package__,
    decisions=tuple((mask, _counted(apply)) for mask, apply in HANDLERS),
    decision_names=DECISIONS, chance_outcomes=CHANCE_OUTCOMES, chance_apply=CHANCE_APPLY,
    advance=flow.advance, observation=encode, observation_dict=as_dict, render=".render:render",
    invariants=check, returns=returns, potential=potential, score=score)
