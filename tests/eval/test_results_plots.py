"""The results page's plots: the committed page links only PNGs that exist and every PNG under
docs/plots is linked; a page rendered from a small results dict gets its win-rate charts and
its model's learning curve, and a curve whose logs are gone stays, dated."""
import json
from pathlib import Path

from boardgym.eval.results_page import to_markdown
from boardgym.eval.results_plots import MARK, attach_plots, linked_pngs, parse_rows

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_committed_page_links_every_plot_and_every_link_exists():
    text = (DOCS / "results.md").read_text()
    links = linked_pngs(text)
    assert links, "docs/results.md shows no plot"
    assert all((DOCS / p).is_file() for p in links), [p for p in links if not (DOCS / p).is_file()]
    on_disk = {f"plots/{p.name}" for p in (DOCS / "plots").glob("*.png")}
    assert on_disk == set(links), on_disk ^ set(links)
    manifest = json.loads((DOCS / "plots" / "plots.json").read_text())
    assert {f"plots/{k}" for k in manifest} >= set(links)


def _row(agent, opponent, wins, n=4):
    return {"agent": agent, "opponent": opponent, "games": n, "wins": wins, "win_rate": wins / n,
            "win_low": max(0.0, wins / n - 0.2), "win_high": min(1.0, wins / n + 0.2),
            "mean_score": 1.0, "score_low": 0.5, "score_high": 1.5, "note": ""}


def _results(model: Path) -> tuple[list, dict]:
    base = {"train_config": "x.yaml", "env_id": "boardgym/X-v0", "game_kwargs": {}, "seeds": [0, 3],
            "ismcts": None, "timing": {"random": {"seconds_per_game": 0.1}}, "seconds": 1.0}
    solo = dict(base, key="solo", players=1, competitive=False, cooperative=False,
                rows=[_row("random", "-", 0), _row("heuristic", "-", 3)])
    duel = dict(base, key="duel", players=2, competitive=True, cooperative=False,
                rows=[_row("random", "heuristic", 1), _row("heuristic", "random", 4)])
    return [solo, duel], {"solo": [("ppo", {"path": str(model)})]}


def test_plots_are_drawn_from_a_small_results_dict_and_kept_without_their_logs(tmp_path):
    from torch.utils.tensorboard import SummaryWriter

    run = tmp_path / "runs" / "tiny"
    with SummaryWriter(str(run / "tb" / "ppo_1")) as w:
        for step in range(3):
            w.add_scalar("rollout/ep_rew_mean", step * 0.5, step * 100)
    results, ppo = _results(run / "model.zip")
    meta = {"command": "python -m boardgym.eval.results", "started": "s", "finished": "f", "seconds": 1,
            "machine": "m", "versions": "v"}
    page = tmp_path / "docs" / "results.md"
    page.parent.mkdir()
    text = attach_plots(to_markdown(results, ppo, meta) + "\n", page)
    page.write_text(text)
    links = linked_pngs(text)
    assert links == ["plots/solo_win_rates.png", "plots/curve_tiny.png", "plots/duel_win_rates.png"]
    assert all((page.parent / p).stat().st_size > 1000 for p in links)
    assert text.count(MARK) == 2 and "- plots: drawn " in text
    assert [r["win_rate"] for r in parse_rows(text.split("## duel")[1])] == [0.25, 1.0]
    drawn = json.loads((page.parent / "plots" / "plots.json").read_text())["curve_tiny.png"]["drawn"]

    # the logs are gone (runs/ is not committed): the curve stays, dated; blocks are not doubled
    for f in (run / "tb").rglob("*"):
        if f.is_file():
            f.unlink()
    for d in sorted((run / "tb").rglob("*"), reverse=True):
        d.rmdir()
    (run / "tb").rmdir()
    again = attach_plots(text, page)
    assert linked_pngs(again) == links and again.count(MARK) == 2
    assert f"drawn {drawn} (those logs are not in this checkout" in again
    (page.parent / "plots" / "curve_tiny.png").unlink()
    third = attach_plots(again, page)
    assert "No learning curve for ppo: the checkout that drew these plots had no TensorBoard logs " \
           "under `runs/tiny/tb`" in third
    assert linked_pngs(third) == [links[0], links[2]]


def test_sections_kept_from_the_page_keep_their_plots(tmp_path):
    """``--only K --keep-others`` without the JSON: the other sections come back from the page
    as text, plot block included; drawn again from their own tables, they link the same PNGs."""
    from boardgym.eval.results_page import page_sections

    results, _ = _results(tmp_path / "runs" / "none" / "model.zip")
    meta = {"command": "c", "started": "s", "finished": "f", "seconds": 1, "machine": "m", "versions": "v"}
    page = tmp_path / "results.md"
    first = attach_plots(to_markdown(results, {}, meta) + "\n", page)
    kept = [results[0]] + [{"key": "duel", "markdown": page_sections(first)["duel"]}]
    second = attach_plots(to_markdown(kept, {}, meta) + "\n", page)
    assert linked_pngs(second) == linked_pngs(first) == ["plots/solo_win_rates.png", "plots/duel_win_rates.png"]
    assert second.count(MARK) == 2 and all((tmp_path / p).is_file() for p in linked_pngs(second))


def test_settings_without_headroom_are_flagged_under_their_heading_fresh_or_kept(tmp_path):
    """A section whose config says ``no_headroom`` gets one flag line under its heading, whether
    its games were played now or its text was kept from the page (a flag from an older config is
    replaced, not repeated); the committed page flags exactly the configured sections and links
    the benchmark."""
    import yaml

    from boardgym.eval.results_page import NO_HEADROOM, no_headroom_line, page_sections

    results, _ = _results(tmp_path / "runs" / "none" / "model.zip")
    meta = {"command": "c", "started": "s", "finished": "f", "seconds": 1, "machine": "m", "versions": "v",
            "no_headroom": {"solo": "the heuristic wins every game", "duel": "a coin toss"}}
    fresh = to_markdown(results, {}, meta)
    kept = [{"key": r["key"], "markdown": page_sections(fresh)[r["key"]]} for r in results]
    meta["no_headroom"]["duel"] = "no longer a coin toss"
    again = to_markdown(kept, {}, meta)
    for text, duel in ((fresh, "a coin toss"), (again, "no longer a coin toss")):
        sections = page_sections(text)
        assert sections["solo"].split("\n")[2] == no_headroom_line("the heuristic wins every game")
        assert sections["duel"].split("\n")[2] == no_headroom_line(duel)
        assert text.count(NO_HEADROOM) == 2
    conf = yaml.safe_load((DOCS.parent / "boardgym" / "eval" / "configs" / "results.yaml").read_text())
    flags = {e["key"]: e["no_headroom"] for e in conf["entries"] if e.get("no_headroom")}
    assert {"tides_easy", "tides_intermediate", "tides_hard", "primeval_easy", "primeval_normal"} <= set(flags)
    page = (DOCS / "results.md").read_text()
    for key, md in page_sections(page).items():
        flagged = [line for line in md.split("\n") if line.startswith(NO_HEADROOM)]
        assert flagged == ([no_headroom_line(flags[key])] if key in flags else []), key
    assert "(benchmark.md)" in page
