#!/usr/bin/env bash
# What a newcomer meets first: the defaults, the help, a mistyped subcommand, the terminal board drawn once per turn
# with the last move marked, and a checkout that ignores the files `tengen play` writes into it.
# Usage: newcomer_test.sh PATH/TO/tengen SOURCE_DIR
set -uo pipefail
tengen=$1
source_dir=$2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

# A mistyped subcommand is named, the nearest one suggested, exit 2.
out=$("$tengen" pley 2>&1)
code=$?
[[ $code -eq 2 ]] || fail "tengen pley exited $code, not 2"
[[ "$out" == *"unknown subcommand 'pley'"* && "$out" == *"did you mean 'play'?"* ]] || fail "tengen pley: $out"
out=$("$tengen" frobnicate 2>&1)
[[ $? -eq 2 && "$out" == *"unknown subcommand 'frobnicate'"* && "$out" != *"did you mean"* ]] ||
  fail "tengen frobnicate: $out"

# Every engine option names all five kinds, and gtp, play and serve default to the built-in engine.
kinds=("builtin" "random" "gtp:COMMAND" "openai:BASE_URL" "tengen:URL")
for cmd in gtp genmove play serve match; do
  help=$("$tengen" "$cmd" --help 2>&1)
  for kind in "${kinds[@]}"; do
    [[ "$help" == *"$kind"* ]] || fail "$cmd --help does not name $kind"
  done
  # Help reads as a person wrote it: no CLI11 notation.
  for notation in "{false}" "Excludes:" "TEXT:{" "=tengen-game.sgf" "REQUIRED"; do
    [[ "$help" != *"$notation"* ]] || fail "$cmd --help shows '$notation'"
  done
done
[[ $("$tengen" gtp --help) == *"--engine ENGINE"*"(default: builtin)"* ]] || fail "gtp --engine does not default to builtin"
[[ $("$tengen" serve --help) == *"(default: builtin)"* ]] || fail "serve --engine does not default to builtin"
match_help=$("$tengen" match --help)
[[ "$match_help" == *"--games N"*"(default: 2)"* ]] || fail "match --games shows no default"
[[ "$match_help" == *"--size N"*"(default: 19)"* ]] || fail "match --size shows no default"
[[ $("$tengen" play --help) == *"--image, --no-image"* ]] || fail "play --help: --image, --no-image"

# The serve defaults docs/cli.md and docs/http-api.md state are the ones --help shows (the pages are read with
# their lines joined, as they wrap anywhere).
serve_help=$("$tengen" serve --help)
serve_default() { sed -nE "s/^ *$1 N .*\(default: ([0-9]+)\)$/\1/p" <<<"$serve_help"; }
workers=$(serve_default --workers)
queue=$(serve_default --queue)
connections=$(serve_default --connections)
[[ -n "$workers" && -n "$queue" && -n "$connections" ]] || fail "serve --help shows no default for a pool option"
cli_page=$(tr '\n' ' ' <"$source_dir/docs/cli.md" | tr -s ' ')
api_page=$(tr '\n' ' ' <"$source_dir/docs/http-api.md" | tr -s ' ')
[[ "$cli_page" == *"$workers workers (one move source each), $queue moves waiting before \`503\`, $connections requests handled at once"* ]] ||
  fail "docs/cli.md does not give serve's defaults as --help does: $workers workers, --queue $queue, --connections $connections"
[[ "$api_page" == *"\`--queue\` defaults to $queue,"* ]] ||
  fail "docs/http-api.md does not say --queue defaults to $queue"

# The default GTP engine is the built-in one: its first move on an empty 9x9 is no first-line move, as the random
# player's (J9 with seed 1) would be.
out=$(printf 'boardsize 9\nclear_board\ngenmove b\nquit\n' | "$tengen" gtp 2>/dev/null)
move=$(printf '%s\n' "$out" | grep -E '^= [A-J][0-9]' | head -1 | cut -c3-)
[[ -n "$move" ]] || fail "tengen gtp genmove gave no move: $out"
col=${move:0:1}
row=${move:1}
[[ "$col" != "A" && "$col" != "J" && "$row" != 1 && "$row" != 9 ]] || fail "default gtp engine opened $move"

# The terminal board: after the person's move one line, then the board once with the reply marked.
out=$(printf 'E5\nquit\n' | "$tengen" play --size 9 --opponent builtin:playouts=200 --no-sgf 2>&1)
[[ "$out" == *"Black E5. White is thinking..."* ]] || fail "play: no 'thinking' line: $out"
boards=$(printf '%s\n' "$out" | grep -c '^   A B C D E F G H J$')
[[ $boards -eq 4 ]] || fail "play drew $((boards / 2)) boards for one turn, not 2 (start and after the reply)"
reply=$(printf '%s\n' "$out" | sed -n 's/^White plays \([A-J][0-9]\)\.$/\1/p')
[[ -n "$reply" ]] || fail "play: no reply announced: $out"
[[ "$out" == *"(O)"* ]] || fail "play: the reply is not marked on the board: $out"
[[ "$out" == *"last W $reply"* ]] || fail "play: the status line does not name the reply $reply"

# The files `tengen play` writes into a checkout are ignored by git.
for written in tengen-game.sgf tengen-errors.jsonl; do
  grep -qx "/$written" "$source_dir/.gitignore" || fail ".gitignore does not ignore /$written"
done

[[ $failures -eq 0 ]] && echo "all newcomer checks passed"
exit $((failures > 0))
