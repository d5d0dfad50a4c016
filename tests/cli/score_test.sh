#!/usr/bin/env bash
# `tengen score` over the records of tests/testdata/scoring: exact lines, --json, --rules, estimates, resigned
# records, and the exit codes for unreadable and illegal records.
# Usage: score_test.sh PATH/TO/tengen PATH/TO/testdata/scoring
set -uo pipefail
tengen=$1
data=$2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
expect_eq() {  # name, actual, expected
  if [[ "$2" != "$3" ]]; then fail "$1: got '$2', expected '$3'"; fi
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$data"/*.sgf "$work"/
cd "$work" || exit 1

# The walls with a lone stone in each territory: both dead, as GNU Go's --score aftermath says (W+16.5).
out=$("$tengen" score walls.sgf 2>&1)
expect_eq "walls" "$?:$out" "0:walls.sgf: W+16.5 (dead: B5 H5)"
# --rules replaces the record's RU: territory counting with the record's komi 7.5 (Black 27 + 1, White 36 + 1).
out=$("$tengen" score --rules japanese walls.sgf 2>&1)
expect_eq "walls, japanese" "$?:$out" "0:walls.sgf: W+16.5 (dead: B5 H5)"
out=$("$tengen" score --rules tromp-taylor walls.sgf 2>&1)
expect_eq "walls, tromp-taylor" "$?:$out" "0:walls.sgf: W+7.5 (dead: none)"

# Seki: no stone dead, the seki stones named; territory rules give no territory inside it.
out=$("$tengen" score seki.sgf 2>&1)
expect_eq "seki" "$?:$out" "0:seki.sgf: B+5.5 (dead: none) (seki: A2 B2 C2 D2 E2 F2 B1 D1 F1)"
out=$("$tengen" score --rules japanese seki.sgf 2>&1)
expect_eq "seki, japanese" "$?:$out" "0:seki.sgf: B+1.5 (dead: none) (seki: A2 B2 C2 D2 E2 F2 B1 D1 F1)"

# A record that stops without passes on a closed board is counted as the finished game would be.
out=$("$tengen" score unfinished.sgf 2>&1)
expect_eq "unfinished" "$?:$out" "0:unfinished.sgf: W+16.5 (dead: B5 H5)"
# A game still in play is the built-in engine's estimate, and says so: one stone does not take the board.
out=$("$tengen" score open.sgf 2>&1)
[[ $? -eq 0 && "$out" =~ ^open\.sgf:\ ([BW])\+([0-9]+)\.5\ \(estimate\)\ \(dead:\ none\)$ ]] ||
  fail "open: '$out'"
(( ${BASH_REMATCH[2]:-99} <= 12 )) || fail "open: '$out' is not within 12 points either way"
# A resigned record prints its RE.
out=$("$tengen" score resigned.sgf 2>&1)
expect_eq "resigned" "$?:$out" "0:resigned.sgf: W+R"

# JSON Lines: one object per file, in order, with file, result, dead, seki, the ownership (letters, and values from
# -1 to 1; a count's are 1, -1 or 0) and final.
out=$("$tengen" score --json walls.sgf unfinished.sgf seki.sgf resigned.sgf 2>&1)
code=$?
walls_ownership='"ownership":["BBBBWWWWW","BBBBWWWWW","BBBBWWWWW","BBBBWWWWW","BBBBWWWWW","BBBBWWWWW","BBBBWWWWW","BBBBWWWWW","BBBBWWWWW"],"ownership_values":[[1.0,1.0,1.0,1.0,-1.0,-1.0,-1.0,-1.0,-1.0],[1.0,1.0,1.0,1.0,-1.0,-1.0,-1.0,-1.0,-1.0],[1.0,1.0,1.0,1.0,-1.0,-1.0,-1.0,-1.0,-1.0],[1.0,1.0,1.0,1.0,-1.0,-1.0,-1.0,-1.0,-1.0],[1.0,1.0,1.0,1.0,-1.0,-1.0,-1.0,-1.0,-1.0],[1.0,1.0,1.0,1.0,-1.0,-1.0,-1.0,-1.0,-1.0],[1.0,1.0,1.0,1.0,-1.0,-1.0,-1.0,-1.0,-1.0],[1.0,1.0,1.0,1.0,-1.0,-1.0,-1.0,-1.0,-1.0],[1.0,1.0,1.0,1.0,-1.0,-1.0,-1.0,-1.0,-1.0]]'
expected='{"file":"walls.sgf","result":"W+16.5","dead":["B5","H5"],"seki":[],'"$walls_ownership"',"final":true}
{"file":"unfinished.sgf","result":"W+16.5","dead":["B5","H5"],"seki":[],'"$walls_ownership"',"final":true}
{"file":"seki.sgf","result":"B+5.5","dead":[],"seki":["A2","B2","C2","D2","E2","F2","B1","D1","F1"],"ownership":["WWWBBBB","WWWBBBB","WWWBBBB","WWWBBBB","WWWBBBB","......B","B...W.B"],"ownership_values":[[-1.0,-1.0,-1.0,1.0,1.0,1.0,1.0],[-1.0,-1.0,-1.0,1.0,1.0,1.0,1.0],[-1.0,-1.0,-1.0,1.0,1.0,1.0,1.0],[-1.0,-1.0,-1.0,1.0,1.0,1.0,1.0],[-1.0,-1.0,-1.0,1.0,1.0,1.0,1.0],[0.0,0.0,0.0,0.0,0.0,0.0,1.0],[1.0,0.0,0.0,0.0,-1.0,0.0,1.0]],"final":true}
{"file":"resigned.sgf","result":"W+R","dead":[],"seki":[],"final":true}'
expect_eq "json" "$code:$out" "0:$expected"
if command -v jq >/dev/null; then
  echo "$out" | jq -e . >/dev/null || fail "json: not JSON Lines: $out"
  # An estimate: final false, a letter and a value for every point, the values within -1..1.
  out=$("$tengen" score --json open.sgf 2>&1)
  echo "$out" | jq -e '.final == false and (.ownership | length == 9 and all(test("^[BW.]{9}$")))
    and (.ownership_values | length == 9 and all(length == 9 and all(. >= -1 and . <= 1)))
    and (.dead == []) and (.result | test("^[BW]\\+[0-9]+\\.5$"))' >/dev/null || fail "open: json '$out'"
fi

# An illegal record: exit 2, the move and the reason on stderr as tengen check words them; the others still scored.
out=$("$tengen" score walls.sgf illegal.sgf 2>err.txt)
expect_eq "illegal: exit" "$?" "2"
expect_eq "illegal: stdout" "$out" "walls.sgf: W+16.5 (dead: B5 H5)"
expect_eq "illegal: stderr" "$(cat err.txt)" "illegal.sgf: move 2 (W E5): occupied"
out=$("$tengen" score --json illegal.sgf 2>/dev/null)
expect_eq "illegal: json" "$out" '{"file":"illegal.sgf","error":"move 2 (W E5): occupied"}'

# A file that is not there or not SGF: exit 2, the path and the reason.
out=$("$tengen" score missing.sgf 2>&1)
code=$?
expect_eq "missing: exit" "$code" "2"
[[ "$out" == "missing.sgf: "* ]] || fail "missing: '$out' does not name the file"
printf 'not sgf at all' >junk.sgf
"$tengen" score junk.sgf >/dev/null 2>err.txt
expect_eq "junk: exit" "$?" "2"
grep -q '^junk.sgf: ' err.txt || fail "junk: '$(cat err.txt)' does not name the file"

# Usage errors.
"$tengen" score --rules klingon walls.sgf >/dev/null 2>err.txt
expect_eq "unknown rules: exit" "$?" "2"
grep -q -- '--rules klingon: unknown rule set' err.txt || fail "unknown rules: $(cat err.txt)"
"$tengen" score >/dev/null 2>&1
expect_eq "no file: exit" "$?" "2"
"$tengen" score --search fast open.sgf >/dev/null 2>err.txt
expect_eq "unknown search: exit" "$?" "2"
grep -q -- '--search fast: judgment or play' err.txt || fail "unknown search: $(cat err.txt)"
"$tengen" score --search judgment:judge=2 open.sgf >/dev/null 2>err.txt
expect_eq "bad key: exit" "$?" "2"
grep -q -- "bad value '2' for judge" err.txt || fail "bad key: $(cat err.txt)"
# Keys of the builtin spec after the preset: the estimate with the playouts alone, or the network's share of it.
for search in judgment:judge=0 judgment:judge=1,playouts=300 play:playouts=200; do
  out=$("$tengen" score --search "$search" open.sgf 2>&1)
  [[ $? -eq 0 && "$out" =~ ^open\.sgf:\ [BW]\+[0-9]+\.5\ \(estimate\) ]] || fail "--search $search: '$out'"
done

# The same record through `tengen gtp` (loadsgf, final_score, final_status_list) scores the same.
gtp=$(printf 'loadsgf walls.sgf\nfinal_score\nfinal_status_list dead\nquit\n' | "$tengen" gtp 2>&1)
expected=$'= black\n\n= W+16.5\n\n= B5\nH5\n\n= '
expect_eq "gtp" "$gtp" "$expected"

if [[ $failures -gt 0 ]]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "all score checks passed"
