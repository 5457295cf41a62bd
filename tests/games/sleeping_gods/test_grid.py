"""The pure grid rules (PP-COMBAT-5..9, PP-ENEMY): adjacency across grids, costs, the splash
threshold, block, counterattack, start power."""
import pytest

from boardgym.games.sleeping_gods import grid, parse_enemy

PILLAR = parse_enemy("Pillar", 2, "111/111/111", {})
THREE = parse_enemy("Three-heart", 1, "3../.../...", {})
BLOCKER = parse_enemy("Blocker", 1, "1K1/111/111", {"K": 1})
BEETLE = parse_enemy("Bark Beetle", 2, "K2K/1P1/.1.", {"K": 1})


def test_neighbours_touch_edge_to_edge():
    # enemy 0's right column touches enemy 1's left column in the same row (PP-COMBAT-5)
    assert sorted(grid.neighbours(2, 3)) == [1, 5, 9]
    assert sorted(grid.neighbours(9 + 3, 3)) == [5, 9, 13, 15]
    assert sorted(grid.neighbours(4, 1)) == [1, 3, 5, 7]  # centre: no diagonals
    assert sorted(grid.neighbours(8, 1)) == [5, 7]  # the last enemy's right edge touches nothing


@pytest.mark.parametrize("d,after,splash", [(5, 3, 2), (3, 2, 1), (1, 1, 0), (4, 2, 2)])
def test_splash_threshold(d, after, splash):
    """PP-COMBAT-6: splash only after ⌈D/2⌉ on the target, so at most ⌊D/2⌋."""
    assert grid.splash_threshold(d) == after
    assert d - grid.splash_threshold(d) == splash


def test_three_heart_needs_three_left():
    """PP-COMBAT-5 (§6 row): a 3-heart is masked with 2 left, one token covers it with 3."""
    cover = [0] * 9
    assert 0 not in grid.legal_placements([THREE], cover, 0, 2, 0, 5)
    assert 0 in grid.legal_placements([THREE], cover, 0, 3, 0, 5)
    assert grid.place([THREE], cover, 0) == 3
    assert grid.is_defeated(THREE, cover, 0)


def test_first_token_on_the_target_and_adjacency():
    cover = [0] * 18
    first = grid.legal_placements([PILLAR, PILLAR], cover, 1, 5, 0, 5)
    assert first == list(range(9, 18))
    grid.place([PILLAR, PILLAR], cover, 9)  # enemy 1, top left
    nxt = grid.legal_placements([PILLAR, PILLAR], cover, 1, 4, 1, 5)
    assert nxt == [10, 12]  # splash to enemy 0's (1,3) not yet: 1 < ⌈5/2⌉
    nxt = grid.legal_placements([PILLAR, PILLAR], cover, 1, 4, 3, 5)
    assert nxt == [2, 10, 12]


def test_never_on_covered_square_or_defeated_enemy():
    cover = [1] * 9 + [0] * 9  # enemy 0 defeated
    cover[9 * 1 + 0] = grid.PLACED
    assert 2 not in grid.legal_placements([PILLAR, PILLAR], cover, 1, 5, 5, 5)
    assert 9 not in grid.legal_placements([PILLAR, PILLAR], cover, 1, 5, 5, 5)


def test_block_adds_up_and_covering_disables_it():
    cover = [0] * 9
    assert grid.block(BEETLE, cover, 0) == 2
    cover[0] = 1
    assert grid.block(BEETLE, cover, 0) == 1
    assert grid.block(BLOCKER, [0] * 9, 0) == 1


def test_counterattack_value():
    """PP-COMBAT-9: attack + power − block, floor 0; TR-BOSS-3 adds the global mods."""
    assert grid.counterattack(2, 1, 2) == 1
    assert grid.counterattack(2, 0, 2) == 0
    assert grid.counterattack(1, 0, 3) == 0  # more block than damage: none, never negative
    assert grid.counterattack(2, 1, 0, extra=2) == 5


def test_start_power():
    croc = parse_enemy("Croc", 2, "P.1/1D2/P.1", {"D": 1})
    assert [grid.start_power(croc, m) for m in (-1, 0, 1)] == [1, 2, 3]  # PP-END-2
    assert grid.start_power(PILLAR, -1) == 0  # floor 0


def test_hearts_left_and_growth():
    croc = parse_enemy("Croc", 2, "P.1/1D2/P.1", {"D": 1})
    cover = [0] * 9
    assert grid.hearts_left(croc, cover, 0) == 5 and grid.growth(croc, cover, 0) == 2
    cover[0] = cover[5] = 1
    assert grid.hearts_left(croc, cover, 0) == 3 and grid.growth(croc, cover, 0) == 1


def test_hourglass_order_and_ignored():
    """PP-COMBAT-10: uncovered hourglass abilities fire in grid order; a covered one does not;
    TR-REF-1: an ignored letter does not."""
    croc_c = parse_enemy("Zokmere Croc c", 2, "P.1/1O2/P.1", {"O": 2})
    nest = parse_enemy("Nest Mother M", 4, "3N3/2T2/PDP", {"D": 3})
    assert grid.hourglass(croc_c, [0] * 9, 0) == [("O", 2)]
    assert grid.hourglass(croc_c, [0] * 9, 0, frozenset("O")) == []
    assert grid.hourglass(nest, [0] * 9, 0) == [("D", 3)]  # N and T are passive, P is growth
    cover = [0] * 9
    cover[7] = 1
    assert grid.hourglass(nest, cover, 0) == []
    warden = parse_enemy("Stilt Warden R", 2, "1H1/P2P/1M1", {"H": 2})
    assert grid.hourglass(warden, [0] * 9, 0) == [("H", 2), ("M", 0)]
    swarm = parse_enemy("Screech Swarm", 1, "F1./1P1/.1F", {})  # the bottom right square fires too
    assert grid.hourglass(swarm, [0] * 9, 0) == [("F", 0), ("F", 0)]


def test_cells_are_one_enemys_nine_squares():
    """PP-ENEMY: "Each enemy has a 3x3 grid": enemy e's squares are the cover list's 9 entries
    from 9 e, top left first."""
    cover = list(range(27))
    assert grid.cells(cover, 0) == list(range(9))
    assert grid.cells(cover, 1) == list(range(9, 18))
    assert grid.cells(cover, 2) == list(range(18, 27))


def test_left_edges_touch_the_enemy_before():
    """PP-COMBAT-5: grids touch edge to edge only between neighbouring enemies: the first enemy's
    left column has no neighbour to its left, the third enemy's touches the second's right column
    in the same row."""
    assert sorted(grid.neighbours(0, 2)) == [1, 3]
    assert sorted(grid.neighbours(3, 2)) == [0, 4, 6]
    assert sorted(grid.neighbours(9 * 2 + 3, 3)) == [9 + 5, 18, 22, 24]


def test_a_later_enemy_reads_its_own_nine_squares():
    """PP-COMBAT-7: an enemy is defeated when every one of its hearts is covered, and a covered
    square's ability is inactive: for the second of three enemies, only its own squares (9 to
    17) count, not its neighbours'."""
    croc = parse_enemy("Croc", 2, "P.1/1D2/P.1", {"D": 1})
    cover = [0] * 27
    for sq in croc.hearts:
        cover[9 + sq] = 1
    cover[9 + 0] = 1  # its top left power growth square
    assert grid.is_defeated(croc, cover, 1) and grid.hearts_left(croc, cover, 1) == 0
    assert grid.uncovered(croc, cover, 1, "P") == [6] and grid.growth(croc, cover, 1) == 1
    assert not grid.is_defeated(croc, cover, 0) and not grid.is_defeated(croc, cover, 2)
    assert grid.hearts_left(croc, cover, 2) == 5
    cover = [0] * 27
    cover[9 + 4] = 1  # only the second enemy's D is covered: it does not fire, the third's does
    assert grid.hourglass(croc, cover, 1) == [] and grid.hourglass(croc, cover, 2) == [("D", 1)]


def test_the_first_token_goes_on_the_target_even_when_splash_is_open():
    """PP-COMBAT-5: "The first token goes on the target": even when the target's block paid first
    already reaches ⌈D/2⌉ (D 2, block 1, PP-COMBAT-6), the first token may not splash."""
    cover = [0] * 27
    assert grid.legal_placements([PILLAR, BLOCKER, PILLAR], cover, 1, 1, 1, 2) == list(range(9, 18))
    assert grid.legal_placements([PILLAR, PILLAR, BLOCKER], cover, 2, 1, 1, 2) == list(range(18, 27))


def test_later_tokens_follow_a_token_on_the_last_square():
    """PP-COMBAT-5: each later token is orthogonally adjacent to a token placed this attack,
    wherever it lies, the last enemy's bottom right square included."""
    cover = [0] * 18
    cover[17] = grid.PLACED
    assert grid.legal_placements([PILLAR, PILLAR], cover, 1, 3, 1, 5) == [14, 16]
