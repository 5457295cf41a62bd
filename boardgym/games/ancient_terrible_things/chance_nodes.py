"""Every chance node of ATT: its outcomes with probabilities, and how an outcome applies.

Card faces are drawn from the unseen multiset matching the public back; dice one at a time.
"""
from __future__ import annotations

from boardgym.core.chance import from_counts, uniform

from .cards import top_back
from .constants import N_SLOTS
from .kinds import (CH_ADV_D6, CH_CHAR, CH_DIE, CH_ENC, CH_FEAT, CH_FEAT_DISCARD, CH_FIRST,
                    CH_MOVE, CH_REFILL, CH_ROW, CH_TENT, CH_WHITE, D_ADV_PLACE)

MOVE_ANTICLOCKWISE, MOVE_STAY, MOVE_CLOCKWISE = 0, 1, 2
_D6 = uniform(range(1, 7))


def _encounter_outcomes(s, arg):
    back = top_back(s)
    return uniform(e for e in s.game.content.by_back[back] if s.enc_unseen[e])


def _draw_encounter(s, slot, enc, tokens):
    from .flow import place_encounter

    s.deck[s.game.content.enc_back[enc]] -= 1
    s.enc_unseen[enc] = 0
    place_encounter(s, slot, enc, tokens)


def _apply_char(s, seat, o):
    s.chars[seat] = o
    c = s.game.content
    if seat == s.n - 1 and not any(c.char_first[ch] for ch in s.chars):
        s.cq.insert(0, (CH_FIRST, 0))


def _apply_tent(s, _arg, v):
    s.tent_pool[v] -= 1
    s.doom.append(v)
    s.doom.sort(reverse=True)  # the Doom stack: 3s at the bottom, 0s on top (ATT-SETUP-5)


def _apply_feat_discard(s, _arg, f):
    s.feat_deck.remove(f)
    s.feat_discard.append(f)


def _apply_row(s, slot, w):
    s.swag_deck.remove(w)
    s.row[slot] = w


def _apply_feat(s, p, f):
    s.feat_deck.remove(f)
    s.feats[p].append(f)


def _apply_adv(s, _arg, d):
    if d <= N_SLOTS:
        s.adv = d - 1
    else:  # a 6: the player places the Adversary on any location (ATT-D-16)
        s.pend.append((D_ADV_PLACE, 0, 0, 0))


def _apply_move(s, _arg, o):
    if o == MOVE_STAY or s.adv < 0:
        return
    step = 1 if o == MOVE_CLOCKWISE else -1
    loc = s.adv
    for _ in range(N_SLOTS):
        loc = (loc + step) % N_SLOTS
        if s.enc_at[loc] >= 0:
            s.adv = loc
            return


def _die_outcomes(s, d):
    return s.game.die_outcomes[s.d_col[d]]


def _set_die(s, d, face):
    s.d_face[d] = face


def _set_white(s, w, face):
    s.w_face[w] = face


CHANCE_OUTCOMES = {
    CH_CHAR: lambda s, seat: uniform(c for c in range(len(s.game.content.char_key)) if c not in s.chars),
    CH_FIRST: lambda s, _a: uniform(range(s.n)),
    CH_TENT: lambda s, _a: from_counts(dict(enumerate(s.tent_pool))),
    CH_FEAT_DISCARD: lambda s, _a: uniform(sorted(s.feat_deck)),
    CH_ROW: lambda s, _a: uniform(sorted(s.swag_deck)),
    CH_FEAT: lambda s, _a: uniform(sorted(s.feat_deck)),
    CH_ENC: _encounter_outcomes,
    CH_REFILL: _encounter_outcomes,
    CH_ADV_D6: lambda s, _a: _D6,
    CH_MOVE: lambda s, _a: s.game.content.movement,
    CH_DIE: _die_outcomes,
    CH_WHITE: lambda s, _a: s.game.white_outcomes,
}

CHANCE_APPLY = {
    CH_CHAR: _apply_char,
    CH_FIRST: lambda s, _a, o: setattr(s, "first", o),
    CH_TENT: _apply_tent,
    CH_FEAT_DISCARD: _apply_feat_discard,
    CH_ROW: _apply_row,
    CH_FEAT: _apply_feat,
    CH_ENC: lambda s, slot, e: _draw_encounter(s, slot, e, True),
    CH_REFILL: lambda s, slot, e: _draw_encounter(s, slot, e, False),
    CH_ADV_D6: _apply_adv,
    CH_MOVE: _apply_move,
    CH_DIE: _set_die,
    CH_WHITE: _set_white,
}
