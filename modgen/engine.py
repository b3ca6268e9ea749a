"""Run modules and saves through the real VASSAL engine (the conformance harness).

Why: our readers and writers follow a written format reference, but only the engine itself can say
that it accepts what we write. ``conformance/install-engine.sh`` installs VASSAL 3.6.0-SNAPSHOT
(``Vengine.jar``) plus Xvfb and compiles ``conformance/src/.../ModgenHarness.java``; this module starts
that harness and parses its JSON-lines report.

The harness prints one JSON object per line: ``problem`` (level ``error``/``warning``, source ``log``,
``dialog``, ``bug``, ``image``, ``piece``, ``load``, ``timeout``), ``ignored`` (a problem matched by an
ignore pattern), ``piece``, ``map``, ``module``, ``images``, ``chat``, ``wizard`` (the game-setup wizard
was answered: steps, side chosen), ``save``/``setup`` (with ``my_side``), ``global`` (each of the
module's global properties, name and value), ``saved`` (with ``save_as``: the engine saved the game), and finally
``summary``. It exits non-zero on any counted problem.

With ``actions`` (a list of dicts, written as JSON lines for the harness's ``--actions``), the engine first
carries out a player's GUI actions through its own code paths, in order, after the game has started:
``begin-log`` (File > Begin Logfile to ``file``), ``move`` (drag and drop of ``piece`` to ``x``/``y`` of ``map``),
``key`` (a right-click menu choice: ``piece``'s key command ``key``, VASSAL's "keycode,modifiers"),
``roll`` (click DiceButton ``button`` with loaded dice ``values``), ``turn-next`` (the turn tracker's Next),
``end-log`` (File > End Logfile: the engine writes the .vlog), ``step`` (Step forward through a .vlog
loaded as ``save``), ``new-game`` (File > New Game > ``setup``: that set-up afresh, for another log in the same start) and
``load-game`` (File > Load Game of ``save``). Each reports an ``action`` record
(``steps``: the LOG steps it added, ``chat``, ``logged``: the encoded commands), an ``actions`` record
counts them (``done``, ``failed``); one that cannot be done is a ``problem`` of source ``actions`` with its
``line``. See conformance/README.md.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

__all__ = [
    "ENGINE_36_ARTIFACTS",
    "EngineResult",
    "SETUP_SOURCE",
    "engine_available",
    "engine_dir",
    "run_engine",
]

HARNESS_CLASS = "modgen.conformance.ModgenHarness"

#: Problems that only exist because the bundled engine (3.6) is older than the VASSAL our modules
#: declare (3.7.0). Real 3.7 users never see them, so they are not counted by default.
#: - GameModule warns with a modal "Version Mismatch" dialog when the module's VassalVersion is newer
#:   than the running engine (VASSAL/build/GameModule.java, VASSAL_VERSION_CREATED check).
ENGINE_36_ARTIFACTS: tuple[str, ...] = (
    r"^Version Mismatch: .*created using version 3\.7\.\d+ of VASSAL\. You are using version 3\.6\.",
)


#: What the JVM itself prints because run_engine hands the fresh user.home to every JVM VASSAL
#: starts (JAVA_TOOL_OPTIONS): not the engine's word on the module, never counted. (VASSAL's module
#: managers, which saving starts, racing on their key file is not here: the harness runs them one at a
#: time, ModgenHarness.awaitModuleManagers, so that an EOFException of theirs counts like any other.)
HARNESS_ARTIFACTS: tuple[str, ...] = (
    r"^Picked up JAVA_TOOL_OPTIONS: ",
)


def engine_dir() -> Path:
    """Where install-engine.sh put the engine: $MODGEN_ENGINE_DIR, else <repo>/build/engine."""
    env = os.environ.get("MODGEN_ENGINE_DIR")
    if env:
        return Path(env).resolve()  # absolute: the engine runs in a folder of its own (run_engine's cwd)
    return Path(__file__).resolve().parents[1] / "build" / "engine"


def _classpath() -> list[str]:
    cp_file = engine_dir() / "classpath.txt"
    return [p for p in cp_file.read_text(encoding="utf-8").strip().split(os.pathsep) if p]


def engine_available() -> str | None:
    """Return None when the engine can run here, else the reason it cannot (for a loud skip)."""
    edir = engine_dir()
    install = "run `bash conformance/install-engine.sh` (or `make engine`)"
    if shutil.which("java") is None:
        return f"no `java` on PATH; {install}"
    if shutil.which("xvfb-run") is None and not os.environ.get("DISPLAY"):
        return f"no `xvfb-run` and no DISPLAY (VASSAL always opens a window); {install}"
    if not (edir / "Vengine.jar").is_file():
        return f"VASSAL engine not installed: {edir / 'Vengine.jar'} missing; {install}"
    if not (edir / "classpath.txt").is_file():
        return f"harness not compiled: {edir / 'classpath.txt'} missing; {install}"
    harness = edir / "classes" / (HARNESS_CLASS.replace(".", "/") + ".class")
    if not harness.is_file():
        return f"harness not compiled: {harness} missing; {install}"
    missing = [p for p in _classpath() if not Path(p).exists()]
    if missing:
        return f"classpath entries missing: {', '.join(missing[:5])}; {install}"
    return None


@dataclass
class EngineResult:
    """What one harness run reported. ``records`` holds every JSON line in order."""

    problems: list[dict[str, Any]]
    pieces: list[dict[str, Any]]
    summary: dict[str, Any]
    returncode: int
    stdout: str
    stderr: str
    records: list[dict[str, Any]] = field(default_factory=list)
    command: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when the engine reported no counted problem and the harness exited 0."""
        return self.returncode == 0 and not self.problems

    def resaved(self) -> dict[str, list[dict[str, Any]]]:
        """With ``resave``: each save's path -> the problems the engine reported while it loaded and saved it."""
        out: dict[str, list[dict[str, Any]]] = {}
        current: list[dict[str, Any]] | None = None
        for r in self.records:
            if r.get("kind") == "resave":
                current = out.setdefault(r["save"], [])
            elif r.get("kind") == "problem" and current is not None:
                current.append(r)
        return out

    def before_items(self) -> "EngineResult":
        """With ``resave``: the module's load (``module``, ``images``, ``ignored`` records and problems) before
        the first item, as a run without save or setup reports it."""
        first = next((i for i, r in enumerate(self.records) if r.get("kind") == "resave"), len(self.records))
        return self._part(self.records[:first])

    def items(self) -> dict[str, "EngineResult"]:
        """With ``resave`` (and ``dump_each``): each item's source (``"setup:NAME"`` or the save's resolved
        path) -> what the engine reported of it alone, as a run with that ``setup``/``save`` would: its
        ``wizard``, ``setup``/``save`` record, maps and pieces, and problems. An item is ``ok`` when its own
        records hold no problem and the whole run ended with a summary."""
        out: dict[str, EngineResult] = {}
        starts = [i for i, r in enumerate(self.records) if r.get("kind") == "resave"] + [len(self.records)]
        for begin, end in zip(starts, starts[1:]):
            out[self.records[begin]["save"]] = self._part(self.records[begin:end])
        return out

    def _part(self, records: list[dict[str, Any]]) -> "EngineResult":
        """A result of these records alone: their problems, plus the run's own when it never finished."""
        problems = [r for r in records if r.get("kind") == "problem"]
        unfinished = [p for p in self.problems if p not in self.records]  # _parse's "no summary"
        problems += unfinished
        summary = {
            "errors": sum(p.get("level") == "error" for p in problems),
            "warnings": sum(p.get("level") == "warning" for p in problems),
            "exit": self.summary.get("exit"),
        }
        return EngineResult(
            problems=problems,
            pieces=[r for r in records if r.get("kind") == "piece"],
            summary=summary,
            returncode=0 if not problems else self.returncode or 1,
            stdout=self.stdout,
            stderr=self.stderr,
            records=[r for r in records if r.get("kind") != "summary"],
            command=self.command,
        )

    def of_kind(self, kind: str) -> list[dict[str, Any]]:
        """All records of one kind (e.g. "map", "chat", "ignored")."""
        return [r for r in self.records if r.get("kind") == kind]

    def describe(self) -> str:
        """A readable account for assertion messages."""
        lines = [f"exit {self.returncode}; summary {self.summary}"]
        lines += [f"  {p.get('level')}/{p.get('source')}: {p.get('message')}" for p in self.problems]
        if self.returncode != 0 and not self.problems:
            lines.append("  stderr tail:\n" + "\n".join(self.stderr.splitlines()[-30:]))
        return "\n".join(lines)


def _command(
    module: Path,
    save: Path | None,
    setup: str | None,
    password: str | None,
    side: str | None,
    harness_timeout: int,
    ignore: Sequence[str],
    images: bool,
    home: str,
    save_as: Path | None = None,
    actions: Path | None = None,
    resave: Path | None = None,
    harness_args: Sequence[str] = (),
    dump_each: bool = False,
) -> list[str]:
    java = [
        "java",
        # A fresh user.home: VASSAL keeps preferences (and a side per password) under ~/.VASSAL.
        f"-Duser.home={home}",
        "-Djava.awt.headless=false",
        "-Xmx1g",
        "-cp",
        os.pathsep.join(_classpath()),
        HARNESS_CLASS,
        "--module",
        str(module),
        "--timeout",
        str(harness_timeout),
    ]
    if save is not None:
        java += ["--save", str(save)]
    if setup is not None:
        java += ["--setup", setup]
    if password is not None:
        java += ["--password", password]
    if side is not None:
        java += ["--side", side]
    for pattern in ignore:
        java += ["--ignore", pattern]
    if not images:
        java.append("--no-images")
    if save_as is not None:
        java += ["--save-as", str(save_as)]
    if actions is not None:
        java += ["--actions", str(actions)]
    if resave is not None:
        java += ["--resave-list", str(resave)]
    if dump_each:
        java.append("--dump-each")
    java += list(harness_args)
    if shutil.which("xvfb-run"):
        # -a picks a free display, so parallel runs do not collide.
        return ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", *java]
    return java


def run_engine(
    module: str | os.PathLike[str],
    save: str | os.PathLike[str] | None = None,
    setup: str | None = None,
    timeout: float = 180.0,
    *,
    password: str | None = None,
    side: str | None = None,
    ignore: Sequence[str] = ENGINE_36_ARTIFACTS,
    images: bool = True,
    save_as: str | os.PathLike[str] | None = None,
    actions: Sequence[Mapping[str, Any] | str] | None = None,
    resave: Sequence[tuple[str | os.PathLike[str], str | os.PathLike[str] | None]] = (),
    harness_args: Sequence[str] = (),
    dump_each: bool = False,
) -> EngineResult:
    """Load ``module`` in VASSAL (then ``save``, or the predefined setup named ``setup``) and report.

    ``password`` is the player's VASSAL password: a save gives its player slot (side) to the user
    whose password it recorded. When the game still needs sides chosen (a predefined setup or save
    without a PLAYER line for us), VASSAL 3.6 shows its game-setup wizard; the harness answers it like
    a user: ``side`` (an untranslated side name, or ``"observer"``; default: the PlayerRoster's first
    free side, else observer) is selected in the PlayerRoster step, every other step keeps its default,
    and a ``wizard`` record says what was chosen. Any other wizard is reported as a problem.
    ``timeout`` bounds the whole run; the harness has its own, shorter, watchdog. ``save_as``: the
    engine then saves the game there (File > Save As), as a player continuing it would.
    ``actions``: a player's actions, carried out in order once the game has started (before the dump
    and ``save_as``), e.g. ``{"op": "begin-log", "file": "/abs/x.vlog"}``, ``{"op": "move", "piece": ID,
    "map": "Main Map", "x": 1, "y": 2}``, ``{"op": "key", "piece": ID, "key": "70,130"}``,
    ``{"op": "roll", "button": "2d6", "values": [3, 4]}``, ``{"op": "button", "button": "Check position"}`` (a toolbar button by its text or name), ``{"op": "turn-next"}``, ``{"op": "end-log"}``.
    A ``str`` item is written as it is (one raw line, e.g. to test how the harness reports bad JSON).
    ``resave``: (save, out) pairs, each loaded in turn in the one engine and saved again as ``out``
    (File > Load Game, then File > Save As); a save given as ``"setup:NAME"`` is the module's predefined
    setup NAME, launched as File > New Game does; a ``resave`` record opens each, and the problems after it
    are that save's (``EngineResult.resaved``). Many saves through one engine start cost one start.
    An ``out`` of None: the item is loaded, not saved. With ``images`` the module's images are checked
    once, before the first item (``EngineResult.before_items``). ``dump_each``: each item's start
    (``setup``/``save`` record), pieces and global properties are reported after it, as a run with that ``setup``/``save``
    reports them (``EngineResult.items``): one start for all the setups and saves of a module.
    ``harness_args``: further harness options as they are, e.g. ``["--screenshot", "/abs/map.png",
    "--screenshot-at", "2400,3100"]`` (conformance/README.md lists them); paths in them absolute (the engine runs
    in its own folder).
    """
    if save is not None and setup is not None:
        raise ValueError("give save or setup, not both")
    reason = engine_available()
    if reason is not None:
        raise RuntimeError(f"VASSAL engine unavailable: {reason}")
    harness_timeout = max(10, int(timeout) - 15)
    # ignore_cleanup_errors: VASSAL's second JVM (the module manager a save starts) may still write there
    with tempfile.TemporaryDirectory(prefix="modgen-vassal-home-", ignore_cleanup_errors=True) as home:
        actions_file: Path | None = None
        if actions is not None:
            actions_file = Path(home) / "modgen-actions.jsonl"
            lines = [a if isinstance(a, str) else json.dumps(dict(a)) for a in actions]
            actions_file.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        resave_file: Path | None = None
        if resave:
            resave_file = Path(home) / "modgen-resave.tsv"
            resave_file.write_text("".join(f"{_resave_source(i)}\t{'' if o is None else Path(o).resolve()}\n"
                                           for i, o in resave), encoding="utf-8")
        cmd = _command(
            Path(module).resolve(),
            Path(save).resolve() if save is not None else None,
            setup,
            password,
            side,
            harness_timeout,
            (*ignore, *HARNESS_ARTIFACTS),
            images,
            home,
            Path(save_as).resolve() if save_as is not None else None,
            actions_file,
            resave_file,
            harness_args,
            dump_each,
        )
        proc = subprocess.Popen(
            cmd,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            text=True,
            encoding="utf-8",
            errors="replace",
            start_new_session=True,  # so a timeout kills Xvfb and java together
            # VASSAL's module manager (the second JVM a save starts) keeps its lock and key files in the
            # conf dir, which the harness leaves undefined: "CONF_DIR_IS_UNDEFINED", relative to the working
            # folder: each run works in its own home, so runs never share them (nor litter the checkout);
            # within one run the harness starts one at a time (ModgenHarness.awaitModuleManagers)
            cwd=home,
            # saving a game or a log starts a second JVM (VASSAL's module manager); it must use the
            # fresh home too, or concurrent runs share (and lock) the real ~/.VASSAL
            env={**os.environ, "JAVA_TOOL_OPTIONS": f"{os.environ.get('JAVA_TOOL_OPTIONS', '')} -Duser.home={home}".strip()},
        )
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, err = proc.communicate()
            err += f"\nrun_engine: killed after {timeout} s"
    return _parse(out, err, proc.returncode, cmd)


SETUP_SOURCE = "setup:"  # a `resave` source naming a predefined setup of the module, not a save file


def _resave_source(source: str | os.PathLike[str]) -> str:
    text = str(source)
    return text if text.startswith(SETUP_SOURCE) else str(Path(source).resolve())


def _parse(out: str, err: str, returncode: int, cmd: list[str]) -> EngineResult:
    records: list[dict[str, Any]] = []
    problems: list[dict[str, Any]] = []
    for line in out.splitlines():
        line = line.strip()
        if not line:
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            rec = {"kind": "problem", "level": "error", "source": "harness", "message": f"non-JSON output: {line}"}
        records.append(rec)
        if rec.get("kind") == "problem":
            problems.append(rec)
    summaries = [r for r in records if r.get("kind") == "summary"]
    summary = summaries[-1] if summaries else {}
    if not summaries:
        problems.append(
            {
                "kind": "problem",
                "level": "error",
                "source": "harness",
                "message": f"the harness ended without a summary (exit {returncode})",
            }
        )
    return EngineResult(
        problems=problems,
        pieces=[r for r in records if r.get("kind") == "piece"],
        summary=summary,
        returncode=returncode,
        stdout=out,
        stderr=err,
        records=records,
        command=cmd,
    )
