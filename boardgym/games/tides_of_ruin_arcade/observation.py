"""The observation (spec §4): a float32 vector in [-1, 1] of named pieces, the same for every seat
except ``me`` and, with ``hidden_hands``, the other players' hand faces (their sizes show).

Nothing hidden is read: the Arcade deck's faces are not stored (only its public backs), the skill
deck shows its size only, unseen adventure cards show as "unseen". Each count is divided by the
largest value the rules allow, so no piece leaves the Box.
"""
from __future__ import annotations

import numpy as np

from boardgym.core.observation import ObsLayout, PieceOffsets, accepts_any_out, block_cache, game_offsets
from boardgym.core.observation import clip_ratio as _f, ratios as _ratios
from boardgym.games.sleeping_gods import combat
from boardgym.games.sleeping_gods.entities import declare_entities
from boardgym.games.sleeping_gods.enemies import BLANK, GROWTH, HEART
from boardgym.games.sleeping_gods import characters as chars
from boardgym.games.sleeping_gods.challenge import current_total
from boardgym.games.sleeping_gods.kinds import (A_BLOCK, A_CH, A_D, A_LEFT, A_TGT, C_ATTACKED, C_ROUND,
                                                H_BONUS, H_NUMBER, H_PARTS, H_ROLL, H_SKILL, H_STATE)

from . import actions as A
from .cards import market_unseen, om_supply_left, skill_deck_size
from .content import FAMILIES, REWARDS
from .kinds import BACKS, DECISIONS, DIFFICULTIES, LENGTHS, MASTERY, PHASES

N_LOC = 6  # adventure card places: unseen, market, stash, crew, team recipes, public bottom
SQ_KINDS = 4  # empty, heart, growth, ability


def build_layout(game) -> ObsLayout:
    k = game.n_kinds
    L = ObsLayout()
    L.add("phase", len(PHASES), "the phase, one-hot")
    L.add("decision", len(DECISIONS), "the pending decision's kind, one-hot")
    L.add("decision_args", 2, "its two arguments / 99")
    L.add("me", 4, "the observing seat, one-hot")
    L.add("active", 4, "the active player (Captain token), one-hot")
    L.add("acting", 4, "the player to decide, one-hot")
    L.add("difficulty", len(DIFFICULTIES), "one-hot")
    L.add("length", len(LENGTHS), "one-hot")
    L.add("turn", 1, "turn / 30")
    L.add("deck_left", len(BACKS), "Arcade cards left per back / 10 (rewards, challenges, combats)")
    L.add("next_back", len(BACKS), "the back of the top card, one-hot")
    L.add("results", 2, "successes and failures / 30")
    L.add("team", 5, "XP gained / 60, XP to spend / 60, food / 12, coins / 20, order markers in the supply / 99")
    L.add("moves", 1, "free moves made in this window / max")
    L.add("crew", A.N_CREW * 38, "per crew member: controller (4), mine, HP / 10, wounds / 10, fatigue / 3, "
          "statuses (4), effective skills / 10 (5), training / 2 (5), weapon (present, base / 3, skill 5, "
          "remove power, block), item bonuses / 3 (5), 0 HP, can act")
    L.add("equipped", A.N_CREW * A.EQUIP_SLOTS * (2 + len(FAMILIES) + A.N_SKILLS),
          "per crew member and slot: present, used this encounter, family (5), icon skill (5)")
    L.add("players", 4 * (3 + k), "per seat: order markers ready / 30, order markers spent / 30, hand size / 7, hand cards per kind "
          "/ 4 (zeros for others' hands with hidden_hands)")
    L.add("skill_deck", 2 + k, "skill deck size / 40, discard size / 40, discard per kind / 6")
    L.add("rewards_held", A.MAX_REWARDS * (1 + len(REWARDS) + 2),
          "per held reward card: present, amount / 7 per reward kind (10), Port, Market")
    L.add("reward_open", 1 + len(REWARDS) + 2 + A.REWARD_ITEMS + 1,
          "the open reward card: present, amounts (10), Port, Market, items taken (6), corner used")
    L.add("destiny", 9, "discard per value / 3 (6), deck left / 12, last draw / 5, a draw made")
    L.add("encounter", 2 + A.N_SKILLS + 6 + A.N_CREW + 8,
          "kind (challenge, combat), challenge skill (5), number / 10, mastery target / 15, total / 20, "
          "draw / 5, bonus / 10, running, participants (5), final battle, boss values (6), boss draws left / 3")
    L.add("combat", 4 + A.N_CREW + A.MAX_ENEMIES + 4, "round / 30, damage / 20, left / 20, block / 10, "
          "attacker (5), target (4), attacked this round (bits 1-4 of 5: see crew)")
    L.add("enemies", A.MAX_ENEMIES * (4 + 9 * (SQ_KINDS + 2)),
          "per enemy slot: present, defeated, attack / 5, power / 20; per square: kind (4), value / 3, covered")
    L.add("adventure", A.N_ADVENTURE * N_LOC, "per adventure card: unseen, market, stash, on a crew member, "
          "team recipe, market-deck bottom")
    # sets of same-shaped entities (the vector above is unchanged by these declarations)
    declare_entities(L, crew="crew", crew_width=38, enemy_width=4 + 9 * (SQ_KINDS + 2))
    L.entities("players", "players", 3 + k, doc="the seats (absent seats: all zeros)")
    L.entities("rewards_held", "rewards_held", 1 + len(REWARDS) + 2, presence=0,
               doc="the reward cards held")
    return L


def _hot(buf, o, i):
    if i >= 0:
        buf[o + i] = 1.0


R3, R6, R7, R10, R12, R20, R30, R40, R60, R99 = (_ratios(d) for d in (3, 6, 7, 10, 12, 20, 30, 40, 60, 99))


class _Offsets(PieceOffsets):
    """Each piece's offset, read once per game (the encoder runs at every step), and each reward
    card's static features as a ready row (present, amounts, corner) to copy in."""

    def __init__(self, game):
        super().__init__(game.layout)
        rows = []
        for card in game.content.rewards:
            row = np.zeros(1 + len(REWARDS) + 2, np.float32)
            _reward(card, row, 0)
            rows.append(memoryview(row))
        self.reward_rows = tuple(rows)


def _offsets(g) -> _Offsets:
    return game_offsets(g, _Offsets)


@accepts_any_out
def encode(s, player: int, out=None) -> np.ndarray:
    g = s.game
    L = g.layout
    buf = np.zeros(L.size, np.float32) if out is None else out
    if out is not None:
        buf[:] = 0.0
    mv = memoryview(buf)  # scalar writes through the memoryview cost a third of numpy's
    O = _offsets(g)
    c = g.content
    mv[O.phase + s.phase] = 1.0
    if s.pend and not s.cq:
        f = s.pend[-1]
        mv[O.decision + f[0]] = 1.0
        mv[O.decision_args] = _f(f[2], 99)
        mv[O.decision_args + 1] = _f(f[3], 99)
    mv[O.me + player] = 1.0
    mv[O.active + s.active] = 1.0
    cp = s.current_player
    if cp >= 0:
        mv[O.acting + cp] = 1.0
    mv[O.difficulty + g._difficulty_index] = 1.0
    mv[O.length + g._length_index] = 1.0
    mv[O.turn] = R30[s.turn]
    o = O.deck_left
    deck = s.deck
    for b in range(3):
        mv[o + b] = R20[deck.count(b)]
    if deck:
        mv[O.next_back + deck[0]] = 1.0
    o = O.results
    mv[o], mv[o + 1] = R30[len(s.won)], R30[len(s.lost)]
    o = O.team
    mv[o], mv[o + 1], mv[o + 2], mv[o + 3], mv[o + 4] = (
        R60[s.xp_gained], R60[s.xp_bank], R12[s.food], R20[s.coins], R99[om_supply_left(s)])
    mv[O.moves] = _f(s.moves, max(1, g.max_free_moves))
    o = O.crew
    eq = s.equip
    key = (3, s.active, *s.status, *s.train, *s.weapon, *s.item,
           len(eq[0]), *eq[0], len(eq[1]), *eq[1], len(eq[2]), *eq[2], len(eq[3]), *eq[3], len(eq[4]), *eq[4])
    blocks = block_cache(g)
    blocks.reuse(mv, o, o + A.N_CREW * 38, key, _crew, s, buf, o)
    # what changes at almost every step, or with the observer, is written here, not cached: mine,
    # HP, wounds, fatigue, 0 HP, attacked
    hp, res, max_hp = s.hp, s.res, g.max_hp_of
    attacked = s.sg_com[C_ATTACKED]
    controller = s.controller
    for ch in range(A.N_CREW):
        p = o + ch * 38
        if controller(ch) == player:
            mv[p + 4] = 1.0
        h = hp[ch]
        mv[p + 5] = R10[h]
        mv[p + 6] = R10[max_hp[ch] - h]
        mv[p + 7] = R3[res[ch]]
        if h <= 0:
            mv[p + 36] = 1.0
        if attacked >> ch & 1:
            mv[p + 37] = 1.0
    o = O.equipped
    per = 2 + len(FAMILIES) + A.N_SKILLS
    used = s.used
    for ch in range(A.N_CREW):
        for j, kind in enumerate(eq[ch]):
            p = o + (2 * ch + j) * per
            card = c.skills[kind]
            mv[p] = 1.0
            mv[p + 1] = float(used >> (2 * ch + j) & 1)
            mv[p + 2 + card.family] = 1.0
            mv[p + 2 + len(FAMILIES) + card.skill] = 1.0
    o = O.players
    k = g.n_kinds
    hidden = g.hidden_hands
    for p in range(s.n):
        q = o + p * (3 + k)
        hand = s.hand[p]
        mv[q], mv[q + 1], mv[q + 2] = R30[s.om[p]], R30[s.spent[p]], R7[len(hand)]
        if p == player or not hidden:
            for x in hand:
                mv[q + 3 + x] += 0.25
    o = O.skill_deck
    disc = s.sk_disc
    mv[o] = R40[skill_deck_size(s)]
    blocks.reuse(mv, o + 1, o + 2 + k, (4, *disc), _discard, disc, mv, o + 1)
    o = O.rewards_held
    per = 1 + len(REWARDS) + 2
    rows = O.reward_rows
    for j, r in enumerate(s.rewards):
        mv[o + j * per:o + (j + 1) * per] = rows[r]
    o = O.reward_open
    if s.rw_open >= 0:
        mv[o:o + per] = O.reward_rows[s.rw_open]
        for i in range(A.REWARD_ITEMS):
            mv[o + per + i] = float(s.rw_taken >> i & 1)
        mv[o + per + A.REWARD_ITEMS] = float(s.rw_corner)
    o = O.destiny
    for i, n in enumerate(s.sg_discard):
        if n:
            mv[o + i] = R3[n]
    mv[o + 6] = R12[g.sg.deck.size_left(s.sg_discard)]
    if s.sg_last >= 0:
        mv[o + 7], mv[o + 8] = _f(s.sg_last, 5), 1.0
    _encounter(s, mv, O.encounter)
    _combat(s, mv, O.combat)
    o = O.adventure
    key = (1, *s.weapon, *s.item, len(s.stash), *s.stash, len(s.recipes), *s.recipes, len(s.adv_bottom),
           *s.adv_bottom, len(s.market), *s.market, len(s.to_place), *s.to_place)
    blocks.reuse(mv, o, o + A.N_ADVENTURE * N_LOC, key, _adventure, s, buf, o)
    o = O.enemies
    if s.sg_enemy:
        key = (2, len(s.sg_enemy), *s.sg_enemy, *s.sg_power, *s.sg_cover)
        blocks.reuse(mv, o, o + A.MAX_ENEMIES * (4 + 9 * (SQ_KINDS + 2)), key, _enemies, s, buf, o)
    return buf


def _discard(disc, mv, o):
    mv[o] = R40[sum(disc)]
    for x, n in enumerate(disc):
        if n:
            mv[o + 1 + x] = R6[n]


def _adventure(s, buf, o):
    market = set(market_unseen(s))
    held = set(x for x in s.weapon + s.item if x >= 0)
    for x in range(len(s.game.content.adventure)):
        loc = (0 if x in market else 1 if x in s.market else 2 if x in s.stash else 3 if x in held
               else 4 if x in s.recipes else 5 if x in s.adv_bottom else -1)
        _hot(buf, o + x * N_LOC, loc)


def _reward(card, buf, o):
    buf[o] = 1.0
    for kind, amount in card.rewards:
        buf[o + 1 + kind] = _f(amount, 7)
    buf[o + 1 + len(REWARDS) + card.corner] = 1.0


def _crew(s, buf, o):
    """The crew block but mine, HP, wounds, fatigue, 0 HP and attacked (``encode`` writes those)."""
    mv = memoryview(buf)
    effective_skill = chars.effective_skill
    c = s.game.content
    adventure = c.adventure
    status, train = s.status, s.train
    for ch in range(A.N_CREW):
        p = o + ch * 38
        seat = s.controller(ch)
        mv[p + seat] = 1.0
        st = status[ch]
        for k in range(A.N_STATUS):
            if st >> k & 1:
                mv[p + 8 + k] = 1.0
        for k in range(A.N_SKILLS):
            mv[p + 12 + k] = _f(effective_skill(s, ch, k), 10)
            t = train[ch * A.N_SKILLS + k]
            if t:
                mv[p + 17 + k] = _f(t, 2)
        w = s.weapon[ch]
        if w >= 0:
            a = adventure[w]
            mv[p + 22] = 1.0
            mv[p + 23] = _f(a.base, 3)
            _hot(mv, p + 24, a.skill)
            mv[p + 29], mv[p + 30] = _f(a.remove_power, 3), _f(a.block, 3)
        it = s.item[ch]
        if it >= 0:
            for k, v in enumerate(adventure[it].bonuses):
                if v:
                    mv[p + 31 + k] = _f(v, 3)


def _encounter(s, buf, o):
    if s.enc_kind >= 1:
        buf[o + s.enc_kind - 1] = 1.0
    ch = s.sg_chal
    if ch[H_STATE]:
        _hot(buf, o + 2, ch[H_SKILL])
        buf[o + 7] = _f(ch[H_NUMBER], 10)
        buf[o + 8] = _f(ch[H_NUMBER] + MASTERY[s.game.difficulty], 15)
        buf[o + 9] = _f(current_total(s), 20)
        buf[o + 10] = _f(ch[H_ROLL], 5)
        buf[o + 11] = _f(ch[H_BONUS], 10)
        buf[o + 12] = 1.0
        for m in range(A.N_CREW):
            buf[o + 13 + m] = float(ch[H_PARTS] >> m & 1)
    q = o + 13 + A.N_CREW
    if s.final:
        buf[q] = 1.0
    boss = s.boss
    if boss:
        for v in range(6):
            if boss >> v & 1:
                buf[q + 1 + v] = 1.0
    if s.boss_left:
        buf[q + 7] = R3[s.boss_left]


def _combat(s, buf, o):
    if not s.sg_enemy:
        return
    buf[o] = _f(s.sg_com[C_ROUND], 30)
    at = s.sg_atk
    buf[o + 1], buf[o + 2], buf[o + 3] = _f(at[A_D], 20), _f(at[A_LEFT], 20), _f(at[A_BLOCK], 10)
    _hot(buf, o + 4, at[A_CH])
    _hot(buf, o + 4 + A.N_CREW, at[A_TGT])


def _enemies(s, buf, oe):
    table = s.game.sg.enemies
    per = 4 + 9 * (SQ_KINDS + 2)
    for e, eid in enumerate(s.sg_enemy):
        p = oe + e * per
        en = table[eid]
        buf[p] = 1.0
        buf[p + 1] = float(combat.defeated(s, e))
        buf[p + 2] = _f(en.attack, 5)
        buf[p + 3] = _f(s.sg_power[e], 20)
        for i, kind in enumerate(en.kinds):
            q = p + 4 + i * (SQ_KINDS + 2)
            buf[q + (0 if kind == BLANK else 1 if kind == HEART else 2 if kind == GROWTH else 3)] = 1.0
            buf[q + SQ_KINDS] = _f(en.values[i], 3)
            buf[q + SQ_KINDS + 1] = float(s.sg_cover[9 * e + i] > 0)


def as_dict(s, player: int) -> dict:
    """The same pieces by name, for humans and heuristics."""
    vec = encode(s, player)
    return {name: vec[off:off + size].copy() for name, off, size, _ in s.game.layout.pieces}
