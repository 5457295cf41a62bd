"""What just happened in an ATT game, in words, for a person following it (``boardgym play``):
the characters and the first player drawn, every die rolled or rerolled (said once the roll is
complete), encounters dealt to locations, feats drawn, swag bought and row cards revealed,
tokens and points gained or lost, encounters overcome or sent to the Rumours, tentacles taken
from the Doom stack, achievements claimed, the Adversary's moves.

``make_narrator()`` returns ``narrate(before, after) -> list[str]``, called with the state
before and after each step (decisions and chance alike). Everything it reads is public in ATT.
"""
from __future__ import annotations

from boardgym.core.narration import added

from .constants import COLOURS, TOKENS, TYPES
from .describe import WHITE_FACES, enc_words
from .kinds import CH_DIE, CH_FIRST, CH_WHITE
from .scoring import score



def _seat_changes(b, a) -> list[str]:
    c = a.game.content
    out = []
    for p in range(a.n):
        if b.chars[p] != a.chars[p] and a.chars[p] >= 0:
            out.append(f"Seat {p} is the {c.char_name[a.chars[p]]}")
        for x in added(a.feats[p], b.feats[p]):
            out.append(f"Seat {p} draws the feat {c.feats[x].name}")
        for w in added(a.swag[p], b.swag[p]):
            out.append(f"Seat {p} gains the swag {c.swag[w].name}")
        for w in added(b.swag[p], a.swag[p]):
            out.append(f"Seat {p} gives up the swag {c.swag[w].name}")
        for e in added(a.stack[p], b.stack[p]):
            out.append(f"Seat {p} overcomes {enc_words(c, e)}")
        for e in added(b.stack[p], a.stack[p]):
            out.append(f"Seat {p} forgets the encounter {c.enc_name[e]}")
        for v in added(a.tent[p], b.tent[p]):
            out.append(f"Seat {p} takes a tentacle of value {v} from the Doom stack ({len(a.doom)} left)")
        flips = sum(a.flipped[p]) - sum(b.flipped[p]) if len(a.flipped[p]) == len(b.flipped[p]) else 0
        if flips > 0:
            out.append(f"Seat {p} flips a tentacle (urgent revelation)")
        toks = [f"{d:+d} {TOKENS[k]}" for k in range(4)
                if (d := a.tokens[4 * p + k] - b.tokens[4 * p + k])]
        if toks:
            out.append(f"Seat {p}: " + ", ".join(toks))
        if score(a, p) != score(b, p):
            out.append(f"Seat {p}'s score: {score(b, p)} -> {score(a, p)}")
    return out


def _table_changes(b, a) -> list[str]:
    g, c = a.game, a.game.content
    out = []
    if b.first != a.first or (b.cq and b.cq[0][0] == CH_FIRST):
        out.append(f"Seat {a.first} goes first")
    for k in range(5):
        if a.enc_at[k] >= 0 and a.enc_at[k] != b.enc_at[k]:
            out.append(f"Drawn to {g.tiles[k]['name']}: {enc_words(c, a.enc_at[k])}")
    for e in added(a.rumours, b.rumours):
        out.append(f"{c.enc_name[e]} was not overcome: it goes to the Rumours")
    for k in range(3):
        if a.row[k] >= 0 and a.row[k] != b.row[k]:
            w = c.swag[a.row[k]]
            out.append(f"New in the Trading Post row: {w.name} ({w.price} treasure)")
    for x in added(a.feat_discard, b.feat_discard):
        if not any(x in b.feats[p] for p in range(b.n)):
            out.append(f"Feat discard pile: {c.feats[x].name}")
    for t in range(4):
        if (a.ach_holder[t], a.ach_side[t]) != (b.ach_holder[t], b.ach_side[t]) and a.ach_holder[t] >= 0:
            out.append(f"Seat {a.ach_holder[t]} claims the {TYPES[t]} achievement ({c.ach_name[t][a.ach_side[t]]})")
        if a.ach_retired[t] and not b.ach_retired[t]:
            out.append(f"The {TYPES[t]} achievement is retired")
    for tile, holder, ready in (("Reanimation", "rean_holder", "rean_active"), ("Monkey", "monkey_holder", "monkey_active")):
        h = getattr(a, holder)
        if h >= 0 and (h != getattr(b, holder) or (getattr(a, ready) and not getattr(b, ready))):
            out.append(f"Seat {h} takes the {tile} tile (ready to use)")
        elif h >= 0 and getattr(b, ready) and not getattr(a, ready):
            out.append(f"Seat {h} uses the {tile} tile")
    if a.n == 1 and a.adv != b.adv and a.adv >= 0:
        out.append(f"The Adversary moves to {g.tiles[a.adv]['name']}")
    if a.over and not b.over:
        out.append("The game is over")
    return out


def make_narrator():
    """``narrate(before, after)``: the lines for one step of one game."""
    rolled: dict = {}  # die -> (face before the roll, colour); said when the roll is complete

    def narrate(before, after) -> list[str]:
        out = []
        if before.cq and before.cq[0][0] in (CH_DIE, CH_WHITE):  # this step rolled one die
            k, d = before.cq[0]
            if k == CH_DIE:
                rolled.setdefault(d, before.d_face[d])
            else:
                rolled.setdefault(8 + d, before.w_face[d])
        elif not before.cq:  # a decision that turned, set or copied a die
            for d in range(8):
                if after.d_col[d] >= 0 and before.d_col[d] == after.d_col[d] and before.d_face[d] \
                        and after.d_face[d] != before.d_face[d]:
                    out.append(f"{COLOURS[after.d_col[d]].capitalize()} die {d + 1} now shows {after.d_face[d]}")
        if rolled and not any(k in (CH_DIE, CH_WHITE) for k, _ in after.cq):
            again = any(old > 0 for d, old in rolled.items() if d < 8) or all(d >= 8 for d in rolled)
            faces = [f"{COLOURS[after.d_col[d]]} {after.d_face[d]}" + (f" (was {old})" if old > 0 else "")
                     for d, old in sorted(rolled.items()) if d < 8]
            whites = [f"white {WHITE_FACES[after.w_face[d - 8]]}" for d in sorted(rolled) if d >= 8]
            out.append(("Reroll: " if again else f"Seat {after.active} rolls: ") + ", ".join(faces + whites))
            rolled.clear()
        return out + _table_changes(before, after) + _seat_changes(before, after)

    return narrate
