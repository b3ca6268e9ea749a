"""Rules plugins: one per game, behind one interface, found by game id.

The checker core knows no game. A plugin turns a GameState into findings, supply states
and a VP report; generic helpers (ZOC, supply tracing, stacking sums) live in common.py.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Optional, Protocol

from ..check.report import Finding
from ..check.state import GameState


@dataclass(frozen=True)
class SupplyStatus:
    """A unit's supply state now, and what its markers say (11.x)."""

    unit: str
    side: str
    hex: str
    state: str  # in | low | out
    length: Optional[int]  # hexes entered from the unit to the source; None: no path
    source: Optional[str]
    path: tuple[str, ...]  # unit hex first, source last
    marker: str  # in | low | out, from the unit's supply marker (none = in)

    def as_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["path"] = list(self.path)
        return d


@dataclass
class VPLine:
    gt: int
    side: str
    source: str  # "Capture Lublin (16.22)", "Occupy …", "Eliminated ru-inf-18"
    vp: float  # half VP exist (Holland '44 26.5.2)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class TownHold:
    town: str
    hex: str
    vp_side: str  # the side that earns VP for it
    holder: str  # side holding it now (occupied, or last passed through)
    occupied_by: Optional[str]
    captured_gt: Optional[int]

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class VPReport:
    """VP by source over a sequence of saves, against what the saves record."""

    sides: dict[str, str]  # id -> name
    towns: list[TownHold]
    lines: list[VPLine]
    provable: dict[str, int]  # lower bound at the last save
    recorded: dict[str, int]  # recorded in the last save
    baseline: dict[str, int]  # recorded in the first save (VP before it cannot be recomputed)
    unknown: list[str]  # VP sources a save cannot reveal
    findings: list[Finding] = field(default_factory=list)
    outcome: list[str] = field(default_factory=list)  # automatic victory, the winner at the end
    unprovable: str = ""  # why recorded VP may exceed what the saves prove

    def text_lines(self) -> list[str]:
        out = []
        for t in self.towns:
            occ = f"occupied by {self.sides[t.occupied_by]}" if t.occupied_by else "unoccupied"
            cap = f", captured GT {t.captured_gt}" if t.captured_gt else ""
            out.append(f"{t.town} ({t.hex}): held by {self.sides[t.holder]}, {occ}{cap}")
        for sid, name in self.sides.items():
            mine = [ln for ln in self.lines if ln.side == sid]
            by_source = ", ".join(f"GT {ln.gt} {ln.source} {ln.vp:+g}" for ln in mine) or "nothing since the first save"
            out.append(f"{name}: recorded {self.recorded.get(sid, 0)}, first save {self.baseline.get(sid, 0)}, "
                       f"provable at least {self.provable.get(sid, 0)}; earned: {by_source}")
            extra = self.recorded.get(sid, 0) - self.provable.get(sid, 0)
            if extra > 0:
                why = f" ({self.unprovable})" if self.unprovable else ""
                out.append(f"  {extra:g} recorded VP of {name} are not provable from the saves{why}")
        out.extend(f"cannot be seen in a save: {u}" for u in self.unknown)
        out.extend(self.outcome)
        return out

    def as_dict(self) -> dict[str, Any]:
        return {
            "towns": [t.as_dict() for t in self.towns],
            "lines": [ln.as_dict() for ln in self.lines],
            "provable": self.provable, "recorded": self.recorded, "baseline": self.baseline,
            "unknown": self.unknown, "outcome": self.outcome,
        }


class RulesPlugin(Protocol):
    """What the checker asks of a game's rules."""

    game_id: str
    supply_states: dict[str, str]  # each supply state the game has (in | low | out) -> its legend text
    supply_length: str  # what SupplyStatus.length counts in this game

    def check(self, state: GameState) -> list[Finding]:
        """Every rule the position breaks (including supply-marker disagreements)."""

    def supply(self, state: GameState) -> dict[str, SupplyStatus]:
        """Supply state of every unit on the map, by unit id."""

    def victory(self, states: list[GameState]) -> VPReport:
        """VP over saves of one game, in play order."""


_REGISTRY: dict[str, Callable[[], RulesPlugin]] = {}


def register(game_id: str, factory: Callable[[], RulesPlugin]) -> None:
    _REGISTRY[game_id] = factory


def plugin_for(game_id: str) -> Optional[RulesPlugin]:
    """The rules plugin of a game, or None if modgen has no rules for it."""
    if not _REGISTRY:
        _load_builtin()
    factory = _REGISTRY.get(game_id)
    return factory() if factory else None


def _load_builtin() -> None:
    from . import galicia1914, holland44

    register(galicia1914.GAME_ID, galicia1914.GaliciaRules)
    register(holland44.GAME_ID, holland44.Holland44Rules)
