"""The observation (spec §4): a float32 vector in [-1, 1] of named pieces, the same for every
seat except ``me``. Every count is divided by the largest value the rules allow, so no piece
leaves the Box.

Hidden, so never read: the event deck's and the combat deck's order (only what is left of
each shows, by count), unowned numbered cards, unreached sections (only the reached flags and
the open section's choices). The blocks follow spec §4 (global, characters, equipment,
holdings, atlas, keywords and quests, narrative, challenge, combat); the global block also
holds the pending decision's kind (one of 38 codes), so the vector is 1718 long, 38 more than
the spec's 1680.
"""
from __future__ import annotations

import numpy as np

from boardgym.core.observation import ObsLayout, block_cache, game_offsets
from boardgym.games.sleeping_gods import characters as chars
from boardgym.games.sleeping_gods import combat, grid
from boardgym.games.sleeping_gods.challenge import current_total
from boardgym.games.sleeping_gods.kinds import (A_BLOCK, A_CH, A_D, A_FS, A_LEFT, A_ON, A_ROLL, A_RP,
                                                A_SIGN, A_SKILL, A_TGT, C_ATTACKED, C_ROUND, C_STATE,
                                                CB_RUNNING, CH_NONE, H_BONUS, H_NUMBER, H_PARTS, H_ROLL,
                                                H_SKILL, H_STATE)

from . import actions as A
from .content import AdventureCard, QuestCard
from .kinds import DECISIONS, DIFFICULTIES, MOONS, PHASES, STORAGE, SUPPLY, TIME

SQ_LETTERS = ("heart", "P", "K", "N", "T", "G", "D", "H", "L", "O", "F", "M", "V", "W")  # blank: none
N_NUMBERED = 60
MAX_KEYWORDS = 16
MAX_EVENTS = 36
MAX_PAGES, SPACES_PER_PAGE = 8, 8


def build_layout(game) -> ObsLayout:
    L = ObsLayout()
    L.add("phase", len(PHASES), "the phase, one-hot")
    L.add("decision", len(DECISIONS), "the pending decision's kind, one-hot")
    L.add("decision_args", 2, "its two arguments / 255")
    L.add("me", 4, "the observing seat, one-hot")
    L.add("active", 4, "the active seat, one-hot")
    L.add("acting", 4, "the seat to decide, one-hot")
    L.add("difficulty", len(DIFFICULTIES), "one-hot")
    L.add("journey", 15, "time left / 6, watch / 5, bonus, bonus next, moons / 6, last turns / 4, short "
          "deck / 3, boat / 8, rerolls / 6, bloodflowers / 25, level-ups owed / 5, turn / max, free moves / "
          "max, exploring, seats / 4")
    L.add("pad_global", 48 + len(DECISIONS) - (len(PHASES) + len(DECISIONS) + 2 + 12 + 3 + 15), "zeros")
    L.add("characters", 5 * 40, "per character: controller (4), mine, level 2, HP / 10, max HP / 10, stamina "
          "/ 3, base skills / 5 (5), effective skills / 8 (5), statuses (4), tokens / 3 (6), 0 HP, can "
          "join, attacked this round, card played, participant, cards equipped / 6, zeros (4)")
    L.add("equipment", 5 * 6 * 12, "per character and slot: present, slot kind (6), skill symbol (5)")
    L.add("holdings", 96, "storage tokens / 6 (6), numbered cards owned (60), active deck (24), set-aside "
          "cards / 10, supply left / 8 (5: meat, fruit, torch, rope, map)")
    L.add("atlas", 64, "page (8), space on its page (8), exits (6 x present, rocks, location, icon), the "
          "space's icon (6), location open, location crossed, rocks damage / 3, locations crossed (10), zeros (5)")
    L.add("keywords", 48, "keywords owned (16), quest cards 43-52 owned (10), zeros (22)")
    L.add("narrative", 112, "the open event, one-hot (36), in a section, section ordinal / sections, "
          "sections reached / sections, choices (8 x legal, challenge skill / 5, number / 10, combat, "
          "keyword needed), event deck left / 36, zeros (32)")
    L.add("challenge", 16, "running, skill (5), number / 10, die / 5, bonus / 10, total / 20, participants "
          "(5), fate roll face / 5")
    L.add("enemies", 4 * (5 + 9 * 16), "per enemy slot: present, defeated, attack / 5, power / 20, block / 5; "
          "per square: kind (14 letters, none = blank), value / 9, covered")
    L.add("hand", A.HAND_SLOTS * 12, "my hand: present, damage / 5, die sign, skill (5), remove power / 3, "
          "block / 3, numbered, zeros (1)")
    L.add("attack", 44, "combat running, round / 30, attacker (5), target (4), D / 20, left / 20, on target "
          "/ 20, block / 10, remove power / 5, die / 5, die sign, skill (5), first strike, attacked (5), hand "
          "sizes / 8 (4), deck left / 24, discard / 24, zeros")
    return L


def _f(x, d):
    v = x / d
    return 1.0 if v > 1 else (-1.0 if v < -1 else v)


def encode(s, player: int, out=None) -> np.ndarray:
    g = s.game
    buf = np.zeros(g.layout.size, np.float32) if out is None else out
    if out is not None:
        buf[:] = 0.0
    O = game_offsets(g)
    _global(s, player, buf, O)
    _characters(s, player, buf, O)
    _holdings(s, buf, O)
    _atlas(s, buf, O)
    _narrative(s, buf, O)
    _challenge(s, buf, O)
    _combat(s, player, buf, O)
    return buf


def _global(s, player, b, O):
    g = s.game
    b[O.phase + s.phase] = 1.0
    if s.pend and not s.cq:
        f = s.pend[-1]
        b[O.decision + f[0]] = 1.0
        b[O.decision_args] = _f(f[2], 255)
        b[O.decision_args + 1] = _f(f[3], 255)
    b[O.me + player] = 1.0
    b[O.active + s.active] = 1.0
    if s.current_player >= 0:
        b[O.acting + s.current_player] = 1.0
    b[O.difficulty + s.diff] = 1.0
    o = O.journey
    vals = ((TIME - s.watch) + s.bonus, 6), (s.watch, TIME), (s.bonus, 1), (s.bonus_next, 1), (s.moons, MOONS), \
        (max(0, s.final), 4), (max(0, s.ev_short), 3), (s.boat, 8), (s.rerolls, 6), (s.blooms, 25), (s.ups, 5), \
        (s.turn, g.max_turns), (s.moves, max(1, g.max_free_moves)), (s.exploring, 1), (s.n, 4)
    for i, (x, d) in enumerate(vals):
        b[o + i] = _f(x, d)


def _characters(s, player, b, O):
    num = s.game.content.cards.numbered
    parts = s.sg_chal[H_PARTS] if s.sg_chal[H_STATE] != CH_NONE else 0
    for c in range(5):
        o = O.characters + 40 * c
        seat = s.controller(c)
        b[o + seat] = 1.0
        b[o + 4] = float(seat == player)
        b[o + 5] = float(s.level[c] == 2)
        b[o + 6] = _f(s.hp[c], 10)
        b[o + 7] = _f(s.max_hp(c), 10)
        b[o + 8] = _f(s.res[c], 3)
        weak = 2 if s.status[c] >> 2 & 1 else 0  # weakened: −2, floor 0 (PP-CHAR-4)
        for k in range(5):
            v = s.skill(c, k)
            b[o + 9 + k] = _f(v, 5)
            b[o + 14 + k] = _f(max(0, v - weak), 8)
        for k in range(4):
            b[o + 19 + k] = float(s.status[c] >> k & 1)
        for t in range(6):
            b[o + 23 + t] = _f(s.inv[6 * c + t], 3)
        b[o + 29] = float(s.hp[c] <= 0)
        b[o + 30] = float(chars.can_join(s, c))
        b[o + 31] = float(s.sg_com[C_ATTACKED] >> c & 1)
        b[o + 32] = float(s.played[c] >= 0)
        b[o + 33] = float(parts >> c & 1)
        b[o + 34] = _f(len(s.equip[c]), 6)
    eq = s.equip
    key = (1, len(eq[0]), *eq[0], len(eq[1]), *eq[1], len(eq[2]), *eq[2], len(eq[3]), *eq[3], len(eq[4]), *eq[4])
    block_cache(s.game).reuse(b, O.equipment, O.equipment + 5 * 6 * 12, key, _equipment, s, b, O.equipment, num)


def _equipment(s, b, o, num):
    for c in range(5):
        for j, n in enumerate(s.equip[c][:6]):
            e = o + 12 * (6 * c + j)
            card = num[n]
            b[e] = 1.0
            b[e + 1 + card.slot] = 1.0
            b[e + 7 + card.skill] = 1.0


def _holdings(s, b, O):
    g = s.game
    o = O.holdings
    for t in range(6):
        b[o + t] = _f(s.inv[6 * STORAGE + t], 6)
    for n in s.owned:
        if 1 <= n <= N_NUMBERED:
            b[o + 5 + n] = 1.0
    for x in s.deck_in:
        b[o + 66 + x] = 1.0
    worn = {n for e in s.equip for n in e}
    aside = sum(1 for n in s.owned if isinstance(g.content.cards.numbered[n], AdventureCard) and n not in worn)
    b[o + 90] = _f(aside, 10)
    for t in range(5):
        b[o + 91 + t] = _f(SUPPLY[t] - sum(s.inv[t::6]), 8)


def _atlas(s, b, O):
    g = s.game
    sp = g.spaces[s.pos]
    page = g.pages[sp.page]
    o = O.atlas
    b[o + min(sp.page, MAX_PAGES - 1)] = 1.0
    b[o + 8 + min(page.spaces.index(sp.id), SPACES_PER_PAGE - 1)] = 1.0
    for k, x in enumerate(sp.exits[:6]):
        nb = g.spaces[x]
        e = o + 16 + 4 * k
        b[e] = 1.0
        b[e + 1] = float(bool(nb.rocks))
        b[e + 2] = float(nb.location > 0 and nb.location not in s.crossed)
        b[e + 3] = float(nb.icon >= 0)
    if sp.icon >= 0:
        b[o + 40 + sp.icon] = 1.0
    b[o + 46] = float(sp.location > 0 and sp.location not in s.crossed)
    b[o + 47] = float(sp.location in s.crossed)
    b[o + 48] = _f(sp.rocks_damage, 3)
    for loc in s.crossed:
        if 1 <= loc <= 10:
            b[o + 48 + loc] = 1.0
    k = O.keywords
    num = g.content.cards.numbered
    words = g.content.story.keywords
    for n in s.owned:
        card = num[n]
        if isinstance(card, QuestCard):
            if 43 <= n <= 52:
                b[k + MAX_KEYWORDS + n - 43] = 1.0
            for w in card.keywords:
                if w in words and words.index(w) < MAX_KEYWORDS:
                    b[k + words.index(w)] = 1.0


def _narrative(s, b, O):
    g = s.game
    o = O.narrative
    if 0 <= s.ev_cur < MAX_EVENTS:
        b[o + s.ev_cur] = 1.0
    secs = g.content.story.sections
    b[o + 36] = float(s.sec >= 0)
    if s.sec >= 0:
        b[o + 37] = _f(secs[s.sec].ordinal, len(secs))
        from .effects import owned_keywords

        owned = owned_keywords(s)
        for k, ch in enumerate(secs[s.sec].choices[:8]):
            e = o + 39 + 5 * k
            b[e] = float(ch.requires is None or ch.requires in owned)
            if ch.challenge is not None:
                b[e + 1] = _f(ch.challenge.skill + 1, 5)
                b[e + 2] = _f(ch.challenge.number, 10)
            b[e + 3] = float(ch.combat > 0)
            b[e + 4] = float(ch.requires is not None)
    b[o + 38] = _f(sum(s.reached), len(secs))
    b[o + 79] = _f(len(s.ev_seen) - sum(s.ev_seen), MAX_EVENTS)


def _challenge(s, b, O):
    o = O.challenge
    ch = s.sg_chal
    if ch[H_STATE] != CH_NONE:
        b[o] = 1.0
        b[o + 1 + ch[H_SKILL]] = 1.0
        b[o + 6] = _f(ch[H_NUMBER], 10)
        b[o + 7] = _f(ch[H_ROLL], 5)
        b[o + 8] = _f(ch[H_BONUS], 10)
        b[o + 9] = _f(current_total(s), 20)
        for c in range(5):
            b[o + 10 + c] = float(ch[H_PARTS] >> c & 1)
    if s.fate[1] >= 0:
        b[o + 15] = _f(s.fate[1], 5)


def _combat(s, player, b, O):
    g = s.game
    running = s.sg_com[C_STATE] == CB_RUNNING
    if s.sg_enemy:
        key = (2, len(s.sg_enemy), *s.sg_enemy, *s.sg_power, *s.sg_cover)
        block_cache(g).reuse(b, O.enemies, O.enemies + 4 * (5 + 9 * 16), key, _enemies, s, b, O.enemies)
    _hand_and_attack(s, player, b, O, running)


def _enemies(s, b, base):
    core = s.game.sg
    for e, i in enumerate(s.sg_enemy):
        enemy = core.enemies[i]
        o = base + (5 + 9 * 16) * e
        b[o] = 1.0
        b[o + 1] = float(combat.defeated(s, e))
        b[o + 2] = _f(enemy.attack, 5)
        b[o + 3] = _f(s.sg_power[e], 20)
        b[o + 4] = _f(grid.block(enemy, s.sg_cover, e), 5)
        for q in range(9):
            k = enemy.kinds[q]
            sq = o + 5 + 16 * q
            if k in SQ_LETTERS:
                b[sq + SQ_LETTERS.index(k)] = 1.0
            b[sq + 14] = _f(enemy.values[q], 9)
            b[sq + 15] = float(s.sg_cover[9 * e + q] > 0)


def _hand_and_attack(s, player, b, O, running):
    g = s.game
    for h, x in enumerate(s.hand[player][:A.HAND_SLOTS]):
        card = g.combat_cards[x]
        o = O.hand + 12 * h
        b[o] = 1.0
        b[o + 1] = _f(card.damage, 5)
        b[o + 2] = float(card.die)
        if card.skill >= 0:
            b[o + 3 + card.skill] = 1.0
        b[o + 8] = _f(card.remove_power, 3)
        b[o + 9] = _f(card.block, 3)
        b[o + 10] = float(card.number > 0)
    o = O.attack
    at = s.sg_atk
    b[o] = float(running)
    b[o + 1] = _f(s.sg_com[C_ROUND], 30)
    if at[A_CH] >= 0:
        b[o + 2 + at[A_CH]] = 1.0
    if at[A_TGT] >= 0:
        b[o + 7 + at[A_TGT]] = 1.0
    for k, (x, d) in enumerate(((at[A_D], 20), (at[A_LEFT], 20), (at[A_ON], 20), (at[A_BLOCK], 10),
                                (at[A_RP], 5), (at[A_ROLL], 5))):
        b[o + 11 + k] = _f(x, d)
    b[o + 17] = float(at[A_SIGN])
    if at[A_SKILL] >= 0:
        b[o + 18 + at[A_SKILL]] = 1.0
    b[o + 23] = float(at[A_FS])
    for c in range(5):
        b[o + 24 + c] = float(s.sg_com[C_ATTACKED] >> c & 1)
    for p in range(s.n):
        b[o + 29 + p] = _f(len(s.hand[p]), 8)
    if running:
        from .fight import pile

        b[o + 33] = _f(len(pile(s)), 24)
        b[o + 34] = _f(len(s.cdisc), 24)


def as_dict(s, player: int) -> dict:
    """The same pieces by name, for humans and heuristics."""
    vec = encode(s, player)
    return {name: vec[off:off + size].copy() for name, off, size, _ in s.game.layout.pieces}
