"""Forgotten Secrets, the solo game's round end (ATT-SOLO-4/5, ATT-D-16), scripted: nothing to
forget when the Rumours are empty, a forgotten achievement leaves the game, a forgotten Hat (in a
pack where Hats carry secrets) leaves the swag."""
from __future__ import annotations

import json
import shutil

from boardgym.games.ancient_terrible_things import actions as A
from boardgym.games.ancient_terrible_things.constants import NOBODY, PITFALL
from boardgym.games.ancient_terrible_things.content import DEFAULT_PACK

from .scripted import Script
from .test_spec_cases import to_decision


def last_encounter(pack=None) -> Script:
    """Solo, one encounter left in the round (Lurking Eyes, enc15: two dice of 5+), at the
    pre-roll."""
    sc = Script(num_players=1, **({"content_pack": str(pack)} if pack else {}))
    sc.s.deck[:] = [0, 1, 0]
    sc.force("encounter", "enc15", arg=0)
    sc.resolve()
    sc.act(A.LOC + 0)
    to_decision(sc, "preroll")
    return sc


def failed_round(stack, pack=None, ach=None) -> Script:
    """The player fails the round's last encounter with a 3-secret one already in the Rumours:
    the round ends needing 2 x (3 + 2) = 10 secrets forgotten."""
    sc = last_encounter(pack)
    sc.solo_round_setup("enc13", stack, ach)
    sc.dice(1, 1, 2, 2, 4).whites("blank", "blank")
    sc.act(A.ROLL, A.TO_RESOLVE, A.PASS)
    return sc


def test_an_overcome_round_forgets_nothing():
    """ATT-SOLO-4: at a round's end the player forgets twice the secrets in the Rumours; with the
    Rumours empty (the last encounter overcome) that is nothing: no forgetting decision, and with
    every round done the solo game is won."""
    sc = last_encounter()
    s = sc.s
    sc.dice(5, 6, 1, 2, 3).whites("blank", "blank")
    sc.act(A.ROLL, A.TO_RESOLVE, A.ENCOUNTER, A.DIE + 0, A.DIE + 1, A.CONFIRM)
    assert s.stack[0] == [sc.enc("enc15")] and s.rumours == []
    sc.act(A.PASS)
    assert sc.decision() != "forget" and s.forget_req == 0
    assert s.is_terminal() and s.solo_result == 1


def test_a_forgotten_achievement_is_held_by_nobody_and_never_regained():
    """ATT-SOLO-4: an achievement is forgotten at its side's value (Prowess 2 here, with 4 + 3 + 2
    encounters: 11 >= 10); it leaves the game: nobody holds it and it is retired."""
    sc = failed_round(["enc25", "enc14", "enc16"], ach=PITFALL)
    s = sc.s
    assert sc.decision() == "forget" and s.forget_req == 10
    sc.act(A.ICON + PITFALL, A.STACK + 0, A.STACK + 1, A.STACK + 2, A.CONFIRM)
    assert s.ach_holder[PITFALL] == NOBODY and s.ach_retired[PITFALL] == 1
    assert s.stack[0] == [] and s.rumours == []


def test_a_hat_with_secrets_in_the_first_swag_slot_can_be_forgotten(tmp_path):
    """ATT-SOLO-4: swag is forgotten at its secret value. In a pack where every Hat carries 2
    secrets, the Hat (swag slot 0) counts: 4 + 3 + 2 encounters and the Hat make 11 >= 10, and
    the forgotten Hat leaves the swag with its exhaustion flag."""
    pack = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK, pack)
    doc = json.loads((pack / "characters.json").read_text())
    for ch in doc["characters"]:
        ch["hat"]["secrets"] = 2
    (pack / "characters.json").write_text(json.dumps(doc))
    sc = failed_round(["enc25", "enc14", "enc16"], pack=pack)
    s = sc.s
    hat = s.swag[0][0]
    assert hat in sc.game.content.hats and sc.game.content.swag[hat].secrets == 2
    assert sc.decision() == "forget" and A.SWAG + 0 in sc.legal()
    sc.act(A.SWAG + 0, A.STACK + 0, A.STACK + 1, A.STACK + 2, A.CONFIRM)
    assert hat not in s.swag[0] and len(s.exh[0]) == len(s.swag[0]) == 1
    assert s.stack[0] == [] and s.rumours == []
