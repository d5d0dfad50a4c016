#!/usr/bin/env bash
# The model workbench's two speed figures (docs/benchmarks.md, "The model workbench: eval and dataset"):
#   1. tengen's own CPU per position of `tengen eval --jobs 16` against an instant fake model server, picture included
#      (target: under 5 ms);
#   2. the wall time of `tengen dataset sft` writing 10,000 examples with inline pictures (target: under 60 s).
#
#   bench/workbench/run.sh BUILD RECORDS [SGF_19x19]
#
# BUILD is a build directory (tengen and tengen-fake-model-server built in it). RECORDS/9x9 holds the 9x9 records
# the positions come from: 100 games of the built-in engine against itself at a fixed playout count, the same games
# on every run; they are made there when missing (about 45 s) and reused after. SGF_19x19, when given (a file or a
# directory of 19x19 records), adds the dataset figure for 10,000 19x19 positions drawn from it.
#
# Prints figures; it judges nothing but that the runs answered every position. Run it on an otherwise quiet machine:
# wall times count whatever else runs, CPU seconds much less so.
set -euo pipefail

if [[ $# -lt 2 || $# -gt 3 ]]; then
  echo "usage: $0 BUILD RECORDS [SGF_19x19]" >&2
  exit 2
fi
build=$1
records=$2
extra19=${3:-}
tengen=$build/apps/cli/tengen
fake=$build/apps/fake_model_server/tengen-fake-model-server
for binary in "$tengen" "$fake"; do
  if [[ ! -x $binary ]]; then
    echo "$0: $binary is missing: build tengen and fake_model_server (tengen-fake-model-server) in $build" >&2
    exit 2
  fi
done

readonly positions=10000
readonly games=100
readonly jobs=16
# Fixed playouts and one thread make the built-in engine's games depend on the seed alone.
readonly engine=builtin:playouts=200,threads=1
match=(match --black "$engine" --white "$engine" --games "$games" --size 9 --rules chinese --seed 1)

work=$(mktemp -d)
fake_pid=
cleanup() {
  if [[ -n $fake_pid ]]; then kill "$fake_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# The records, made once: the command that made them is kept beside them, so that another command makes them anew.
stamp=$records/9x9.command
if [[ ! -f $stamp || $(cat "$stamp") != "${match[*]}" ]]; then
  echo "making $games 9x9 records in $records/9x9 ..."
  rm -rf "$records/9x9" "$records/9x9.partial"
  mkdir -p "$records"
  if ! "$tengen" "${match[@]}" --sgf-dir "$records/9x9.partial" --error-log "$work/match-errors.jsonl" \
    >/dev/null 2>"$work/match.err"; then
    cat "$work/match.err" >&2
    exit 1
  fi
  mv "$records/9x9.partial" "$records/9x9"
  echo "${match[*]}" >"$stamp"
fi

# Runs a command with its output in $work/NAME.out and .err, and its wall, user and sys seconds (bash's own `time`,
# which reads the child's resource usage) in the globals wall, user and sys.
timed() {
  local name=$1
  shift
  local TIMEFORMAT='%R %U %S'
  local times
  if ! times=$({ time "$@" >"$work/$name.out" 2>"$work/$name.err"; } 2>&1); then
    echo "$0: $name failed:" >&2
    cat "$work/$name.err" >&2
    exit 1
  fi
  read -r wall user sys <<<"$times"
}

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before the runs"

# ---- eval against an instant fake server ----
echo '{"content": "pass"}' >"$work/script.jsonl"
"$fake" --script "$work/script.jsonl" --port-file "$work/port" >/dev/null &
fake_pid=$!
for _ in $(seq 50); do
  [[ -s $work/port ]] && break
  sleep 0.1
done
port=$(cat "$work/port")
timed eval "$tengen" eval --engine "openai:http://127.0.0.1:$port/v1" --model fake --sgf "$records/9x9" \
  --positions "$positions" --jobs "$jobs" --error-log "$work/eval-errors.jsonl"
kill "$fake_pid"
wait "$fake_pid" 2>/dev/null || true
fake_pid=
# "positions N from R records", "  attempts per move      1.00", "  failures               0 (...)"
asked=$(awk 'NR == 1 { print $2 }' "$work/eval.out")
attempts=$(awk '/attempts per move/ { print $4 }' "$work/eval.out")
failures=$(awk '$1 == "failures" { print $2 }' "$work/eval.out")
if [[ $failures != 0 ]]; then
  echo "$0: eval failed $failures positions; the figures would not measure the full path:" >&2
  cat "$work/eval.out" >&2
  exit 1
fi
echo
echo "tengen eval, 9x9, --jobs $jobs, instant fake server (target: under 5 ms of CPU per position)"
awk -v n="$asked" -v a="$attempts" -v wall="$wall" -v user="$user" -v sys="$sys" 'BEGIN {
  printf "  positions          %d (attempts per move %s)\n", n, a
  printf "  wall               %.2f s\n", wall
  printf "  CPU user + sys     %.2f s + %.2f s = %.2f s\n", user, sys, user + sys
  printf "  CPU per position   %.2f ms\n", 1000 * (user + sys) / n
  printf "  requests per s     %.0f\n", n * a / wall
}'

# ---- dataset sft, inline pictures ----
dataset() {
  local size=$1 sgf=$2
  timed dataset "$tengen" dataset sft --sgf "$sgf" --sizes "$size" --positions "$positions" --out "$work/sft.jsonl"
  local rows bytes
  rows=$(wc -l <"$work/sft.jsonl")
  bytes=$(stat -c %s "$work/sft.jsonl")
  echo
  echo "tengen dataset sft, ${size}x$size from $sgf, inline pictures (target: 10,000 examples within 60 s)"
  awk -v n="$rows" -v bytes="$bytes" -v wall="$wall" -v user="$user" -v sys="$sys" 'BEGIN {
    printf "  examples           %d\n", n
    printf "  wall               %.2f s\n", wall
    printf "  CPU user + sys     %.2f s (%.2f ms per example)\n", user + sys, 1000 * (user + sys) / n
    printf "  output             %.0f MB (%.1f kB per example)\n", bytes / 1e6, bytes / 1e3 / n
  }'
  rm -f "$work/sft.jsonl"
}
dataset 9 "$records/9x9"
if [[ -n $extra19 ]]; then dataset 19 "$extra19"; fi
