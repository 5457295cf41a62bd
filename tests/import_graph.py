"""boardgym's own imports, read with ``ast`` (nothing is imported): every ``import`` and
``from ... import`` of a module, at top level or inside a function, resolved to dotted names."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "boardgym"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(package: str) -> dict[str, Path]:
    """Every module under ``boardgym/<package path>`` (``"boardgym.core"``) by dotted name."""
    folder = ROOT.parent.joinpath(*package.split("."))
    return {module_name(p): p for p in sorted(folder.rglob("*.py"))}


def imports(path: Path) -> list[tuple[str, int]]:
    """``(imported name, line)`` for every import of the file; ``from X import Y`` gives both
    ``X`` and ``X.Y`` (Y may be a submodule), relative imports resolved."""
    me = module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out += [(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            out.append((base, node.lineno))
            out += [(f"{base}.{a.name}", node.lineno) for a in node.names]
    return out
