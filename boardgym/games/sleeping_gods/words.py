"""The core's combat in words, shared by the hosts' text renders: each enemy's grid on one line
(``Enemy 1, Zokmere Croc: attack 2, power 1; grid 2 #1 . / P 3 . / . K 2``: a digit is a heart of that
value, ``.`` a blank, a letter an ability, ``#`` a covered square) and a legend of the letters
shown, in the host's words (``letter_words``: letter -> "P power +1 each round"); and the fight
as it happens, each blow with its cause (``fight_lines``), for the hosts' narrators."""
from __future__ import annotations

from . import characters as chars
from . import combat
from .kinds import (A_BLOCK, A_CH, A_D, A_FS, A_ON, A_ROLL, A_SIGN, A_SKILL, A_STEP, A_TGT,
                    AS_BLOCK, AS_FIRST_STRIKE, AS_PLACE, AS_ROLL, AS_ROLLED, AS_TARGET, C_EOR_E,
                    C_ROUND, C_STATE, CB_RUNNING, D_CHAR_TARGET)


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


# -- the fight as it happens, with the cause of each blow ---------------------------------------
def damage_parts(s, base_parts, die_name: str, skill_words) -> list[tuple[str, int]]:
    """What the running attack's damage is made of, each part named (PP-COMBAT-4): the host's
    ``base_parts(s, ch) -> [(name, n)]`` (the card or weapon, the equipped cards that add to
    it, cards used during the attack), the randomiser (``die_name``) and its bonus, the skill."""
    at = s.sg_atk
    parts = list(base_parts(s, at[A_CH]))
    if at[A_SIGN]:
        parts.append((die_name, at[A_SIGN] * at[A_ROLL]))
        bonus = s.game.sg.hooks.randomizer.attack.bonus
        if bonus:
            parts.append((f"the {die_name.removeprefix('the ')} bonus", bonus))
    if at[A_SKILL] >= 0:
        parts.append((skill_words[at[A_SKILL]], chars.effective_skill(s, at[A_CH], at[A_SKILL])))
    return [(name, n) for name, n in parts if n] or parts[:1]   # a 0 from the die alone is said


def _sum_text(parts) -> str:
    """``[("Spear", 2), ("the combat die", -1)]`` -> "2 (Spear) − 1 (the combat die)"."""
    text = ""
    for i, (name, n) in enumerate(parts):
        sign = "" if i == 0 and n >= 0 else (" + " if n >= 0 else (" − " if i else "−"))
        text += f"{sign}{abs(n)} ({name})"
    return text or "0"


def _hit_line(s, who, base_parts, die_name, skill_words, damage: int) -> str:
    at = s.sg_atk
    return (f"{who(at[A_CH])} hits {enemy_label(s, at[A_TGT])} for {damage} damage = "
            f"{_sum_text(damage_parts(s, base_parts, die_name, skill_words))}")


PENDING = (AS_PLACE, AS_BLOCK, AS_FIRST_STRIKE)   # attack steps the counterattack is still to come from


def _countered(atb, ata, same: bool) -> bool:
    """Did the target counterattack on this step: an attack past its damage (or facing a first
    strike) that is over, or moved on, after it (PP-COMBAT-3, 9)?"""
    if atb[A_CH] < 0:
        return False
    if atb[A_STEP] in PENDING:
        return not (same and ata[A_STEP] in PENDING)
    if atb[A_STEP] == AS_TARGET:   # a first strike answered at once (no one could block)
        return (same and ata[A_FS] and ata[A_STEP] not in PENDING) or (not same and ata[A_CH] < 0)
    return False


def fight_lines(b, a, who, base_parts, die_name: str, skill_words) -> list[str]:
    """The blows of one step of a fight, each with its cause: an attack's damage once it is
    known, with its parts ("Lois hits enemy 1, Zokmere Croc for 4 damage = 2 (Spear) + 1 (the
    combat die) + 1 (Gutting Knife)"), the counterattack after it, and the enemies' turn at the
    end of a round. ``who(ch)`` names a character; the HP they cost follow in the host's lines."""
    out = []
    atb, ata = b.sg_atk, a.sg_atk
    same = ata[A_CH] >= 0 and ata[A_CH] == atb[A_CH] and atb[A_TGT] in (-1, ata[A_TGT])
    tgt = atb[A_TGT] if atb[A_TGT] >= 0 else ata[A_TGT] if same else -1
    if same and atb[A_STEP] < AS_PLACE <= ata[A_STEP]:   # the damage is known: placing starts
        blocked = f", {ata[A_ON]} of it blocked by the enemy" if ata[A_ON] else ""
        out.append(_hit_line(a, who, base_parts, die_name, skill_words, ata[A_D]) + blocked)
    elif atb[A_CH] >= 0 and atb[A_STEP] in (AS_ROLL, AS_ROLLED) and not same:
        # known, placed (or all blocked) and countered within this one step: told from before
        x = b.clone()
        if atb[A_STEP] == AS_ROLL:
            x.sg_atk[A_ROLL] = a.sg_last
        out.append(_hit_line(x, who, base_parts, die_name, skill_words, combat.damage_of(x)))
    if tgt < 0 and atb[A_CH] >= 0 and ata[A_CH] < 0:   # chosen, fought and over in one step
        hit = [e for e in range(len(b.sg_enemy)) if b.sg_cover[9 * e:9 * e + 9] != a.sg_cover[9 * e:9 * e + 9]]
        tgt = hit[0] if len(hit) == 1 else -1
    if _countered(atb, ata, same):
        enemy = enemy_label(b, tgt) if tgt >= 0 else "the enemy attacked"
        block = f" ({atb[A_BLOCK]} blocked)" if atb[A_BLOCK] else ""
        out.append(f"{enemy[0].upper()}{enemy[1:]} counterattacks {who(atb[A_CH])}{block}")
    if b.pend and b.pend[-1][0] == D_CHAR_TARGET and 0 <= b.sg_com[C_EOR_E] < len(b.sg_enemy):
        enemy = enemy_label(b, b.sg_com[C_EOR_E])
        out.append(f"End of round {b.sg_com[C_ROUND]}: {enemy}'s ability takes effect")
    if (b.sg_com[C_STATE] == CB_RUNNING and b.sg_com[C_EOR_E] < 0
            and (a.sg_com[C_EOR_E] >= 0 or a.sg_com[C_ROUND] != b.sg_com[C_ROUND])):
        out.append(f"End of round {b.sg_com[C_ROUND]}: the enemies act (each gains power, then its "
                   f"uncovered abilities strike)")
    return out
