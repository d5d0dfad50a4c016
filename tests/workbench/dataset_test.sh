#!/usr/bin/env bash
# tengen dataset sft and dpo as a user runs them: the summary lines, the files they write, skipped input named, the
# exit codes (0 written, 2 bad input, 4 a preferred engine that cannot be reached), and nothing left half-written.
set -uo pipefail
tengen=$1
fake_server=$2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
tmp=$(mktemp -d)
server_pid=
trap '[[ -n $server_pid ]] && kill $server_pid; rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
mkdir records
printf '(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[cc];B[gc];W[cg];B[gg];W[ec];B[ce];W[eg])' >records/a.sgf
printf '(;GM[1]FF[4]SZ[13]KM[7];B[dd];W[jj];B[dj];W[jd])' >records/b.sgf
printf '(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[ee])' >records/broken.sgf

out=$("$tengen" dataset sft --sgf records --every 2 --out sft.jsonl 2>err.txt)
[[ $? -eq 0 ]] || fail "sft exited non-zero: $(cat err.txt)"
[[ "$out" == "wrote 6 examples to sft.jsonl from 2 records (1 files skipped)" ]] || fail "sft summary: $out"
grep -q "skipped records/broken.sgf: move 2 (W E5): occupied" err.txt || fail "the broken record: $(cat err.txt)"
[[ $(wc -l <sft.jsonl) -eq 6 ]] || fail "sft rows: $(wc -l <sft.jsonl)"
[[ $(head -n 1 sft.jsonl | jq -r '.messages[2].content') == E5 ]] || fail "the first answer is not the record's E5"

out=$("$tengen" dataset sft --sgf records --sizes 13 --every 1 --format sharegpt --out train.jsonl 2>/dev/null)
[[ "$out" == *"wrote 4 examples to train.jsonl (4 new pictures in train-images)"* ]] || fail "sharegpt: $out"
[[ "$out" == *"1 records of other sizes left out"* ]] || fail "sizes not reported: $out"
image=$(head -n 1 train.jsonl | jq -r '.images[0]')
[[ -f "$image" && $(head -c 8 "$image" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] || fail "picture $image"
"$tengen" dataset sft --sgf records --every 2 --out again.jsonl >/dev/null 2>&1
cmp -s sft.jsonl again.jsonl || fail "the same inputs gave different bytes"

"$tengen" dataset sft --sgf records --out x.jsonl --format sharegpt --images inline >/dev/null 2>&1
[[ $? -eq 2 ]] || fail "sharegpt with inline pictures did not exit 2"
"$tengen" dataset sft --sgf records --out x.jsonl --sizes 9,x >/dev/null 2>&1
[[ $? -eq 2 ]] || fail "a bad --sizes did not exit 2"
"$tengen" dataset sft --sgf nowhere --out x.jsonl >/dev/null 2>&1
[[ $? -eq 2 ]] || fail "a missing --sgf path did not exit 2"
[[ ! -e x.jsonl ]] || fail "a failed run left x.jsonl"
ls ./*.tmp.* >/dev/null 2>&1 && fail "a temporary file was left behind"

# A real error log: the scripted model answers a point off the board, then passes, on every position.
echo '{"first": "Z99", "retry": "pass"}' >script.jsonl
mkdir requests
"$fake_server" --script script.jsonl --record requests >port.txt &
server_pid=$!
for _ in $(seq 50); do [[ -s port.txt ]] && break; sleep 0.1; done
port=$(head -n 1 port.txt)
"$tengen" eval --engine "openai:http://127.0.0.1:$port/v1" --model r5 --sgf records --every 2 \
  --error-log errors.jsonl --log-attempts >/dev/null 2>&1 || fail "eval against the fake model"
[[ $(wc -l <errors.jsonl) -eq 6 ]] || fail "error log records: $(wc -l <errors.jsonl)"
printf 'not json\n' >>errors.jsonl
out=$("$tengen" dataset dpo --error-log errors.jsonl --preferred record --out dpo.jsonl 2>err.txt)
[[ $? -eq 0 ]] || fail "dpo exited non-zero: $(cat err.txt)"
[[ "$out" == "wrote 6 pairs to dpo.jsonl from 6 log records; pictures drawn again: 6 match the log's hash, 0 re-rendered"* ]] ||
  fail "dpo summary: $out"
grep -q "skipped errors.jsonl:7: not a JSON record" err.txt || fail "the bad log line is not named: $(cat err.txt)"
[[ $(head -n 1 dpo.jsonl | jq -r '.non_preferred_output[0].content') == Z99 ]] || fail "the rejected answer"
[[ $(head -n 1 dpo.jsonl | jq -r '.preferred_output[0].content') == E5 ]] || fail "the record's move"

out=$("$tengen" dataset dpo --error-log errors.jsonl --format trl --out trl.jsonl --preferred random 2>/dev/null)
[[ "$out" == "wrote 6 pairs to trl.jsonl (6 new pictures in trl-images)"* ]] || fail "trl: $out"
"$tengen" dataset dpo --error-log errors.jsonl --out x.jsonl --preferred gtp:/nonexistent/engine >/dev/null 2>&1
[[ $? -eq 4 ]] || fail "a preferred engine that cannot start did not exit 4"
"$tengen" dataset dpo --error-log missing.jsonl --out x.jsonl >/dev/null 2>&1
[[ $? -eq 2 ]] || fail "a missing error log did not exit 2"
[[ ! -e x.jsonl ]] || fail "a failed dpo left x.jsonl"

# An answer of 100 kB is kept in the log as its first 4 KiB with its length and hash: a pair made of part of it would
# teach the model to avoid an answer it never gave, so it makes none and is named; the short answer after it does.
kill "$server_pid"
wait "$server_pid" 2>/dev/null
printf '%s\n' '{"pad": "é ", "pad_bytes": 100000, "content": " Z99"}' '{"content": "Z99"}' '{"content": "pass"}' \
  >long-script.jsonl
"$fake_server" --script long-script.jsonl >long-port.txt &
server_pid=$!
for _ in $(seq 50); do [[ -s long-port.txt ]] && break; sleep 0.1; done
mkdir long
cp records/a.sgf long/
"$tengen" eval --engine "openai:http://127.0.0.1:$(head -n 1 long-port.txt)/v1" --model r5 --sgf long --every 4 \
  --error-log long-errors.jsonl --log-attempts >/dev/null 2>&1 || fail "eval against the long-winded model"
first=$(head -n 1 long-errors.jsonl | jq -c '.attempts[0] | del(.prompt)')
[[ $(jq -c '[(.answer | utf8bytelength), .answer_bytes]' <<<"$first") == '[4095,100006]' ]] ||
  fail "the long answer in the log: $(jq -c 'del(.answer)' <<<"$first")"
out=$("$tengen" dataset dpo --error-log long-errors.jsonl --preferred record --out long-dpo.jsonl 2>err.txt)
[[ $? -eq 0 ]] || fail "dpo of the long answer exited non-zero: $(cat err.txt)"
[[ "$out" == "wrote 1 pairs to long-dpo.jsonl from 2 log records"*"; 1 skipped" ]] ||
  fail "dpo of the long answer: $out"
grep -qF "skipped long-errors.jsonl:1: attempt 1: the answer is cut to its first 4095 of 100006 bytes in the log" \
  err.txt || fail "the cut answer is not named: $(cat err.txt)"
[[ $(jq -r '.non_preferred_output[0].content' long-dpo.jsonl) == Z99 ]] || fail "the pair of the short answer"

exit $((failures > 0))
