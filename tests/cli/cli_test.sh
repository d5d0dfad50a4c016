#!/usr/bin/env bash
# End-to-end checks of the `tengen` command as a user runs it: piped play, bench output, usage errors.
# Usage: cli_test.sh PATH/TO/tengen
set -uo pipefail
tengen=$1
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
expect_contains() {  # name, haystack, needle
  if [[ "$2" != *"$3"* ]]; then fail "$1: output lacks '$3'"; echo "$2" | tail -n 20; fi
}

out=$("$tengen" --version) || fail "--version exits non-zero"
expect_contains version "$out" "tengen 0.1.0"

# A piped game: a move, an occupied point, garbage, undo, resignation.
out=$(printf 'E5\nE5\nfoo\nundo\nresign\n' | "$tengen" play --size 9 --seed 3 2>&1)
code=$?
[[ $code -eq 0 ]] || fail "play exited $code"
expect_contains play "$out" "Illegal move E5: stone already there"
expect_contains play "$out" "not a vertex"
expect_contains play "$out" "Took back 2 moves."
expect_contains play "$out" "Result: W+R"

# The end of input quits cleanly.
out=$(printf 'D4\n' | "$tengen" play --size 9 2>&1)
[[ $? -eq 0 ]] || fail "play at end of input did not exit 0"

# Usage errors exit 2 and say what is wrong.
out=$("$tengen" play --size 30 </dev/null 2>&1)
[[ $? -eq 2 ]] || fail "--size 30 did not exit 2"
expect_contains usage "$out" "--size 30"
out=$("$tengen" play --rules nonsense </dev/null 2>&1)
[[ $? -eq 2 ]] || fail "--rules nonsense did not exit 2"
out=$("$tengen" play --size 5 --handicap 2 </dev/null 2>&1)
[[ $? -eq 2 ]] || fail "--handicap on 5x5 did not exit 2"

# Opponents come from tengen::ai: malformed specs are usage errors, an engine that cannot start exits 4, and a
# GTP engine plays through the referee.
out=$("$tengen" play --opponent tengen:127.0.0.1:9 </dev/null 2>&1)
[[ $? -eq 2 ]] || fail "--opponent tengen: without http:// did not exit 2"
expect_contains opponent "$out" "needs the server's URL"
out=$("$tengen" play --opponent 'gtp:/nonexistent/engine --mode gtp' </dev/null 2>&1)
[[ $? -eq 4 ]] || fail "--opponent gtp:/nonexistent did not exit 4"
expect_contains opponent "$out" "No such file or directory"
if [[ -x /usr/games/gnugo ]]; then
  out=$(printf 'E5\nquit\n' | "$tengen" play --size 9 --opponent 'gtp:/usr/games/gnugo --mode gtp --level 0' 2>&1)
  [[ $? -eq 0 ]] || fail "play against GNU Go exited non-zero"
  expect_contains gnugo "$out" "White plays"
  # Without --mode gtp GNU Go writes GMP's binary bytes: the start fails at once, long before the timeout.
  started=$SECONDS
  out=$(echo quit | "$tengen" play --opponent gtp:/usr/games/gnugo --timeout 30 2>&1)
  [[ $? -eq 4 ]] || fail "GNU Go without --mode gtp did not exit 4"
  ((SECONDS - started < 10)) || fail "GNU Go without --mode gtp took $((SECONDS - started)) s to fail"
  expect_contains gnugo-gmp "$out" "it does not speak GTP (GNU Go needs --mode gtp)"
fi

# The benchmark prints one line of key=value pairs (docs/cli.md), the reference beside it.
out=$("$tengen" bench playouts --size 9 --playouts 300 --seed 1 2>/dev/null)
[[ $? -eq 0 ]] || fail "bench exited non-zero"
if ! [[ "$out" =~ ^size=9\ playouts=300\ moves=[0-9]+\ seconds=[0-9.]+\ pps=[0-9]+\ mps=[0-9]+\ reference_pps=[0-9]+\ speedup=[0-9.]+$ ]]; then
  fail "bench line has the wrong shape: $out"
fi
# Same seed, same playouts: the same number of moves.
a=$("$tengen" bench playouts --size 9 --playouts 300 --seed 5 --no-reference | sed 's/.*moves=\([0-9]*\).*/\1/')
b=$("$tengen" bench playouts --size 9 --playouts 300 --seed 5 --no-reference | sed 's/.*moves=\([0-9]*\).*/\1/')
[[ -n "$a" && "$a" == "$b" ]] || fail "bench is not deterministic: $a vs $b"

if ((failures)); then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all cli checks passed"
