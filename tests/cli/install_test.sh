#!/usr/bin/env bash
# `cmake --install` into a fresh prefix: the programs run from there with nothing of the build tree beside them (the
# tengen-gnugo launcher too, which runs the tengen beside it), and tengen-qt's menu entry and icon land where desktops
# look for them.
# Usage: install_test.sh PATH/TO/BUILD WITH_QT(0|1)
set -uo pipefail
build=$1
with_qt=$2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT

cmake --install "$build" --prefix "$prefix" >"$prefix/install.log" 2>&1 || { cat "$prefix/install.log"; fail "cmake --install"; }
[[ -x "$prefix/bin/tengen" ]] || fail "bin/tengen was not installed"
# The scripted model server comes with the programs, to try the model loop without a GPU.
[[ $("$prefix/bin/tengen-fake-model-server" --help 2>&1) == "Usage: tengen-fake-model-server"* ]] ||
  fail "bin/tengen-fake-model-server was not installed, or its --help says otherwise"
# The installed command plays on its own: a refereed move for an empty 9x9 board from the built-in engine.
out=$(cd "$prefix" && printf '(;GM[1]FF[4]SZ[9]KM[7.5])' >empty.sgf && ./bin/tengen genmove --sgf empty.sgf --engine builtin:playouts=200 2>&1)
[[ "$?:$out" =~ ^0:[A-HJ][1-9]$ ]] || fail "installed tengen genmove: '$out'"
# tengen-gnugo beside it, run as qGo runs it (GNU Go's options, numbered commands), from the installed tree.
[[ -x "$prefix/bin/tengen-gnugo" ]] || fail "bin/tengen-gnugo was not installed"
out=$(printf '%s\n' '1000 protocol_version' '1001 boardsize 9' '1002 genmove black' '1003 quit' |
  "$prefix/bin/tengen-gnugo" --mode gtp --quiet --level 10 2>&1)
[[ "$out" =~ ^=1000\ 2$'\n\n'=1001\ $'\n\n'=1002\ [A-HJ][1-9]$'\n\n'=1003\ $ ]] ||
  fail "installed tengen-gnugo: '$out'"
version=$("$prefix/bin/tengen" --version 2>&1)
[[ "$version" == *0.* ]] || fail "installed tengen --version: '$version'"

if [[ "$with_qt" == 1 ]]; then
  [[ -x "$prefix/bin/tengen-qt" ]] || fail "bin/tengen-qt was not installed"
  desktop="$prefix/share/applications/tengen-qt.desktop"
  icon="$prefix/share/icons/hicolor/scalable/apps/tengen-qt.svg"
  [[ -f "$desktop" ]] || fail "no menu entry at share/applications"
  [[ -f "$icon" ]] || fail "no icon at share/icons/hicolor/scalable/apps"
  grep -qx 'Exec=tengen-qt %f' "$desktop" || fail "the menu entry does not start tengen-qt with a record"
  grep -qx 'Icon=tengen-qt' "$desktop" || fail "the menu entry does not name the installed icon"
  grep -qx 'Type=Application' "$desktop" || fail "the menu entry is not an application"
  grep -q '<svg ' "$icon" || fail "the icon is not SVG"
  if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$desktop" || fail "desktop-file-validate"
  fi
  # The installed client answers --version without a display.
  qt_version=$(QT_QPA_PLATFORM=offscreen "$prefix/bin/tengen-qt" --version 2>&1)
  [[ "$qt_version" == *tengen-qt* ]] || fail "installed tengen-qt --version: '$qt_version'"
fi

if ((failures > 0)); then
  echo "$failures check(s) failed"
  exit 1
fi
echo "install: all checks passed"
