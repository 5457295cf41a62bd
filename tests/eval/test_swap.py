"""``python -m boardgym.eval.swap``: the base player's decisions of one kind handed to a candidate, row by
row, paired with the base alone on the same seeds."""
import pytest

from boardgym.eval.swap import main, run


def test_swapping_in_the_same_player_changes_nothing():
    """The heuristic as its own candidate: every kind's row wins the very seeds the base wins."""
    rows = run("tides_of_ruin_arcade", {"difficulty": "hard"}, "heuristic", "heuristic", 3, 500000)
    base = rows[0]
    assert base["kind"] == "none (the base alone)" and base["swapped_per_game"] == 0
    assert len(rows) >= 3 and rows[-1]["kind"] == "every decision"
    for r in rows[1:]:
        assert r["swapped_per_game"] > 0
        assert (r["wins"], r["won_base_lost"], r["lost_base_won"]) == (base["wins"], 0, 0)


def test_random_candidate_loses_what_the_heuristic_wins_and_competitive_seats_rotate(capsys):
    rows = run("ancient_terrible_things", {"num_players": 2}, "heuristic", "random", 2, 500000, kinds=["LOC"])
    assert [r["kind"] for r in rows] == ["none (the base alone)", "LOC", "every decision"]
    assert all(r["games"] == 2 for r in rows)
    assert rows[-1]["swapped_per_game"] > rows[1]["swapped_per_game"] > 0
    assert rows[-1]["wins"] <= rows[0]["wins"]   # random in every decision never beats the heuristic here
    assert main(["--game", "ancient_terrible_things", "--option", "num_players=1", "--candidate", "random",
                 "--kinds", "LOC", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "| random makes | what it decides |" in out and "| LOC | explore slot k" in out


def test_unknown_kind_is_refused_listing_the_kinds():
    with pytest.raises(SystemExit, match="are not kinds of ancient_terrible_things's actions; its kinds: NOOP, CONFIRM"):
        run("ancient_terrible_things", {"num_players": 1}, "heuristic", "random", 1, 0, kinds=["DICE"])
