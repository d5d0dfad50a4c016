#!/usr/bin/env bash
# Runs the shipped nginx front (deploy/nginx/tengen.conf) over three `tengen serve` replicas on 127.0.0.1, all in
# a temporary directory (no root-owned paths; as root, nginx's workers run as nobody), and checks what
# docs/deploying.md promises:
#   1. the wrk load test of docs/benchmarks.md straight to one replica and through nginx (TLS, 3 replicas);
#   2. request-smuggling probes through nginx: a GET whose body is a whole second request, Content-Length with
#      Transfer-Encoding, "Content-Length : N", two Content-Lengths and more are each refused with one answer;
#   3. one replica killed (SIGKILL) in the middle of a load run: no request may fail;
#   4. overload (three one-worker replicas with no waiting line, more clients than workers): the clients get the
#      replicas' 503s, never a 502 of nginx's own. Without --quick, also the same with http_503 retried.
# Exits 0 when every check passes, 1 naming each one that failed, 77 when nginx or wrk is not installed.
#
# Usage: deploy/try-replicas.sh [--tengen PATH] [--load PATH] [--duration SECONDS] [--quick] [--keep]
#   --tengen    the tengen binary (default build/apps/cli/tengen)
#   --load      tengen_serve_load, which writes the request body (default: beside --tengen, build/bench/)
#   --duration  seconds of each wrk run (default 10)
#   --quick     3-second runs and no http_503 comparison, for the test suite (about 25 s in all)
#   --keep      keep the temporary directory (configurations, logs) and print where it is
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tengen=$root/build/apps/cli/tengen
load=
duration=10
quick=0
keep=0
while [[ $# -gt 0 ]]; do
  case $1 in
    --tengen) tengen=$2; shift 2 ;;
    --load) load=$2; shift 2 ;;
    --duration) duration=$2; shift 2 ;;
    --quick) duration=3; quick=1; shift ;;
    --keep) keep=1; shift ;;
    -h | --help) sed -n '2,18p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "try-replicas: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
[[ -n $load ]] || load=$(dirname "$tengen")/../../bench/tengen_serve_load
[[ $duration =~ ^[1-9][0-9]*$ ]] || { echo "try-replicas: --duration must be a whole number of seconds" >&2; exit 2; }

skip() {
  echo "try-replicas: skipped: $1 is not installed (apt-get install nginx wrk)"
  exit 77
}
nginx=$(command -v nginx || command -v /usr/sbin/nginx) || skip nginx  # /usr/sbin is not on every user's PATH
command -v wrk >/dev/null || skip wrk
for tool in openssl curl; do
  command -v "$tool" >/dev/null || { echo "try-replicas: $tool is needed (apt-get install $tool)" >&2; exit 1; }
done
for binary in "$tengen" "$load"; do
  [[ -x $binary ]] || { echo "try-replicas: $binary is not an executable; build it or pass its path" >&2; exit 1; }
done

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tengen-replicas.XXXXXX")
replica_pids=()
nginx_pids=()
wrk_pid=
cleanup() {
  [[ -n $wrk_pid ]] && kill "$wrk_pid" 2>/dev/null
  for pid in "${nginx_pids[@]}"; do kill -QUIT "$pid" 2>/dev/null; done
  for pid in "${replica_pids[@]}"; do kill -TERM "$pid" 2>/dev/null; done
  for pid in "${nginx_pids[@]}" "${replica_pids[@]}"; do wait "$pid" 2>/dev/null; done
  if [[ $keep -eq 1 ]]; then echo "try-replicas: kept $tmp"; else rm -rf "$tmp"; fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM

if [[ $(id -u) -eq 0 ]]; then
  # Root's nginx drops its workers to another user; they must reach the temporary paths under $tmp.
  user_line="user nobody $(id -gn nobody 2>/dev/null || echo nogroup);"
  chmod 755 "$tmp"
else
  user_line=
fi
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=localhost \
  -keyout "$tmp/key.pem" -out "$tmp/cert.pem" 2>/dev/null ||
  { echo "try-replicas: openssl could not make a certificate" >&2; exit 1; }

# Starts 3 replicas `tengen serve ARGS...`, each on a port the kernel picks (read from its start line); sets
# `started` to their ports and appends their pids to replica_pids.
start_replicas() {
  local name=$1
  shift
  started=()
  local i port
  for i in 1 2 3; do
    "$tengen" serve --listen 127.0.0.1:0 --seed "$i" --error-log "$tmp/$name-errors-$i.jsonl" "$@" \
      >"$tmp/$name-$i.out" 2>"$tmp/$name-$i.err" &
    replica_pids+=($!)
    port=
    for _ in $(seq 1 100); do
      port=$(sed -nE 's|^tengen serve: listening on http://127\.0\.0\.1:([0-9]+) .*|\1|p' "$tmp/$name-$i.out" \
        2>/dev/null)
      [[ -n $port ]] && break
      sleep 0.05
    done
    [[ -n $port ]] || { echo "try-replicas: replica $name-$i did not start: $(cat "$tmp/$name-$i.err")" >&2; exit 1; }
    started+=("$port")
  done
}

shipped=$root/deploy/nginx/tengen.conf
# Replaces the one occurrence of text $2 in file $1 by $3; the shipped file must have it exactly once, or this
# run would test something else than what is shipped.
substitute() {
  local file=$1 pattern=$2 replacement=$3
  local count
  count=$(grep -cF -- "$pattern" "$file")
  [[ $count -eq 1 ]] || { echo "try-replicas: '$pattern' occurs $count times in $shipped, not once" >&2; exit 1; }
  local escaped_pattern escaped_replacement
  escaped_pattern=$(printf '%s' "$pattern" | sed 's/[][\.*^$/|]/\\&/g')
  escaped_replacement=$(printf '%s' "$replacement" | sed 's/[\&/|]/\\&/g')
  sed -i "s|$escaped_pattern|$escaped_replacement|" "$file"
}

# Starts nginx NAME with the shipped configuration over the replica ports given, the throw-away certificate,
# and a free port of its own; appends its pid to nginx_pids and sets `front` to its https URL. A file
# $tmp/NAME.edit, when there is one, is a sed script applied to the configuration first (a variant to compare).
start_nginx() {
  local name=$1
  shift
  local dir=$tmp/$name
  mkdir -p "$dir/logs"
  cp "$shipped" "$dir/site.conf"
  local i=1 port
  for port in "$@"; do
    substitute "$dir/site.conf" "server 127.0.0.1:808$i " "server 127.0.0.1:$port "
    i=$((i + 1))
  done
  substitute "$dir/site.conf" "/etc/ssl/tengen/fullchain.pem" "$tmp/cert.pem"
  substitute "$dir/site.conf" "/etc/ssl/tengen/privkey.pem" "$tmp/key.pem"
  substitute "$dir/site.conf" "listen 443 ssl;" "listen 127.0.0.1:PORT ssl;"
  if [[ -f $tmp/$name.edit ]]; then
    cp "$dir/site.conf" "$dir/site.shipped"
    sed -i -f "$tmp/$name.edit" "$dir/site.conf"
    ! cmp -s "$dir/site.conf" "$dir/site.shipped" || { echo "try-replicas: $name.edit changed nothing" >&2; exit 1; }
  fi
  mv "$dir/site.conf" "$dir/site.template"
  cat >"$dir/nginx.conf" <<EOF
$user_line
worker_processes auto;
pid $dir/nginx.pid;
error_log $dir/logs/error.log notice;
events { worker_connections 1024; }
http {
  log_format upstreams '\$status \$request_method \$uri upstream=\$upstream_addr statuses=\$upstream_status';
  access_log $dir/logs/access.log upstreams buffer=256k flush=1s;
  client_body_temp_path $dir/body;
  proxy_temp_path $dir/proxy;
  fastcgi_temp_path $dir/fastcgi;
  uwsgi_temp_path $dir/uwsgi;
  scgi_temp_path $dir/scgi;
  include $dir/site.conf;
}
EOF
  # A free port: a few random ones are tried (nginx exits at once when the port is taken).
  local listen pid
  for _ in 1 2 3 4 5 6 7 8; do
    listen=$((20000 + RANDOM % 40000))
    sed "s|listen 127.0.0.1:PORT ssl;|listen 127.0.0.1:$listen ssl;|" "$dir/site.template" >"$dir/site.conf"
    "$nginx" -e "$dir/logs/error.log" -p "$dir" -c "$dir/nginx.conf" -g 'daemon off;' 2>>"$dir/logs/stderr" &
    pid=$!
    for _ in $(seq 1 100); do
      if curl -skf -o /dev/null "https://127.0.0.1:$listen/healthz"; then
        nginx_pids+=("$pid")
        front=https://127.0.0.1:$listen
        return 0
      fi
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.05
    done
    kill -QUIT "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  done
  echo "try-replicas: nginx did not start: $(cat "$dir/logs/error.log" "$dir/logs/stderr" 2>/dev/null)" >&2
  exit 1
}

start_replicas replica --engine random
ports=("${started[@]}")
start_nginx nginx "${ports[@]}"
through=$front
direct=http://127.0.0.1:${ports[0]}
echo "try-replicas: replicas on 127.0.0.1:${ports[*]}; nginx (deploy/nginx/tengen.conf) on $through; $(nproc) cores"

# --- what nginx answers itself, and moves through it ---
"$load" --size 19 --moves 120 --print-body 1 >"$tmp/body.json" || { echo "try-replicas: no request body" >&2; exit 1; }
reply=$(curl -sk -X POST "$through/v1/genmove" --data-binary @"$tmp/body.json" -w ' %{http_code}')
[[ $reply == *'"move":'*' 200' ]] || fail "a genmove through nginx: $reply"
reply=$(curl -sk -X POST "$through/v1/genmove" -H 'Transfer-Encoding: chunked' --data-binary @"$tmp/body.json" \
  -w ' %{http_code}')
[[ $reply == *'"move":'*' 200' ]] || fail "a genmove with a chunked body through nginx: $reply"
head -c $((1024 * 1024 + 1)) /dev/zero | tr '\0' ' ' >"$tmp/big.json"
reply=$(curl -sk -X POST "$through/v1/genmove" --data-binary @"$tmp/big.json" -w ' %{http_code}')
[[ $reply == '{"error":"payload_too_large",'*' 413' ]] || fail "a body of 1 MiB + 1 byte: $reply"

# --- 1. load: straight to one replica, then through nginx ---
# "RPS req/s, p50, p99, statuses, socket errors" of a wrk run, from its output file.
summarize() {
  local out=$1
  local rps p50 p99 statuses errors
  rps=$(sed -nE 's/^Requests\/sec: *([0-9.]+)/\1/p' "$out")
  p50=$(sed -nE 's/^ *50% *([0-9.]+[a-z]+)/\1/p' "$out")
  p99=$(sed -nE 's/^ *99% *([0-9.]+[a-z]+)/\1/p' "$out")
  statuses=$(sed -nE 's/^statuses: *(.*[^ ]) *$/\1/p' "$out")
  errors=$(sed -nE 's/^ *Socket errors: *(.*)/\1/p' "$out")
  printf '%s req/s, p50 %s, p99 %s, statuses %s, socket errors: %s\n' "${rps:-?}" "${p50:-?}" "${p99:-?}" \
    "${statuses:-none}" "${errors:-none}"
}
# Fails unless every answer of the run was a 200 and no connection failed.
all_200() {
  local out=$1 name=$2
  grep -qE '^statuses: 200:[0-9]+ *$' "$out" || fail "$name: answers other than 200: $(grep '^statuses' "$out")"
  if grep -q 'Socket errors' "$out"; then fail "$name: $(grep 'Socket errors' "$out" | sed 's/^ *//')"; fi
  if grep -q 'Non-2xx' "$out"; then fail "$name: $(grep 'Non-2xx' "$out" | sed 's/^ *//')"; fi
}
# wrk's own timeout is 2 s; on a machine this busy a slow answer is not a failed one.
wrk_args=(-t2 -c64 -d"${duration}s" --timeout 10s --latency -s "$root/bench/serve_genmove.lua")
run_wrk() { TENGEN_BODY=$tmp/body.json wrk "${wrk_args[@]}" "$1" >"$2" 2>&1; }

echo "try-replicas: wrk ${wrk_args[*]/$root\//} (19x19, 120 moves, random)"
# The replica alone first: after a run through nginx, nginx's idle kept connections would hold some of that
# replica's connection threads for a few seconds.
run_wrk "$direct" "$tmp/wrk-direct.txt"
echo "  straight to one replica:   $(summarize "$tmp/wrk-direct.txt")"
all_200 "$tmp/wrk-direct.txt" "load on one replica"
run_wrk "$through" "$tmp/wrk-nginx.txt"
echo "  through nginx, 3 replicas: $(summarize "$tmp/wrk-nginx.txt")"
all_200 "$tmp/wrk-nginx.txt" "load through nginx"

# --- 2. request smuggling, through nginx ---
# Sends the bytes of file $1 on one TLS connection to nginx and prints all that comes back until nginx closes it
# (openssl's -quiet keeps reading after the request is sent).
raw() {
  timeout 10 openssl s_client -quiet -connect "${through#https://}" -servername localhost <"$1" 2>/dev/null
}
# Answers follow one another's bodies with no line break between, so a status line is looked for anywhere.
statuses_of() { grep -aoE 'HTTP/1\.[01] [0-9]{3}' | cut -d' ' -f2 | tr '\n' ' ' | sed 's/ $//'; }
crlf() { printf '%s\r\n' "$@"; }

echo "try-replicas: request smuggling through nginx"
inner=$'GET /nowhere HTTP/1.1\r\nHost: localhost\r\n\r\n'
# A GET whose body (Content-Length) is a whole request, then a plain request closing the connection: the GET is
# refused (tengen.conf lets only POST carry a body) and the second answered, "400 200". A 404 would be the body
# read as a request somewhere. Repeated, and followed by plain requests that must each get their own answer.
{
  crlf "GET /healthz HTTP/1.1" "Host: localhost" "Content-Length: ${#inner}" ""
  printf '%s' "$inner"
  crlf "GET /healthz HTTP/1.1" "Host: localhost" "Connection: close" ""
} >"$tmp/smuggle-get.txt"
for round in 1 2 3 4 5 6; do
  got=$(raw "$tmp/smuggle-get.txt" | statuses_of)
  [[ $got == "400 200" ]] || fail "GET with a request as its body (round $round): answers '$got', not '400 200'"
done
echo "  GET with a whole request as its body: 400 200 (refused, then the next request answered), 6 times"
for _ in $(seq 1 20); do
  got=$(curl -sk "$through/healthz")
  [[ $got == '{"status":"ok"}' ]] || { fail "a /healthz after the smuggling probes answered: $got"; break; }
done
# The same bytes straight to a replica: tengen serve reads a GET's body by its Content-Length, so the hidden
# request is part of the body, not a request of its own: two answers, both for /healthz.
got=$( (exec 3<>"/dev/tcp/127.0.0.1/${ports[0]}" && cat "$tmp/smuggle-get.txt" >&3 && timeout 10 cat <&3) |
  statuses_of)
if [[ $got == "200 200" ]]; then
  echo "  straight to a replica: 200 200, the body not read as a request"
else
  fail "straight to a replica, a GET with a request as its body answers '$got', not '200 200'"
fi

# Each probe: the statuses given (one answer per request sent, none for what a smuggler hid in it) with a JSON
# error body, and the connection closed.
probe() {
  local name=$1 want=$2 request=$3
  "$request" >"$tmp/probe.txt"
  local answer got
  answer=$(raw "$tmp/probe.txt")
  got=$(statuses_of <<<"$answer")
  if [[ $got != "$want" ]]; then
    fail "$name: answers '$got', not '$want'"
  elif [[ $answer != *'{"error":"'* ]]; then
    fail "$name: the $got has no JSON error body: $answer"
  else
    echo "  $name: $got"
  fi
}
body='{"size":9}' # 10 bytes, "a" in hex
post() { crlf "POST /v1/genmove HTTP/1.1" "Host: localhost" "$@" ""; }
smuggled() { crlf "GET /nowhere HTTP/1.1" "Host: localhost" ""; }
length_and_chunked() { post "Content-Length: 4" "Transfer-Encoding: chunked"; crlf a "$body" 0 ""; smuggled; }
space_before_colon() { post "Content-Length : ${#body}"; printf %s "$body"; smuggled; }
two_lengths() { post "Content-Length: ${#body}" "Content-Length: 0"; printf %s "$body"; smuggled; }
signed_length() { post "Content-Length: +${#body}"; printf %s "$body"; smuggled; }
chunked_twice() { post "Transfer-Encoding: chunked, chunked"; crlf a "$body" 0 ""; smuggled; }
bad_chunk_size() { post "Transfer-Encoding: chunked"; crlf zz "$body" 0 ""; smuggled; }
folded_header() { post "X-A: 1" " Content-Length: ${#body}"; printf %s "$body"; smuggled; }
# Well formed, so nginx keeps the connection after its 400: a last request closes it.
get_chunked() {
  crlf "GET /healthz HTTP/1.1" "Host: localhost" "Transfer-Encoding: chunked" "" 2a
  smuggled
  crlf "" 0 "" "GET /healthz HTTP/1.1" "Host: localhost" "Connection: close" ""
}
probe "Content-Length and Transfer-Encoding: chunked" 400 length_and_chunked
probe "'Content-Length : N' (space before the colon)" 400 space_before_colon
probe "two different Content-Lengths" 400 two_lengths
probe "Content-Length: +10" 400 signed_length
probe "Transfer-Encoding: chunked, chunked" 501 chunked_twice
probe "a chunk size that is not hex" 400 bad_chunk_size
probe "a header folded onto the next line" 400 folded_header
probe "a GET with a chunked body, then a GET" "400 200" get_chunked

# --- 3. a replica killed in the middle of a load run ---
echo "try-replicas: SIGKILL to replica 2 (port ${ports[1]}) halfway through ${duration}s of load through nginx"
sleep 1.2 # the access log is written every second: what is in it now belongs to the runs before
before=$(wc -l <"$tmp/nginx/logs/access.log")
TENGEN_BODY=$tmp/body.json wrk "${wrk_args[@]}" "$through" >"$tmp/wrk-kill.txt" 2>&1 &
wrk_pid=$!
sleep "$(awk -v d="$duration" 'BEGIN { print d / 2 }')"
kill -KILL "${replica_pids[1]}"
wait "${replica_pids[1]}" 2>/dev/null # reaped here, so that the shell does not announce it
wait "$wrk_pid"
wrk_pid=
echo "  through nginx, one replica killed: $(summarize "$tmp/wrk-kill.txt")"
all_200 "$tmp/wrk-kill.txt" "load with a replica killed"
sleep 1.2
retried=$(tail -n +"$((before + 1))" "$tmp/nginx/logs/access.log" | grep -c "upstream=127\.0\.0\.1:${ports[1]}, ")
lost=$(grep -cE 'recv\(\) failed|connect\(\) failed|prematurely closed' "$tmp/nginx/logs/error.log")
echo "  nginx answered $retried requests from another replica after the killed one failed them ($lost failed" \
  "attempts in its error log), then left that replica out"
[[ $lost -gt 0 ]] || fail "nginx saw no failed attempt: was the replica killed while it had requests?"
got=$(curl -sk -X POST "$through/v1/genmove" --data-binary @"$tmp/body.json" -w ' %{http_code}')
[[ $got == *' 200' ]] || fail "a genmove after the kill: $got"

# --- 4. overload: more clients than the replicas have workers, and no waiting line ---
# Three one-worker replicas whose built-in engine takes a while per move, 12 clients. The shipped configuration
# passes the replicas' 503s (with Retry-After) on; retrying them on another replica (http_503) would count each as
# a failure toward max_fails and have nginx answer 502 itself while the replicas idle.
start_replicas busy --engine builtin:playouts=3000 --workers 1 --queue 0
busy_ports=("${started[@]}")
echo '{"size":19}' >"$tmp/empty19.json"
# Runs the overload through nginx NAME and sets `got` to the statuses the clients saw.
overload() {
  local name=$1
  start_nginx "$name" "${busy_ports[@]}"
  TENGEN_BODY=$tmp/empty19.json wrk -t2 -c12 -d"${duration}s" --timeout 10s -s "$root/bench/serve_genmove.lua" \
    "$front" >"$tmp/wrk-$name.txt" 2>&1
  kill -QUIT "${nginx_pids[-1]}"
  wait "${nginx_pids[-1]}" 2>/dev/null
  unset 'nginx_pids[-1]'
  got=$(sed -nE 's/^statuses: *(.*[^ ]) *$/\1/p' "$tmp/wrk-$name.txt")
}
echo "try-replicas: overload: 3 replicas of --engine builtin:playouts=3000 --workers 1 --queue 0, wrk -c12" \
  "-d${duration}s, an empty 19x19 board"
overload overload
echo "  through nginx as shipped: statuses $got"
# How many moves get through depends on how fast the machine searches while it also answers the 503 flood (wrk
# does not wait the Retry-After), so the check is that the 503s pass through, nginx adds no 502 of its own, and a
# client that honours Retry-After gets its move once the flood ends (the searches begun during the flood run to
# their end first, seconds on a slow or sanitizer build): the replicas were never marked failed.
[[ $got == *503:* ]] || fail "overload: the replicas' 503s did not reach the clients: $got"
[[ $got != *502:* ]] || fail "overload: nginx answered 502 itself: $got"
start_nginx after-overload "${busy_ports[@]}"
for _ in $(seq 1 120); do
  answer=$(curl -sk -X POST "$front/v1/genmove" --data-binary @"$tmp/empty19.json" -w ' %{http_code}')
  [[ $answer == *' 503' ]] || break
  sleep 1   # the replicas' Retry-After
done
[[ $answer == *' 200' ]] || fail "overload: a move after the flood was not answered: $answer"
kill -QUIT "${nginx_pids[-1]}"
wait "${nginx_pids[-1]}" 2>/dev/null
unset 'nginx_pids[-1]'
if [[ $quick -eq 0 ]]; then
  retries='proxy_next_upstream error timeout non_idempotent;'
  printf 's/%s/%s/\n' "$retries" "${retries/non_idempotent/http_503 non_idempotent}" >"$tmp/overload-retry-503.edit"
  overload overload-retry-503
  echo "  with http_503 retried:    statuses $got"
fi

if [[ $failures -gt 0 ]]; then
  echo "try-replicas: $failures check(s) failed (logs: run with --keep)"
  exit 1
fi
echo "try-replicas: every check passed"
