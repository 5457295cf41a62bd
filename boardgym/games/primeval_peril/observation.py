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

from boardgym.core.observation import ObsLayout, PieceOffsets, accepts_any_out, block_cache, game_offsets
from boardgym.core.observation import clip_ratio as _f, ratios as _ratios
from boardgym.games.sleeping_gods import combat, grid
from boardgym.games.sleeping_gods.entities import declare_entities
from boardgym.games.sleeping_gods.challenge import current_total
from boardgym.games.sleeping_gods.kinds import (A_BLOCK, A_CH, A_D, A_FS, A_LEFT, A_ON, A_ROLL, A_RP,
                                                A_SIGN, A_SKILL, A_TGT, C_ATTACKED, C_ROUND, C_STATE,
                                                CB_RUNNING, CH_NONE, H_BONUS, H_NUMBER, H_PARTS, H_ROLL,
                                                H_SKILL, H_STATE)

from . import actions as A
from .content import MAX_CHOICES, MAX_EVENTS, MAX_EXITS, AdventureCard, QuestCard
from .kinds import D_MARKET, DECISIONS, DIFFICULTIES, MOONS, PHASES, STORAGE, SUPPLY, TIME

SQ_LETTERS = ("heart", "P", "K", "N", "T", "G", "D", "H", "L", "O", "F", "M", "V", "W")  # blank: none
N_NUMBERED = 60
MAX_KEYWORDS = 16
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
          "keyword needed), event deck left / 36, the open market's cards, affordable or not (8 x on "
          "offer, card number - 52 / 8, price / 4, affordable)")
    L.add("challenge", 16, "running, skill (5), number / 10, die / 5, bonus / 10, total / 20, participants "
          "(5), fate roll face / 5")
    L.add("enemies", 4 * (5 + 9 * 16), "per enemy slot: present, defeated, attack / 5, power / 20, block / 5; "
          "per square: kind (14 letters, none = blank), value / 9, covered")
    L.add("hand", A.HAND_SLOTS * 12, "my hand: present, damage / 5, die sign, skill (5), remove power / 3, "
          "block / 3, numbered, zeros (1)")
    L.add("attack", 44, "combat running, round / 30, attacker (5), target (4), D / 20, left / 20, on target "
          "/ 20, block / 10, remove power / 5, die / 5, die sign, skill (5), first strike, attacked (5), hand "
          "sizes / 8 (4), deck left / 24, discard / 24, zeros")
    # sets of same-shaped entities (the vector above is unchanged by these declarations)
    declare_entities(L, crew="characters", crew_width=40, enemy_width=5 + 9 * 16)
    L.entities("hand", "hand", 12, presence=0, doc="my hand's combat cards")
    return L


R3, R5, R6, R8, R10, R20, R24, R25, R30 = (_ratios(d) for d in (3, 5, 6, 8, 10, 20, 24, 25, 30))
R255 = _ratios(255)
R4, R_TIME, R_MOONS, R_EVENTS = _ratios(4), _ratios(TIME), _ratios(MOONS), _ratios(MAX_EVENTS)


class _Offsets(PieceOffsets):
    """Each piece's offset, read once per game, the ratio tables that depend on the options, and
    the static rows: per combat card its hand row, per quest card the keywords cells it sets."""

    def __init__(self, game):
        super().__init__(game.layout)
        assert self.equipment == self.characters + 5 * 40 and self.keywords == self.atlas + 64
        assert self.atlas == self.holdings + 96
        n_sec = len(game.content.story.sections)
        self.r_sections = _ratios(n_sec, n_sec + 1)
        self.r_turn = _ratios(game.max_turns, game.max_turns + 2)
        self.r_moves = _ratios(max(1, game.max_free_moves), game.max_free_moves + 1)
        rows = []
        for card in game.combat_cards:
            row = np.zeros(12, np.float32)
            _hand_row(card, row)
            rows.append(memoryview(row))
        self.hand_rows = tuple(rows)
        num = game.content.cards.numbered
        words = game.content.story.keywords
        self.keyword_slots = {}  # quest card number -> the keywords block's cells it sets
        for n, card in num.items():
            if isinstance(card, QuestCard):
                cells = [MAX_KEYWORDS + n - 43] if 43 <= n <= 52 else []
                cells += [words.index(w) for w in card.keywords if w in words and words.index(w) < MAX_KEYWORDS]
                self.keyword_slots[n] = tuple(cells)
        self.adventure = frozenset(n for n, card in num.items() if isinstance(card, AdventureCard))


def _offsets(g) -> _Offsets:
    return game_offsets(g, _Offsets)


@accepts_any_out
def encode(s, player: int, out=None) -> np.ndarray:
    g = s.game
    buf = np.zeros(g.layout.size, np.float32) if out is None else out
    if out is not None:
        buf[:] = 0.0
    mv = memoryview(buf)  # scalar writes through the memoryview cost a third of numpy's
    O = _offsets(g)
    blocks = block_cache(g)
    eq = s.equip
    eqkey = (len(eq[0]), *eq[0], len(eq[1]), *eq[1], len(eq[2]), *eq[2], len(eq[3]), *eq[3], len(eq[4]), *eq[4])
    _global(s, player, mv, O)
    # the characters and their equipment but what changes at almost every step or with the
    # observer (written by _characters): one cached block, the same for every seat
    o = O.characters
    key = (1, s.active, *s.level, *s.status, *eqkey)
    blocks.reuse(mv, o, O.equipment + 5 * 6 * 12, key, _crew, s, mv, o, O.equipment)
    _characters(s, player, mv, o)
    # the cards held, the atlas and the keywords: one cached block (from the holdings' numbered
    # cards to the keywords' end); the tokens, the active deck (a free move in random play one
    # step in three) and the supply are written each time
    o = O.holdings
    inv = s.inv
    for t in range(6):
        x = inv[6 * STORAGE + t]
        if x:
            mv[o + t] = R6[x]
    key = (3, s.pos, len(s.crossed), *s.crossed, *eqkey, *s.owned)
    blocks.reuse(mv, o + 6, O.keywords + 48, key, _cards_and_atlas, s, mv, O)
    for x in s.deck_in:
        mv[o + 66 + x] = 1.0
    for t in range(5):  # the supply left: SUPPLY[t] less the holders' tokens of type t
        mv[o + 91 + t] = R8[SUPPLY[t] - inv[t] - inv[t + 6] - inv[t + 12] - inv[t + 18] - inv[t + 24] - inv[t + 30]]
    _narrative(s, mv, O, buf, blocks)
    if s.sg_chal[H_STATE] != CH_NONE or s.fate[1] >= 0:
        _challenge(s, mv, O.challenge)
    if s.sg_enemy:
        o = O.enemies
        key = (2, len(s.sg_enemy), *s.sg_enemy, *s.sg_power, *s.sg_cover)
        blocks.reuse(mv, o, o + 4 * (5 + 9 * 16), key, _enemies, s, buf, o)
    _hand_and_attack(s, player, mv, O)
    return buf


def _global(s, player, mv, O):
    mv[O.phase + s.phase] = 1.0
    if s.pend and not s.cq:
        f = s.pend[-1]
        mv[O.decision + f[0]] = 1.0
        x, y = f[2], f[3]  # -2 .. 999
        if x:
            mv[O.decision_args] = R255[x] if x > 0 else _f(x, 255)
        if y:
            mv[O.decision_args + 1] = R255[y] if y > 0 else _f(y, 255)
    mv[O.me + player] = 1.0
    mv[O.active + s.active] = 1.0
    cp = s.current_player
    if cp >= 0:
        mv[O.acting + cp] = 1.0
    mv[O.difficulty + s.diff] = 1.0
    o = O.journey
    watch = s.watch
    mv[o] = R6[(TIME - watch) + s.bonus]
    mv[o + 1] = R_TIME[watch]
    mv[o + 2] = float(s.bonus)
    mv[o + 3] = float(s.bonus_next)
    mv[o + 4] = R_MOONS[s.moons]
    if s.final > 0:
        mv[o + 5] = R4[s.final]
    if s.ev_short > 0:
        mv[o + 6] = R3[s.ev_short]
    mv[o + 7] = R8[s.boat]
    mv[o + 8] = R6[s.rerolls]
    mv[o + 9] = R25[s.blooms]
    mv[o + 10] = R5[s.ups]
    mv[o + 11] = O.r_turn[s.turn]
    mv[o + 12] = O.r_moves[s.moves]
    mv[o + 13] = float(s.exploring)
    mv[o + 14] = R4[s.n]


def _crew(s, mv, o, oe):
    """The characters' block but mine, HP, stamina, tokens, 0 HP, can join, attacked, card
    played and participant (``_characters`` writes those), then the equipment."""
    num = s.game.content.cards.numbered
    level, status, equip = s.level, s.status, s.equip
    for c in range(5):
        p = o + 40 * c
        mv[p + s.controller(c)] = 1.0
        if level[c] == 2:
            mv[p + 5] = 1.0
        mv[p + 7] = R10[s.max_hp(c)]
        st = status[c]
        weak = 2 if st >> 2 & 1 else 0  # weakened: −2, floor 0 (PP-CHAR-4)
        for k in range(5):
            v = s.skill(c, k)
            mv[p + 9 + k] = R5[v]
            mv[p + 14 + k] = R8[max(0, v - weak)]
        for k in range(4):
            if st >> k & 1:
                mv[p + 19 + k] = 1.0
        mv[p + 34] = R6[len(equip[c])]
        for j, n in enumerate(equip[c][:6]):
            e = oe + 12 * (6 * c + j)
            card = num[n]
            mv[e] = 1.0
            mv[e + 1 + card.slot] = 1.0
            mv[e + 7 + card.skill] = 1.0


def _characters(s, player, mv, o):
    hp, res, inv, played = s.hp, s.res, s.inv, s.played
    attacked = s.sg_com[C_ATTACKED]
    parts = s.sg_chal[H_PARTS] if s.sg_chal[H_STATE] != CH_NONE else 0
    seats, active = s.game.seats, s.active
    can_pay = s.game.sg.hooks.challenge_cost.can_pay
    for c in range(5):
        p = o + 40 * c
        seat = seats[c]
        if (active if seat is None else seat) == player:
            mv[p + 4] = 1.0
        h = hp[c]
        mv[p + 6] = R10[h]
        mv[p + 8] = R3[res[c]]
        for t, x in enumerate(inv[6 * c:6 * c + 6]):
            if x:
                mv[p + 23 + t] = R3[x]
        if h <= 0:
            mv[p + 29] = 1.0
        elif can_pay(res[c]):  # can join (PP-CHAL-1)
            mv[p + 30] = 1.0
        if attacked >> c & 1:
            mv[p + 31] = 1.0
        if played[c] >= 0:
            mv[p + 32] = 1.0
        if parts >> c & 1:
            mv[p + 33] = 1.0


def _cards_and_atlas(s, mv, O):
    _cards_held(s, mv, O.holdings, O)
    _atlas(s, mv, O.atlas, O)


def _cards_held(s, mv, o, O):
    for n in s.owned:
        if 1 <= n <= N_NUMBERED:
            mv[o + 5 + n] = 1.0
    worn = {n for e in s.equip for n in e}
    adventure = O.adventure
    mv[o + 90] = _f(sum(1 for n in s.owned if n in adventure and n not in worn), 10)


def _atlas(s, mv, o, O):
    """The atlas (the boat's space) and the keywords and quest cards owned."""
    g = s.game
    sp = g.spaces[s.pos]
    page = g.pages[sp.page]
    mv[o + min(sp.page, MAX_PAGES - 1)] = 1.0
    mv[o + 8 + min(page.spaces.index(sp.id), SPACES_PER_PAGE - 1)] = 1.0
    for k, x in enumerate(sp.exits[:MAX_EXITS]):
        nb = g.spaces[x]
        e = o + 16 + 4 * k
        mv[e] = 1.0
        mv[e + 1] = float(bool(nb.rocks))
        mv[e + 2] = float(nb.location > 0 and nb.location not in s.crossed)
        mv[e + 3] = float(nb.icon >= 0)
    if sp.icon >= 0:
        mv[o + 40 + sp.icon] = 1.0
    mv[o + 46] = float(sp.location > 0 and sp.location not in s.crossed)
    mv[o + 47] = float(sp.location in s.crossed)
    mv[o + 48] = _f(sp.rocks_damage, 3)
    for loc in s.crossed:
        if 1 <= loc <= 10:
            mv[o + 48 + loc] = 1.0
    k = O.keywords
    slots = O.keyword_slots
    for n in s.owned:
        for cell in slots.get(n, ()):
            mv[k + cell] = 1.0


def _narrative(s, mv, O, buf, blocks):
    o = O.narrative
    if 0 <= s.ev_cur < MAX_EVENTS:
        mv[o + s.ev_cur] = 1.0
    if s.sec >= 0:
        blocks.reuse(mv, o + 36, o + 79, (5, s.sec, *s.owned), _section, s, mv, o)
    mv[o + 38] = O.r_sections[sum(s.reached)]
    mv[o + 79] = R_EVENTS[len(s.ev_seen) - sum(s.ev_seen)]
    for f in s.pend:
        if f[0] == D_MARKET:
            _market(s, mv, o + 80, f[2])


def _market(s, mv, o, market):
    """PP-EXPL-10: "you may look at each market card before deciding which to purchase": every
    card of the open market still on offer shows, whether or not the carried coins cover it."""
    from .cards import carried_coins

    num = s.game.content.cards.numbered
    coins = carried_coins(s)
    for k, n in enumerate(s.game.content.story.markets[market].cards[:8]):
        if n in s.owned:
            continue
        price = num[n].price
        e = o + 4 * k
        mv[e] = 1.0
        mv[e + 1] = _f(n - 52, 8)
        mv[e + 2] = _f(price, 4)
        mv[e + 3] = float(price <= coins)


def _section(s, mv, o):
    """The open section: its ordinal and its choices (legal by the keywords owned)."""
    from .effects import owned_keywords

    secs = s.game.content.story.sections
    mv[o + 36] = 1.0
    mv[o + 37] = _f(secs[s.sec].ordinal, len(secs))
    owned = owned_keywords(s)
    for k, ch in enumerate(secs[s.sec].choices[:MAX_CHOICES]):
        e = o + 39 + 5 * k
        mv[e] = float(ch.requires is None or ch.requires in owned)
        if ch.challenge is not None:
            mv[e + 1] = R5[ch.challenge.skill + 1]
            mv[e + 2] = R10[ch.challenge.number]
        mv[e + 3] = float(ch.combat > 0)
        mv[e + 4] = float(ch.requires is not None)


def _challenge(s, mv, o):
    ch = s.sg_chal
    if ch[H_STATE] != CH_NONE:
        mv[o] = 1.0
        mv[o + 1 + ch[H_SKILL]] = 1.0
        mv[o + 6] = R10[ch[H_NUMBER]]
        mv[o + 7] = R5[ch[H_ROLL]]
        mv[o + 8] = _f(ch[H_BONUS], 10)
        mv[o + 9] = _f(current_total(s), 20)
        parts = ch[H_PARTS]
        for c in range(5):
            if parts >> c & 1:
                mv[o + 10 + c] = 1.0
    if s.fate[1] >= 0:
        mv[o + 15] = R5[s.fate[1]]


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


def _hand_row(card, b):
    """A combat card's row in the hand block (built once per card: ``_Offsets.hand_rows``)."""
    b[0] = 1.0
    b[1] = _f(card.damage, 5)
    b[2] = float(card.die)
    if card.skill >= 0:
        b[3 + card.skill] = 1.0
    b[8] = _f(card.remove_power, 3)
    b[9] = _f(card.block, 3)
    b[10] = float(card.number > 0)


def _hand_and_attack(s, player, mv, O):
    rows = O.hand_rows
    o = O.hand
    for h, x in enumerate(s.hand[player][:A.HAND_SLOTS]):
        mv[o + 12 * h:o + 12 * h + 12] = rows[x]
    o = O.attack
    com = s.sg_com
    running = com[C_STATE] == CB_RUNNING
    at = s.sg_atk
    if running:
        mv[o] = 1.0
    mv[o + 1] = R30[com[C_ROUND]]
    if at[A_CH] >= 0:
        mv[o + 2 + at[A_CH]] = 1.0
    if at[A_TGT] >= 0:
        mv[o + 7 + at[A_TGT]] = 1.0
    if at[A_D] or at[A_LEFT] or at[A_ON] or at[A_BLOCK] or at[A_RP] or at[A_ROLL]:
        mv[o + 11], mv[o + 12], mv[o + 13] = R20[at[A_D]], R20[at[A_LEFT]], R20[at[A_ON]]
        mv[o + 14], mv[o + 15], mv[o + 16] = R10[at[A_BLOCK]], R5[at[A_RP]], R5[at[A_ROLL]]
    if at[A_SIGN]:
        mv[o + 17] = float(at[A_SIGN])
    if at[A_SKILL] >= 0:
        mv[o + 18 + at[A_SKILL]] = 1.0
    if at[A_FS]:
        mv[o + 23] = 1.0
    attacked = com[C_ATTACKED]
    for c in range(5):
        if attacked >> c & 1:
            mv[o + 24 + c] = 1.0
    hand = s.hand
    for p in range(s.n):
        mv[o + 29 + p] = R8[len(hand[p])]
    if running:
        from .fight import pile

        mv[o + 33] = R24[len(pile(s))]
        mv[o + 34] = R24[len(s.cdisc)]


def as_dict(s, player: int) -> dict:
    """The same pieces by name, for humans and heuristics."""
    vec = encode(s, player)
    return {name: vec[off:off + size].copy() for name, off, size, _ in s.game.layout.pieces}
