#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) in a tree of their own and runs each for a few seconds from
# the seed corpus. A crash fails the test and leaves the input in BUILD/artifacts/ to be added to
# tests/testdata/fuzz/TARGET/ as a regression case.
# Usage: fuzz_smoke.sh SOURCE_DIR BUILD_DIR SECONDS_PER_TARGET
set -euo pipefail
src=$1 build=$2 seconds=$3
compiler=$(command -v clang++-14 || command -v clang++ || true)
if [[ -z "$compiler" ]]; then
  echo "fuzz_smoke: clang++ not found; install clang-14 and libclang-rt-14-dev (the README's test command does)" >&2
  exit 1
fi
cmake -S "$src" -B "$build" -DCMAKE_CXX_COMPILER="$compiler" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTENGEN_FUZZ=ON \
  -DTENGEN_BUILD_TESTS=OFF -DTENGEN_BUILD_BENCH=OFF >"$build.configure.log" 2>&1 ||
  { cat "$build.configure.log"; exit 1; }
cmake --build "$build" -j"$(nproc)" --target fuzz_coordinates fuzz_sgf fuzz_gtp >"$build.build.log" 2>&1 ||
  { tail -n 50 "$build.build.log"; exit 1; }
mkdir -p "$build/artifacts"
status=0
for target in coordinates sgf gtp; do
  work=$(mktemp -d)
  cp "$src/fuzz/corpus/$target/"* "$work/"
  if "$build/fuzz/fuzz_$target" -max_total_time="$seconds" -seed=1 -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix="$build/artifacts/$target-" "$work" >"$build/$target.log" 2>&1; then
    echo "fuzz_$target: $(grep -E '^#[0-9]+.*DONE|Done [0-9]+ runs' "$build/$target.log" | tail -n 1)"
  else
    echo "fuzz_$target FAILED:"; tail -n 40 "$build/$target.log"; status=1
  fi
  rm -rf "$work"
done
exit $status
