"""``boardgym play`` through a real pseudo-terminal, a whole game per registered game: the human
seat takes the lowest-numbered option each time (with a look at the help, the public piles and
a wrong number in the first game), agents play the other seats. Asserted on the transcript: the
game ends with its summary; a number always means the same action; no internal code is shown;
each roll or draw is said and matches the table shown after it."""
from __future__ import annotations

import re

import pytest

from boardgym.games import GAMES

pytest.importorskip("termios", reason="a pseudo-terminal needs a POSIX system")
from .pty_driver import drive, lowest  # noqa: E402

RUNS = {  # the shortest configurations, heuristic opponents / partners where there are other seats
    "ancient_terrible_things": ["--players", "2", "--seed", "1"],
    "paleo": ["--groups", "2", "--seed", "3"],
    "tides_of_ruin_arcade": ["--seed", "3"],
    "primeval_peril": ["--seed", "3"],
}
# what a person must never see: catalogue codes (LOC[1]), slot indices ([0], @ -1, "hand card
# 0"), phase and decision names (phase reveal, action_die, SLEEP_EARLY), None, frame tuples,
# counters of the machinery ("0 player(s) passed in a row"), "(s)" plurals, abbreviations never
# spelled out (OM: order markers), bare choices ("Lois is chosen"), reinforcement-learning words
# ("returns seat 0 1"), units without their verb ("(2 time)": costs 2 time)
CODE = re.compile(r"\b[A-Z]{2,}(_[A-Z]+)*\[|@ -1|\bphase \w|\b[a-z]+_[a-z_]+\b|\b[A-Z]+_[A-Z_]+\b|\bNone\b"
                  r"|\(\d+, \d+\)|\[\d+\]|\bhand card \d|\bslot \d|\w\((s|es)\)|\bOM\b|\bis chosen\b"
                  r"|\breturns? seat|passed in a row|\(\d+ time\)")


def test_every_registered_game_has_a_run():
    assert set(RUNS) == set(GAMES) == set(CHECKS)


def _run(game):
    script = {0: "h", 1: "v", 2: "t", 3: "99999"} if game == "ancient_terrible_things" else {}
    return drive([game, *RUNS[game]], answer=lambda text, n: script.get(n) or lowest(text, n))


def menus(text: str) -> list[list[tuple[int, str]]]:
    out = []
    for block in text.split("your options:")[1:]:
        block = block.split("Your choice (")[0]
        out.append([(int(k), o) for k, o in re.findall(r"^\s+(\d+)\. (.*)$", block, flags=re.M)])
    return out


@pytest.mark.parametrize("game", sorted(RUNS))
def test_a_whole_game_through_a_terminal(game):
    """One game, every check: the common ones here, the game's own in CHECKS below."""
    rc, text, answers = _run(game)
    assert rc == 0, text[-3000:]
    # the end: the summary, scores or result, who won
    end = text.split("=== Game over after ")[-1]
    assert "=== Game over after " in text and re.search(r"^(Result: (win|defeat)|Winners?( \(tied\))?: seats? \d)", end, re.M), end
    # a number always means the same action: the menus are sorted by number, an option's number is
    # the same wherever it comes back, and numbers are not positions (some menu does not start at 0)
    ms = menus(text)
    assert len(ms) >= 20
    seen: dict = {}
    for m in ms:
        keys = [k for k, _ in m]
        assert keys == sorted(keys) and len(set(keys)) == len(keys)
        counts: dict = {}
        for _, o in m:
            counts[o] = counts.get(o, 0) + 1
        for k, o in m:
            if counts[o] == 1:
                seen.setdefault(o, set()).add(k)
    assert all(len(ks) == 1 for ks in seen.values()), {o: ks for o, ks in seen.items() if len(ks) > 1}
    assert any(m[0][0] != 0 for m in ms)
    recurring = [o for o, ks in seen.items() if sum(o in dict(map(reversed, m)) for m in ms) > 1]
    assert recurring  # the same decision came back and kept its numbers
    # a step with one legal option is not asked, it is taken and said (the Sleeping Gods games
    # skip such steps in their rules already)
    if game in ("ancient_terrible_things", "paleo"):
        assert re.search(r"^Seat 0 \(you, the only option\): \w", text, re.M)
    assert not any(len(m) == 1 for m in ms)
    # no internal code anywhere
    for line in text.splitlines():
        assert not CODE.search(line), line
    # every agent move is told, by seat and agent
    if game in ("ancient_terrible_things", "paleo"):
        assert re.search(r"^Seat 1 \(heuristic\) chose: ", text, re.M)


    CHECKS[game](text)


def att_rolls_match_the_dice_on_the_table(text):
    # the help, the public piles, the table again and a wrong number, then the game
    assert "Commands:" in text and "Feat discard pile (newest last):" in text
    assert "Invalid choice 99999: it is not one of the options shown" in text
    checked = 0
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"^  \* Seat \d rolls: (.*)$", line)
        if not m:
            continue
        rolled = [x.strip() for x in m.group(1).split(",")]
        nxt = next((ln for ln in lines[i + 1:] if re.match(r"Dice: |  \* Reroll|  \* Seat \d rolls", ln)), "")
        if nxt.startswith("Dice: ") and "not rolled" not in nxt:
            shown = [f"{c} {f}" for c, f in re.findall(r"(\w+) die \d showing (\w+)", nxt)]
            assert shown == rolled, (line, nxt)
            checked += 1
    assert checked >= 3
    assert re.search(r"^  \* Reroll: \w+ \d \(was \d\)", text, re.M)
    assert re.search(r"^  \* Drawn to [A-Z][\w ]+: ", text, re.M)
    assert re.search(r"^  \* Seat \d takes a tentacle of value \d from the Doom stack \(\d+ left\)$", text, re.M)
    assert re.search(r"^Seat \d: -?\d+ points = [+-]\d+ encounters, ", text, re.M)


def paleo_reveals_and_hidden_choices(text):
    # the partner's card choice is not told before the reveal; the reveal names both cards
    assert "Seat 1 (heuristic) chose its card in secret (the choices are revealed together)" in text
    assert not re.search(r"^Seat 1 \(heuristic\) chose: take card", text, re.M)
    reveals = re.findall(r"^  \* Group (\d) reveals ([^:\n]+)", text, re.M)
    assert reveals
    for g, name in reveals[:10]:
        after = text.split(f"  * Group {g} reveals {name}", 1)[1]
        table = after[after.find("== Paleo"):]
        assert re.search(rf"^Group {g}.*\n(    .*\n)*    revealed: {re.escape(name)}", table, re.M), name
    assert re.search(r"^The end: .*\(skulls \d of 5, victories \d of 5", text, re.M)


def tides_draws_match_the_table(text):
    lines = text.splitlines()
    checked = 0
    for i, line in enumerate(lines):
        m = re.match(r"^  \* Destiny draws (\d)$", line)
        if m:
            nxt = next((ln for ln in lines[i + 1:] if ln.startswith(("Destiny: ", "  * Destiny draws"))), "")
            if nxt.startswith("Destiny: "):
                assert nxt.startswith(f"Destiny: last draw {m.group(1)};"), (line, nxt)
                checked += 1
    assert checked >= 2
    assert re.search(r"^Team score -?\d+ = ", text, re.M)


def primeval_dice_and_score(text):
    assert re.search(r"^  \* The (fate|combat) die shows \d\.$", text, re.M)
    assert re.search(r"^Score -?\d+ = \+\d+ for \d+ adventure cards", text, re.M)


CHECKS = {"ancient_terrible_things": att_rolls_match_the_dice_on_the_table, "paleo": paleo_reveals_and_hidden_choices,
          "tides_of_ruin_arcade": tides_draws_match_the_table, "primeval_peril": primeval_dice_and_score}
