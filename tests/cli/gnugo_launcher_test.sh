#!/usr/bin/env bash
# tengen-gnugo from the build tree, as qGo runs it: GNU Go's options on its command line (qGo's default
# `--mode gtp --quiet --level 10`), the numbered commands qGo sends (src/gtp/qgtp.cpp: numbers from 1000, `komi` with
# two decimals, `undo 0`, `play white pass`), every response checked; GNU Go's options turned into tengen gtp's, the
# ones after `--` passed on, and the ones it cannot take refused. The installed copy is checked by install_test.sh.
# Usage: gnugo_launcher_test.sh PATH/TO/tengen-gnugo
set -uo pipefail
launcher=$1
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

# run NAME ARGS... : runs the launcher on the lines of $tmp/NAME.in; the responses (their final empty lines removed)
# in `resp`, the exit code in `code`, stderr in $tmp/NAME.err.
run() {
  local name=$1
  shift
  local out
  out=$("$launcher" "$@" <"$tmp/$name.in" 2>"$tmp/$name.err"; echo "rc=$?")
  code=${out##*rc=}
  out=${out%rc=*}
  mapfile -t -d $'\x1e' resp < <(printf '%s' "${out//$'\n\n'/$'\x1e'}")
}

# expect NAME PATTERN... : one anchored regular expression per response, in order.
expect() {
  local name=$1
  shift
  local patterns=("$@")
  [[ ${#resp[@]} -eq ${#patterns[@]} ]] || fail "$name: ${#resp[@]} responses, expected ${#patterns[@]}: ${resp[*]}"
  local i
  for ((i = 0; i < ${#patterns[@]}; i++)); do
    [[ "${resp[i]-<none>}" =~ ^${patterns[i]}$ ]] ||
      fail "$name: response $((i + 1)) is '${resp[i]-<none>}', expected /${patterns[i]}/"
  done
}

[[ "$(basename "$launcher")" == *gnugo ]] || fail "the launcher's name does not end in gnugo: qGo would not number"

# --- qGo's session: its openGtpSession, a game fed through GTP, the engine's move, an undo and a pass. ---
printf '%s\n' '1000 protocol_version' '1001 boardsize 9' '1002 clear_board' '1003 komi 6.50' '1004 clear_board' \
  '1005 play black E5' '1006 genmove white' '1007 undo 0' '1008 play white pass' '1009 list_stones white' \
  '1010 captures black' '1011 quit' >"$tmp/qgo.in"
run qgo --mode gtp --quiet --level 10
[[ $code -eq 0 ]] || fail "qgo: exit code $code ($(cat "$tmp/qgo.err"))"
expect qgo '=1000 2' '=1001 ' '=1002 ' '=1003 ' '=1004 ' '=1005 ' '=1006 ([A-HJ][1-9]|PASS)' '=1007 ' '=1008 ' \
  '=1009 ' '=1010 0' '=1011 '
[[ ! -s "$tmp/qgo.err" ]] || fail "qgo: unexpected stderr: $(cat "$tmp/qgo.err")"

# The same through a link named gnugo, as a user may give qGo (the launcher finds tengen beside its real path).
ln -s "$(readlink -f "$launcher")" "$tmp/gnugo"
printf '%s\n' '1 name' '2 genmove b' '3 quit' >"$tmp/link.in"
out=$("$tmp/gnugo" --mode=gtp --level=5 <"$tmp/link.in" 2>&1)
[[ "$out" =~ ^=1\ tengen$'\n\n'=2\ ([A-HJ-T][0-9]+|PASS)$'\n\n'=3\ $ ]] || fail "through a link: '$out'"

# --- GNU Go's options that tengen has, and tengen gtp's own after `--`. ---
printf '%s\n' query_boardsize get_komi tengen-rules version 'level 3' >"$tmp/options.in"
run options --mode gtp --boardsize=13 --komi 5.5 --chinese-rules --seed 3 --gtp-version 2 --never-resign \
  --silent -- --override-version 3.8
[[ $code -eq 0 ]] || fail "options: exit code $code ($(cat "$tmp/options.err"))"
expect options '= 13' '= 5.5' '= chinese' '= 3.8' '= '
printf '%s\n' tengen-rules query_boardsize >"$tmp/defaults.in"
run defaults --japanese-rules
expect defaults '= japanese' '= 19'

# --- What it cannot take: refused before tengen starts, exit 2, the option named on stderr, nothing on stdout. ---
: >"$tmp/empty.in"
refused() {
  local why=$1
  shift
  run empty "$@"
  [[ $code -eq 2 ]] || fail "$*: exit code $code, expected 2"
  [[ ${#resp[@]} -eq 0 ]] || fail "$*: wrote '${resp[*]}' on stdout"
  grep -q -- "$why" "$tmp/empty.err" || fail "$*: stderr does not say '$why': $(cat "$tmp/empty.err")"
}
refused '--mode ascii: only --mode gtp' --mode ascii
refused "option --clock is not one tengen can take" --mode gtp --clock 600
refused "option -l is not one tengen can take" -l game.sgf
refused '--level needs a value' --mode gtp --level
refused '--level x: not a number' --level x
refused '--gtp-version 1: only GTP version 2' --gtp-version 1
refused '--quiet takes no value' --quiet=yes
# tengen gtp's own refusal of a bad value comes through.
refused '--size 40' --boardsize 40

help=$("$launcher" --help)
[[ $? -eq 0 && "$help" == *"--mode gtp"* && "$help" == *"--level N"* ]] || fail "--help: '$help'"

if ((failures > 0)); then
  echo "$failures check(s) failed"
  exit 1
fi
echo "tengen-gnugo: all checks passed"
