"""State invariants: checked on every step by the fuzz tests and on every loaded state.

``check`` may assume every field holds the values its declaration allows (``state.FIELDS``:
loading checks those first); it checks what ties fields together, in sections: parallel lists
and which cards may lie where, the phase and what may be pending in it, the pending decision's
seat and arguments, the running resolution (``r_*`` and the ``ops`` program), the chance queue,
and the components (resources, tools and every card in exactly one place, PALEO-D-19/21). A
section that finds a problem returns at once, so later sections may rely on it.
"""
from __future__ import annotations

from collections import Counter

from boardgym.core.fields import queue_errors

from . import actions as A
from .constants import (A_DAY, A_MOON, E_PLACE_SELF, K_NEW, K_PERSON, MAX_SKULLS,
                        MAX_VICTORIES, RES_TOTAL)
from .kinds import (CH_DEAL, CH_DIE, CH_DREAM, CH_IDEA, CH_PERSON, CH_REMOVE, CH_REVEAL, CHANCES,
                    D_CLOSE, D_COMMIT, D_CRAFT, D_HOST, D_HPERSON, D_IDEASLOT, D_KGROUP, D_KPERSON,
                    D_NEG, D_NIGHTOPT, D_NTOOL, D_ORDER, D_OWNER, D_PLACE, D_PREVENT, D_SPLIT,
                    D_TALISMAN, D_TOOLWIN, D_WGROUP, D_WPERSON, DECISIONS, ON_CARD, OP_CHECK,
                    OP_DREAM_TO, OP_EFF, OP_FINISH, OP_GAIN_RES, OP_GIVE_TOOL, OP_HEAL, OP_HEAL_IN,
                    OP_KILL, OP_PAY, OP_PERSON_TO, OP_WOUND2,
                    OP_WOUND3, OPS, OW_NORMAL, OW_SECRET, PH_DAY, PH_MISSIONS, PH_MOON,
                    PH_NTOOLS, PH_ORDER, PH_OVER, PH_REVEAL, PH_SETUP2, PH_TALIS, PHASES, SP_TOOL,
                    SRC_ADD, SRC_ALT, SRC_CARD, SRC_NIGHT, SRC_TOOL, TABLE)
from .resolve import CONT, option_need

# decisions taken inside a resolution, by the chooser (wounds and kills by the group hit)
RESOLVING = frozenset({D_NEG, D_TOOLWIN, D_WGROUP, D_PREVENT, D_WPERSON, D_SPLIT, D_HPERSON,
                       D_KPERSON, D_KGROUP, D_HOST, D_CRAFT})
NIGHT = frozenset({PH_NTOOLS, PH_MISSIONS, PH_MOON})
DAY_TURN = frozenset({PH_REVEAL, PH_TALIS, PH_ORDER})
# what each phase may have pending: decisions, chance nodes, resolution ops
DECIDE = {
    PH_SETUP2: set(), PH_DAY: set(), PH_OVER: set(), PH_REVEAL: {D_COMMIT}, PH_TALIS: {D_TALISMAN},
    PH_ORDER: {D_ORDER, D_OWNER, D_TALISMAN, D_IDEASLOT, D_PLACE, D_CLOSE} | RESOLVING,
    PH_NTOOLS: {D_NTOOL, D_SPLIT, D_HPERSON, D_HOST},
    PH_MISSIONS: {D_NIGHTOPT, D_IDEASLOT} | RESOLVING, PH_MOON: {D_NIGHTOPT, D_IDEASLOT} | RESOLVING,
}
QUEUED = {
    PH_SETUP2: {CH_REMOVE}, PH_DAY: {CH_DEAL, CH_PERSON}, PH_TALIS: {CH_REVEAL},
    PH_ORDER: {CH_DIE, CH_PERSON, CH_DREAM, CH_IDEA}, PH_MISSIONS: {CH_DIE, CH_PERSON, CH_IDEA},
    PH_MOON: {CH_DIE, CH_PERSON, CH_IDEA}, PH_REVEAL: set(), PH_NTOOLS: set(), PH_OVER: set(),
}
PROGRAM = (OP_CHECK, OP_PAY, OP_EFF, OP_FINISH)  # the order start() writes them in
TO_GROUP = frozenset({OP_WOUND2, OP_HEAL_IN, OP_KILL, OP_PERSON_TO, OP_DREAM_TO})


def check(s) -> list[str]:
    return (_lists(s) or _places(s) or _phase(s) or _frame(s) or _resolution(s) or _queue(s)
            or _components(s))


def _lists(s) -> list[str]:
    bad = []
    n = s.n
    if len(s.fd_b) != len(s.fd_c):
        bad.append("fd_b and fd_c (the facedown pile's backs and slots) out of step")
    for g in range(n):
        if len(s.deck_b[g]) != len(s.deck_c[g]):
            bad.append(f"group {g}: deck_b and deck_c out of step")
        if len(s.ppl[g]) != len(s.wnd[g]):
            bad.append(f"group {g}: people and wounds out of step")
    if len(s.inplay) != len(s.inloc) or len(s.inplay) != len(s.held):
        bad.append("inplay, inloc and held out of step")
    if len(s.sec_pend) % 2:
        bad.append("sec_pend is not (secret, group) pairs")
    if len(s.bench) > 4 and not (s.pend and s.pend[-1][0] == D_IDEASLOT):
        bad.append("workbench over 4 ideas with no idea to remove")
    return bad


def _places(s) -> list[str]:
    """Which cards may lie where (sets, kinds, backs, hosts)."""
    g_, c = s.game, s.game.content
    cards, sets = c.cards, c.sets
    bad = []

    def within(field, xs, allowed):
        if not set(xs) <= allowed:
            bad.append(f"{field} holds card(s) {sorted(set(xs) - allowed)[:5]} that never lie there")

    within("people_deck", s.people_deck, set(sets.get("people", [])))
    within("dream_deck", s.dream_deck, set(sets.get("dream", [])))
    within("idea_deck", s.idea_deck, set(sets.get("idea", [])))
    within("secrets", s.secrets, set(sets.get("mystery", [])))
    within("sec_pend", s.sec_pend[0::2], set(sets.get("mystery", [])))
    if any(not 0 <= g < s.n for g in s.sec_pend[1::2]):
        bad.append("sec_pend: a secret revealed by a group outside the game")
    within("bench", s.bench, set(sets.get("idea", [])) | {x for x, to in g_.setup_places if to == "BENCH"})
    dreams = set(sets.get("dream", []))
    for g in range(s.n):
        within(f"ppl[{g}]", s.ppl[g], {x for x in g_.in_game if cards[x].kind == K_PERSON})
        for i, (b, x) in enumerate(zip(s.deck_b[g], s.deck_c[g])):
            if x >= 0 and (x not in dreams or cards[x].back != b):
                bad.append(f"deck_c[{g}][{i}] is card {x}: only a Dream of back {b} lies facedown known")
        for x, w in zip(s.ppl[g], s.wnd[g]):
            if w > cards[x].hearts:
                bad.append(f"group {g}: wounds outside the hearts of {cards[x].name}")
    for i, (b, x) in enumerate(zip(s.fd_b, s.fd_c)):
        if x >= 0 and (x not in dreams or cards[x].back != b):
            bad.append(f"fd_c[{i}] is card {x}: only a Dream of back {b} lies facedown known")
    if any(x >= 0 for x in s.ch_c):
        bad.append("ch_c: a chosen card's identity is fixed only while it is revealed")
    if any(x in s.fd_c for x in s.removed):
        bad.append("a removed card in the facedown pile")
    sec_x = set(sets.get("mystery", []))
    if s.sec_card >= 0 and s.sec_card not in sec_x:
        bad.append(f"sec_card {s.sec_card} is not a secret card")
    if s.sec_card < 0 and (s.sec_owner >= 0 or s.sec_help or s.sec_first >= 0) or s.sec_card >= 0 > s.sec_owner:
        bad.append("a secret's owner or helpers without the secret, or a secret without its owner")
    on_table = set(g_.missions) | {x for x, to in g_.setup_places if to == "TABLE"}
    for i, x in enumerate(s.inplay):
        loc = s.inloc[i]
        if (loc == TABLE) != (x in on_table):
            bad.append(f"inloc[{i}]: missions and the setup's cards lie on the table, placed cards elsewhere")
        if loc >= ON_CARD and (loc - ON_CARD not in s.inplay or loc - ON_CARD == x):
            bad.append(f"inloc[{i}]: card {x} lies on card {loc - ON_CARD}, which is not in play")
        card = cards[x]
        if len(s.held[i]) > card.hold_max or not set(s.held[i]) <= set(card.accepts):
            bad.append(f"held[{i}]: card {card.name} cannot hold {s.held[i]}")
    return bad


def _phase(s) -> list[str]:
    n, ph = s.n, s.phase
    if ph not in DECIDE:
        return [f"phase '{PHASES[ph]}' never waits for a decision or a draw"]
    if bool(s.over) != (ph == PH_OVER):
        return [f"over={s.over} in phase '{PHASES[ph]}'"]
    bad = []
    if s.over:
        if s.pend or s.cq or s.ops:
            bad.append("a finished game with decisions, draws or a resolution pending")
        return bad
    if s.result:
        bad.append("result set before the end")
    if not s.pend and not s.cq:
        return ["nothing pending and the game not over"]
    if len(s.pend) > 1 or s.pend and s.cq:
        return ["more than one thing pending at once (one decision, or chance nodes)"]
    if s.pend and s.pend[0][0] not in DECIDE[ph]:
        return [f"pend[0]: a '{DECISIONS[s.pend[0][0]]}' decision cannot be pending in phase '{PHASES[ph]}'"]
    bad += queue_errors(s.cq, CHANCES, "cq", QUEUED[ph])
    if s.ops and ph not in (PH_ORDER,) and ph not in NIGHT:
        bad.append(f"a resolution running in phase '{PHASES[ph]}'")
    if s.round >= s.game.max_rounds:
        bad.append(f"round {s.round} at or past max_rounds {s.game.max_rounds}")
    if s.victories >= MAX_VICTORIES:
        bad.append("the 5th victory ends the game at once")
    if (s.skulls >= MAX_SKULLS) != bool(s.lost) or s.lost and not s.ops:
        bad.append("the 5th skull flags the loss, which ends the action it came in")
    if s.lead_ptr != s.turn:
        bad.append(f"lead_ptr {s.lead_ptr} and turn {s.turn} advance together")
    if ph in NIGHT and s.lead != s.lead_ptr % n:
        bad.append("the night's lead is not the group after the last turn's")
    if ph not in DAY_TURN:
        if any(s.commit) or any(s.rstat) or any(x >= 0 for x in s.rev) or any(s.helpers):
            bad.append(f"commitments or revealed cards in phase '{PHASES[ph]}'")
        if any(s.awake):
            bad.append(f"a group awake in phase '{PHASES[ph]}'")
        if ph != PH_DAY and any(s.deck_b):
            bad.append(f"a group holds day cards in phase '{PHASES[ph]}'")
    else:
        for g in range(n):
            a = s.commit[g]
            if not s.awake[g] and s.deck_b[g]:
                bad.append(f"group {g} sleeps with cards in its deck")
            if ph == PH_REVEAL:
                if a and not s.awake[g] or s.rstat[g] or s.rev[g] >= 0 or s.helpers[g]:
                    bad.append(f"group {g}: a commitment or a revealed card before the reveal")
                if A.PICK <= a < A.SLEEP_EARLY and ((a - A.PICK) // 2 >= len(s.deck_b[g])
                                                    or (a - A.PICK) % 2 and len(s.deck_b[g]) < 3):
                    bad.append(f"group {g}: committed to a card its deck does not have")
            elif s.awake[g] and not A.PICK <= a < A.SLEEP_EARLY:   # (SLEEP_EARLY is no pick)
                bad.append(f"group {g}: awake after the reveal without a chosen card, or asleep early and awake")
            if s.rev[g] >= 0 and s.rstat[g] != 1:
                bad.append(f"group {g}: a revealed card already resolved")
            if s.rstat[g] == 1 and s.rev[g] < 0 and (CH_REVEAL, g) not in s.cq:
                bad.append(f"group {g}: a card to resolve that is neither revealed nor being drawn")
    if ph in DAY_TURN:
        turn_awake = [g for g in range(n) if s.awake[g] or s.commit[g] == A.SLEEP_EARLY]
        if turn_awake and s.lead != next(g for g in ((s.lead_ptr + i) % n for i in range(n)) if g in turn_awake):
            bad.append(f"group {s.lead} leads; the turn's lead is the first awake group from lead_ptr")
        seen_h = 0
        for g in range(n):
            h = s.helpers[g]
            if h & seen_h or h >> g & 1 or any(h >> x & 1 and s.rstat[x] != 2 for x in range(n)):
                bad.append(f"helpers[{g}]: a helper helps once, not itself, having spent its card")
            seen_h |= h
        if ph == PH_TALIS and s.cq and s.k:
            bad.append("talisman windows open before every card is revealed")
    if s.sec_card >= 0 and s.sec_first != s.sec_owner:
        bad.append("sec_first is the secret's owner")
    if s.r_wound and not (s.pend and s.pend[0][0] == D_PREVENT):
        bad.append("wounds waiting to be placed with no prevent decision")
    for i, v in enumerate(s.add_day):
        if v and s.game.add_opts[i][2].limit != 2:
            bad.append(f"add_day[{i}]: only a once-a-day additional action is marked for the day")
    if (s.sec_card >= 0 or s.sec_pend) and ph != PH_ORDER:
        bad.append("a revealed secret outside the order of resolution")
    if s.ch_b != [-1] * n and ph != PH_TALIS:
        bad.append("a chosen card waits to be revealed outside the reveal")
    return bad


def _frame(s) -> list[str]:
    if not s.pend:
        return []
    from .day import first_uncommitted, order_candidates, talisman_type
    from .help import can_help
    from .night import moon_cards

    c = s.game.content
    cards = c.cards
    k, seat, a, b = s.pend[0]
    name = f"pend[0] ('{DECISIONS[k]}')"
    chooser = s.r_chooser
    want = None
    if k in RESOLVING:
        want = {D_WPERSON: s.r_wgroup, D_KPERSON: seat}.get(k, chooser)
        if chooser < 0 or not s.r_parts:
            return [f"{name}: a resolution decision with no chooser or participants"]
    elif k == D_COMMIT:
        want = first_uncommitted(s)
    elif k == D_ORDER:
        want = s.lead
        if len(order_candidates(s)) < 2:
            return [f"{name}: fewer than two cards to order"]
    elif k == D_IDEASLOT:
        want = chooser   # (the idea came in a resolution: its chooser decides, chance_nodes.py)
        if len(s.bench) != 5:
            return [f"{name}: the workbench is not over its 4 ideas"]
    elif k == D_NIGHTOPT:
        if s.phase == PH_MISSIONS:
            from .night import _moon

            want = s.lead
            ms = [x for x in s.game.missions if x in s.inplay and _moon(s, x)]
            if not 1 <= s.k <= len(ms) or ms[s.k - 1] != a:
                return [f"{name}: card {a} is not the mission whose turn it is"]
        else:
            cs = moon_cards(s)
            if not 1 <= s.k <= len(cs) or cs[s.k - 1] != (seat, a):
                return [f"{name}: card {a} is not the moon card of group {seat} whose turn it is"]
    elif k == D_NTOOL:
        want = s.k - 1
    elif k == D_TALISMAN:
        x = s.sec_card if a else s.rev[seat]
        if a:
            ok = s.phase == PH_ORDER and s.sec_card >= 0 and seat == s.sec_owner
        else:
            ok = s.phase == PH_TALIS and s.rstat[seat] == 1 and seat == (s.lead + s.k - 1) % s.n
        if not ok or x < 0 or not cards[x].hazard or talisman_type(s, seat) < 0:
            return [f"{name}: group {seat} has no revealed hazard to discard with a talisman"]
    elif k == D_OWNER:
        if a == OW_NORMAL:
            ok = s.rstat[seat] == 1 and s.rev[seat] >= 0 and s.sec_card < 0
        elif a == OW_SECRET:
            ok = s.sec_card >= 0 and seat == s.sec_owner
        else:
            ok = s.sec_card >= 0 and seat != s.sec_owner and s.awake[seat] and can_help(s, seat)
        if not ok:
            return [f"{name}: group {seat} has no card for this window (mode {a})"]
    elif k == D_PLACE:
        x = s.rev[seat]
        if x < 0 or cards[x].kind != K_NEW or cards[x].placement < 1:
            return [f"{name}: group {seat} has no new card to place"]
    elif k == D_CLOSE:
        if not s.awake[seat] or s.sec_card >= 0 or s.sec_pend:
            return [f"{name}: group {seat} cannot close its turn now"]
    if want is not None and seat != want:
        return [f"{name} is group {seat}'s; it belongs to group {want}"]
    if k == D_PREVENT and (s.r_wound < 1 or s.r_wgroup < 0 or not s.ops or s.ops[0][0] != OP_WOUND3):
        return [f"{name}: no wound waiting to be placed"]
    if k == D_WPERSON and len(s.ppl[seat]) < 2:   # (its seat is the group wounded: checked above)
        return [f"{name}: group {seat} has one person, no one to choose between"]
    if k == D_KPERSON and len(s.ppl[seat]) < 2:
        return [f"{name}: group {seat} has fewer than two people to choose from"]
    if k == D_HPERSON and sum(1 for w in s.wnd[a] if w) < 2:
        return [f"{name}: group {a} has fewer than two wounded people"]
    if k == D_SPLIT and a != SP_TOOL and b != 0:
        return [f"{name}: only a tool split carries a tool type"]
    if k == D_HOST and ((a < 3) != (b < 0) or a < 3 and s.sup[a] < 1):
        return [f"{name}: a resource goes to no group and is still in the supply; a tool to a group"]
    if k in (D_NEG, D_TOOLWIN) and s.r_card < 0:
        return [f"{name}: no card being resolved"]
    return []


def _stale(s) -> list[str]:
    # every end of a resolution (its finish, an ignored card or action) sets r_card back to -1
    return [f"r_card {s.r_card}: a card being resolved with none of its program left"]


def _resolution(s) -> list[str]:
    c = s.game.content
    ops = s.ops
    bad = []
    if (s.r_card < 0) != (s.r_opt < 0) or s.r_card >= 0 and s.r_opt >= len(c.cards[s.r_card].opts):
        return [f"r_opt {s.r_opt} is not an option of r_card {s.r_card}"]
    kinds = [op[0] for op in ops]
    prog = [op for op in ops if op[0] in PROGRAM]
    conts = [i for i, k in enumerate(kinds) if k in CONT]
    if conts and conts[0] != len(ops) - 1:   # (of two, the first is not the last)
        return ["ops: a window reopens only once, after everything else"]
    running = (len(ops) > len(conts) or s.pend and s.pend[0][0] in RESOLVING
               or any(k in (CH_DIE, CH_DREAM, CH_IDEA) for k, _ in s.cq))
    if not running:
        return ["ops: a window to reopen with nothing resolving"] if conts else _stale(s) if s.r_card >= 0 else []
    parts = [g for g in range(s.n) if s.r_parts >> g & 1]
    if not parts or s.r_chooser < 0:
        return ["a resolution running with no participants or chooser"]
    top = s.pend[0][0] if s.pend else -1
    if len(ops) > len(conts) and not s.cq and top not in RESOLVING | {D_IDEASLOT}:
        return ["ops: a resolution running while the decision pending is none of its own"]
    if top in RESOLVING and top != D_NEG and len(ops) == len(conts):
        return [f"pend[0] ('{DECISIONS[top]}') with nothing left of its resolution"]
    if s.r_card >= 0 and not prog and top not in (D_NEG, D_TOOLWIN):
        return _stale(s)
    started = [op[0] for op in prog[:2] if op[0] in (OP_CHECK, OP_PAY)]
    if top == D_NEG and prog or top == D_TOOLWIN and started != [OP_PAY] \
            or any(k == CH_DIE for k, _ in s.cq) and started[:1] != [OP_CHECK] \
            or (s.cq and not any(k == CH_DIE for k, _ in s.cq) or top not in (-1, D_NEG, D_TOOLWIN)) and started:
        return ["ops: the card's program is not where this decision or draw happens (check, pay, rewards)"]
    if prog or any(k == CH_DIE for k, _ in s.cq):
        if s.r_card < 0:
            return ["ops: a card's program with no card being resolved (r_card)"]
        order = [(PROGRAM.index(op[0]), op[1] if op[0] == OP_EFF else 0) for op in prog]
        if order != sorted(order) or len(set(order)) != len(order) or prog[-1][0] != OP_FINISH:
            return ["ops: the card's program (check, pay, rewards, finish) is out of order"]
        reward = c.cards[s.r_card].opts[s.r_opt].reward
        if any(op[0] == OP_EFF and op[1] >= len(reward) for op in prog):
            return [f"ops: a reward the option of card {s.r_card} does not have"]
    for op in ops:
        if op[0] in TO_GROUP or op[0] == OP_GIVE_TOOL:
            group = op[2] if op[0] == OP_GIVE_TOOL else op[1]   # (a tool's entry: tool, group, ...)
            if group not in parts:
                bad.append(f"ops: {OPS[op[0]]} for group {group}, which takes no part")
        if op[0] == OP_WOUND3 and s.r_wgroup not in parts:
            bad.append("ops: a wound to place with no wounded group")
    src, owner = s.r_src, s.r_owner
    if src == SRC_NIGHT:
        if owner >= 0 or s.phase not in (PH_MISSIONS, PH_MOON) or s.r_parts != (1 << s.n) - 1:
            bad.append("a night resolution has no owner, the whole tribe takes part (D-18)")
        elif s.phase == PH_MISSIONS and s.r_chooser != s.lead:
            bad.append("the lead chooses for a mission at night")
    elif src == SRC_TOOL:
        if owner != s.r_chooser or s.r_parts != 1 << owner or any(
                k not in CONT and k not in (OP_HEAL, OP_HEAL_IN, OP_GAIN_RES) for k in kinds):
            bad.append("a tool's effect (heal, food) is its group's alone and runs no card program")
    elif s.r_chooser != owner or s.phase != PH_ORDER:   # (the chooser is a group, so no owner (-1) passes)
        bad.append("a card resolution in the day has its owner as chooser")
    elif prog or s.pend and s.pend[0][0] in (D_NEG, D_TOOLWIN):
        if src == SRC_CARD:
            secret = s.r_card == s.sec_card and owner == s.sec_owner
            if s.r_card != s.rev[owner] and not secret:
                bad.append(f"r_card {s.r_card} is neither group {owner}'s revealed card nor its secret")
            elif s.r_parts != (1 << owner) | (s.sec_help if secret else s.helpers[owner]):
                bad.append("the participants are the owner and its helpers (PALEO-HELP-1)")
        elif src == SRC_ALT and ((s.r_card, s.r_opt) not in s.game.alt_index
                                 or s.r_parts != (1 << owner) | s.helpers[owner]):
            bad.append(f"option {s.r_opt} of card {s.r_card} is no alternative action of group {owner}")
        elif src == SRC_ADD and ((s.r_card, s.r_opt) not in s.game.add_index or s.r_parts != 1 << owner):
            bad.append(f"option {s.r_opt} of card {s.r_card} is no additional action of group {owner}")
    if s.r_card >= 0 and (prog or s.pend and s.pend[0][0] in (D_NEG, D_TOOLWIN)):
        opt = c.cards[s.r_card].opts[s.r_opt]
        if src in (SRC_CARD, SRC_NIGHT) and opt.area != (A_MOON if src == SRC_NIGHT else A_DAY):
            bad.append(f"option {s.r_opt} of card {s.r_card} is not an option of its area")
        window = [f[2] - 1 for f in s.pend if f[0] == D_CRAFT and f[2]]
        if window:  # a recipe's tool window (PALEO-CRAFT-1) checks the recipe's requirement
            need, what = list(c.tools[window[-1]].recipe_req), "the open recipe's requirement"
        else:
            need, what = option_need(s), "the option's requirement with its dice"
        if s.need != need:
            bad.append(f"need {s.need}: {what} is {need}")
        if s.r_prev > opt.prevent or s.r_place and not any(e[0] == E_PLACE_SELF for e in opt.reward):
            bad.append("more wounds to prevent, or a placement, than the option gives")
        if OP_PAY in kinds:
            host = s.inplay.index(s.r_card) if src != SRC_CARD and s.r_card in s.inplay else -1
            if s.r_host != host:
                bad.append(f"r_host {s.r_host}: the card resolved lies at in-play index {host}")
    return bad


def _queue(s) -> list[str]:
    if not s.cq:
        return []
    g_ = s.game
    bad = []
    args: dict[int, list[int]] = {}
    for k, a in s.cq:
        args.setdefault(k, []).append(a)
    if s.phase == PH_SETUP2:
        for i, (_, k, cands) in enumerate(g_.removal):
            if args.get(CH_REMOVE, []).count(i) + sum(1 for x in s.removed if x in cands) != k:
                bad.append(f"module removal {i}: removed and pending draws do not add up to {k}")
    elif len(args.get(CH_DEAL, [])) != sum(s.deal_pool):
        bad.append(f"{len(args.get(CH_DEAL, []))} deal draws queued for {sum(s.deal_pool)} cards to deal")
    if len(args.get(CH_PERSON, [])) > len(s.people_deck):
        bad.append("more People draws queued than cards in the People deck")
    if len(args.get(CH_DREAM, [])) > len(s.dream_deck) or len(args.get(CH_IDEA, [])) > len(s.idea_deck):
        bad.append("more Dream or Idea draws queued than cards in their decks")
    rev = args.get(CH_REVEAL, [])
    if len(set(rev)) != len(rev) or any(s.rstat[g] != 1 or s.rev[g] >= 0 or s.ch_b[g] < 0 for g in rev):
        bad.append("a reveal queued twice, or for a group with no chosen facedown card")
    if s.phase == PH_TALIS and sorted(rev) != [g for g in range(s.n) if s.ch_b[g] >= 0]:
        bad.append("a chosen facedown card with no reveal queued")
    dice = args.get(CH_DIE, [])
    if dice and (len(set(dice)) != len(dice) or any(s.dice[i] >= 0 for i in dice)
                 or not any(op[0] == OP_CHECK for op in s.ops)):
        bad.append("a die roll queued twice, for a rolled die, or with no check to make")
    return bad


def _components(s) -> list[str]:
    g_, c = s.game, s.game.content
    bad = []
    n, T = s.n, g_.T
    held = [x for h in s.held for x in h]
    # resources within supply limits (PALEO-SETUP-1)
    for r in range(3):
        on_cards = sum(1 for x in held if x == r)
        if s.store[r] + s.sup[r] + on_cards != RES_TOTAL[r]:
            bad.append(f"resource {r} not conserved")
    # tool tokens conserved per type (PALEO-D-19); a gained token whose host choice (take it or
    # place it on a card, PALEO-SPEC-1) is pending is in hand: it counts once
    in_hand = [f[2] for f in s.pend if f[0] == D_HOST and f[2] >= 3]
    for t in range(T):
        tot = (s.gsup[t] + s.stock[t] + sum(s.tools[g * T + t] for g in range(n))
               + sum(1 for x in held if x == 3 + t) + in_hand.count(3 + t))
        if tot != c.tools[t].count:
            bad.append(f"tool {c.tools[t].key} not conserved")
    # every card of the game in exactly one place
    places = []
    for g in range(n):
        places += [x for x in s.deck_c[g] if x >= 0] + s.ppl[g]
        if s.rev[g] >= 0:
            places.append(s.rev[g])
    faceup = s.fu + s.cem + s.bench + s.inplay + [x for x in s.rev if x >= 0]
    faceup += [x for p in s.ppl for x in p] + ([s.sec_card] if s.sec_card >= 0 else [])
    places += [x for x in s.fd_c if x >= 0] + s.fu + s.cem + s.removed + s.people_deck + s.dream_deck
    places += s.idea_deck + s.secrets + s.bench + s.inplay + s.sec_pend[0::2]
    if s.sec_card >= 0:
        places.append(s.sec_card)
    places += [x for x in g_.in_game if s.u[x]]
    cnt = Counter(places)
    if any(v > 1 for v in cnt.values()):
        bad.append(f"card(s) in two places: {[x for x, v in cnt.items() if v > 1][:5]}")
    if set(cnt) != set(g_.in_game):
        bad.append(f"cards missing: {sorted(set(g_.in_game) - set(cnt))[:5]}, "
                   f"or not of this game: {sorted(set(cnt) - set(g_.in_game))[:5]}")
    if any(not s.seen[x] for x in faceup) or any(s.seen[x] or s.u[x] for x in s.removed):
        bad.append("a faceup card never seen, or a card removed at setup seen or still to deal")
    if sum(s.u) != sum(s.u[x] for x in g_.in_game):
        bad.append("a card of another module among the cards to deal")
    # U_b counts: unassigned slots + cards to deal == identities in U, per back
    slots = Counter()
    for g in range(n):
        slots.update(b for b, x in zip(s.deck_b[g], s.deck_c[g]) if x < 0)
        if s.ch_b[g] >= 0:
            slots[s.ch_b[g]] += 1
    slots.update(b for b, x in zip(s.fd_b, s.fd_c) if x < 0)
    ub = Counter(c.cards[x].back for x in g_.in_game if s.u[x])
    if min(s.deal_pool, default=0) < 0:
        bad.append("a negative count of cards left to deal")
    for b in range(len(c.backs)):
        if slots[b] + s.deal_pool[b] != ub[b]:
            bad.append(f"back {b}: {slots[b]} unassigned slots + {s.deal_pool[b]} to deal != {ub[b]} in U")
    if not (0 <= s.skulls <= MAX_SKULLS and 0 <= s.victories <= MAX_VICTORIES):
        bad.append("skulls or victories outside 0..5")
    return bad

