"""The Tides of Ruin Arcade picture for ``render_mode="rgb_array"``: the public table, the same for
every seat, 1600x900 for every configuration.

The Arcade deck as card backs (its faces are never stored), the team's resources, one panel per
crew member (health and fatigue tracks, statuses, skills, weapon, item, equipped skill cards),
the encounter (the challenge with its total, or the enemies' grids with covered squares and
power), the Destiny draw and discard, the players (order markers; hands only without
``hidden_hands``), the reward cards, and the pending decision in words.
"""
from __future__ import annotations

from boardgym.core import draw as D
from boardgym.games.sleeping_gods.picture import draw_grids

from . import actions as A
from .describe import STATUS_WORDS, state_lines
from .kinds import BACKS

W, H = 1600, 900
CREW_W = 620
BACK_COLOURS = (D.COLOURS["yellow"], D.COLOURS["blue"], D.COLOURS["red"])


def build(game):
    cv = D.Canvas(W, H)
    cv.text(12, 8, f"Sleeping Gods: Tides of Ruin - Arcade ({game.difficulty}, {game.length}, "
                   f"{game.n} player{'s' if game.n > 1 else ''})", 18)
    for ch in range(A.N_CREW):
        crew = game.content.crew[ch]   # the role and name as the text says them: "Captain Ysolde Marr"
        cv.panel((10, 100 + ch * 128, 10 + CREW_W, 224 + ch * 128), f"{crew.role} {crew.name}")
    cv.panel((CREW_W + 20, 100, W - 10, 470), "Encounter")
    cv.panel((CREW_W + 20, 476, W - 10, 560), "Destiny")
    cv.panel((CREW_W + 20, 566, W - 10, H - 10), "Table")
    return cv


def _paint(cv, s):
    g = s.game
    c = g.content
    # the deck and the team
    x = 12
    for b in s.deck:
        cv.card_back((x, 36, x + 26, 70), BACKS[b][0].upper(), fill=BACK_COLOURS[b], size=10)
        x += 30
    cv.text(x + 10, 44, f"{len(s.deck)} cards left - turn {s.turn} - Captain: player {s.active}", 14)
    cv.text(12, 76, f"successes {len(s.won)}   failures {len(s.lost)}   XP {s.xp_gained} ({s.xp_bank} to spend)   "
                    f"food {s.food}   coins {s.coins}   free moves {s.moves}/{g.max_free_moves}", 13)
    for ch in range(A.N_CREW):
        _crew(cv, s, ch, 18, 100 + ch * 128 + 24)
    _encounter(cv, s, CREW_W + 28, 124)
    dv = "  ".join(f"{v}:{n}" for v, n in zip(g.sg.deck.distinct, s.sg_discard))
    if s.sg_last >= 0:
        cv.die(CREW_W + 28, 500, s.sg_last, D.COLOURS["white"], size=40)
    cv.text(CREW_W + 80, 500, f"last draw {s.sg_last if s.sg_last >= 0 else '-'}   discard (value:count) {dv}", 14)
    lines = [x for x in state_lines(s) if not x.startswith("  ") or "player" in x[:12]][1:]
    lines = [ln for ln in lines if not ln.startswith(("Arcade deck", "team:", "Destiny:", "CHALLENGE", "COMBAT"))]
    cv.lines(CREW_W + 28, 590, lines, W - CREW_W - 50, size=12, max_lines=20)
    del c


def _crew(cv, s, ch, x, y):
    c = s.game.content
    cv.text(x + 300, y - 22, f"played by player {s.controller(ch)}", 12, D.MUTED, width=CREW_W - 320)
    cv.track(x, y, "HP", s.hp[ch], s.max_hp(ch), D.GOOD, cell=14, label_width=60)
    cv.track(x + 300, y, "fatigue", s.res[ch], 3, D.BAD, cell=14, label_width=60)
    st = ", ".join(STATUS_WORDS[k] for k in range(4) if s.status[ch] >> k & 1) or "no status"
    from boardgym.games.sleeping_gods import characters as chars

    sk = "  ".join(f"{n} {chars.effective_skill(s, ch, k)}" for k, n in enumerate(("STR", "CUN", "PER", "CRA", "KNO")))
    cv.text(x, y + 22, f"{st}   {sk}", 12, width=CREW_W - 20)
    w = c.adventure[s.weapon[ch]].name if s.weapon[ch] >= 0 else "unarmed"
    it = c.adventure[s.item[ch]].name if s.item[ch] >= 0 else "no item"
    eq = ", ".join(c.skills[k].name + (" (used)" if s.used >> (2 * ch + j) & 1 else "")
                   for j, k in enumerate(s.equip[ch])) or "no skill cards"
    cv.text(x, y + 42, f"{w} - {it} - {eq}", 12, width=CREW_W - 20)
    if s.sg_com[2] >> ch & 1:
        cv.text(x + CREW_W - 90, y + 62, "attacked", 11, D.MUTED)


def _encounter(cv, s, x, y):
    from .describe import _encounter_lines

    lines = _encounter_lines(s) or [("No encounter now: the next is revealed when every player has passed "
                                     "in the preparation window.", D.MUTED)]
    cv.lines(x, y, [ln for ln in lines if not str(ln).startswith("  [")], W - x - 30, size=13, max_lines=5)
    draw_grids(cv, s, x, y + 120, cell=52, step=230)

def draw(s):
    """The picture of ``s`` as an ``HxWx3 uint8`` array (1600x900 for every configuration)."""
    return D.picture(s.game, build, lambda cv: _paint(cv, s))
