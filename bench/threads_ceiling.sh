#!/usr/bin/env bash
# One thread, two threads on one tree, and two one-thread searches side by side as separate processes (the
# machine's own ceiling for two threads), from the empty 9x9 and 19x19 boards: the real time of one genmove each.
#
#   bench/threads_ceiling.sh [BUILD_DIR] [ROUNDS]
#
# Prints a line a board and round: `19 one=MS two=MS side_by_side=MS,MS`; two threads scale as well as the machine
# lets them when one / two is near 2 * one / (the side-by-side pair's mean).
set -euo pipefail
build=${1:-build}
rounds=${2:-3}
bench="$build/bench/tengen_microbench_engine"
[[ -x "$bench" ]] || { echo "threads_ceiling.sh: $bench not found (build the tengen_microbench_engine target)" >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The real time in ms of one benchmark run by its full name.
timed() { "$bench" --benchmark_filter="^$1\$" 2>/dev/null | awk -v n="$1" '$1 == n { print $2 }'; }

for ((round = 1; round <= rounds; ++round)); do
  for size in 19 9; do
    playouts=$([[ $size == 19 ]] && echo 4000 || echo 20000)
    one=$(timed "engineThreads/$size/$playouts/1/real_time")
    two=$(timed "engineThreads/$size/$playouts/2/real_time")
    timed "engineThreads/$size/$playouts/1/real_time" > "$scratch/a" &
    timed "engineThreads/$size/$playouts/1/real_time" > "$scratch/b"
    wait
    echo "$size one=$one two=$two side_by_side=$(cat "$scratch/a"),$(cat "$scratch/b")"
  done
done
