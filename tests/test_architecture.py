"""The layering of modgen, read from its source: imports go one way, no cycles, small modules.

CLI -> commands (build, check, errata) -> (rules plugins -> plugin API) / (build -> art, vmod)
-> model -> formats. Every import counts, also those inside functions: a lazy import still
ties two modules together.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from .conftest import REPO

PACKAGE = REPO / "modgen"
MAX_LINES = 500


def module_name(path: Path) -> str:
    rel = path.relative_to(REPO).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> set[str]:
    """Every modgen module a file imports (resolved: `from ..x import y` -> modgen.x or modgen.x.y)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    modules = {module_name(p) for p in PACKAGE.rglob("*.py")}
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("modgen"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("modgen"):
                continue
            for alias in node.names:  # `from . import x` may import a submodule
                sub = f"{target}.{alias.name}"
                out.add(sub if sub in modules else target)
    return {m for m in out if m != name}


GRAPH = {module_name(p): imports_of(p) for p in sorted(PACKAGE.rglob("*.py"))}


def importers_of(target: str) -> set[str]:
    return {m for m, deps in GRAPH.items() if target in deps or any(d.startswith(target + ".") for d in deps)}


def test_no_import_cycles():
    seen: dict[str, int] = {}  # 1 visiting, 2 done
    cycles: list[list[str]] = []

    def visit(m: str, trail: list[str]) -> None:
        seen[m] = 1
        for d in sorted(GRAPH.get(m, ())):
            if d not in GRAPH:
                continue
            if seen.get(d) == 1:
                cycles.append(trail[trail.index(d):] + [d] if d in trail else [m, d])
            elif d not in seen:
                visit(d, trail + [d])
        seen[m] = 2

    for m in GRAPH:
        if m not in seen:
            visit(m, [m])
    # a package's __init__ importing its own submodules is no cycle of concern
    cycles = [c for c in cycles if not all(x.startswith(c[0]) or c[0].startswith(x) for x in c)]
    assert cycles == [], cycles


def test_only_the_entry_point_imports_the_cli():
    assert importers_of("modgen.cli") <= {"modgen.__main__"}


def test_rules_plugins_see_only_the_plugin_api_and_the_model():
    allowed = {"modgen.plugin_api", "modgen.gamestate", "modgen.model", "modgen.rules.common", "modgen.errors",
               "modgen.conventions", "modgen.geometry", "modgen.hexgrid", "modgen.regions",
               "modgen.declared_rules", "modgen.stacking", "modgen.movement"}  # the model's parts: game.yaml `checks:`,
    # the stacking limit, `movement:` (the prohibited rule's title shared with the module's warnings)
    for m, deps in GRAPH.items():
        if m.startswith("modgen.rules."):
            # a plugin may be split into modules of its own: modgen.rules.<game>_<part>
            own = {d for d in deps if d.startswith(m.split("_")[0] + "_")}
            assert deps - own <= allowed, (m, deps - own - allowed)


def test_nothing_but_the_plugin_finder_imports_a_plugin():
    for m, deps in GRAPH.items():
        if not m.startswith("modgen.rules") and m != "modgen.plugins":
            assert not {d for d in deps if d.startswith("modgen.rules")}, m


def test_the_checker_never_imports_the_writer():
    for m, deps in GRAPH.items():
        if m.startswith("modgen.check"):
            bad = {d for d in deps if d.startswith(("modgen.vmod", "modgen.build", "modgen.loader", "modgen.load"))}
            assert not bad, (m, bad)


def test_art_and_vmod_do_not_import_each_other():
    for m, deps in GRAPH.items():
        if m.startswith("modgen.art"):
            assert not {d for d in deps if d.startswith("modgen.vmod")}, m
        if m.startswith("modgen.vmod"):
            assert not {d for d in deps if d.startswith("modgen.art")}, m


def test_the_model_and_formats_import_nothing_above_them():
    low = ("modgen.model", "modgen.geometry", "modgen.sheets", "modgen.hexgrid", "modgen.errors", "modgen.conventions", "modgen.vassal", "modgen.regions")
    above = ("modgen.art", "modgen.vmod", "modgen.check", "modgen.rules", "modgen.build", "modgen.cli", "modgen.errata",
             "modgen.plugins", "modgen.plugin_api", "modgen.loader", "modgen.load")
    for m, deps in GRAPH.items():
        if m.startswith(low):
            assert not {d for d in deps if d.startswith(above)}, m


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(REPO)))
def test_modules_stay_readable(path: Path):
    assert len(path.read_text(encoding="utf-8").splitlines()) <= MAX_LINES


def test_the_graph_is_read():
    """The checks above read real imports (so they can fail): a few known edges."""
    assert "modgen.plugin_api" in GRAPH["modgen.rules.galicia1914"]
    assert "modgen.gamestate" in GRAPH["modgen.plugin_api"]
    assert "modgen.plugins" in GRAPH["modgen.check.states"]


def closure(roots: set[str]) -> set[str]:
    out, todo = set(), list(roots)
    while todo:
        m = todo.pop()
        if m in out or m not in GRAPH:
            continue
        out.add(m)
        todo.extend(GRAPH[m])
    return out


def covered_by(parts: tuple[str, ...], module: str) -> bool:
    rel = module.removeprefix("modgen.").replace(".", "/")
    return any(rel == p.removesuffix(".py") or rel.startswith(p + "/") or rel == p for p in parts)


def test_the_build_cache_fingerprint_covers_all_code_it_runs():
    """Cached images and the no-change stamp are keyed by a hash of the code: every module the
    drawing (art/) and the build import must be in it, or an edit there would reuse stale output."""
    from modgen.vmod.cache import ART_CODE, BUILD_CODE

    art = closure({m for m in GRAPH if m.startswith("modgen.art")})
    assert {m for m in art if not covered_by(ART_CODE, m)} == set()
    build = closure({"modgen.build"})
    assert {m for m in build if not covered_by(BUILD_CODE, m)} <= {"modgen"}
