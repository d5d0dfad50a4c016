#!/bin/sh
# Plays the built-in engine against itself at a fixed budget and keeps every game as SGF, for the network's
# judgment heads to learn from (docs/engine.md, "The judgment heads").
#
#   tools/selfplay/selfplay.sh TENGEN OUT SIZE GAMES [PLAYOUTS] [JOBS]
#
# TENGEN is the tengen binary; games go to OUT/SIZExSIZE/chunk-NNNN/ in chunks of 50 (the last one may be smaller),
# each chunk played by one `tengen match` (Chinese rules, komi 7.5, colours alternating, PLAYOUTS playouts a move,
# default 2000; JOBS games at once, default 2) with the seed SIZE * 1000000 + the chunk's first game, so the same
# arguments always play the same games. A chunk is played into chunk-NNNN.partial and renamed when its match has
# finished, so a run that is stopped leaves only whole chunks, and a second run with the same arguments skips them
# and goes on: GAMES is the total wanted, not the number to add.
set -eu

if [ $# -lt 4 ]; then
  echo "usage: selfplay.sh TENGEN OUT SIZE GAMES [PLAYOUTS] [JOBS]" >&2
  exit 2
fi
tengen=$1 out=$2 size=$3 games=$4 playouts=${5:-2000} jobs=${6:-2}
for n in "$size" "$games" "$playouts" "$jobs"; do
  case $n in
    '' | *[!0-9]*) echo "selfplay.sh: '$n' is not a whole number" >&2; exit 2 ;;
  esac
done
chunk=50
dir="$out/${size}x$size"
mkdir -p "$dir"
first=0
while [ "$first" -lt "$games" ]; do
  name=$(printf 'chunk-%04d' $((first / chunk)))
  count=$chunk
  [ $((first + count)) -gt "$games" ] && count=$((games - first))
  if [ -d "$dir/$name" ] && [ "$(find "$dir/$name" -name '*.sgf' | wc -l)" -ge "$count" ]; then
    first=$((first + chunk))
    continue
  fi
  rm -rf "$dir/$name.partial" "$dir/$name"
  echo "selfplay: ${size}x$size games $first..$((first + count - 1)) of $games into $dir/$name" >&2
  "$tengen" match --black "builtin:playouts=$playouts,threads=1" --white "builtin:playouts=$playouts,threads=1" \
    --games "$count" --size "$size" --rules chinese --komi 7.5 --seed $((size * 1000000 + first)) \
    --jobs "$jobs" --sgf-dir "$dir/$name.partial" --error-log "$dir/$name.partial/errors.jsonl" >"$dir/$name.log"
  mv "$dir/$name.partial" "$dir/$name"
  first=$((first + chunk))
done
echo "selfplay: $games ${size}x$size games in $dir" >&2
