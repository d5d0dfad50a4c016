#!/usr/bin/env bash
# Local input is bounded: every command that reads an SGF file refuses, at once and with exit 2, anything but a
# regular file (a FIFO nobody writes to, /dev/zero, a directory), a file larger than the SGF size limit and one with
# more nodes, properties and values than the item limit, naming the file and the reason; GTP's loadsgf answers the
# same reasons and the session goes on, and so does a session sent a line longer than GTP's limit. A collection of
# thousands of real games still reads.
# Usage: local_input_test.sh PATH/TO/tengen PATH/TO/testdata/sgf
set -uo pipefail
tengen=$1
data=$2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

mkfifo fifo.sgf
mkdir folder.sgf
truncate -s 65M big.sgf  # sparse: no disk, and refused from its size before anything is read
# One more node than the 40,000,000 nodes, properties and values a file may hold (40 MB, well under 64 MiB).
{ printf '(;'; head -c 40000000 /dev/zero | tr '\0' ';'; printf ')'; } >many.sgf

declare -A why=(
  [fifo.sgf]="fifo.sgf: not a regular file (a FIFO)"
  [/dev/zero]="/dev/zero: not a regular file (a character device)"
  [folder.sgf]="folder.sgf: is a directory"
  [big.sgf]="big.sgf: larger than 64 MiB (the SGF size limit)"
  [many.sgf]="many.sgf: line 1, column 40000003: more than 40000000 nodes, properties and values"
)

# expect_refused NAME FILE COMMAND...: the command ends within 20 s with exit 2 and says why[FILE] on stderr.
expect_refused() {
  local name=$1 file=$2
  shift 2
  local err code
  err=$(timeout 20 "$@" 2>&1 >/dev/null </dev/null)
  code=$?
  if [[ $code -eq 124 ]]; then
    fail "$name: still running after 20 s"
    return
  fi
  [[ $code -eq 2 ]] || fail "$name: exit $code, expected 2 ($err)"
  [[ "$err" == *"${why[$file]}"* ]] || fail "$name: stderr '$err' does not say '${why[$file]}'"
}

for file in fifo.sgf /dev/zero folder.sgf big.sgf many.sgf; do
  expect_refused "check $file" "$file" "$tengen" check "$file"
done
for file in fifo.sgf /dev/zero big.sgf; do
  expect_refused "score $file" "$file" "$tengen" score "$file"
  expect_refused "genmove --sgf $file" "$file" "$tengen" genmove --sgf "$file" --engine random
  expect_refused "play --resume $file" "$file" "$tengen" play --resume "$file"
  expect_refused "eval --sgf $file" "$file" "$tengen" eval --engine random --sgf "$file"
  expect_refused "dataset sft --sgf $file" "$file" "$tengen" dataset sft --sgf "$file" --out "$work/out.jsonl"
done

# The other files of a check are still checked; 2 is the exit code.
out=$(timeout 20 "$tengen" check fifo.sgf "$data/pass.sgf" 2>/dev/null)
code=$?
[[ $code -eq 2 && "$out" == "$data/pass.sgf: ok 4 moves" ]] || fail "check fifo.sgf pass.sgf: exit $code, '$out'"

# GTP: loadsgf says why, and the session answers the next command.
printf 'loadsgf fifo.sgf\n2 loadsgf /dev/zero\nloadsgf big.sgf\nloadsgf folder.sgf\nname\n' >gtp.in
out=$(timeout 20 "$tengen" gtp <gtp.in 2>/dev/null)
code=$?
want="? cannot load fifo.sgf: not a regular file (a FIFO)

?2 cannot load /dev/zero: not a regular file (a character device)

? cannot load big.sgf: larger than 64 MiB (the SGF size limit)

? cannot load folder.sgf: is a directory

= tengen"
[[ $code -eq 0 && "$out" == "$want" ]] || fail "gtp loadsgf: exit $code, responses
$out"

# GTP: a line of 300 MB is answered "? line too long" with its id, skipped, and the session answers what follows.
out=$({
  printf '1 name\n7 play b '
  head -c 300000000 /dev/zero | tr '\0' x
  printf '\n3 list_stones black\nquit\n'
} | timeout 120 "$tengen" gtp 2>/dev/null)
code=$?
want="=1 tengen

?7 line too long

=3 

= "
[[ $code -eq 0 && "$out" == "$want" ]] || fail "gtp long line: exit $code, responses
$out"

# A kifu file of 5,000 games (each of the test records' variations, in turn) reads and replays whole.
for ((i = 0; i < 1000; i++)); do
  cat "$data/variations.sgf" "$data/pass.sgf" "$data/compressed.sgf" "$data/big25.sgf" "$data/ff3.sgf"
done >kifu.sgf
lines=$(timeout 60 "$tengen" check kifu.sgf | grep -c ': ok ')
[[ "$lines" -eq 5000 ]] || fail "kifu.sgf: $lines records ok, expected 5000"

if [[ $failures -gt 0 ]]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "local input: all refusals and the collection as expected"
