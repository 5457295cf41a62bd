"""The story validator and ``boardgym validate primeval_peril [--pack DIR]``: a good pack gets exit
0 and a one-line summary; a broken one exit 2 and every fault, each naming the file, the entry and
the field in a pack author's words (spec §2.4; PP-EXPL-3..8)."""
import io
import json
import re
from pathlib import Path

import pytest

from boardgym.games.primeval_peril.content import DEFAULT_PACK, load_content
from boardgym.games.primeval_peril.validate import validate_pack

from ...test_cli import run
from ..packs import edited_pack
from .fixtures import fixture_pack, section as _section, space as _space


def validate(*args):
    return run(["validate", "primeval_peril", *args], io.StringIO())


def test_the_shipped_pack_validates():
    rc, text = validate()
    assert rc == 0, text
    assert text.count("\n") == 1
    assert '"The Taken Passenger": 50 sections, 2 endings, 10 locations, 12 combats' in text


def test_the_fixture_pack_with_38_9_validates(tmp_path):
    rc, text = validate("--pack", fixture_pack(tmp_path))
    assert rc == 0, text
    assert "53 sections" in text


def _loop(d):
    s = _section(d, "6.4")
    del s["ends"]
    s["goto"] = "6.4"


def _dead_end(d):
    del _section(d, "4.4")["ends"]


def _orphan(d):
    d["sections"].append({"id": "4.7", "text": "A heron that nobody meets.", "ends": "map"})


def _gated(d):
    _section(d, "8.1")["choices"].pop(1)


def _no_ending(d):
    for key in ("10.5", "10.6"):
        s = _section(d, key)
        s["ends"] = "map"
        del s["ending"]


BROKEN = [
    ("story", lambda d: _section(d, "5.2")["choices"][1].update(goto="5.9"),
     'story.json: section 5.2, choices[1].goto: no section "5.9"'),
    ("story", _orphan, "story.json: section 4.7, id: section 4.7 is never reached"),
    ("story", _dead_end, "story.json: section 4.4, choices: a section ends in exactly one way: choices, a goto "
     "(continue) or ends (map / ending); this one has none"),
    ("story", _loop, "story.json: section 6.4, goto: no path from here leads back to the map or an ending"),
    ("story", lambda d: _section(d, "5.1")["choices"][0].update(requires="BOAT"),
     "story.json: section 5.1, choices[0].requires: no quest card carries the keyword 'BOAT'"),
    ("story", lambda d: _section(d, "3.1")["redirects"][0].update(keyword="SAW"),
     "story.json: section 3.1, redirects[0].keyword: no quest card carries the keyword 'SAW'"),
    ("story", lambda d: _section(d, "1.1")["choices"][2].update(combat=13),
     "story.json: section 1.1, choices[2].combat: no COMBAT 13"),
    ("story", lambda d: _section(d, "2.2")["effects"][0].update(card=70),
     "story.json: section 2.2, effects[0].card: no numbered card 70"),
    ("story", lambda d: _section(d, "1.1").update(colour="red"), "story.json: section 1.1, colour: unknown key 'colour'"),
    ("story", lambda d: _section(d, "6.1")["choices"][0]["challenge"].update(number=40),
     "story.json: section 6.1, choices[0].challenge.number: 40 is above the maximum 12"),
    ("story", _gated, "story.json: section 8.1, choices: every choice requires a keyword (TRAIL)"),
    ("story", _no_ending, "story.json: sections: no ending is reached"),
    ("atlas", lambda d: _space(d, "p1_cutbank")["exits"].remove("p1_stillwater"),
     "atlas.json: space p1_stillwater, exits[0]: 'p1_stillwater' leads to 'p1_cutbank', but 'p1_cutbank' has no way back"),
    ("combats", lambda d: d["combats"][0]["enemies"].append("tiger"),
     "combats.json: combats[0], enemies[2]: unknown enemy 'tiger'"),
    ("enemies", lambda d: d["enemies"][3].update(grid="..././..."), "enemies.json: enemy mire_leech, grid:"),
    ("enemies", lambda d: d["enemies"][0].update(grid="P../.D./P.."), "enemies.json: enemy croc_a, grid: enemy "
     "'Zokmere Croc (jaws)': grid 'P../.D./P..' has no heart"),
]


@pytest.mark.parametrize("name, edit, line", BROKEN, ids=[b[2][:60] for b in BROKEN])
def test_a_broken_pack_is_refused_by_boardgym_validate(tmp_path, name, edit, line):
    rc, text = validate("--pack", edited_pack(DEFAULT_PACK, tmp_path, name, edit))
    assert rc == 2
    assert line in text, text
    assert text.count("\n") == 2, text  # one fault, named once


def test_every_fault_is_listed_at_once(tmp_path):
    def edit(d):
        _section(d, "5.2")["choices"][1]["goto"] = "5.9"
        _section(d, "1.1")["choices"][2]["combat"] = 13
        _orphan(d)
    content, faults = validate_pack(edited_pack(DEFAULT_PACK, tmp_path, "story", edit))
    assert content is not None
    assert len(faults) == 3, faults
    rc, text = validate("--pack", str(tmp_path / "pack"))
    assert rc == 2 and text.startswith(f"{tmp_path / 'pack'}: 3 faults")


def test_a_missing_folder_and_an_unknown_game(capsys):
    rc, text = validate("--pack", "/nonexistent/pack")
    assert rc == 2 and "no such folder" in text
    rc, text = run(["validate", "no_such_game"], io.StringIO())
    assert rc == 2 and "unknown game 'no_such_game'" in capsys.readouterr().err


# -- the content guide's worked example ------------------------------------------------------------
GUIDE = Path(__file__).parents[3] / "docs" / "games" / "primeval_peril_content.md"


def _guide_blocks():
    text = GUIDE.read_text()
    return {m.group(1): json.loads(m.group(2)) for m in re.finditer(r"```json example=(\w+)\n(.*?)```", text, re.S)}


def test_the_guides_worked_example_loads_and_validates(tmp_path):
    """docs/games/primeval_peril_content.md: the new location 11 added to the shipped pack."""
    blocks = _guide_blocks()
    assert set(blocks) == {"atlas", "story"}

    def atlas(d):
        d["spaces"].append(blocks["atlas"])
        _space(d, "p5_fig_island")["exits"].append("p5_lock_house")

    folder = edited_pack(DEFAULT_PACK, tmp_path, "atlas", atlas)
    story = Path(folder) / "story.json"
    doc = json.loads(story.read_text())
    doc["sections"].extend(blocks["story"])
    story.write_text(json.dumps(doc))
    content = load_content(folder)
    assert content.story.location_entry[11] == "11.1"
    rc, text = validate("--pack", folder)
    assert rc == 0, text
    assert "54 sections, 2 endings, 11 locations" in text


def test_the_fault_count_reads_in_words(tmp_path):
    """The header counts the faults in words a pack author reads: "1 fault" for one, "2 faults"
    for two (the plural only past one)."""
    folder = edited_pack(DEFAULT_PACK, tmp_path / "one", "story", _orphan)
    rc, text = validate("--pack", folder)
    assert rc == 2 and text.splitlines()[0] == f"{folder}: 1 fault", text

    def two(d):
        _orphan(d)
        _section(d, "1.1")["choices"][2]["combat"] = 13
    folder = edited_pack(DEFAULT_PACK, tmp_path / "two", "story", two)
    rc, text = validate("--pack", folder)
    assert rc == 2 and text.splitlines()[0] == f"{folder}: 2 faults", text
