"""Finding rules plugins: the built-ins, the `modgen.games` entry points of installed packages,
and plugins registered at run time, none hiding another."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from modgen import plugins
from modgen.errors import ModgenError
from modgen.plugin_api import ReportSpec

PLUGIN_SOURCE = '''
from modgen.plugin_api import ReportSpec

class ThirdRules:
    game_id = "{gid}"
    report = ReportSpec(victory_title="Victory (99.9)")
    def check(self, state): return []
    def supply(self, state): return {{}}
    def victory(self, states): return None
    def sections(self, states): return []
'''


def install_fake_distribution(site: Path, dist: str, gid: str, target: str) -> None:
    """What pip leaves for a package declaring a `modgen.games` entry point: a dist-info folder."""
    info = site / f"{dist}-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[modgen.games]\n{gid} = {target}\n")


@pytest.fixture
def site(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    yield tmp_path
    for name in [m for m in sys.modules if m.startswith("third_rules")]:
        del sys.modules[name]


def test_builtins_are_found():
    assert type(plugins.plugin_for("galicia1914")).__name__ == "GaliciaRules"
    assert type(plugins.plugin_for("holland44")).__name__ == "Holland44Rules"
    assert plugins.plugin_for("no-such-game") is None


def test_an_installed_package_adds_a_game_without_hiding_the_builtins(site):
    (site / "third_rules.py").write_text(PLUGIN_SOURCE.format(gid="third"))
    install_fake_distribution(site, "third-game", "third", "third_rules:ThirdRules")
    plugin = plugins.plugin_for("third")
    assert plugin is not None and plugin.report.victory_title == "Victory (99.9)"
    assert plugins.plugin_for("galicia1914") is not None
    assert "third" in plugins.available() and "third-game" in plugins.available()["third"]


def test_registering_one_plugin_hides_no_other():
    class Mini:
        game_id = "mini"
        report = ReportSpec()

    plugins.register("mini", Mini)
    try:
        assert isinstance(plugins.plugin_for("mini"), Mini)
        assert plugins.plugin_for("galicia1914") is not None
        assert plugins.plugin_for("holland44") is not None
    finally:
        plugins.unregister("mini")
    assert plugins.plugin_for("mini") is None


def test_two_plugins_for_one_game_is_an_error(site):
    (site / "third_rules.py").write_text(PLUGIN_SOURCE.format(gid="galicia1914"))
    install_fake_distribution(site, "rival-galicia", "galicia1914", "third_rules:ThirdRules")
    with pytest.raises(ModgenError, match="two rules plugins for game 'galicia1914'"):
        plugins.plugin_for("galicia1914")
