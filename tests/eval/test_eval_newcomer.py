"""What a newcomer's first ``python -m boardgym.eval`` and ``boardgym play`` run: one agent on a
competitive game plays the mirror match (never zero games and a word of success); the player
count every command takes by default is the game's one default, its Gymnasium id's."""
from __future__ import annotations

import json
from types import SimpleNamespace

import gymnasium
import pytest

import boardgym  # noqa: F401  (registers the ids)
from boardgym.envs.registry import default_players, players_kwarg, registry
from boardgym.games import GAMES, make_game
from boardgym.eval.__main__ import default_player_counts, main


def test_one_agent_on_a_competitive_game_plays_the_mirror_match(tmp_path, capsys):
    out, replays = tmp_path / "res", tmp_path / "replays"
    assert main(["--game", "ancient_terrible_things", "--agents", "random", "--games", "3",
                 "--players", "2", "--out", str(out), "--save-replays", str(replays)]) == 0
    printed = capsys.readouterr().out
    (result,) = json.loads((out / "tournament.json").read_text())["tournaments"]
    assert result["kind"] == "mirror" and result["games_played"] == 3
    rows = result["rows"]
    assert [r["agent"] for r in rows] == ["random in seat 0", "random in seat 1"]
    assert [r["games"] for r in rows] == [3, 3]
    assert sum(r["wins"] for r in rows) == pytest.approx(3)   # one first place per game, shared or not
    assert "mirror match" in (out / "tournament.md").read_text()
    assert (out / "winrate_2p.png").read_bytes()[:4] == b"\x89PNG"
    # the replays it says it saved are there, one per game
    assert len(list(replays.glob("*.json"))) == 3
    assert f"replays of the 3 games in {replays}" in printed


def test_no_game_played_is_refused_in_words(tmp_path, capsys, monkeypatch):
    """When no agent of the list can be built, the command says no game was played and fails."""
    from boardgym.eval import tournament

    monkeypatch.setattr(tournament, "try_agent", lambda spec, game, seed=None: (None, "cannot be built here"))
    out = tmp_path / "res"
    assert main(["--game", "ancient_terrible_things", "--agents", "random", "--games", "2",
                 "--players", "2", "--out", str(out), "--save-replays", str(tmp_path / "r")]) == 1
    printed = capsys.readouterr().out
    assert "no game was played" in printed and "replays of" not in printed
    assert "skipped random: cannot be built here" in (out / "tournament.md").read_text()


def _first_gym_id(game: str) -> str:
    return next(e["id"] for e in registry()["gymnasium"] if e["game"] == game)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_command_defaults_to_the_gym_ids_player_count(game):
    """``python -m boardgym.eval`` (its first tournament), ``boardgym play``, ``make_game`` and the game's
    first Gymnasium id build the same number of seats when no count is given."""
    from boardgym.terminal.setup import build

    env = gymnasium.make(_first_gym_id(game))
    try:
        gym_n = env.unwrapped.game.num_players
    finally:
        env.close()
    assert default_players(game) == gym_n
    assert default_player_counts(game)[0] == gym_n
    assert make_game(game).num_players == gym_n
    assert make_game(game).config[players_kwarg(game)] == gym_n
    args = SimpleNamespace(game=game, players=None, seat=0, all_seats=False, opponents="random",
                           set=None, seed=0, save_replay=None)
    assert build(args).n == gym_n
