"""The end of a game: the final table, the game's own account (score parts per seat, why the
game ended), the scores and who won or whether the team survived."""
from __future__ import annotations


def seat_score(state, p: int):
    """A seat's score in the game's points, or None where the game keeps none (Paleo)."""
    fn = getattr(state, "score", None)
    if fn is not None:
        try:
            return fn(p)
        except TypeError:
            return fn()
        except NotImplementedError:
            pass
    return None


def final_lines(state, words, seat: int, decisions: int) -> list[str]:
    g = state.game
    n = g.num_players
    out = [f"=== Game over after {decisions} decisions ===", words.table(state, seat), ""]
    told = words.summary(state)
    out += told
    scores = [seat_score(state, p) for p in range(n)]
    if all(x is not None for x in scores):
        out.append("Final scores: " + ", ".join(f"seat {p} {x}" for p, x in enumerate(scores)))
    line = result_line(state, told)
    if line not in told:
        out.append(line)
    return out


def result_line(state, told=()) -> str:
    """Who won, in words: the game's own "Result" / "Winner" line among ``told`` (its
    ``summary_lines``), else "Result: win" / "defeat" (solo, cooperative) or "Winner: seat 1"
    ("Winners (tied): seats 0, 2") from the final returns."""
    for line in told:
        if line.startswith(("Result", "Winner")):
            return line
    g = state.game
    n = g.num_players
    rets = state.returns()
    if n == 1 or g.info.cooperative:
        r = rets[0]
        return "Result: " + ("win" if r > 0 else "defeat" if r < 0 else "neither won nor lost")
    best = max(rets)
    w = [p for p in range(n) if rets[p] == best]
    return ("Winner: seat " if len(w) == 1 else "Winners (tied): seats ") + ", ".join(map(str, w))
