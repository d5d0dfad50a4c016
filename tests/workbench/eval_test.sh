#!/usr/bin/env bash
# tengen eval and eval compare as a user runs them: the summary, --json with the run's settings, --report, the exit
# codes (0 ran, 2 bad input, 4 a source that cannot be reached), and compare's warnings and table. The second
# argument is the scripted model server of apps/fake_model_server/fake_model_server.cpp.
set -uo pipefail
tengen=$1
fake_model_server=$2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
server=
tmp=$(mktemp -d)
trap '[[ -n $server ]] && kill "$server"; rm -rf "$tmp"' EXIT
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
out=$("$tengen" eval compare a.json b.json 2>err.txt)
[[ $? -eq 0 && "$out" == *"positions in both runs: 4"* && "$out" == *"McNemar p"* ]] || fail "compare: $out"
# Two engines on the same settings: the engine is what they are compared on, nothing to warn of.
[[ ! -s err.txt ]] || fail "compare of runs made alike warned: $(cat err.txt)"
[[ $(jq -r '.summary.run.every' a.json) == 2 && $(jq -r '.summary.run.coords' a.json) == null ]] ||
  fail "--json run: $(jq -c .summary.run a.json)"
[[ $(jq -r '.summary.run.date' a.json) =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$ ]] ||
  fail "--json run date: $(jq -r .summary.run.date a.json)"
[[ $(jq -r '.summary.run.tengen_version' a.json) == "$("$tengen" --version | sed 's/^tengen //')" ]] ||
  fail "--json tengen version: $(jq -r .summary.run.tengen_version a.json)"

"$tengen" eval --engine random --sgf nowhere >/dev/null 2>&1
[[ $? -eq 2 ]] || fail "a missing --sgf path did not exit 2"
"$tengen" eval --sgf records >/dev/null 2>&1
[[ $? -eq 2 ]] || fail "no --engine did not exit 2"
"$tengen" eval --engine openai:http://127.0.0.1:9/v1 --sgf records --timeout 2 --error-log e.jsonl >/dev/null 2>&1
[[ $? -eq 4 ]] || fail "an unreachable model did not exit 4"
"$tengen" eval compare a.json missing.json >/dev/null 2>&1
[[ $? -eq 2 ]] || fail "compare with a missing file did not exit 2"

# The PNG signature, then an IHDR chunk with a width and a height above 0.
is_png() {
  [[ $(od -An -tx1 -N8 "$1" | tr -d ' \n') == 89504e470d0a1a0a &&
    $(od -An -c -j12 -N4 "$1" | tr -d ' \n') == IHDR &&
    $(od -An -tu4 --endian=big -j16 -N4 "$1") -gt 0 && $(od -An -tu4 --endian=big -j20 -N4 "$1") -gt 0 ]]
}
# The page of DIR exists and names WANTED pictures, each a PNG beside it.
check_report() {
  local dir=$1 wanted=$2 names=0 src
  [[ -f $dir/index.html ]] || { fail "$dir/index.html is missing"; return; }
  for src in $(grep -o 'src="[^"]*"' "$dir/index.html" | sed 's/^src="//; s/"$//'); do
    names=$((names + 1))
    [[ $src != */* ]] || fail "$dir names $src outside itself"
    is_png "$dir/$src" || fail "$dir/$src is not a PNG"
  done
  [[ $names -eq $wanted ]] || fail "$dir/index.html names $names pictures, not $wanted"
}

"$tengen" eval --engine random --sgf records --every 2 --report reports/random >/dev/null 2>err.txt ||
  fail "eval --report exited $?: $(cat err.txt)"
grep -q "report written to reports/random/index.html" err.txt || fail "where the report went: $(cat err.txt)"
check_report reports/random 3  # the three charts
grep -q "No position failed or had a refused answer" reports/random/index.html || fail "random: worst positions"

# A model that answers HTML the referee cannot read: every position fails and the page shows the answer escaped.
printf '%s\n' '{"content": "<b>no idea</b> & more"}' >script.jsonl
mkdir requests
"$fake_model_server" --script script.jsonl --record requests --port-file port.txt >/dev/null &
server=$!
for _ in $(seq 100); do [[ -s port.txt ]] && break; sleep 0.05; done
"$tengen" eval --engine "openai:http://127.0.0.1:$(cat port.txt)/v1" --model fake --no-image --max-retries 1 \
  --sgf records --every 4 --error-log errors.jsonl --report reports/model >/dev/null 2>err.txt ||
  fail "eval --report against the scripted model: $(cat err.txt)"
check_report reports/model 5  # the three charts and both positions' boards
grep -qF '&lt;b&gt;no idea&lt;/b&gt; &amp; more' reports/model/index.html || fail "the answer is not shown escaped"
grep -qF '<b>no' reports/model/index.html && fail "the answer is shown as markup"
grep -qF '<th>coords</th><td><code>gtp</code>' reports/model/index.html || fail "the report does not show --coords"

# The same model asked for rowcol answers: compare warns of that one setting on stderr, before the table, and
# still compares; a file without settings (as older tengens wrote) is said to have unknown settings.
for coords in gtp rowcol; do
  "$tengen" eval --engine "openai:http://127.0.0.1:$(cat port.txt)/v1" --model fake --no-image --max-retries 1 \
    --coords $coords --sgf records --every 4 --error-log errors.jsonl --json $coords.json >/dev/null 2>err.txt ||
    fail "eval --coords $coords: $(cat err.txt)"
done
out=$("$tengen" eval compare gtp.json rowcol.json 2>err.txt)
code=$?
[[ $code -eq 0 && "$out" == *"positions in both runs: 2"* ]] || fail "compare gtp rowcol exited $code: $out"
[[ $(cat err.txt) == "tengen eval compare: warning: the runs differ in coords: gtp (A) vs rowcol (B)" ]] ||
  fail "compare gtp rowcol warned: $(cat err.txt)"
jq 'del(.summary.run)' rowcol.json >old.json
out=$("$tengen" eval compare gtp.json old.json 2>err.txt)
[[ $? -eq 0 && "$out" == *"positions in both runs: 2"* ]] || fail "compare with an old file: $out"
grep -qF "warning: the settings of run B (old.json) are unknown" err.txt || fail "old file: $(cat err.txt)"

# A model that answers 100 kB: --json and the report keep the first 4 KiB of each answer and say how long it was.
kill "$server"
wait "$server" 2>/dev/null
printf '%s\n' '{"pad": "é ", "pad_bytes": 100000, "content": " Z99"}' '{"content": "pass"}' >long-script.jsonl
rm -f port.txt
"$fake_model_server" --script long-script.jsonl --port-file port.txt >/dev/null &
server=$!
for _ in $(seq 100); do [[ -s port.txt ]] && break; sleep 0.05; done
"$tengen" eval --engine "openai:http://127.0.0.1:$(cat port.txt)/v1" --model fake --no-image --sgf records \
  --every 4 --error-log errors.jsonl --json long.json --report reports/long >/dev/null 2>err.txt ||
  fail "eval against the long-winded model: $(cat err.txt)"
(($(stat -c %s long.json) < 32 * 1024)) || fail "long.json is $(stat -c %s long.json) bytes"
first=$(jq -c '.positions[0].attempts[0]' long.json)
[[ $(jq -c '[(.answer | utf8bytelength), .answer_bytes, (.answer_sha256 | length)]' <<<"$first") == \
  '[4095,100006,64]' ]] || fail "the long answer in --json: $(jq -c 'del(.answer)' <<<"$first")"
report=reports/long/index.html
(($(stat -c %s $report) < 64 * 1024)) || fail "the report is $(stat -c %s $report) bytes"
grep -qF 'the first 4095 of 100006 bytes' $report || fail "the report does not say the answer is cut"

# A report directory that cannot be made is bad input, found before the source is asked (this one is unreachable).
touch plain
out=$("$tengen" eval --engine openai:http://127.0.0.1:9/v1 --sgf records --report plain/report 2>&1)
[[ $? -eq 2 && "$out" == *"plain/report"* ]] || fail "a --report under a file: $out"

exit $((failures > 0))
