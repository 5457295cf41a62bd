"""boardgym/agents imports in one direction: no two of its modules import each other, directly
or round a loop, at top level or inside a function (read with ``ast``, so a lazy import that
dodged a cycle counts as the edge it is)."""
from __future__ import annotations

from tests.import_graph import imports, modules


def agents_graph() -> dict[str, set[str]]:
    found = modules("boardgym.agents")
    graph = {name: set() for name in found}
    for name, path in found.items():
        for target, _ in imports(path):
            # the longest module name the import names (``boardgym.agents.specs.make_agent`` ->
            # ``boardgym.agents.specs``); the package itself only when named alone
            hit = max((m for m in found if target == m or target.startswith(m + ".")), key=len, default=None)
            if hit is not None and hit != name:
                graph[name].add(hit)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_agents_modules_import_in_one_direction():
    graph = agents_graph()
    assert "boardgym.agents.specs" in graph and "boardgym.agents.ismcts" in graph["boardgym.agents.specs"]
    loops = cycles(graph)
    assert not loops, "import cycles in boardgym/agents: " + "; ".join(" <-> ".join(c) for c in loops)


def test_cycle_finder_sees_a_loop_through_a_function_level_import():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []

