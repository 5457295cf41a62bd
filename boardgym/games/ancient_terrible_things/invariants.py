"""State invariants: checked on every step by the fuzz tests and on every loaded state.

``check`` may assume every field holds the values its declaration allows (``state.FIELDS``:
loading checks those first); it checks what ties fields together, in sections: the shape of each
seat's cards, the phase and what may be pending in it (the decision stack, each frame's seat and
arguments, the chance queue), the dice, and the components (every card, tentacle and die in one
place). A section that finds a problem returns at once, so later sections may rely on it.
"""
from __future__ import annotations

from collections import Counter

from boardgym.core.fields import queue_errors, stack_errors

from . import encounter
from .combos import can_extend
from .constants import COLOURS, MAX_FEATS, MAX_SWAG, YELLOW
from .kinds import (CH_ADV_D6, CH_CHAR, CH_DIE, CH_ENC, CH_FEAT, CH_FEAT_DISCARD, CH_FIRST, CH_MOVE,
                    CH_REFILL, CH_ROW, CH_TENT, CH_WHITE, CHANCES, D_ACH, D_ACTION_DIE, D_ADV_PLACE,
                    D_BUY, D_CHASM, D_CHATEAU_TOKEN, D_ENCOUNTER, D_EXPLORE, D_FORGET, D_GORG_ICON,
                    D_GUNSLOOP, D_MONKEY_BUY, D_PREROLL, D_REANIMATE, D_REFRESH, D_RESOLVE, D_SELECT,
                    D_SHRINE, D_TOKEN, D_TP_CYCLE, D_URGENT2, D_URGENT3, D_VALUE, D_VILLAGE_CYCLE,
                    D_VILLAGE_SELL, D_VILLAGE_TOKENS, DECISIONS, ENCOUNTER_TARGET, INTERRUPTIBLE,
                    PH_BONUS, PH_ENCOUNTER, PH_EXPLORE, PH_EXPLORE_START, PH_LEADER, PH_NEXT, PH_OVER,
                    PH_SETUP2, PH_TURN_START, PHASES, SEL_EFFECT)

# the decision a tile's Leader bonus opens (ATT-LOC-*), and the ones its Location bonus opens
LEADER_DECISION = {"declare_token": D_CHATEAU_TOKEN, "discard_feats": D_GUNSLOOP,
                   "claim_monkey_cycle_row": D_TP_CYCLE, "gorg_icon": D_GORG_ICON,
                   "claim_monkey_sell_swag": D_VILLAGE_SELL}
BONUS_DECISION = {"refresh_swag": D_SHRINE, "declared_token_then_achievement": D_ACH,
                  "achievement_gorg": D_ACH, "chasm_take": D_CHASM, "buy": D_BUY,
                  "cycle_then_buy": D_BUY}
INTERRUPTS = (D_URGENT2, D_URGENT3, D_REANIMATE, D_MONKEY_BUY)
TURN = frozenset({D_PREROLL, D_ENCOUNTER, D_RESOLVE})
# what each decision may sit on (the frames opened inside another decision)
BELOW = {k: INTERRUPTIBLE for k in INTERRUPTS}
BELOW.update({D_VILLAGE_CYCLE: {D_BUY}, D_ACTION_DIE: TURN, D_SELECT: {D_ENCOUNTER, D_RESOLVE},
              D_VALUE: {D_ENCOUNTER, D_RESOLVE}, D_TOKEN: {D_RESOLVE}, D_REFRESH: TURN})
# the chance nodes each phase may have queued
QUEUED = {
    PH_SETUP2: {CH_CHAR, CH_FIRST},
    PH_TURN_START: {CH_TENT, CH_FEAT_DISCARD, CH_ROW, CH_FEAT},
    PH_EXPLORE_START: {CH_ENC, CH_ADV_D6},
    PH_EXPLORE: {CH_MOVE},
    PH_LEADER: {CH_FEAT, CH_ROW},
    PH_BONUS: {CH_FEAT, CH_ROW, CH_REFILL},
    PH_ENCOUNTER: {CH_DIE, CH_WHITE, CH_FEAT, CH_ROW},
    PH_NEXT: set(),
    PH_OVER: set(),
}
SELECTING = {D_SELECT, D_GUNSLOOP, D_SHRINE, D_FORGET}


def check(s) -> list[str]:
    return _cards(s) or _phase(s) or _stack(s) or _queue(s) or _dice(s) or _components(s)


def _cards(s) -> list[str]:
    n = s.n
    bad = []
    for p in range(n):
        if len(s.swag[p]) != len(s.exh[p]):
            bad.append(f"seat {p}: swag and exhaustion flags out of step")
        if len(s.tent[p]) != len(s.flipped[p]):
            bad.append(f"seat {p}: tentacle flip flags out of step")
    fixed = s.game.fixed_characters
    if fixed and s.chars != fixed:
        bad.append(f"chars {s.chars} are not the fixed characters {fixed}")
    return bad


def _tile(s):
    return s.game.tiles[s.cur_loc] if s.cur_loc >= 0 else None


def _phase(s) -> list[str]:
    n, ph = s.n, s.phase
    bad = []
    if ph not in QUEUED:
        return [f"phase '{PHASES[ph]}' never waits for a decision or a draw"]
    if bool(s.over) != (ph == PH_OVER):
        return [f"over={s.over} in phase '{PHASES[ph]}'"]
    if s.over:
        if s.pend or s.cq:
            bad.append("a finished game with decisions or draws pending")
        if n == 1 and s.solo_result not in (-1, 1):
            bad.append("a finished solo game is won (+1) or lost (-1)")
    elif not s.pend and not s.cq:
        bad.append("nothing pending and the game not over")
    if not s.over and s.solo_result:
        bad.append("solo_result set before the end")
    if n > 1:
        if s.solo_result or s.adv >= 0 or s.adv_removed or s.forget_req or any(s.ach_retired):
            bad.append("solo-only fields set in a multiplayer game (adv, forget_req, retired achievements)")
    elif s.adv_removed and s.adv >= 0:
        bad.append("the Adversary is removed for the round but stands at a location")
    undrawn = [p for p in range(n) if s.chars[p] < 0]
    if undrawn and (ph != PH_SETUP2 or undrawn != list(range(undrawn[0], n))):
        bad.append("characters are drawn seat by seat during setup")
    captains = [p for p in range(n) if s.chars[p] >= 0 and s.game.content.char_first[s.chars[p]]]
    if ph != PH_SETUP2 and captains and s.first != captains[0]:
        bad.append(f"seat {captains[0]} has the Captain, the first player is seat {s.first}")
    if ph in (PH_TURN_START, PH_EXPLORE_START, PH_EXPLORE, PH_LEADER, PH_SETUP2):
        if s.cur_loc >= 0 or s.declared >= 0 or s.gorg_icon >= 0 or s.sel:
            bad.append(f"this turn's location, declarations or selection set in phase '{PHASES[ph]}'")
    elif ph in (PH_BONUS, PH_ENCOUNTER) and s.cur_loc < 0:
        bad.append(f"no explored location in phase '{PHASES[ph]}'")
    if ph == PH_ENCOUNTER and s.bonus_k != n:
        bad.append("the encounter begins before every location bonus")
    early = ph in (PH_SETUP2, PH_TURN_START)
    if early and (s.round or s.turn) or not early and not s.over and s.round < 1:
        bad.append(f"round {s.round} and turn {s.turn} in phase '{PHASES[ph]}'")
    if s.round > s.turn + 1:
        bad.append(f"round {s.round} after {s.turn} turns (every round has a turn)")
    if ph != PH_SETUP2 and s.active != (s.first + s.turn) % n:
        bad.append(f"seat {s.active} is active on turn {s.turn}; seats take turns from seat {s.first}")
    if ph in (PH_TURN_START, PH_EXPLORE_START, PH_EXPLORE, PH_LEADER, PH_BONUS) and (s.cancels or s.overcome):
        bad.append("selection cancels or an overcome encounter before the encounter")
    if s.overcome and ph == PH_ENCOUNTER and s.enc_at[s.cur_loc] >= 0:
        bad.append("the encounter is overcome but still at its location")
    if s.sel and (s.cq or not s.pend or s.pend[-1][0] not in SELECTING):
        bad.append(f"a selection {s.sel} is open outside a selecting decision")
    if s.forget_req and not s.over and not (s.pend and s.pend[0][0] == D_FORGET):
        bad.append("secrets to forget with no forget decision")
    tile = _tile(s)
    if tile is not None and not s.over:
        lead = tile["leader"]["kind"]
        if s.declared >= 0 and lead != "declare_token":
            bad.append("a token declared at a location without the Chateau's declaration")
        if s.gorg_icon >= 0 and lead != "gorg_icon":
            bad.append("a Gorg icon chosen at another location")
        if (ph == PH_BONUS and s.bonus_k >= 1 and tile["bonus"]["kind"] == "declared_token_then_achievement"
                and s.declared < 0):
            bad.append("location bonuses of the Chateau with no declared token")
    kinds = {t["leader"]["kind"] for t in s.game.tiles}
    if s.rean_holder < 0 and s.rean_active or "claim_reanimation" not in kinds and s.rean_holder >= 0:
        bad.append("the Reanimation tile held without its location, or active without a holder")
    if (s.monkey_holder < 0 and s.monkey_active
            or not any(k.startswith("claim_monkey") for k in kinds) and s.monkey_holder >= 0):
        bad.append("the Monkey tile held without its location, or active without a holder")
    return bad


def _stack(s) -> list[str]:
    if not s.pend:
        return []
    n, ph, pend = s.n, s.phase, s.pend
    tile = _tile(s)
    bottom = set()
    if ph == PH_LEADER:
        bottom = {D_EXPLORE}
    elif ph == PH_ENCOUNTER:
        bottom = TURN
    elif ph == PH_EXPLORE_START and n == 1:
        bottom = {D_ADV_PLACE}
    elif ph == PH_NEXT and n == 1:
        bottom = {D_FORGET}
    elif ph == PH_BONUS and tile is not None:
        if s.bonus_k == 0:
            k = LEADER_DECISION.get(tile["leader"]["kind"], -1)
            bottom = {k, D_VILLAGE_TOKENS} if k == D_VILLAGE_SELL else {k}
        else:
            bottom = {BONUS_DECISION.get(tile["bonus"]["kind"], -1)}
        bottom.discard(-1)
    bad = stack_errors(pend, DECISIONS, "pend", bottom, BELOW)
    if bad:
        return bad
    # whose decision: the active player's, but a Location bonus belongs to seat active + k - 1
    f0 = pend[0]
    owner = s.active
    if ph == PH_BONUS and s.bonus_k >= 1:
        owner = (s.active + s.bonus_k - 1) % n
    elif f0[0] in (D_ADV_PLACE, D_FORGET):
        owner = 0
    for i, f in enumerate(pend):
        if f[1] != owner:
            return [f"pend[{i}] ('{DECISIONS[f[0]]}') is seat {f[1]}'s; it belongs to seat {owner}"]
        if f[0] in INTERRUPTS and owner != s.active:
            return [f"pend[{i}] ('{DECISIONS[f[0]]}'): only the active player interrupts"]
    if f0[0] in BONUS_DECISION.values() and ph == PH_BONUS:
        b = tile["bonus"]
        want = {D_SHRINE: (b.get("n"), 0),
                D_ACH: (int(b["kind"] == "achievement_gorg"), 0),
                D_BUY: (int(b.get("from_old_stock", False)), b.get("discount", 0))}.get(f0[0], (0, 0))
        if tuple(f0[2:]) != want:
            return [f"pend[0] ('{DECISIONS[f0[0]]}') has arguments {list(f0[2:])}; the tile gives {list(want)}"]
    return _frames(s)


def _card_at(s, src: int, slot: int):
    c, p = s.game.content, s.active
    hand = s.feats[p] if src == 0 else s.swag[p]
    if slot >= len(hand):
        return None
    return c.feats[hand[slot]] if src == 0 else c.swag[hand[slot]]


def _frames(s) -> list[str]:
    """Each frame's arguments against the rest of the state, and the open selection."""
    bad = []
    lines = s.game.lines
    top = s.pend[-1]
    for i, f in enumerate(s.pend):
        k, p, a, b = f
        name = f"pend[{i}] ('{DECISIONS[k]}')"
        if k == D_SELECT:
            if a == SEL_EFFECT:
                card = _card_at(s, s.act[0], s.act[1])
                if b != 0 or card is None or card.select < 0:
                    bad.append(f"{name}: the card being played (act {s.act}) selects no dice")
            elif b == ENCOUNTER_TARGET and s.enc_at[s.cur_loc] < 0:
                bad.append(f"{name}: no encounter here to spend dice on")
        elif k == D_ACTION_DIE:
            card = _card_at(s, s.act[0], s.act[1])
            if s.act[0] != 1 or card is None or not card.cost_die:
                bad.append(f"{name}: the card being played (act {s.act}) has no action-die cost")
            elif s.act[2] != -1:
                bad.append(f"{name}: white die {s.act[2]} is already the action die (act {s.act}) "
                           "while it waits to be chosen")
        elif k == D_VALUE and s.d_col[a] < 0:
            bad.append(f"{name}: die {a} is not in the pool")
        elif k == D_TOKEN and len(lines[b][1]) < 2:
            bad.append(f"{name}: line {b} pays one token kind, there is nothing to choose")
        elif k == D_FORGET and a != s.forget_req:
            bad.append(f"{name}: {a} secrets to forget, forget_req is {s.forget_req}")
    if bad:
        return bad
    if s.sel:
        p = top[1]
        if top[0] == D_SELECT:
            if any(d >= 8 or s.d_col[d] < 0 or s.d_used[d] for d in s.sel):
                return [f"sel {s.sel}: a selected die is not in the pool or already used"]
            if top[2] == SEL_EFFECT:
                most = encounter.most_picks(_card_at(s, s.act[0], s.act[1]).effects[0])
                if most is not None and len(s.sel) > most:
                    return [f"sel {s.sel}: {len(s.sel)} dice picked, the card's effect takes at most {most}"]
            else:   # a combination: each die extended the picks before it, as the mask allows
                combo, faces = encounter.combo_of(s, top[3]), [s.d_face[d] for d in s.sel]
                avail = encounter.usable_faces(s, s.sel)
                if not all(can_extend(combo, faces[:i], faces[i], faces[i:] + avail) for i in range(len(faces))):
                    return [f"sel {s.sel}: dice showing {faces} are not a start of the combination"]
        elif top[0] == D_GUNSLOOP:
            if any(i >= len(s.feats[p]) for i in s.sel):
                return [f"sel {s.sel}: a selected feat is not in the hand"]
        elif top[0] == D_SHRINE:
            if len(s.sel) > top[2] or any(j >= len(s.swag[p]) or not s.exh[p][j] for j in s.sel):
                return [f"sel {s.sel}: more picks than the Shrine allows, or a swag that is not exhausted"]
        else:
            from .solo import _items

            codes = dict(_items(s))
            if any(code not in codes for code in s.sel):
                return [f"sel {s.sel}: a pick that is not among the cards to forget"]
    return []


def _queue(s) -> list[str]:
    if not s.cq:
        return []
    bad = queue_errors(s.cq, CHANCES, "cq", QUEUED[s.phase])
    if bad:
        return bad
    n = s.n
    kinds = Counter(k for k, _ in s.cq)
    args = {}
    for k, a in s.cq:
        args.setdefault(k, []).append(a)
    slots = args.get(CH_ENC, []) + args.get(CH_REFILL, [])
    if len(set(slots)) != len(slots) or any(s.enc_at[x] >= 0 for x in slots):
        bad.append("an encounter draw queued for a location twice or for one that is occupied")
    if len(slots) > sum(s.deck):
        bad.append("more encounter draws queued than cards in the deck")
    rows = args.get(CH_ROW, [])
    if len(set(rows)) != len(rows) or any(s.row[x] >= 0 for x in rows):
        bad.append("a Trading Post refill queued twice or for an occupied row slot")
    if len(rows) > len(s.swag_deck):
        bad.append("more row refills pending than swag in the deck")
    if kinds[CH_FEAT] + kinds[CH_FEAT_DISCARD] > len(s.feat_deck) or kinds[CH_FEAT_DISCARD] > 1:
        bad.append("more feat draws queued than feats in the deck")
    for p in range(n):
        if len(s.feats[p]) + args.get(CH_FEAT, []).count(p) > MAX_FEATS:
            bad.append(f"seat {p}: a feat hand over its cap with the queued draws")
    dice = args.get(CH_DIE, [])
    if len(set(dice)) != len(dice) or any(s.d_col[d] < 0 for d in dice):
        bad.append("a die roll queued twice or for a die not in the pool")
    if (dice or CH_WHITE in args) and s.pend and s.pend[0][0] == D_PREROLL:
        bad.append("dice rolls queued before the pool is rolled")
    whites = args.get(CH_WHITE, [])
    if len(set(whites)) != len(whites) or any(s.w_spent[w] or s.w_claimed[w] or s.w_face[w] >= 0
                                               for w in whites):
        bad.append("a white die roll queued twice or for a spent die")
    if kinds[CH_ADV_D6] + kinds[CH_MOVE] and (n != 1 or kinds[CH_ADV_D6] > 1 or kinds[CH_MOVE] > 1):
        bad.append("an Adversary roll outside the solo game, or twice")
    if kinds[CH_TENT] > sum(s.tent_pool):
        bad.append("more tentacle draws queued than tentacles in the pool")
    chars = args.get(CH_CHAR, [])
    if chars != [p for p in range(n) if s.chars[p] < 0]:
        bad.append("the queued character draws are not the seats without a character")
    if kinds[CH_FIRST] and (chars or kinds[CH_FIRST] > 1 or any(s.game.content.char_first[c] for c in s.chars)):
        bad.append("a first-player draw with characters undrawn or a Captain at the table")
    if s.phase == PH_SETUP2 and not chars and not kinds[CH_FIRST]:
        bad.append("setup waits for no character or first-player draw")
    return bad


def _dice(s) -> list[str]:
    bad = []
    ph = s.phase
    pending = {a for k, a in s.cq if k == CH_DIE}
    preroll = bool(s.pend) and s.pend[0][0] == D_PREROLL
    if ph == PH_ENCOUNTER:
        if any(s.d_col[d] < 0 for d in range(5)):
            bad.append("a green die slot (0..4) empty during the encounter")
        for d in range(8):
            if s.d_col[d] >= 0 and s.d_face[d] == 0 and not preroll and d not in pending:
                bad.append(f"die {d} in the pool is not rolled")
            if s.d_col[d] < 0 and (s.d_face[d] or s.d_lock[d] or s.d_used[d] or s.d_luck[d]):
                bad.append(f"die {d} is not in the pool but has a face, a lock or a use")
            if s.d_luck[d] and s.d_col[d] != YELLOW:
                bad.append(f"die {d} used its luck but is not a yellow (Luck) die")
            if preroll and (s.d_face[d] or s.d_lock[d] or s.d_used[d] or s.d_luck[d]):
                bad.append(f"die {d} rolled or spent before the roll")
        if preroll and (s.w_face != [-1, -1] or any(s.w_claimed)):
            bad.append("white dice rolled before the roll")
    elif ph != PH_OVER:
        if any(x >= 0 for x in s.d_col) or s.w_face != [-1, -1]:
            bad.append(f"dice in the pool in phase '{PHASES[ph]}'")
    for col in range(len(COLOURS)):
        if sum(1 for x in s.d_col if x == col) > s.game.supply[col]:
            bad.append(f"more {COLOURS[col]} dice than the supply")
    return bad


def _components(s) -> list[str]:
    c = s.game.content
    bad = []
    n = s.n
    # tentacles are conserved: pool + doom + held, and as many drawn as the setup asks
    held = [v for p in range(n) for v in s.tent[p]]
    total = Counter(s.doom) + Counter(held)
    for v in range(4):
        if total[v] + s.tent_pool[v] != c.tentacles[v]:
            bad.append(f"tentacles of value {v} not conserved")
    queued = sum(1 for k, _ in s.cq if k == CH_TENT)
    if s.phase != PH_SETUP2 and len(s.doom) + len(held) + queued != s.game.tentacle_count:
        bad.append(f"{len(s.doom) + len(held) + queued} tentacles in play, the setup has {s.game.tentacle_count}")
    # feats never leave the game: every feat in exactly one place
    feats = [f for p in range(n) for f in s.feats[p]] + s.feat_deck + s.feat_discard
    if sorted(feats) != list(range(len(c.feats))):
        bad.append("feat cards not conserved")
    # swag: deck swag and McGuffins (sellable at the Floating Village) each in at most one
    # place; in multiplayer (nothing is forgotten) every one of them somewhere; hats stay home
    hats = set(c.hats)
    swag = [w for p in range(n) for w in s.swag[p] if w not in hats]
    swag += s.swag_deck + s.old_stock + [w for w in s.row if w >= 0]
    cnt = Counter(swag)
    if any(v > 1 for v in cnt.values()):
        bad.append("a swag card in two places")
    setup_done = all(s.swag)
    in_play = set(range(c.n_swag_deck)) | {c.mcguffins[p % len(c.mcguffins)] for p in range(n)}
    if n > 1 and setup_done and set(cnt) != in_play:
        bad.append("swag cards not conserved")
    if not set(cnt) <= in_play:
        bad.append("a McGuffin of an empty seat in play")
    for p in range(n):
        own = c.hats[s.chars[p]] if s.chars[p] >= 0 else -1
        if any(w in hats and w != own for w in s.swag[p]):
            bad.append(f"seat {p} holds another character's Hat")
        if setup_done and own >= 0 and own not in s.swag[p] and c.swag[own].secrets == 0:
            bad.append(f"seat {p} lost its Hat")
    if not setup_done and any(s.swag) or any(len(s.swag[p]) > MAX_SWAG for p in range(n)):
        bad.append("swag dealt to some seats only, or over the cap")
    # encounters: each seen card in at most one place; every drawn card seen, as many as drawn
    places = [e for e in s.enc_at if e >= 0] + s.rumours + [e for p in range(n) for e in s.stack[p]]
    pc = Counter(places)
    if any(v > 1 for v in pc.values()):
        bad.append("an encounter in two places")
    if any(s.enc_unseen[e] for e in pc):
        bad.append("a placed encounter still marked unseen")
    for b in range(3):
        seen = sum(1 for e in c.by_back[b] if not s.enc_unseen[e])
        if s.deck[b] + seen != s.game.deck_counts[b]:
            bad.append(f"{s.deck[b]} {b}-backed encounters in the deck and {seen} drawn, the setup has "
                       f"{s.game.deck_counts[b]}")
    if n > 1 and len(pc) != sum(1 for x in s.enc_unseen if not x):
        bad.append("a drawn encounter left the game (only solo forgets)")
    return bad
