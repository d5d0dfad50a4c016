#!/usr/bin/env bash
# `tengen serve` as a process: the line it prints, SIGTERM letting a request in flight finish and stopping within
# its bound whatever the clients do, a flood of score requests beside /healthz, a model reply nested too deeply, the
# token, usage errors, and the tengen: source driving it from `tengen genmove`, `tengen gtp` and `tengen match`; a
# model that answers megabytes, and what the server's memory and log make of it.
# Usage: serve_test.sh PATH/TO/tengen PATH/TO/fake_model_server
# With TENGEN_SANITIZED=1 (a sanitizer build) the memory peak is not asserted.
set -uo pipefail
tengen=$1
fake=$2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

tmp=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  rm -rf "$tmp"
}
trap cleanup EXIT
cd "$tmp" || exit 1

# Starts `tengen serve ARGS...` in the background; sets serve_pid and serve_url from its first line.
start_serve() {
  local name=$1
  shift
  "$tengen" serve --listen 127.0.0.1:0 "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" &
  serve_pid=$!
  pids+=("$serve_pid")
  serve_url=
  for _ in $(seq 1 300); do
    if grep -q 'listening on' "$tmp/$name.out" 2>/dev/null; then
      serve_url=$(sed -nE 's/^tengen serve: listening on (http:[^ ]+) .*/\1/p' "$tmp/$name.out")
      return 0
    fi
    kill -0 "$serve_pid" 2>/dev/null || break
    sleep 0.1
  done
  fail "$name: no listening line: $(cat "$tmp/$name.out" "$tmp/$name.err")"
  return 1
}

# Starts the scripted model server with the script lines given; sets model_url. $models is what it lists at
# GET /v1/models (default the one model "fake").
start_model() {
  rm -f "$tmp/model.port"
  printf '%s\n' "$@" >"$tmp/script.jsonl"
  mkdir -p "$tmp/requests"
  "$fake" --script "$tmp/script.jsonl" --record "$tmp/requests" --port-file "$tmp/model.port" \
    --models "${models:-fake}" >/dev/null &
  pids+=($!)
  for _ in $(seq 1 300); do
    [[ -s "$tmp/model.port" ]] && break
    sleep 0.1
  done
  model_url="http://127.0.0.1:$(cat "$tmp/model.port")/v1"
}

# --- Usage errors exit 2 and say what. ---
out=$("$tengen" serve --listen nonsense 2>&1)
[[ $? -eq 2 ]] || fail "--listen nonsense did not exit 2"
[[ "$out" == *"must be HOST:PORT"* ]] || fail "--listen nonsense: $out"
out=$(env -u TENGEN_NOT_SET "$tengen" serve --listen 127.0.0.1:0 --token-env TENGEN_NOT_SET 2>&1)
[[ $? -eq 2 ]] || fail "--token-env of an unset variable did not exit 2"
out=$("$tengen" serve --listen 127.0.0.1:0 --max-retries 11 2>&1)
[[ $? -eq 2 ]] || fail "--max-retries 11 did not exit 2"
out=$("$tengen" serve --listen 127.0.0.1:0 --engine 'gtp:/nonexistent/engine' 2>&1)
[[ $? -eq 4 ]] || fail "an engine that cannot start did not exit 4: $out"

# --- No --model: the server's only model is used and named; several stop the start with exit 2. ---
models=round4,round5 start_model '{"content": "D4"}'
out=$("$tengen" serve --listen 127.0.0.1:0 --engine "openai:$model_url" 2>&1)
[[ $? -eq 2 ]] || fail "a server with two models did not exit 2: $out"
[[ "$out" == *"serves 2 models (round4, round5); choose one with --model"* ]] || fail "two models: $out"
models=round5 start_model '{"content": "D4"}'
if start_serve onemodel --engine "openai:$model_url" --no-image; then
  grep -q 'model round5: the only model' "$tmp/onemodel.err" || fail "one model: $(cat "$tmp/onemodel.err")"
  curl -s -X POST "$serve_url/v1/genmove" -d '{"size":9}' >/dev/null
  grep -q '"model":"round5"' "$tmp"/requests/*.body || fail "the request did not name round5"
  kill -TERM "$serve_pid"
  wait "$serve_pid"
fi
rm -rf "$tmp/requests"

# --- SIGTERM: the request in flight is answered, then the process exits 0. ---
start_model '{"delay": 2, "content": "D4"}'
if start_serve drain --engine "openai:$model_url" --no-image --workers 1 --error-log "$tmp/errors.jsonl"; then
  curl -s -o "$tmp/drain.body" -w '%{http_code}' -X POST "$serve_url/v1/genmove" -d '{"size":9}' >"$tmp/drain.code" &
  curl_pid=$!
  for _ in $(seq 1 300); do
    curl -s "$serve_url/metrics" | grep -q '^tengen_workers_busy 1' && break
    sleep 0.05
  done
  kill -TERM "$serve_pid"
  wait "$curl_pid"
  [[ $(cat "$tmp/drain.code") == 200 ]] || fail "drain: the request in flight got $(cat "$tmp/drain.code")"
  grep -q '"move":"D4"' "$tmp/drain.body" || fail "drain: body $(cat "$tmp/drain.body")"
  wait "$serve_pid"
  rc=$?
  [[ $rc -eq 0 ]] || fail "drain: exit $rc after SIGTERM"
  grep -q 'tengen serve: stopped' "$tmp/drain.err" || fail "drain: stderr $(cat "$tmp/drain.err")"
fi

# --- SIGTERM whatever the clients do: a head trickled under a long head timeout, a body trickled, a client that
# pipelines requests and never reads a reply. The process exits within the body timeout (2 s here) of the signal. ---
if start_serve bound --engine random --head-timeout 60 --body-timeout 2 --idle-timeout 60 --network-threads 2; then
  port=${serve_url##*:}
  (
    exec 3<>"/dev/tcp/127.0.0.1/$port"
    printf 'POST /v1/legal HTTP/1.1\r\n' >&3
    for i in $(seq 1 20000); do
      printf 'X-%d: a\r\n' "$i" >&3 || break
      sleep 0.005
    done
  ) 2>/dev/null &
  head_pid=$!
  (
    exec 3<>"/dev/tcp/127.0.0.1/$port"
    printf 'POST /v1/legal HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n' >&3
    for _ in $(seq 1 20000); do
      printf '0' >&3 || break
      sleep 0.005
    done
  ) 2>/dev/null &
  body_pid=$!
  (
    exec 3<>"/dev/tcp/127.0.0.1/$port"
    for _ in $(seq 1 3000); do printf 'GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n'; done >&3
    sleep 30
  ) 2>/dev/null &
  deaf_pid=$!
  sleep 0.5
  start=$(date +%s%N)
  kill -TERM "$serve_pid"
  wait "$serve_pid"
  rc=$?
  took=$((($(date +%s%N) - start) / 1000000))
  [[ $rc -eq 0 ]] || fail "bound: exit $rc after SIGTERM"
  ((took < 3500)) || fail "bound: the server took $took ms to stop after SIGTERM (body timeout 2 s)"
  kill "$head_pid" "$body_pid" "$deaf_pid" 2>/dev/null
  wait "$head_pid" "$body_pid" "$deaf_pid" 2>/dev/null
fi

# --- A flood of score requests (the estimate of an empty 25x25 board costs most of a second) holds the scoring
# thread and every connection served, and /healthz and /metrics still answer at once. ---
if start_serve flood --engine random --score-threads 1 --score-queue 2 --connections 4; then
  : >"$tmp/flood.codes"
  flood_pids=()
  for _ in $(seq 1 24); do
    curl -s -o /dev/null -w '%{http_code}\n' -X POST "$serve_url/v1/score" -d '{"size":25}' >>"$tmp/flood.codes" &
    flood_pids+=($!)
  done
  sleep 0.5
  for path in /healthz /metrics /healthz /metrics /healthz; do
    out=$(curl -s -o /dev/null -w '%{http_code} %{time_total}' "$serve_url$path")
    [[ "$out" == 200\ * ]] || fail "flood: $path answered $out"
    awk -v t="${out#* }" 'BEGIN { exit !(t < 0.5) }' || fail "flood: $path took ${out#* } s"
  done
  wait "${flood_pids[@]}"
  [[ $(grep -c '^503$' "$tmp/flood.codes") -ge 1 ]] || fail "flood: nothing was shed: $(sort "$tmp/flood.codes" | uniq -c)"
  [[ $(grep -c '^200$' "$tmp/flood.codes") -ge 3 ]] || fail "flood: too few scored: $(sort "$tmp/flood.codes" | uniq -c)"
  kill -TERM "$serve_pid"
  wait "$serve_pid" || fail "flood: exit status $? after SIGTERM"
fi

# --- A model reply nested 100,000 levels deep: 502 with the reason and a log record, every time; the process lives. ---
start_model '{"status": 400, "nested": 100000}' '{"status": 200, "nested": 100000}' \
  '{"status": 500, "nested": 100000, "under": "detail"}' '{"content": "D4"}'
if start_serve deep --engine "openai:$model_url" --no-image --workers 1 --error-log "$tmp/deep-errors.jsonl"; then
  for status in 400 200 500; do
    code=$(curl -s -o "$tmp/deep.body" -w '%{http_code}' -X POST "$serve_url/v1/genmove" -d '{"size":9}')
    [[ $code == 502 ]] || fail "deep reply with $status: $code $(cat "$tmp/deep.body")"
    grep -q "HTTP $status from .* the reply is nested deeper than 32 levels" "$tmp/deep.body" ||
      fail "deep reply with $status: $(cat "$tmp/deep.body")"
    log_id=$(jq -r .log_id "$tmp/deep.body")
    [[ $(grep -c "\"id\":\"$log_id\"" "$tmp/deep-errors.jsonl") == 1 ]] ||
      fail "deep reply with $status: no record $log_id"
  done
  out=$(curl -s -X POST "$serve_url/v1/genmove" -d '{"size":9}')
  [[ "$out" == *'"move":"D4"'* ]] || fail "after the deep replies: $out"
  kill -0 "$serve_pid" 2>/dev/null || fail "the server died on a deep reply: $(cat "$tmp/deep.err")"
  kill -TERM "$serve_pid"
  wait "$serve_pid" || fail "deep: exit status $? after SIGTERM"
fi

# --- A model that ignores max_tokens and answers 3.8 MB, eight requests of 11 attempts at once (two of three under
# the sanitizers, which multiply what each byte costs and assert no peak): each attempt keeps its first 4 KiB with
# the whole length and hash, in the reply and in the log. Before, the server peaked at 1.5 GB and the log grew by
# 335 MB. ---
start_model '{"pad": "x ", "pad_bytes": 3800000, "content": " E5"}'
huge_requests=8 huge_retries=10
[[ ${TENGEN_SANITIZED:-0} == 1 ]] && huge_requests=2 huge_retries=2
if start_serve huge --engine "openai:$model_url" --no-image --workers 8 --error-log "$tmp/huge-errors.jsonl"; then
  curls=()
  for i in $(seq "$huge_requests"); do
    curl -s -o "$tmp/huge-$i.body" -w '%{http_code}' -X POST "$serve_url/v1/genmove" \
      -d '{"size":9,"moves":[["B","E5"]],"max_retries":'"$huge_retries"'}' >"$tmp/huge-$i.code" &
    curls+=($!)
  done
  wait "${curls[@]}"
  for i in $(seq "$huge_requests"); do
    [[ $(cat "$tmp/huge-$i.code") == 422 ]] ||
      fail "huge answer $i: $(cat "$tmp/huge-$i.code") $(head -c 300 "$tmp/huge-$i.body")"
    size=$(stat -c %s "$tmp/huge-$i.body")
    ((size < 96 * 1024)) || fail "huge answer $i: a reply of $size bytes"
    cut=$(jq '[.attempts[] | select((.answer | utf8bytelength) == 4096 and .answer_bytes == 3800003
      and (.answer_sha256 | length) == 64 and .move == "E5")] | length' "$tmp/huge-$i.body")
    [[ $cut == $((huge_retries + 1)) ]] ||
      fail "huge answer $i: attempts $(jq -c '.attempts[0] | del(.answer)' "$tmp/huge-$i.body")"
    detail=$(jq -r .detail "$tmp/huge-$i.body")
    ((${#detail} < 2048)) || fail "huge answer $i: a detail of ${#detail} characters"
  done
  hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$serve_pid/status")
  # AddressSanitizer's shadow memory and quarantine multiply the peak: asserted only without it.
  [[ ${TENGEN_SANITIZED:-0} == 1 ]] || ((hwm < 250 * 1024)) || fail "huge answers: the server peaked at $hwm KiB"
  echo "serve with $huge_requests requests of $((huge_retries + 1)) answers of 3.8 MB: VmHWM $hwm KiB"
  log=$(stat -c %s "$tmp/huge-errors.jsonl")
  [[ $(wc -l <"$tmp/huge-errors.jsonl") == "$huge_requests" ]] ||
    fail "huge answers: $(wc -l <"$tmp/huge-errors.jsonl") log records"
  ((log < 8 * 160 * 1024)) || fail "huge answers: the log grew by $log bytes"
  echo "serve with $huge_requests requests of $((huge_retries + 1)) answers of 3.8 MB: error log $log bytes"
  kill -TERM "$serve_pid"
  wait "$serve_pid"
fi
rm -rf "$tmp/requests"

# --- A request body stays strict: half a surrogate pair is not JSON, as any other text that is not. ---
if start_serve strict --engine random --workers 1; then
  out=$(curl -s -w ' %{http_code}' -X POST "$serve_url/v1/genmove" -d '{"size":9,"color":"\ud800"}')
  [[ "$out" == *'"error":"invalid_request"'*' 400' ]] || fail "a lone surrogate in a request: $out"
  kill -TERM "$serve_pid"
  wait "$serve_pid"
fi

# --- A token; the tengen: source from genmove, gtp and match. ---
export SERVE_TEST_TOKEN=tok-SECRET-123
if start_serve remote --engine random --token-env SERVE_TEST_TOKEN --workers 2 --error-log "$tmp/errors.jsonl"; then
  code=$(curl -s -o /dev/null -w '%{http_code}' -X POST "$serve_url/v1/genmove" -d '{}')
  [[ $code == 401 ]] || fail "no token: $code"
  # curl -X POST sends no body and no Content-Length: a 405 (before the token) and a 400 at once, not after the
  # 5 s read timeout.
  out=$(curl -s -i -m 4 -X POST "$serve_url/metrics")
  [[ "$out" == "HTTP/1.1 405"* && "$out" == *"Allow: GET, HEAD"* ]] || fail "POST /metrics without a body: $out"
  out=$(curl -s -m 4 -H "Authorization: Bearer $SERVE_TEST_TOKEN" -X POST "$serve_url/v1/genmove")
  [[ "$out" == *'"detail":"the request has no body; send the game as JSON"'* ]] || fail "POST without a body: $out"
  code=$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $SERVE_TEST_TOKEN" -X POST \
    "$serve_url/v1/genmove" -d '{"size":9}')
  [[ $code == 200 ]] || fail "with the token: $code"
  # POST /v1/score with the game of an SGF record that ends with two passes: a lone white stone dead in Black's area.
  body='{"sgf":"(;GM[1]FF[4]SZ[5]KM[0.5]AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de][ae];B[];W[])"}'
  out=$(curl -s -H "Authorization: Bearer $SERVE_TEST_TOKEN" -X POST "$serve_url/v1/score" -d "$body")
  row='[1.0,1.0,1.0,-1.0,-1.0]'
  expected='{"result":"B+4.5","dead":["A1"],"seki":[],"ownership":["BBBWW","BBBWW","BBBWW","BBBWW","BBBWW"],'
  expected+='"ownership_values":['"$row,$row,$row,$row,$row"'],"final":true}'
  [[ "$out" == "$expected" ]] || fail "score: $out"
  # A game in play: the built-in engine's estimate, final false, each point's ownership value.
  out=$(curl -s -H "Authorization: Bearer $SERVE_TEST_TOKEN" -X POST "$serve_url/v1/score" \
    -d '{"size":9,"moves":[["B","E5"]]}')
  [[ "$out" == *'"final":false}' && "$out" == *'"ownership_values":[['* && "$out" != *'B+73.5'* ]] ||
    fail "score in play: $out"

  printf '(;GM[1]FF[4]SZ[9];B[ee];W[dd])' >"$tmp/game.sgf"
  out=$(env -u TENGEN_TOKEN "$tengen" genmove --sgf "$tmp/game.sgf" --engine "tengen:$serve_url" 2>&1)
  rc=$?
  [[ $rc -eq 4 ]] || fail "genmove via tengen: without a token exited $rc: $out"
  [[ "$out" == *"refused the token"* ]] || fail "genmove without a token: $out"

  export TENGEN_TOKEN=$SERVE_TEST_TOKEN
  out=$("$tengen" genmove --sgf "$tmp/game.sgf" --engine "tengen:$serve_url" --json 2>"$tmp/genmove.err")
  rc=$?
  [[ $rc -eq 0 ]] || fail "genmove via tengen: exited $rc: $(cat "$tmp/genmove.err")"
  [[ "$out" =~ \"move\":\"[A-J][1-9]\" ]] || fail "genmove via tengen: $out"
  [[ "$out" == *'"color":"B"'* ]] || fail "genmove via tengen: colour: $out"

  out=$(printf 'boardsize 9\nplay B E5\ngenmove W\nquit\n' | "$tengen" gtp --engine "tengen:$serve_url" 2>&1)
  [[ "$out" =~ =\ [A-J][1-9] ]] || fail "gtp via tengen: $out"

  out=$("$tengen" match --black "tengen:$serve_url" --white random --games 2 --size 9 --seed 3 2>"$tmp/match.err")
  rc=$?
  last=$(printf '%s\n' "$out" | tail -n 1)
  [[ $rc -eq 0 ]] || fail "match via tengen: exited $rc: $(tail -n 3 "$tmp/match.err")"
  [[ "$last" == games=2\ *failed=0\ * ]] || fail "match via tengen: $last"

  # The token is in no output and no log.
  if grep -rq "$SERVE_TEST_TOKEN" "$tmp"/*.out "$tmp"/*.err "$tmp"/errors.jsonl 2>/dev/null; then
    fail "the token was printed or logged"
  fi
  kill -TERM "$serve_pid"
  wait "$serve_pid" || fail "remote: exit status $? after SIGTERM"
  unset TENGEN_TOKEN
fi

# --- A remote server whose model never answers legally: the local side fails naming the remote record. ---
start_model '{"content": "E5"}'
if start_serve failing --engine "openai:$model_url" --no-image --max-retries 1 --error-log "$tmp/remote-errors.jsonl"; then
  printf '(;GM[1]FF[4]SZ[9];B[ee])' >"$tmp/taken.sgf"
  out=$("$tengen" genmove --sgf "$tmp/taken.sgf" --engine "tengen:$serve_url" --error-log "$tmp/local-errors.jsonl" 2>&1)
  rc=$?
  [[ $rc -eq 3 ]] || fail "remote ai_failed: exit $rc (want 3): $out"
  [[ "$out" == *"found no legal move"* ]] || fail "remote ai_failed: $out"
  remote_id=$(tail -n 1 "$tmp/remote-errors.jsonl" | jq -r .id)
  [[ -n "$remote_id" && "$out" == *"$remote_id"* ]] || fail "remote ai_failed does not name $remote_id: $out"
  [[ $(tail -n 1 "$tmp/remote-errors.jsonl" | jq -r .source) == serve ]] || fail "remote record's source"
  [[ -s "$tmp/local-errors.jsonl" ]] || fail "no local error-log record"
  local_id=$(tail -n 1 "$tmp/local-errors.jsonl" | jq -r .id)
  [[ "$out" == *"$local_id"* ]] || fail "remote ai_failed does not name the local record $local_id: $out"
  kill -TERM "$serve_pid"
  wait "$serve_pid"
fi

if [[ $failures -gt 0 ]]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "serve_test: all passed"
