"""``boardgym play primeval_peril`` driven by canned input: a person can follow the adventure (the
story text of the section being read, each choice with what it asks, the atlas position, the
characters with HP, stamina, statuses and tokens, the enemy grids in a fight, every fate and
combat die roll) and every option, every decision and every narrated line is in words, with no
internal code (decision names, frame tuples)."""
from __future__ import annotations

import io
import re

from boardgym.cli import main
from boardgym.games import make_game
from boardgym.games.primeval_peril.describe import state_lines

CODE = re.compile(r"\bsg_\w+|\b[a-z]+_[a-z_]+\b|\(\d+, \d+\)|\b[A-Z]+_[A-Z_]+\b|\[\d+\]$")
CHARACTER = re.compile(r"^  (Captain Vine|Dr\. Milk|Jon|Lois|Meiling) \(seat \d, level [12]\): HP \d+/\d+, stamina [0-3], "
                       r"(-|(venom|frightened|weakened|madness)(, (venom|frightened|weakened|madness))*) \| "
                       r"(no tokens|\d+ (meat|fruit|torch|rope|map|coin)(, \d+ (meat|fruit|torch|rope|map|coin))*) \| .+$", re.M)
AVOID = re.compile(r"out of the deck|into the deck|^move |use or move |^rest:|^repair|ability")


class Player(io.StringIO):
    """stdin that reads the options just printed and answers the first one matching ``prefer``
    (in order), else the first one not in ``AVOID`` (so no loop of free moves), for ``limit``
    answers; then it quits. Deterministic: the game's seed fixes everything else."""

    def __init__(self, out: io.StringIO, prefer: list[str], limit: int):
        super().__init__()
        self.out, self.prefer, self.limit, self.asked = out, prefer, limit, 0

    def readline(self, *a):
        self.asked += 1
        if self.asked > self.limit:
            return "q\n"
        text = self.out.getvalue()
        if text.endswith("press Enter to skip: "):
            return "\n"  # no replay
        opts = re.findall(r"^\s+(\d+)\. (.*)$", text[text.rfind("your options:"):], flags=re.M)
        for pat in self.prefer:
            for i, o in opts:
                if re.search(pat, o) and not AVOID.search(o):
                    return f"{i}\n"
        return next((f"{i}\n" for i, o in opts if not AVOID.search(o)), "0\n")


def play(seed: int, prefer: list[str], limit: int = 3000) -> tuple[int, str]:
    out = io.StringIO()
    rc = main(["play", "primeval_peril", "--seed", str(seed)], stdin=Player(out, prefer, limit), stdout=out)
    return rc, out.getvalue()


def told(text: str) -> list[str]:
    return re.findall(r"^  \* (.*)$", text, flags=re.M)


def no_codes(text: str) -> None:
    shown = (re.findall(r"^\s+\d+\. (.*)$", text, flags=re.M) + told(text)
             + re.findall(r"^seat \d decides: (.*)$", text, flags=re.M)
             + re.findall(r"Seat \d \(you\) chose: (.*)$", text, flags=re.M))
    assert shown
    for line in shown:
        assert not CODE.search(line), line


def test_play_primeval_story_and_challenge_in_words():
    # seed 1, the story's challenges first: the intro, the first exploration and its challenge
    rc, text = play(1, [r"challenge\)", r"^explore", r"^travel to", r"joins the challenge"])
    assert rc == 0 and text.startswith("Sleeping Gods: Primeval Peril: 1 player, you play seat 0, seed 1")
    # setup in words: whose decision and about what (PP-SETUP-4), not "place_start"
    assert "seat 0 decides: place the starting meat on a character" in text
    assert "\n  146. put the starting meat on Captain Vine\n" in text  # numbered by action id
    # the atlas: space, page and exits in words, and where a travel leads
    assert "the Harpy is at The Harpy's Berth (page 2, Tallowmire Mouth)\n" in text
    assert "  exits: Reedmouth Landing (location 1)" in text
    assert "Seat 0 (you) chose: travel to Reedmouth Landing (location 1) (costs 1 time)" in text
    assert "  exits: The Harpy's Berth; Sunken Fork (rocks)" in text
    # the characters: HP, stamina, statuses, tokens and cards, on every table
    # (a whole table, its heading first, is printed when the turn or phase changes; in between
    # only the lines that changed)
    assert len(CHARACTER.findall(text)) >= 5 * len(re.findall(r"^Primeval Peril - turn ", text, re.M)) > 0
    assert "  Captain Vine (seat 0, level 1): HP 8/8, stamina 3, - | 1 meat, 1 fruit, 1 torch | Gutting Knife" in text
    # the section being read: its whole text, and its choices with what they ask
    reedmouth = ("Section 1.1: Reedmouth is a jetty, a dozen huts on stilts and a market that never quite "
                 "closes. Fishwives argue over eels; a dockmaster with one eye watches every boat that ties up.")
    assert f"\n  * {reedmouth}\n" in text and f"\nSECTION{reedmouth[7:]}\n" in text
    assert "   14. Ask the dockmaster what flew over last night. (a Cunning 5 challenge)\n" in text
    assert ("   15. Help the landing clear the beetles out of its grain store. "
            "(a fight: combat 4 (Grain Store Infestation))\n") in text
    # the challenge: skill and number, who joined with their skill, then the fate die
    assert "CHALLENGE Cunning 5: total so far 0, participants none" in text
    assert re.search(r"^  21\. Captain Vine joins the challenge \(Cunning \d, stamina 3\)$", text, re.M)
    assert "CHALLENGE Cunning 5: total so far 2, participants Captain Vine\n" in text
    fate = [x for x in told(text) if x.startswith("The fate die shows ")]
    assert fate and all(re.fullmatch(r"The fate die shows [0-4]\.", x) for x in fate)
    assert "  * Captain Vine: -1 stamina\n" in text  # joining costs a stamina (PP-CHAL-2)
    # events are read out as they are drawn; the end gives the score
    assert any(x.startswith("Event: ") for x in told(text))
    assert re.search(r"^  \* (An ending is reached: the game is won|The crew is defeated|The game is cut off)\. "
                     r"Score -?\d+\.$", text, re.M)
    over = re.search(r"^GAME OVER: (the turn limit cut the game off|an ending is reached, the game is won|the crew "
                     r"is defeated); score (-?\d+)$", text, re.M)
    assert over and f"Final scores: seat 0 {over.group(2)}\n" in text and "Result: " in text
    no_codes(text)


def test_play_primeval_fight_shows_grids_and_combat_die():
    # seed 1, fights first: the grain store's beetles, attacked with the cards in hand
    rc, text = play(1, [r"a fight", r"^explore", r" attacks with ", r"^attack ", r", row \d column \d$", r"^travel to"])
    assert rc == 0
    assert "Seat 0 (you) chose: Help the landing clear the beetles out of its grain store." in text
    # the hand (public), the grids with attack and power, the legend of their letters
    assert "\n  * Seat 0 draws Field Notes.\n" in text
    assert "  seat 0 hand: Field Notes, Whip, Field Notes, Wrench, Machete\n" in text
    assert "  Enemy 1, Bark Beetle: attack 2, power 1; grid K 2 K / 1 P 1 / . 1 .\n" in text
    assert "  Enemy 2, Mire Leech: attack 1, power 1; grid . 1 . / 1 V P / . 1 .\n" in text
    assert "  legend: digit a heart of that value; . blank; # covered; K block; P power +1 each round; V venom\n" in text
    grid = re.compile(r"^  Enemy \d, [A-Z][\w' -]+: (attack \d+, power \d+|defeated); "
                      r"grid (#?[\w.]+ #?[\w.]+ #?[\w.]+ / ){2}#?[\w.]+ #?[\w.]+ #?[\w.]+$", re.M)
    assert any("#" in g.group(0) for g in grid.finditer(text))  # damage covers squares
    # an attack in words: who, with what card and what it does; the combat die; the target
    assert re.search(r"Seat 0 \(you\) chose: \w[\w. ]* attacks with \w[\w ]* \(.*the die.*\)$", text, re.M)
    rolls = [x for x in told(text) if x.startswith("The combat die shows ")]
    assert rolls and all(re.fullmatch(r"The combat die shows [0-3]\.", x) for x in rolls)
    assert re.search(r"^seat 0 decides: the enemy to attack$", text, re.M)
    assert re.search(r"^  \d+\. attack enemy [12], (Bark Beetle|Mire Leech)$", text, re.M)
    # the enemies' blows and abilities land on characters, said as they happen
    assert any(re.fullmatch(r"(Captain Vine|Dr\. Milk|Jon|Lois|Meiling): -\d HP \(\d+/\d+\)(, down)?", x)
               for x in told(text))
    assert "seat 0 decides: which character gains venom" in text
    assert "\n  * Bark Beetle is defeated.\n" in text and "\n  * The fight is won: every enemy is defeated.\n" in text
    assert re.search(r"^  \* [\w. ]+: now venom$", text, re.M)
    no_codes(text)


def test_keyword_gates_are_said_in_words():
    """A story choice gated by a keyword says which, and whether the crew holds it (PP-EXPL-5)."""
    game = make_game("primeval_peril")
    story = game.content.story
    s = game.new_initial_state()
    gated = next(sec for sec in story.sections if any(ch.requires for ch in sec.choices))
    s.sec = gated.id
    lines = [ln for ln in state_lines(s) if ln.startswith("  - ")]  # listed, not numbered: the menu numbers them
    assert len(lines) == len(gated.choices)
    for ln, ch in zip(lines, gated.choices):
        if ch.requires:
            assert f"needs the keyword {ch.requires}, not owned" in ln
        if ch.challenge:
            assert re.search(r"a (Craft|Cunning|Perception|Savvy|Strength) \d+ challenge", ln)
        if ch.combat:
            assert f"a fight: combat {ch.combat} (" in ln
