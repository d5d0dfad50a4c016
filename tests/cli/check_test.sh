#!/usr/bin/env bash
# End-to-end checks of `tengen check`: the exact output lines, --final, --rules and the exit codes 0/1/2.
# Usage: check_test.sh PATH/TO/tengen PATH/TO/testdata/sgf
set -uo pipefail
tengen=$1
data=$2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# name, expected exit code, expected stdout, expected stderr, then the arguments of `tengen check`.
expect() {
  local name=$1 code=$2 want_out=$3 want_err=$4
  shift 4
  local out err got
  out=$(cd "$data" && "$tengen" check "$@" 2>"$tmp/stderr")
  got=$?
  err=$(cat "$tmp/stderr")
  [[ $got -eq $code ]] || fail "$name: exit $got, expected $code"
  [[ "$out" == "$want_out" ]] || fail "$name: stdout was
$out
expected
$want_out"
  [[ "$err" == "$want_err" ]] || fail "$name: stderr was
$err
expected
$want_err"
}

expect ok 0 "variations.sgf: ok 4 moves
pass.sgf: ok 4 moves
big25.sgf: ok 5 moves" "" variations.sgf pass.sgf big25.sgf

expect final 0 "compressed.sgf: ok 2 moves
black: A9 B9 C9 A8 C8 A7 B7 C7 E5 F4
white: D6 G3 H3 J3 G2 H2 J2
big25.sgf: ok 5 moves
black: A25 N13 Z1
white: U6" "" --final compressed.sgf big25.sgf

printf '(;GM[1]SZ[9])' >"$tmp/empty.sgf"
expect empty-final 0 "$tmp/empty.sgf: ok 0 moves
black:
white:" "" --final "$tmp/empty.sgf"

expect illegal 1 "variations.sgf: ok 4 moves
illegal.sgf: move 4 (W E5): occupied
ko.sgf: move 10 (W B8): ko" "" variations.sgf illegal.sgf ko.sgf

expect illegal-final 1 "illegal.sgf: move 4 (W E5): occupied" "" --final illegal.sgf

expect several-trees 1 "multi.sgf#1: ok 2 moves
multi.sgf#2: move 2 (W E5): occupied" "" multi.sgf

expect setup 1 "setup_overlap.sgf: setup stone W B8 (bb) is on a point already taken" "" setup_overlap.sgf

expect unreadable 2 "ko.sgf: move 10 (W B8): ko
variations.sgf: ok 4 moves" "unclosed.sgf: line 3, column 8: expected ']' to close the value of C that starts here
gm2.sgf: GM[2] is not a game of Go: tengen reads only GM[1] records
out_of_range.sgf: move 2 (W[jj]): SGF point 'jj' is outside the 9x9 board
missing.sgf: cannot open: No such file or directory" unclosed.sgf ko.sgf gm2.sgf out_of_range.sgf missing.sgf variations.sgf

expect rules-override 1 "ko.sgf: move 10 (W B8): ko" "" --rules tromp-taylor ko.sgf

expect bad-rules 2 "" "tengen check: --rules go: unknown rule set; known: chinese, japanese, korean, aga, nz, tromp-taylor" \
  --rules go ko.sgf

out=$("$tengen" check 2>&1)
[[ $? -eq 2 ]] || fail "check without files did not exit 2"

# A multi-stone suicide is legal under tromp-taylor (the record's RU) but not under --rules chinese.
printf '(;GM[1]SZ[9]RU[Tromp-Taylor];B[aa];W[ca];B[ii];W[ab];B[hh];W[bb];B[ba])' >"$tmp/suicide.sgf"
out=$("$tengen" check "$tmp/suicide.sgf")
[[ $? -eq 0 && "$out" == "$tmp/suicide.sgf: ok 7 moves" ]] || fail "suicide under its own rules: $out"
out=$("$tengen" check --rules chinese "$tmp/suicide.sgf")
[[ $? -eq 1 && "$out" == "$tmp/suicide.sgf: move 7 (B B9): suicide" ]] || fail "suicide under chinese: $out"

# The --final order is GNU Go's list_stones order: compare with GNU Go itself when it is installed.
gnugo=/usr/games/gnugo
if [[ -x $gnugo ]]; then
  for f in variations.sgf escapes.sgf ff3.sgf latin1.sgf; do
    ours=$("$tengen" check --final "$data/$f" | tail -n 2 | sed 's/^black://; s/^white://; s/^ //')
    theirs=$(printf 'loadsgf %s\nlist_stones black\nlist_stones white\nquit\n' "$data/$f" | $gnugo --mode gtp |
      grep '^=' | sed -n '2,3p' | sed 's/^= *//')
    [[ "$ours" == "$theirs" ]] || fail "$f: final stones differ from GNU Go's:
$ours
vs
$theirs"
  done
else
  echo "GNU Go not installed: skipping the comparison with list_stones"
fi

if ((failures)); then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all check command checks passed"
