"""What ties the fields together (run on load and at every fuzzed step): the core's checks, then
HP / fatigue / status bounds, components conserved (OM within the supply, each skill card kind
within its count, each adventure card in one place, reward cards seen = held + open + used,
the deck's backs against the unseen cards), the phase against what is pending."""
from __future__ import annotations

from collections import Counter

from boardgym.games.sleeping_gods.invariants import errors as sg_errors
from boardgym.games.sleeping_gods.kinds import DECISIONS as SG_DECISIONS

from . import actions as A
from .kinds import (BACK_CHALLENGE, BACK_COMBAT, BACK_REWARD, D_PREP, EQUIP_LIMIT, HAND_LIMIT,
                    PH_COMBAT, PH_OVER, PH_SCORING, PH_CHALLENGE, PH_PREP, PH_BOSS, PH_CH_REWARD, PH_END_TURN, TRAIN_LIMIT)
from .flow import COMBAT_CODE, encounter_code
from .kinds import BOSS_DRAWS, CH_ARCADE


def check(s) -> list[str]:
    from .frames import errors as frame_errors

    out = sg_errors(s) + frame_errors(s)
    if out:
        return out
    g = s.game
    c = g.content
    for ch in range(A.N_CREW):
        if not 0 <= s.res[ch] <= 3:
            out.append(f"crew {ch} has fatigue {s.res[ch]} (0-3)")
        if sum(s.train[ch * A.N_SKILLS:(ch + 1) * A.N_SKILLS]) > TRAIN_LIMIT:
            out.append(f"crew {ch} is trained beyond +{TRAIN_LIMIT}")
        if len(s.equip[ch]) > EQUIP_LIMIT:
            out.append(f"crew {ch} holds {len(s.equip[ch])} skill cards (at most {EQUIP_LIMIT})")
    if sum(s.om) + sum(s.spent) > g.om_supply:
        out.append(f"{sum(s.om) + sum(s.spent)} order markers in play; the supply holds {g.om_supply}")
    # skill cards: hands + equipped + discard within each kind's count
    seen = Counter(x for h in s.hand for x in h) + Counter(x for e in s.equip for x in e)
    for k in c.skills:
        if seen[k.id] + s.sk_disc[k.id] > k.count:
            out.append(f"{seen[k.id] + s.sk_disc[k.id]} {k.key} cards in play; the deck has {k.count}")
    resting = not s.cq and (not s.pend or s.pend[-1][0] >= len(SG_DECISIONS))
    if resting and s.pend and s.pend[-1][0] == D_PREP:
        for p in range(s.n):
            if len(s.hand[p]) > HAND_LIMIT:
                out.append(f"player {p} holds {len(s.hand[p])} cards in the window (limit {HAND_LIMIT})")
    # adventure cards: each in one place
    places = ([x for x in s.weapon if x >= 0] + [x for x in s.item if x >= 0] + s.stash + s.recipes
              + s.adv_bottom + s.market + s.to_place)
    dup = [x for x, n in Counter(places).items() if n > 1]
    if dup:
        out.append(f"adventure card {c.adventure[dup[0]].key} is in two places")
    for ch in range(A.N_CREW):
        w, it = s.weapon[ch], s.item[ch]
        if w >= 0 and c.adventure[w].kind != 0:
            out.append(f"crew {ch} holds {c.adventure[w].key} as a weapon")
        if it >= 0 and c.adventure[it].kind != 1:
            out.append(f"crew {ch} holds {c.adventure[it].key} as an item")
    for x in s.recipes:
        if c.adventure[x].kind != 2:
            out.append(f"{c.adventure[x].key} is among the recipes")
    for x in s.stash:
        if c.adventure[x].kind == 2:
            out.append(f"recipe {c.adventure[x].key} is in the stash")
    # reward cards: every one seen is held, open or used
    used = set(s.rewards) | set(s.rw_disc) | ({s.rw_open} if s.rw_open >= 0 else set())
    if len(used) != sum(s.seen_rw) or any(not s.seen_rw[r] for r in used):
        out.append("the reward cards seen are not the ones held, open and used")
    # the Arcade deck against the cards still unseen of each back
    for back, seen in ((BACK_REWARD, s.seen_rw), (BACK_CHALLENGE, s.seen_ch), (BACK_COMBAT, s.seen_cb)):
        if s.deck.count(back) > len(seen) - sum(seen):
            out.append(f"{s.deck.count(back)} {('reward', 'challenge', 'combat')[back]} cards in the deck, "
                       f"but only {len(seen) - sum(seen)} unseen")
    for back, seen, total in ((BACK_REWARD, s.seen_rw, g.n_rewards), (BACK_CHALLENGE, s.seen_ch, g.n_challenges),
                              (BACK_COMBAT, s.seen_cb, g.n_combats)):
        drawing = sum(1 for e in s.cq if e == (CH_ARCADE, back))  # taken, its face not drawn yet
        if sum(seen) + s.deck.count(back) + drawing != total:
            out.append(f"{sum(seen)} {('reward', 'challenge', 'combat')[back]} cards seen and "
                       f"{s.deck.count(back)} in the deck; the game uses {total}")
    codes = s.won + s.lost
    if len(set(codes)) != len(codes):
        out.append("an encounter is both a success and a failure")
    for x in codes:
        if not _seen_code(s, x):
            out.append(f"resolved encounter {_code_name(s, x)} was never revealed")
            break
    out += _encounter(s, codes) + _boss(s)
    running = s.enc_kind >= 1 and s.enc_id >= 0
    cur = encounter_code(s.enc_kind, s.enc_id)
    if running and s.enc_id >= len(s.seen_cb if s.enc_kind == BACK_COMBAT else s.seen_ch):
        out.append(f"encounter id {s.enc_id} is not a card of its back")
        running = False
    pending = int(running and cur not in codes)
    if len(codes) + pending != sum(s.seen_ch) + sum(s.seen_cb):
        out.append("the encounters resolved (and running) are not the ones revealed")
    if s.deck != list(g.deck_backs[len(g.deck_backs) - len(s.deck):]):
        out.append("the deck's backs are not the bottom of the deck built at setup")
    if s.over != (s.phase == PH_OVER):
        out.append("over and the phase disagree")
    if s.over and (s.pend or s.cq):
        out.append("the game is over with a decision or draw pending")
    if s.phase == PH_SCORING and not s.survived:
        out.append("the scoring window is open though the crew did not survive the deck")
    if s.rw_open < 0 and (s.rw_taken or s.rw_corner):
        out.append("rewards are marked taken with no reward card open")
    if s.rw_open >= 0 and s.phase not in (PH_PREP, PH_SCORING):
        out.append("a reward card is open outside the preparation and scoring windows")
    if s.sg_com[0] and s.phase != PH_COMBAT:
        out.append("a combat runs outside the combat phase")
    if s.sg_chal[0] and s.phase != PH_CHALLENGE:
        out.append("a challenge runs outside the challenge phase")
    return out


def _code_name(s, x) -> str:
    """A resolved encounter's code (challenge id, or COMBAT_CODE + combat id) in words."""
    c = s.game.content
    cards, i, back = (c.combats, x - COMBAT_CODE, "combat") if x >= COMBAT_CODE else (c.challenges, x, "challenge")
    return f"{cards[i].key!r} ({back})" if i < len(cards) else f"{x} (no {back} card has that number)"


def _seen_code(s, x) -> bool:
    if x >= COMBAT_CODE:
        return x - COMBAT_CODE < len(s.seen_cb) and bool(s.seen_cb[x - COMBAT_CODE])
    return x < len(s.seen_ch) and bool(s.seen_ch[x])


def _encounter(s, codes) -> list[str]:
    """The encounter record against the phase: set while one is drawn, running or being closed."""
    c = s.game.content
    k, i = s.enc_kind, s.enc_id
    if (k < 0) != (i < 0):
        return ["an encounter kind without an id, or the other way round"]
    if s.phase in (PH_OVER,):
        return []
    running = s.phase in (PH_CHALLENGE, PH_COMBAT, PH_BOSS)
    closing = s.phase in (PH_CH_REWARD, PH_END_TURN)
    if not running and not closing:
        return ["an encounter is recorded between encounters"] if k >= 0 else []
    want = BACK_CHALLENGE if s.phase in (PH_CHALLENGE, PH_CH_REWARD) else None
    if k < 0 or (want is not None and k != want) or (s.phase in (PH_COMBAT, PH_BOSS) and k != BACK_COMBAT):
        return [f"phase {s.phase} with encounter kind {k}"]
    cards = c.challenges if k == BACK_CHALLENGE else c.combats
    if i >= len(cards):
        return [f"encounter id {i} is not a card of its back"]
    code = encounter_code(k, i)
    if not _seen_code(s, code):
        return ["the encounter was never revealed"]
    if running == (code in codes):
        return ["the encounter is resolved while running, or closing unresolved"]
    if s.phase == PH_CH_REWARD and code not in s.won:
        return ["mastery rewards for a challenge that failed"]
    last_combat = k == BACK_COMBAT and BACK_COMBAT not in s.deck
    if running and k == BACK_COMBAT and s.final != int(last_combat):
        return ["the final-battle flag does not match the deck"]
    if s.phase == PH_COMBAT and list(s.sg_enemy) != list(c.combats[i].enemies):
        return ["the enemies on the grids are not the combat card's"]
    if s.phase == PH_BOSS and s.sg_enemy:
        return ["enemies set up before the boss draws are done"]
    if s.phase == PH_CHALLENGE:
        ch = c.challenges[i]
        dmg = ch.failure[1] if ch.failure[0] == 0 else 0
        if (s.sg_chal[1], s.sg_chal[2], s.sg_chal[3]) != (ch.skill, ch.number, dmg):
            return ["the running challenge is not the card's"]
    return []


def _boss(s) -> list[str]:
    """TR-BOSS-1: boss values only once the final battle is revealed, as many as the difficulty
    draws (those drawn plus those left)."""
    draws = BOSS_DRAWS[s.game.difficulty]
    have = bin(s.boss).count("1")
    if s.boss_left and s.phase != PH_BOSS:
        return ["boss draws left outside the boss draws"]
    if s.phase == PH_BOSS:
        return [] if have + s.boss_left == draws else ["the boss values drawn and left do not add up"]
    if not s.boss:
        return ["the final battle without its boss values"] if s.phase == PH_COMBAT and s.final else []
    late = s.phase in (PH_END_TURN, PH_SCORING, PH_OVER) or (s.phase == PH_COMBAT and s.final)
    if not late or BACK_COMBAT in s.deck or have != draws:
        return ["boss improvements outside the final battle"]
    return []
