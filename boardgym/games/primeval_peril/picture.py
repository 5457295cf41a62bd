"""The Primeval Peril picture for ``render_mode="rgb_array"``: the public table, the same for
every seat, 1600x900 for every configuration: one panel per character (HP and stamina tracks,
statuses, skills, tokens, equipped cards), the journey (time, moons, boat, rerolls,
bloodflowers), the boat's space, the open event or story section with its choices, the
challenge, the enemies' grids and the hands (public, spec §4), and the pending decision."""
from __future__ import annotations

from boardgym.core import draw as D
from boardgym.games.sleeping_gods import characters as chars
from boardgym.games.sleeping_gods.kinds import STATUS_NAMES
from boardgym.games.sleeping_gods.picture import draw_grids

from .characters import NAMES
from .content import SKILLS
from .describe import state_lines

W, H = 1600, 900
CH_W = 600


def build(game):
    cv = D.Canvas(W, H)
    cv.text(12, 8, f"Sleeping Gods: Primeval Peril ({game.difficulty}, {game.n} seat{'s' if game.n > 1 else ''})", 18)
    for c in range(5):
        cv.panel((10, 40 + c * 150, 10 + CH_W, 184 + c * 150), NAMES[c])
    cv.panel((CH_W + 20, 40, W - 10, 330), "Journey and story")
    cv.panel((CH_W + 20, 336, W - 10, 640), "Combat")
    cv.panel((CH_W + 20, 646, W - 10, H - 10), "Table")
    return cv


def _character(cv, s, c, x, y):
    cv.text(x + 200, y - 22, f"seat {s.controller(c)}  level {s.level[c]}", 12, D.MUTED, width=300)
    cv.track(x, y, "HP", s.hp[c], s.max_hp(c), D.GOOD, cell=14, label_width=60)
    cv.track(x + 300, y, "stamina", s.res[c], 3, D.INK, cell=14, label_width=70)
    st = ", ".join(STATUS_NAMES[k] for k in range(4) if s.status[c] >> k & 1) or "no status"
    sk = "  ".join(f"{SKILLS[k]} {chars.effective_skill(s, c, k)}" for k in range(5))
    cv.text(x, y + 24, f"{st}   {sk}", 12, width=CH_W - 20)
    lines = [ln for ln in state_lines(s) if ln.startswith(f"  {NAMES[c]} (")]
    rest = lines[0].split(" | ", 1)[1] if lines else ""
    cv.lines(x, y + 46, [rest], CH_W - 20, size=12, max_lines=3)


def _paint(cv, s):
    for c in range(5):
        _character(cv, s, c, 18, 40 + c * 150 + 46)
    lines = state_lines(s)
    top = lines[1:4] + [ln for ln in lines if ln.startswith(("EVENT", "SECTION", "  0.", "  1.", "  2.", "  3.",
                                                             "  4.", "  5.", "  6.", "  7.", "CHALLENGE"))]
    cv.lines(CH_W + 28, 64, top, W - CH_W - 50, size=13, max_lines=18)
    if s.sg_enemy:
        draw_grids(cv, s, CH_W + 28, 384, cell=46, step=235)
    else:
        cv.text(CH_W + 28, 362, "No fight now: enemies come with the story's and the events' fights.", 13, D.MUTED)
    hands = [ln for ln in lines if ln.startswith(("COMBAT", "  seat "))]
    cv.lines(CH_W + 28, 540, hands, W - CH_W - 50, size=12, max_lines=6)
    table = [lines[0]] + [ln for ln in lines if ln.startswith(("  storage", "  deck", "  quests", "seat ", "a die roll", "GAME OVER"))]
    cv.lines(CH_W + 28, 670, table, W - CH_W - 50, size=13, max_lines=10)


def draw(s):
    """The picture of ``s`` as an ``HxWx3 uint8`` array (1600x900 for every configuration)."""
    return D.picture(s.game, build, lambda cv: _paint(cv, s))
