"""The Tides of Ruin Arcade state: small int containers, the pending-decision stack ``pend`` and
the chance queue ``cq``, with the Sleeping Gods core's fields merged in (``host.state_fields``).

The Arcade deck stores only its public backs (``deck``, top first); a card's face is drawn when
it is revealed, from the cards of that back not yet seen (``seen_*``), which is the unused cards
and the deck's unrevealed ones together (TR-SETUP-5: unused cards stay unseen). The skill deck
and the market deck store no order either: the skill deck is the 40 cards minus hands, equipped
cards and the public discard; the market deck is its cards not yet seen, above the public bottom
(``adv_bottom``, unbought cards in their order).
"""
from __future__ import annotations

from boardgym.core.engine import Rules, ScoredFrameState
from boardgym.core.fields import (FLAG, NONE, SEAT, SEAT_OR_NONE, Int, Ints, Nested, between, enum,
                                  ids, per_seat)
from boardgym.games.sleeping_gods.host import CQ_ARGS as SG_CQ
from boardgym.games.sleeping_gods.host import PEND_ARGS as SG_PEND
from boardgym.games.sleeping_gods.host import init_state, state_fields

from . import actions as A
from . import flow
from .abilities import fortune_drawn
from .chance_nodes import CHANCE_APPLY, CHANCE_OUTCOMES
from .decisions import TABLE
from .invariants import check
from .observation import as_dict, encode
from .scoring import potential, returns, score
from .kinds import (ADV_MARKET, ADV_PLACE, CH_ADV, CH_ARCADE, CH_SKILL, CHANCES, D_ADV_TO, D_BUY_TO,
                    D_DISCARD, D_EQUIP_SWAP, D_EQUIP_TO, D_KEEP, D_MARKET, D_OM_CREW, D_PICK_STATUS,
                    D_PLACE_CARD, D_PREP, D_RECIPE_CREW, D_START_PICK, D_STRIKE, D_SWAP_WITH,
                    D_TRAIN_CREW, D_TRAIN_SKILL, D_UNITS, DECISIONS, PHASES, PH_SETUP, UNITS)

ZERO = between(0, 0, "0")
CREWV = between(0, A.N_CREW - 1, "a crew member")
ADV = ids(lambda g: len(g.content.adventure), "an adventure card id")
KIND = ids(lambda g: g.n_kinds, "a skill card kind")
REW = ids(lambda g: len(g.content.rewards), "a reward card id")
OMV = between(0, lambda g: g.om_supply, "order markers")
TURNS = between(0, lambda g: len(g.deck_backs), "a turn count")
AMOUNT = between(0, 99, "an amount")
_P = (SEAT, ZERO, ZERO)
PEND_ARGS = dict(SG_PEND)
PEND_ARGS.update({
    D_START_PICK: (SEAT, between(1, 4, "picks left"), ZERO),
    D_PLACE_CARD: (SEAT, ADV, ZERO),
    D_PREP: (SEAT, between(0, per_seat, "passes in a row"), FLAG),  # FLAG: handed back, card open
    D_EQUIP_TO: (SEAT, between(0, A.HAND_SLOTS - 1, "a hand slot"), ZERO),
    D_EQUIP_SWAP: (SEAT, between(0, A.HAND_SLOTS - 1, "a hand slot"), CREWV),
    D_SWAP_WITH: (SEAT, CREWV, ZERO),
    D_ADV_TO: (SEAT, ADV, ZERO),
    D_OM_CREW: (SEAT, between(0, 2, "an order-marker use (fatigue, heal, status)"), ZERO),
    D_PICK_STATUS: (SEAT, CREWV, FLAG),
    D_TRAIN_CREW: _P, D_TRAIN_SKILL: (SEAT, CREWV, ZERO),
    D_UNITS: (SEAT, between(0, len(UNITS) - 1, "a unit kind"), between(1, 99, "units left")),
    D_DISCARD: _P, D_MARKET: _P, D_BUY_TO: _P,
    D_RECIPE_CREW: (SEAT, ADV, between(0, 9, "an effect index")),
    D_KEEP: (SEAT, between(0, 9, "the earlier draw"), between(0, 31, "16 x purpose + the new draw")),
    D_STRIKE: (SEAT, A.EQUIPPED_CARD, ZERO),
})
CQ_ARGS = dict(SG_CQ)
CQ_ARGS.update({CH_ARCADE: (between(0, 2, "a card back"),), CH_SKILL: (SEAT,),
                CH_ADV: (between(ADV_PLACE, ADV_MARKET, "where the card goes"),)})

FIELDS = state_fields(
    Int("phase", enum(PHASES, "phase")), Int("over", FLAG), Int("survived", FLAG),
    Int("active", SEAT), Int("turn", TURNS),
    Ints("deck", between(0, 2, "a card back (reward, challenge, combat)"), max_len=lambda g: len(g.deck_backs)),
    Ints("seen_ch", FLAG, length=lambda g: len(g.content.challenges)),
    Ints("seen_cb", FLAG, length=lambda g: len(g.content.combats)),
    Ints("seen_rw", FLAG, length=lambda g: len(g.content.rewards)),
    Int("enc_kind", NONE | between(1, 2, "challenge or combat")),
    Int("enc_id", NONE | ids(lambda g: max(len(g.content.challenges), len(g.content.combats)), "an encounter id")),
    Int("final", FLAG), Int("boss", between(0, 63, "boss values applied (bits)")),
    Int("boss_left", between(0, 3, "boss draws left")),
    Ints("won", between(0, 99, "an encounter (challenge id, or 50 + combat id)"), max_len=lambda g: len(g.deck_backs), distinct=True),
    Ints("lost", between(0, 99, "an encounter (challenge id, or 50 + combat id)"), max_len=lambda g: len(g.deck_backs), distinct=True),
    Ints("rewards", REW, max_len=A.MAX_REWARDS, distinct=True),
    Int("rw_open", NONE | REW), Int("rw_taken", between(0, 63, "rewards taken (bits)")),
    Int("rw_corner", FLAG), Ints("rw_disc", REW, max_len=lambda g: len(g.content.rewards), distinct=True),
    Ints("om", OMV, length=per_seat), Ints("spent", OMV, length=per_seat),
    Nested("hand", KIND, outer=per_seat, max_len=A.HAND_SLOTS),
    Ints("sk_disc", between(0, 40, "cards of a kind discarded"), length=lambda g: g.n_kinds),
    Ints("sk_assign", between(0, 40, "skill cards to draw"), length=per_seat),
    Nested("equip", KIND, outer=A.N_CREW, max_len=A.EQUIP_SLOTS),
    Int("used", between(0, 1023, "abilities used this encounter (bits: crew x 2 + slot)")),
    Ints("weapon", NONE | ADV, length=A.N_CREW), Ints("item", NONE | ADV, length=A.N_CREW),
    Ints("stash", ADV, max_len=A.N_ADVENTURE, distinct=True),
    Ints("recipes", ADV, max_len=A.N_ADVENTURE, distinct=True),
    Ints("adv_bottom", ADV, max_len=A.N_ADVENTURE, distinct=True),
    Ints("market", ADV, max_len=A.MARKET_SLOTS, distinct=True), Int("mk_open", FLAG),
    Ints("to_place", ADV, max_len=4, distinct=True),
    Ints("picked", ADV, max_len=4, distinct=True),
    Ints("train", between(0, 2, "training"), length=A.N_CREW * A.N_SKILLS),
    Int("xp_gained", between(0, 999, "XP")), Int("xp_bank", between(0, 999, "XP")),
    Int("food", between(0, 12, "food")), Int("coins", between(0, 20, "coins")),
    Int("moves", between(0, lambda g: g.max_free_moves, "free moves")),
    Int("fk_seat", SEAT_OR_NONE),
    decisions=(PEND_ARGS, DECISIONS, 24),
    chances=(CQ_ARGS, CHANCES, 16),
)


class TidesState(ScoredFrameState):
    __slots__ = FIELDS.slots

    def __init__(self, game):
        init_state(self, game)
        c = game.content
        self.phase, self.over, self.survived, self.turn = PH_SETUP, 0, 0, 0
        self.deck = list(game.deck_backs)
        self.seen_ch, self.seen_cb, self.seen_rw = [0] * len(c.challenges), [0] * len(c.combats), [0] * len(c.rewards)
        self.enc_kind = self.enc_id = -1
        self.final = self.boss = self.boss_left = 0
        self.won, self.lost, self.rewards, self.rw_disc = [], [], [], []
        self.rw_open, self.rw_taken, self.rw_corner = -1, 0, 0
        self.om, self.spent = [4] * self.n, [0] * self.n    # TR-SETUP-3
        self.hand = [[] for _ in range(self.n)]
        self.sk_disc = [0] * game.n_kinds
        self.sk_assign = [2] * self.n                       # TR-SETUP-3: 2 skill cards each
        self.equip = [[] for _ in range(A.N_CREW)]
        self.used = 0
        self.weapon, self.item = [-1] * A.N_CREW, [-1] * A.N_CREW
        self.stash, self.recipes, self.adv_bottom, self.market = [], [], [], []
        self.mk_open = 0
        self.to_place, self.picked = [], []
        self.train = [0] * (A.N_CREW * A.N_SKILLS)
        self.xp_gained = self.xp_bank = self.food = self.coins = self.moves = 0
        self.fk_seat = -1
        flow.advance(self)

    # -- the Sleeping Gods host protocol ------------------------------------------------------
    def controller(self, ch: int) -> int:
        seat = self.game.seats[ch]
        return self.active if seat is None else seat

    def skill(self, ch: int, k: int) -> int:
        """Base + item + equipped skill cards' icons + training (TR-BASE-CHAL-2)."""
        g = self.game
        v = g.base_skills[ch][k] + self.train[ch * A.N_SKILLS + k]
        it = self.item[ch]
        if it >= 0:
            v += g.content.adventure[it].bonuses[k]
        for kind in self.equip[ch]:
            card = g.content.skills[kind]
            if card.skill == k:
                v += card.bonus
        return v

    def max_hp(self, ch: int) -> int:
        return self.game.max_hp_of[ch]

    def on_drawn(self, value: int) -> None:
        """A host draw: a boss draw, or Fortune's second draw."""
        if self.fk_seat >= 0:
            fortune_drawn(self, value)
        else:
            flow.boss_drawn(self, value)


FIELDS.install(TidesState)

# the engine contract: core.engine.FrameState over this table (score: the team's, TR-END-4, the
# same for every player: the game is cooperative)
RULES = Rules(
    package=__package__, decisions=TABLE, decision_names=DECISIONS,
    chance_outcomes=CHANCE_OUTCOMES, chance_apply=CHANCE_APPLY, advance=flow.advance,
    observation=encode, observation_dict=as_dict, render=".render:render", invariants=check,
    returns=returns, potential=potential, score=score)
