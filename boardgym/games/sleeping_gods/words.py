"""The core's combat in words, shared by the hosts' text renders: each enemy's grid on one line
(``Enemy 1, Zokmere Croc: attack 2, power 1; grid 2 #1 . / P 3 . / . K 2``: a digit is a heart of that
value, ``.`` a blank, a letter an ability, ``#`` a covered square) and a legend of the letters
shown, in the host's words (``letter_words``: letter -> "P power +1 each round")."""
from __future__ import annotations

from . import combat


def enemy_label(s, e: int) -> str:
    """An enemy of the fight as the grids list it: "enemy 2, Tide Raider" (two enemies may share
    a name, so the place in the line tells them apart)."""
    return f"enemy {e + 1}, {s.game.sg.enemies[s.sg_enemy[e]].name}"


def enemy_title(s, e: int) -> str:
    """An enemy of the fight with its state, numbered as everywhere (from 1): "Enemy 2, Tide
    Raider: attack 2, power 1" or "Enemy 2, Tide Raider: defeated"."""
    en = s.game.sg.enemies[s.sg_enemy[e]]
    state = "defeated" if combat.defeated(s, e) else f"attack {en.attack}, power {s.sg_power[e]}"
    return f"Enemy {e + 1}, {en.name}: {state}"


def enemy_lines(s, letter_words: dict) -> list[str]:
    out = []
    for e, eid in enumerate(s.sg_enemy):
        en = s.game.sg.enemies[eid]
        cells = []
        for i, k in enumerate(en.kinds):
            mark = "#" if s.sg_cover[9 * e + i] else ""
            cells.append(mark + (str(en.values[i]) if k == "heart" else k))
        rows = " / ".join(" ".join(cells[3 * r:3 * r + 3]) for r in range(3))
        out.append(f"  {enemy_title(s, e)}; grid {rows}")
    letters = sorted({k for eid in s.sg_enemy for k in s.game.sg.enemies[eid].kinds if k in letter_words})
    out.append("  legend: digit a heart of that value; . blank; # covered"
               + "".join(f"; {letter_words[k]}" for k in letters))
    return out
