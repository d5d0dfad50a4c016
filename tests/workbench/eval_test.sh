#!/usr/bin/env bash
# tengen eval and eval compare as a user runs them: the summary, --json, the exit codes (0 ran, 2 bad input, 4 a
# source that cannot be reached), and compare's table.
set -uo pipefail
tengen=$1
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
mkdir records
printf '(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[cc];B[gc];W[cg];B[gg];W[ec];B[ce];W[eg])' >records/a.sgf
printf '(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[ee])' >records/broken.sgf

out=$("$tengen" eval --engine random --sgf records --every 2 --json a.json 2>err.txt)
code=$?
[[ $code -eq 0 ]] || fail "eval random exited $code: $(cat err.txt)"
[[ "$out" == *"positions 4 from 1 records (1 files skipped)"* ]] || fail "eval summary: $out"
[[ "$out" == *"legal within attempts  100.0%"* ]] || fail "eval legal rate: $out"
grep -q "skipped records/broken.sgf" err.txt || fail "the broken record is not named: $(cat err.txt)"
[[ $(jq '.positions | length' a.json) -eq 4 ]] || fail "--json positions"
[[ $(jq -r '.summary.legal.rate' a.json) == 1 ]] || fail "--json legal rate: $(jq .summary.legal a.json)"

"$tengen" eval --engine builtin:playouts=30 --sgf records --every 2 --json b.json >/dev/null 2>&1 ||
  fail "eval builtin"
out=$("$tengen" eval compare a.json b.json 2>&1)
[[ $? -eq 0 && "$out" == *"positions in both runs: 4"* && "$out" == *"McNemar p"* ]] || fail "compare: $out"

"$tengen" eval --engine random --sgf nowhere >/dev/null 2>&1
[[ $? -eq 2 ]] || fail "a missing --sgf path did not exit 2"
"$tengen" eval --sgf records >/dev/null 2>&1
[[ $? -eq 2 ]] || fail "no --engine did not exit 2"
"$tengen" eval --engine openai:http://127.0.0.1:9/v1 --sgf records --timeout 2 --error-log e.jsonl >/dev/null 2>&1
[[ $? -eq 4 ]] || fail "an unreachable model did not exit 4"
"$tengen" eval compare a.json missing.json >/dev/null 2>&1
[[ $? -eq 2 ]] || fail "compare with a missing file did not exit 2"

exit $((failures > 0))
