"""The README's code layout is the map of the package: every module and package directly under modgen/
is named there (a README cut short, or a module added without its line, fails here)."""

from __future__ import annotations

import re

from .conftest import REPO


def _code_layout() -> str:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Code layout\n", 1)
    assert len(section) == 2, "the README has no '## Code layout' section"
    block = re.search(r"```\n(.*?)```", section[1], re.S)
    assert block, "the README's code layout has no code block"
    return block.group(1)


def test_the_code_layout_names_every_module_and_package_of_modgen() -> None:
    layout = _code_layout()
    package = REPO / "modgen"
    names = [f"{p.name}/" if p.is_dir() else p.name for p in sorted(package.iterdir())
             if (p.is_dir() and (p / "__init__.py").exists() or p.suffix == ".py") and not p.name.startswith("__")]
    names.append("templates/")  # package data, not a package
    missing = [n for n in names if not re.search(rf"(?<!\w){re.escape(n)}", layout)]
    assert not missing, f"the README's code layout does not name: {missing}"
