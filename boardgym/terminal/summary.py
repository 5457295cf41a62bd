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
    rets = state.returns()
    if any(line.startswith(("Result", "Winner")) for line in told):
        return out
    if n == 1 or g.info.cooperative:
        r = rets[0]
        out.append("Result: " + ("win" if r > 0 else "defeat" if r < 0 else "neither won nor lost"))
    else:
        best = max(rets)
        w = [p for p in range(n) if rets[p] == best]
        out.append(("Winner: seat " if len(w) == 1 else "Winners (tied): seats ") + ", ".join(map(str, w)))
    return out
