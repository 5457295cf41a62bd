"""The storybook (PP-EXPL-3..9, PP-END-1): reading sections, keyword redirects, choices with
keyword gates, challenges and combats, continues, "return to the map" and endings.

Reading a section (``read``) first checks its keyword redirects in order and follows the first
one owned (PP-EXPL-3); else the section's effects go to the program, then its end
(``OP_SECTION_END``): its choices (``D_STORY_CHOICE``; a keyword-gated choice needs the keyword
owned and is never forced, PP-EXPL-5), a COMBAT n before its continue (PP-EXPL-7), a continue,
the return to the map (the explore action is over, PP-EXPL-4) or an ending (a win, PP-END-1).
A choice's challenge: success → its ``goto``; failure → the italic effects, then ``fail_goto``
(else ``goto``); its rewards follow, on failure too unless ``rewards_on_fail`` is false
(PP-EXPL-6). A choice's combat: its rewards and ``goto`` after victory.
"""
from __future__ import annotations

from . import actions as A
from . import effects
from .effects import OP_COMBAT, OP_SECTION, OP_SECTION_END, owned_keywords
from .journey import RESULT_WON, end_game
from .kinds import D_STORY_CHOICE, D_TOKEN, STORAGE


def _story(s):
    return s.game.content.story


def section_id(s, key: str) -> int:
    return _story(s).by_key[key]


def enter(s, location: int) -> None:
    """Explore a numbered location: its first section N.1 (PP-EXPL-3)."""
    read(s, section_id(s, _story(s).location_entry[location]))


def read(s, sec_id: int) -> None:
    st = _story(s)
    owned = owned_keywords(s)
    for _ in range(len(st.sections)):  # redirects chain at most once through every section
        sec = st.sections[sec_id]
        nxt = next((goto for kw, goto in sec.redirects if kw in owned), None)
        if nxt is None:
            break
        sec_id = st.by_key[nxt]
    s.sec = sec_id
    s.reached[sec_id] = 1
    effects.push_front(s, [effects.entry(e) for e in sec.effects] + [(OP_SECTION_END, sec_id, 0, 0)])


def section_end(s, sec_id: int) -> None:
    sec = _story(s).sections[sec_id]
    if sec.choices:
        s.pend.append((D_STORY_CHOICE, s.active, sec_id, 0))
    elif sec.goto:
        after = [(OP_SECTION, section_id(s, sec.goto), 0, 0)]
        effects.push_front(s, ([(OP_COMBAT, sec.combat, 0, 0)] if sec.combat else []) + after)
    elif sec.ends == "ending":
        end_game(s, RESULT_WON)
    else:  # "return to the map": the explore action is over
        s.sec = -1
    s.invalidate()


def choice_open(s, ch, owned) -> bool:
    return ch.requires is None or ch.requires in owned


def _choice_mask(s, f, m):
    from .turn import token_actions

    chs = _story(s).sections[f[2]].choices
    owned = owned_keywords(s)
    ok = [k for k, ch in enumerate(chs) if choice_open(s, ch, owned)]
    for k in ok or range(len(chs)):  # a pack whose every choice is gated: none is closed [D]
        m[A.OPTION + k] = True
    for a in token_actions(s, STORAGE):  # at a choice: tokens between characters, or spent (PP-CHAR-1, 2)
        m[a] = True


def _choice_apply(s, f, a):
    if a >= A.RESOURCE:  # the token's move or use sits on the choice
        s.pend.append((D_TOKEN, s.active, a - A.RESOURCE, 0))
        s.invalidate()
        return
    s.pend.pop()
    k = a - A.OPTION
    ch = _story(s).sections[f[2]].choices[k]
    if ch.challenge is not None:
        effects.push_front(s, [(effects.OP_CHALLENGE, effects.SRC_CHOICE, f[2], k)])
        return
    prog = [(OP_COMBAT, ch.combat, 0, 0)] if ch.combat else []
    prog += [effects.entry(e) for e in ch.effects] + [(OP_SECTION, section_id(s, ch.goto), 0, 0)]
    effects.push_front(s, prog)


def after_challenge(s, sec_id: int, k: int, ok: bool) -> list:
    """The goto after a choice's challenge (PP-EXPL-6): ``goto``, or ``fail_goto`` on failure."""
    ch = _story(s).sections[sec_id].choices[k]
    key = ch.goto if ok or not ch.challenge.fail_goto else ch.challenge.fail_goto
    return [(OP_SECTION, section_id(s, key), 0, 0)]


HANDLERS = {D_STORY_CHOICE: (_choice_mask, _choice_apply)}
