"""``boardgym play tides_of_ruin_arcade`` driven with canned input: a person can follow the game
(the encounter, the crew with HP, fatigue, statuses, skills and gear, the enemy grids, each Destiny
draw and the team score) and every option is said in words, not as an internal code."""
from __future__ import annotations

import re

from tests.test_cli import Inputs, run

CODE = re.compile(r"\bsg_\w+|\b[a-z]+_[a-z_]+\b|\(\d+, \d+\)")  # decision names, frame arguments


def options(text: str) -> list[str]:
    """The numbered option lines shown to the player."""
    return re.findall(r"^\s+\d+\. (.*)$", text, flags=re.M)


def test_play_tides_first_decisions_are_shown_in_words():
    # seed 3: place the cutlass on the Gunner, leave the other two starting cards in the stash,
    # pass the preparation, send the Navigator (PER 2) into the first challenge, confirm the draw
    # (options are numbered by action id: 1 the stash / pass / done / confirm, 23-27 the crew)
    script = ["25", "1", "1", "1", "24", "1", "1", "q"]
    rc, text = run(["play", "tides_of_ruin_arcade", "--seed", "3"], Inputs(script))
    assert rc == 1 and text.rstrip().endswith("Quit.")
    assert text.startswith("Sleeping Gods: Tides of Ruin — Arcade Mode: 1 player, you play seat 0, seed 3")
    # whose decision it is and what about, in words; the deck's backs (reward, challenge, combat)
    assert "player 0 decides: place Boarding Cutlass: on a crew member, or in the stash" in text
    assert ("Arcade deck (8 cards, top first): reward, challenge, challenge, combat, reward, "
            "challenge, challenge, combat; successes 0, failures 0") in text
    for line in re.findall(r"^player \d decides: (.*)$", text, flags=re.M):
        assert not CODE.search(line), line
    # the crew: name, HP, fatigue, statuses, all five skills and the gear each holds
    assert re.search(r"Navigator Tobin Reach +player 0  HP 7/7  fatigue 0  status -  "
                     r"strength 0, cunning 1, perception 2, craft 1, knowledge 3  weapon unarmed  item -  cards -", text)
    assert "Seat 0 (you) chose: place Boarding Cutlass on Gunner Bram Kettle (HP 8/8, fatigue 0)" in text
    assert re.search(r"Gunner Bram Kettle +player 0  HP 8/8 .* weapon Boarding Cutlass", text)
    # the preparation window says what each option does
    prep = options(text.split("  preparation  ")[1].split("Your choice")[0])
    assert prep[0] == "pass (when every player passes, the encounter is revealed)"
    assert "equip Drill (Hours of practice on deck: +2 Cunning while held.)" in prep
    assert any(o.startswith("use Smugglers' Cove [+2 coins") for o in prep)
    # the encounter: its skill, number and mastery, who joined, the Destiny draw and the total
    assert "CHALLENGE Dark Sails: perception 8 (mastery 8)" in text
    assert "joined: nobody; Destiny 0; total 0 of 8" in text
    assert "joined: Navigator Tobin Reach; Destiny 0; total 2 of 8" in text  # PER 2 counted
    assert "Destiny: last draw 0; discard 0x1" in text                    # the draw, then the window
    assert "\n  3. spend 1 order marker: draw Destiny again\n" in text
    assert "Seat 0 (you) chose: confirm" in text
    # what happened, said after each step: the reveal, the draw and the resolution (narrate.py)
    assert "\n  * Revealed: challenge Dark Sails (perception 8)\n" in text
    assert "\n  * Destiny draws 0\n" in text
    assert "\n  * Dark Sails failed (total 2 of 8): Navigator Tobin Reach -3 HP (4/7), +1 fatigue\n" in text
    # the failure: a failed encounter, the Navigator wounded and tired
    after = text.split("Seat 0 (you) chose: confirm")[1]
    assert "successes 0, failures 1" in after
    assert re.search(r"Navigator Tobin Reach +player 0  HP [0-6]/7  fatigue 1", after)
    for line in options(text):
        assert not CODE.search(line), line


def test_play_tides_to_the_end_shows_grids_destiny_and_the_team_score():
    rc, text = run(["play", "tides_of_ruin_arcade", "--seed", "3"], Inputs())  # always option 0
    assert rc == 0
    grid = re.compile(r"^  Enemy \d, [A-Z][\w' -]+: (attack \d+, power \d+|defeated); "
                      r"grid (#?[\w.]+ #?[\w.]+ #?[\w.]+ / ){2}#?[\w.]+ #?[\w.]+ #?[\w.]+$", re.M)
    assert grid.search(text) and "COMBAT " in text and "  round 1" in text
    assert "— FINAL BATTLE:" in text and re.search(r"Destiny drew [0-5]: (each|end of round|\+\d)", text)
    assert re.search(r"^  legend: digit a heart of that value; \. blank; # covered(; [A-Z] [a-z].*)*$", text, re.M)
    assert "flee (the encounter fails, +1 fatigue to each crew member above 0 HP)" in text
    draws = re.findall(r"^Destiny: last draw (\d+); discard ((?:\d+x\d+ ?)+)$", text, flags=re.M)
    assert draws and all(d in {x.split("x")[0] for x in pile.split()} for d, pile in draws)
    over = re.search(r"GAME OVER — (the crew survived the voyage|the whole crew is down); score (-?\d+)", text)
    assert over
    # the final line gives the game's team score (TR-END-4), not the +1 / -1 return
    assert f"Final scores: seat 0 {over.group(2)}\n" in text
    assert ("Result: win" if "survived" in over.group(1) else "Result: defeat") in text
    # every encounter revealed is resolved in one line, a fight's blows as they land
    told = re.findall(r"^  \* (.*)$", text, flags=re.M)
    revealed = [x for x in told if x.startswith("Revealed: ")]
    resolved = [x for x in told if re.match(r"(Combat .* (won|lost)|.* (passed|mastered|failed)( \(total \d+ of \d+\))?): ", x)]
    assert len(revealed) == len(resolved) > 0
    assert any(re.match(r"[A-Z][a-z]+ [A-Z][\w ]+ -\d+ HP \(\d+/\d+\)", x) for x in told)
    for line in told:
        assert not CODE.search(line), line
    for line in options(text):
        assert not CODE.search(line), line
