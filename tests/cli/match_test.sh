#!/usr/bin/env bash
# `tengen match` end to end: the summary line, one SGF per game that `tengen check` accepts, determinism across
# --jobs, the built-in engine, a GTP engine whose answers are refused, --json, the komi of handicap games and usage
# errors.
# Usage: match_test.sh PATH/TO/tengen
set -uo pipefail
tengen=$1
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Failed AI moves go to ./tengen-errors.jsonl by default: keep it in the temporary directory.
cd "$tmp" || exit 1

summary_re='^games=([0-9]+) black_wins=([0-9]+) white_wins=([0-9]+) draws=([0-9]+) failed=([0-9]+) moves=([0-9]+) attempts_per_move=[0-9]+\.[0-9][0-9] rejections=occupied:[0-9]+,suicide:[0-9]+,ko:[0-9]+,superko:[0-9]+,out_of_bounds:[0-9]+,unparseable:[0-9]+,repeated:[0-9]+$'

# --- random against random: the summary's shape, progress lines, the SGFs. ---
out=$("$tengen" match --black random --white random --games 4 --size 5 --seed 7 --sgf-dir "$tmp/sgf" 2>"$tmp/err")
rc=$?
[[ $rc -eq 0 ]] || fail "random match: exit $rc"
last=$(printf '%s\n' "$out" | tail -n 1)
if [[ "$last" =~ $summary_re ]]; then
  [[ ${BASH_REMATCH[1]} -eq 4 ]] || fail "random match: games=${BASH_REMATCH[1]}"
  [[ ${BASH_REMATCH[5]} -eq 0 ]] || fail "random match: failed=${BASH_REMATCH[5]}"
  total=$((BASH_REMATCH[2] + BASH_REMATCH[3] + BASH_REMATCH[4]))
  [[ $total -eq 4 ]] || fail "random match: wins and draws add up to $total"
else
  fail "random match: summary line is '$last'"
fi
[[ $(grep -c '^game [1-4]/4: ' "$tmp/err") -eq 4 ]] || fail "random match: progress lines: $(cat "$tmp/err")"
for i in 1 2 3 4; do
  f="$tmp/sgf/game-00$i.sgf"
  if [[ ! -s "$f" ]]; then
    fail "random match: $f is missing"
    continue
  fi
  "$tengen" check "$f" >"$tmp/check" 2>&1 || fail "random match: tengen check $f: $(cat "$tmp/check")"
  grep -q 'RE\[' "$f" || fail "random match: $f has no RE"
  grep -q 'PB\[random\]' "$f" || fail "random match: $f has no PB"
done
compgen -G "$tmp/sgf/*.tmp.*" >/dev/null && fail "random match: a temporary file was left behind"
# Every game's RE is the result `tengen score` gives its record: one analysis behind both.
for i in 1 2 3 4; do
  f="$tmp/sgf/game-00$i.sgf"
  re=$(grep -o 'RE\[[^]]*\]' "$f" | head -n 1)
  scored=$("$tengen" score "$f" 2>&1)
  [[ "$scored" == "$f: ${re:3:-1} "* ]] || fail "random match: $f has $re but tengen score says '$scored'"
done

# --- the same seed gives the same match on two threads. ---
out2=$("$tengen" match --black random --white random --games 4 --size 5 --seed 7 --jobs 2 2>/dev/null)
[[ "$(printf '%s\n' "$out2" | tail -n 1)" == "$last" ]] || fail "--jobs 2 gives '$out2', --jobs 1 gave '$last'"

# --- the built-in engine against random. ---
out=$("$tengen" match --black builtin:playouts=200 --white random --size 5 --games 2 2>"$tmp/err")
rc=$?
[[ $rc -eq 0 ]] || fail "builtin match: exit $rc: $(cat "$tmp/err")"
last=$(printf '%s\n' "$out" | tail -n 1)
[[ "$last" =~ $summary_re && ${BASH_REMATCH[1]} -eq 2 && ${BASH_REMATCH[5]} -eq 0 ]] ||
  fail "builtin match: summary line is '$last'"
grep -q 'builtin:playouts=200 as ' "$tmp/err" || grep -q ': 0 (draw)' "$tmp/err" ||
  fail "builtin match: progress: $(cat "$tmp/err")"

# --- a GTP engine that always answers C3: refused as occupied, then repeated, so its games fail. ---
cat >"$tmp/always_c3.sh" <<'ENGINE'
while IFS= read -r line; do
  line=${line%$'\r'}
  [[ -z "$line" ]] && continue
  read -r -a words <<<"$line"
  id=""
  if [[ ${words[0]} =~ ^[0-9]+$ ]]; then
    id=${words[0]}
    words=("${words[@]:1}")
  fi
  case ${words[0]} in
    protocol_version) printf '=%s 2\n\n' "$id" ;;
    genmove) printf '=%s C3\n\n' "$id" ;;
    quit) printf '=%s\n\n' "$id"; exit 0 ;;
    *) printf '=%s\n\n' "$id" ;;
  esac
done
ENGINE
out=$("$tengen" match --black "gtp:bash $tmp/always_c3.sh" --white random --size 5 --games 2 \
  --error-log "$tmp/errors.jsonl" --json "$tmp/match.json" --sgf-dir "$tmp/fake" 2>"$tmp/err")
rc=$?
[[ $rc -eq 0 ]] || fail "fake engine match: exit $rc: $(cat "$tmp/err")"
last=$(printf '%s\n' "$out" | tail -n 1)
if [[ "$last" =~ $summary_re ]]; then
  [[ ${BASH_REMATCH[5]} -eq 2 ]] || fail "fake engine match: failed=${BASH_REMATCH[5]} in '$last'"
else
  fail "fake engine match: summary line is '$last'"
fi
[[ "$last" == *"repeated:"[1-9]* ]] || fail "fake engine match: no repeated rejections in '$last'"
grep -q 'failed (gtp:bash' "$tmp/err" || fail "fake engine match: progress: $(cat "$tmp/err")"
[[ $(grep -c '"source":"match"' "$tmp/errors.jsonl" 2>/dev/null) -eq 2 ]] ||
  fail "fake engine match: error log: $(cat "$tmp/errors.jsonl" 2>&1)"
grep -q 'attempt 2: C3 rejected (names a point already rejected this turn)' "$tmp/fake/game-001.sgf" ||
  fail "fake engine match: SGF comment: $(cat "$tmp/fake/game-001.sgf")"
python3 - "$tmp/match.json" <<'PY' || fail "fake engine match: --json content"
import json, sys
m = json.load(open(sys.argv[1]))
assert m["games"] == 2 and m["failed"] == 2, m
assert len(m["game_detail"]) == 2, m
g = m["game_detail"][0]
assert g["index"] == 1 and g["black"].startswith("gtp:bash") and g["white"] == "random", g
assert g["result"] is None and "no legal move" in g["failed"], g
assert g["sgf"].endswith("game-001.sgf"), g
assert g["rejections"]["occupied"] >= 1 and g["rejections"]["repeated"] >= 1, g
assert m["game_detail"][1]["black"] == "random", m
PY

# --- handicap komi: 0.5 without --komi under any rule set, an explicit --komi wins, even games keep the rule set's. ---
match_km() {  # the KM of the first game's record of a match with these options
  rm -rf "$tmp/km"
  "$tengen" match --black random --white random --size 9 --games 1 --sgf-dir "$tmp/km" "$@" >/dev/null 2>&1
  grep -o 'KM\[[^]]*\]' "$tmp/km/game-001.sgf" 2>/dev/null
}
[[ "$(match_km --handicap 2)" == "KM[0.5]" ]] || fail "match --handicap 2: $(match_km --handicap 2), expected KM[0.5]"
[[ "$(match_km --handicap 2 --rules japanese)" == "KM[0.5]" ]] ||
  fail "match --handicap 2 --rules japanese: $(match_km --handicap 2 --rules japanese), expected KM[0.5]"
[[ "$(match_km --handicap 2 --komi 3)" == "KM[3]" ]] ||
  fail "match --handicap 2 --komi 3: $(match_km --handicap 2 --komi 3), expected KM[3]"
[[ "$(match_km)" == "KM[7.5]" ]] || fail "match without handicap: $(match_km), expected KM[7.5]"
[[ "$(match_km --rules japanese)" == "KM[6.5]" ]] ||
  fail "match japanese: $(match_km --rules japanese), expected KM[6.5]"

# --- usage errors: exit 2; an engine that cannot start: exit 4. ---
expect_exit() {
  local want=$1
  shift
  "$tengen" match "$@" >/dev/null 2>"$tmp/err"
  local rc=$?
  [[ $rc -eq $want ]] || fail "match $*: exit $rc, expected $want ($(cat "$tmp/err"))"
}
expect_exit 2 --white random
expect_exit 2 --black random --white random --games 0
expect_exit 2 --black random --white random --size 1
expect_exit 2 --black random --white random --rules nonsense
expect_exit 2 --black random --white random --jobs 0
expect_exit 2 --black random --white random --handicap 1
expect_exit 2 --black nonsense --white random
expect_exit 4 --black "gtp:$tmp/no-such-engine" --white random --size 5

if [[ $failures -ne 0 ]]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "match tests passed"
