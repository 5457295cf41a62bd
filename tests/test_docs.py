"""The generated parts of every game doc match the code (action catalogue, observation layout)."""
import pytest

from boardgym.docsgen import blocks, doc_path, render
from boardgym.games import GAMES


@pytest.mark.parametrize("name", GAMES)
def test_game_doc_is_in_step_with_the_encoder(name):
    text = doc_path(name).read_text()
    assert render(text, blocks(name)) == text, "run: python -m boardgym.docsgen"


@pytest.mark.parametrize("name", GAMES)
def test_every_observation_piece_is_documented(name):
    from boardgym.games import make_game

    game = make_game(name)
    text = doc_path(name).read_text()
    for piece, _, _, meaning in game.layout.pieces:
        assert f"`{piece}`" in text and meaning
