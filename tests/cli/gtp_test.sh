#!/usr/bin/env bash
# `tengen gtp` end to end, as GUIs and bots run it: a session on stdin, every response on stdout checked.
# Usage: gtp_test.sh PATH/TO/tengen PATH/TO/fake_gtp_engine
set -uo pipefail
tengen=$1
fake_engine=$2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A failed genmove appends to ./tengen-errors.jsonl by default: keep it in the temporary directory.
cd "$tmp" || exit 1

# run_session NAME ENGINE-ARGS... : sends the lines of $tmp/NAME.in, splits the output into responses (one per GTP
# response, its final empty line removed) in the array `resp`, and the exit code in `code`.
run_session() {
  local name=$1
  shift
  local out
  out=$("$tengen" gtp "$@" <"$tmp/$name.in" 2>"$tmp/$name.err"; echo "rc=$?")
  code=${out##*rc=}
  out=${out%rc=*}
  if [[ -n "$out" && "$out" != *$'\n\n' ]]; then fail "$name: output does not end with an empty line"; fi
  # Responses hold no empty line, so every "\n\n" ends one.
  mapfile -t -d $'\x1e' resp < <(printf '%s' "${out//$'\n\n'/$'\x1e'}")
}

# expect_responses NAME PATTERN... : one anchored regular expression per response, in order.
expect_responses() {
  local name=$1
  shift
  local patterns=("$@")
  if [[ ${#resp[@]} -ne ${#patterns[@]} ]]; then
    fail "$name: ${#resp[@]} responses, expected ${#patterns[@]}"
  fi
  local i
  for ((i = 0; i < ${#patterns[@]}; i++)); do
    if ! [[ "${resp[i]-<none>}" =~ ^${patterns[i]}$ ]]; then
      fail "$name: response $((i + 1)) is '${resp[i]-<none>}', expected /${patterns[i]}/"
    fi
  done
}

vertex9='([A-HJ][1-9]|PASS)'

# --- A GoGui-style session against the random engine: every command kind and its errors. ---
cat >"$tmp/gogui.in" <<'EOF'
protocol_version
name
version
list_commands
gogui-analyze_commands
boardsize 9
clear_board
komi 6.5
play b E5
genmove w
list_stones white
play b E5
play b Z9
play b
frobnicate
# a comment line gets no response

7 name
is_legal b E5
tengen-legal_reason b E5
tengen-legal_reason w pass
list_stones black
showboard
undo
undo
undo
final_score
tengen-rules
tengen-rules japanese
final_score
fixed_handicap 2
list_stones black
time_settings 300 30 5
time_left black 290 0
final_status_list dead
quit
name
EOF
# Before two passes final_score is the built-in engine's estimate: on the empty board White's by komi or less.
estimate9='= (W\+[0-6]\.5|B\+[0-9]+\.5)'
run_session gogui --engine random --seed 7
[[ $code -eq 0 ]] || fail "gogui: exit code $code"
expect_responses gogui \
  '= 2' '= tengen' '= [0-9]+\.[0-9]+\.[0-9]+' '= [a-z](.|'$'\n'')*' \
  '= gfx/Ownership/tengen-ownership'$'\n''string/Estimate/tengen-estimate' \
  '= ' '= ' '= ' '= ' "= $vertex9" '= ([A-HJ][1-9])?' \
  '\? illegal move: occupied' '\? illegal move: out_of_bounds' '\? syntax error' '\? unknown command' \
  '=7 tengen' '= 0' '= occupied' '= ok' '= E5' \
  '= '$'\n''   A B C D E F G H J'$'\n'' 9 (.|'$'\n'')*'$'\n''   A B C D E F G H J' \
  '= ' '= ' '\? cannot undo' "$estimate9" '= chinese' '= ' "$estimate9" '= C3 G7' '= G7 C3' '= ' '= ' '= ' '= '
genmove=${resp[9]#= }
if [[ "$genmove" != PASS && "${resp[10]}" != "= $genmove" ]]; then
  fail "gogui: genmove answered $genmove but White's stones are '${resp[10]}'"
fi
for command in protocol_version name version known_command list_commands quit boardsize clear_board komi play \
  genmove undo showboard fixed_handicap place_free_handicap set_free_handicap final_score final_status_list \
  loadsgf printsgf time_settings time_left is_legal list_stones tengen-legal_reason tengen-rules lz-analyze \
  kata-analyze lz-genmove_analyze kata-genmove_analyze tengen-ownership tengen-estimate kgs-genmove_cleanup; do
  if [[ $'\n'"${resp[3]#= }"$'\n' != *$'\n'"$command"$'\n'* ]]; then fail "gogui: list_commands lacks $command"; fi
done
[[ ! -s "$tmp/gogui.err" ]] || fail "gogui: unexpected stderr: $(cat "$tmp/gogui.err")"

# --- A Sabaki-style session on 19x19 with upper-case colours: the AI's moves are legal and land on the board. ---
{
  printf '%s\n' name version protocol_version list_commands 'boardsize 19' clear_board 'komi 6.5'
  for v in Q16 D4 Q3 D16 C14 R10; do printf 'play B %s\ngenmove W\n' "$v"; done
  printf '%s\n' 'list_stones white' quit
} >"$tmp/sabaki.in"
run_session sabaki --engine random --seed 11
[[ $code -eq 0 ]] || fail "sabaki: exit code $code"
[[ ${#resp[@]} -eq 21 ]] || fail "sabaki: ${#resp[@]} responses, expected 21"
white=()
for i in 8 10 12 14 16 18; do
  if [[ "${resp[i]}" =~ ^=\ ([A-HJ-T]([1-9]|1[0-9]))$ ]]; then
    white+=("${BASH_REMATCH[1]}")
  elif [[ "${resp[i]}" != "= PASS" ]]; then
    fail "sabaki: genmove answered '${resp[i]}'"
  fi
done
# A random reply may already sit where Black plays next; then the play is refused and the session goes on.
for i in 7 9 11 13 15 17; do
  [[ "${resp[i]}" == "= " || "${resp[i]}" == "? illegal move: occupied" ]] || fail "sabaki: play answered '${resp[i]}'"
done
for v in "${white[@]}"; do
  [[ " ${resp[19]#= } " == *" $v "* ]] || fail "sabaki: White's $v is not among '${resp[19]}'"
done
[[ "${resp[20]}" == "= " ]] || fail "sabaki: quit answered '${resp[20]}'"

# The same seed gives the same moves.
first=("${resp[@]}")
run_session sabaki --engine random --seed 11
[[ "${first[*]}" == "${resp[*]}" ]] || fail "sabaki: the same seed gave different answers"

# --- gtp2ogs style: full colour names, time, handicap set by the controller, then SGF out and back in. ---
cat >"$tmp/ogs.in" <<EOF
boardsize 13
clear_board
komi 0.5
time_settings 600 30 1
set_free_handicap D4 K10
play white K4
time_left black 590 0
genmove black
printsgf $tmp/ogs.sgf
loadsgf $tmp/ogs.sgf 2
list_stones black
list_stones white
loadsgf $tmp/ogs.sgf
quit
EOF
run_session ogs --engine random --seed 5
[[ $code -eq 0 ]] || fail "ogs: exit code $code"
expect_responses ogs '= ' '= ' '= ' '= ' '= ' '= ' '= ' '= ([A-HJ-N]([1-9]|1[0-3])|PASS)' '= ' '= black' '= K10 D4' \
  '= K4' '= white' '= '
grep -q '^(;' "$tmp/ogs.sgf" || fail "ogs: printsgf wrote no SGF: $(head -c 200 "$tmp/ogs.sgf")"
[[ $(find "$tmp" -name 'ogs.sgf.*' | wc -l) -eq 0 ]] || fail "ogs: printsgf left a temporary file"

# --- A failing AI: `? ai failed: ...` naming the attempts, the game unchanged, the session going on. ---
cat >"$tmp/fake_engine.sh" <<'EOF'
#!/usr/bin/env bash
# A GTP engine that always answers A1 (mode occupied) or dies when asked for a move (mode die).
mode=$1
while IFS= read -r line; do
  line=${line%$'\r'}
  id="" cmd=$line
  if [[ $line =~ ^([0-9]+)\ (.*)$ ]]; then id=${BASH_REMATCH[1]} cmd=${BASH_REMATCH[2]}; fi
  case $cmd in
    protocol_version) printf '=%s 2\n\n' "$id" ;;
    name) printf '=%s fake\n\n' "$id" ;;
    genmove*) [[ $mode == die ]] && exit 1; printf '=%s A1\n\n' "$id" ;;
    quit) printf '=%s \n\n' "$id"; exit 0 ;;
    *) printf '=%s \n\n' "$id" ;;
  esac
done
EOF
chmod +x "$tmp/fake_engine.sh"
printf '%s\n' 'boardsize 9' 'play b A1' '3 genmove w' 'list_stones white' name quit >"$tmp/fail.in"
run_session fail --engine "gtp:$tmp/fake_engine.sh occupied" --max-retries 2 --timeout 10
[[ $code -eq 0 ]] || fail "fail: exit code $code"
expect_responses fail '= ' '= ' '\?3 ai failed: [^'$'\n'']*A1[^'$'\n'']*stone already there[^'$'\n'']*already rejected this turn[^'$'\n'']*' '= ' \
  '= tengen' '= '

run_session fail --engine "gtp:$tmp/fake_engine.sh die" --timeout 10
[[ $code -eq 0 ]] || fail "die: exit code $code"
expect_responses die '= ' '= ' '\?3 ai failed: .*' '= ' '= tengen' '= '

# --- Garbage: random-looking bytes, NULs, megabyte lines; every line answered or ignored, never a crash. A line of
# 1 MiB (the most a line may hold) is read; one byte more and it is refused as too long, the session going on. ---
{
  printf 'name\n'
  printf '\x00\x01\x02garbage\xff\xfe\n'
  printf 'pl\x00ay b E5\n'
  head -c 1048576 /dev/zero | tr '\0' 'x'
  printf '\n'
  printf 'play b %s\n' "$(head -c 1048569 /dev/zero | tr '\0' 'y')"
  printf '5 play b %s\n' "$(head -c 1048570 /dev/zero | tr '\0' 'y')"
  printf '\t\t# only a comment\n'
  printf 'list_stones black\n'
  printf 'version'  # the end of input without a newline
} >"$tmp/garbage.in"
run_session garbage --engine random
[[ $code -eq 0 ]] || fail "garbage: exit code $code (the end of input must exit 0)"
expect_responses garbage '= tengen' '\? unknown command' '= ' '\? unknown command' '\? syntax error' \
  '\?5 line too long' '= E5' '= [0-9.]+'

# --- Usage errors exit 2 and say what is wrong, before reading any input. ---
out=$("$tengen" gtp --size 30 </dev/null 2>&1)
[[ $? -eq 2 && "$out" == *"--size 30"* ]] || fail "--size 30: '$out'"
out=$("$tengen" gtp --rules nonsense </dev/null 2>&1)
[[ $? -eq 2 && "$out" == *"--rules nonsense"* ]] || fail "--rules nonsense: '$out'"
out=$("$tengen" gtp --engine bogus </dev/null 2>&1)
[[ $? -eq 2 && "$out" == *"bogus"* ]] || fail "--engine bogus: '$out'"
out=$("$tengen" gtp --max-retries -1 </dev/null 2>&1)
[[ $? -eq 2 ]] || fail "--max-retries -1: '$out'"
out=$("$tengen" gtp --timeout 0 </dev/null 2>&1)
[[ $? -eq 2 ]] || fail "--timeout 0: '$out'"
# An engine that cannot be started is the engine's failure, not a usage error (exit 4, docs/cli.md).
out=$("$tengen" gtp --engine "gtp:$tmp/no-such-engine" </dev/null 2>&1)
[[ $? -eq 4 && "$out" == *"no-such-engine"* ]] || fail "unstartable engine: '$out'"

# Options reach the game: size, komi and rules.
printf '%s\n' showboard final_score tengen-rules >"$tmp/opts.in"
run_session opts --size 5 --komi 2.5 --rules tromp-taylor
# (The empty board's final_score is the estimate: the side to move's advantage on 5x5 is large.)
expect_responses opts '= '$'\n''   A B C D E'$'\n''(.|'$'\n'')*' '= [BW]\+[0-9]+\.5' '= tromp-taylor'

# --- Scoring as GoGui's Score and gogui-twogtp ask for it: the walls with a lone stone in each territory. ---
{
  echo 'boardsize 9'
  echo 'clear_board'
  echo 'komi 7'
  for row in 1 2 3 4 5 6 7 8 9; do echo "play b D$row"; done
  for row in 1 2 3 4 5 6 7 8 9; do echo "play w E$row"; done
  echo 'play w B5'
  echo 'play b H5'
  echo 'play b pass'
  echo 'play w pass'
  echo 'final_status_list dead'
  echo 'final_score'
  echo 'final_status_list seki'
  echo 'final_status_list alive'
  echo 'final_status_list'
  echo 'tengen-rules tromp-taylor'
  echo 'final_status_list dead'
  echo 'final_score'
} >"$tmp/score.in"
run_session score
expected=()
for ((i = 0; i < 25; i++)); do expected+=('= '); done
# As GNU Go's --score aftermath: B5 and H5 dead, White by 16 with komi 7; tromp-taylor removes nothing.
expected+=('= B5'$'\n''H5' '= W\+16' '= ' '= D9 D8 D7 D6 D5 D4 D3 D2 D1'$'\n''E9 E8 E7 E6 E5 E4 E3 E2 E1' \
  '\? syntax error' '= ' '= ' '= W\+7')
expect_responses score "${expected[@]}"

# --- A disputed game under Japanese rules, as kgsGtp plays it out: tengen (Black) has a dead White stone at B8 in its
# area. genmove passes, since a count would take the stone off; kgs-genmove_cleanup captures it first. ---
{
  printf '%s\n' 'boardsize 9' 'clear_board' 'komi 6.5' 'known_command kgs-genmove_cleanup'
  for row in 9 8 7 6 5 4 3 2 1; do printf 'play b D%s\nplay w F%s\n' "$row" "$row"; done
  printf '%s\n' 'play w B8' 'play w pass' 'genmove b' 'final_status_list dead'
  # The opponent disputed B8: the game goes on with White passing, until tengen passes too.
  for ((i = 0; i < 6; i++)); do printf '%s\n' 'play w pass' 'kgs-genmove_cleanup b'; done
  printf '%s\n' 'list_stones white' 'final_status_list dead' quit
} >"$tmp/kgs.in"
run_session kgs --rules japanese --engine builtin:playouts=500
[[ $code -eq 0 ]] || fail "kgs: exit code $code"
expected=('= ' '= ' '= ' '= true')
for ((i = 0; i < 20; i++)); do expected+=('= '); done
expected+=('= PASS' '= B8')
for ((i = 0; i < 6; i++)); do expected+=('= ' '= ([A-HJ][1-9]|PASS)'); done
expected+=('= F9 F8 F7 F6 F5 F4 F3 F2 F1' '= ' '= ')
expect_responses kgs "${expected[@]}"
cleanup=()
for ((i = 27; i < 38; i += 2)); do cleanup+=("${resp[i]#= }"); done
# Before its first pass every move is on a liberty of B8; the stone is gone by then.
for move in "${cleanup[@]}"; do
  [[ $move == PASS ]] && break
  [[ " A8 C8 B9 B7 " == *" $move "* ]] || fail "kgs: cleanup played $move, not a liberty of B8 (${cleanup[*]})"
done
[[ ${cleanup[0]} != PASS ]] || fail "kgs: the first cleanup move passed with B8 on the board"
[[ ${cleanup[5]} == PASS ]] || fail "kgs: still playing after six cleanup moves (${cleanup[*]})"
[[ ! -s "$tmp/kgs.err" ]] || fail "kgs: unexpected stderr: $(cat "$tmp/kgs.err")"

# The same command to another GTP engine: its own kgs-genmove_cleanup when it lists one, else genmove.
printf '%s\n' 'boardsize 9' 'play b E5' 'kgs-genmove_cleanup w' 'genmove w' quit >"$tmp/forward.in"
run_session forward --engine "gtp:$fake_engine --kgs-cleanup --genmove C3,G7 --log $tmp/lists.log" --timeout 10
expect_responses forward '= ' '= ' '= C3' '= G7' '= '
grep -qx 'kgs-genmove_cleanup w' "$tmp/lists.log" || fail "forward: the engine listing it was not asked kgs-genmove_cleanup"
[[ $(grep -cx 'genmove w' "$tmp/lists.log") -eq 1 ]] || fail "forward: genmove w: $(cat "$tmp/lists.log")"
run_session forward --engine "gtp:$fake_engine --genmove C3,G7 --log $tmp/plain.log" --timeout 10
expect_responses forward '= ' '= ' '= C3' '= G7' '= '
grep -q 'kgs-genmove_cleanup' "$tmp/plain.log" && fail "forward: an engine not listing it got kgs-genmove_cleanup"
[[ $(grep -cx 'genmove w' "$tmp/plain.log") -eq 2 ]] || fail "forward: genmove w: $(cat "$tmp/plain.log")"

# --- --override-version: `version` answers V, nothing else changes; an empty V is refused before anything is read. ---
printf '%s\n' version name quit >"$tmp/override.in"
run_session override --override-version 0.17
expect_responses override '= 0.17' '= tengen' '= '
run_session override
expect_responses override '= 0\.[0-9.]+' '= tengen' '= '
[[ "${resp[0]}" != '= 0.17' ]] || fail "override: the version is overridden without the option"
run_session override --override-version ''
[[ $code -eq 2 && ${#resp[@]} -eq 0 ]] || fail "override: an empty version: exit $code, responses '${resp[*]}'"
grep -q -- '--override-version' "$tmp/override.err" || fail "override: stderr does not name the option"

# --- The GNU Go commands Kigo sends, against GNU Go itself on the same finished game under Japanese rules (GNU Go's
# rules): the territory lists, estimate_score, captures and move_history answer word for word as GNU Go's. ---
gnugo=/usr/games/gnugo
if [[ -x $gnugo ]]; then
  {
    printf '%s\n' 'boardsize 5' 'komi 0.5' 'play b C1' 'play b C2' 'play b C3' 'play b C4' 'play b C5' 'play w D1'
    printf '%s\n' 'play w D2' 'play w D3' 'play w D4' 'play w D5' 'play w A1' 'play b pass' 'play w pass'
    printf '%s\n' 'final_status_list dead' 'final_status_list black_territory' 'final_status_list white_territory'
    printf '%s\n' 'estimate_score' 'final_score' 'play b B1' 'play b A2' 'captures black' 'captures white'
    printf '%s\n' 'final_status_list black_territory' 'estimate_score' 'move_history' 'level 1' 'query_boardsize'
    printf '%s\n' 'get_handicap' 'known_command top_moves_black' 'quit'
  } >"$tmp/kigo.in"
  gnugo_out=$("$gnugo" --mode gtp --quiet <"$tmp/kigo.in" 2>&1)
  run_session kigo --rules japanese
  tengen_out=$(printf '%s\n\n' "${resp[@]}")
  [[ "$tengen_out" == "$gnugo_out" ]] ||
    fail "kigo: tengen and GNU Go differ: $(diff <(echo "$tengen_out") <(echo "$gnugo_out"))"
  expect_responses kigo '= ' '= ' '= ' '= ' '= ' '= ' '= ' '= ' '= ' '= ' '= ' '= ' '= ' '= ' '= ' '= A1' \
    '= A5 B5 A4 B4 A3 B3 A2 B2 B1' '= E5 E4 E3 E2 E1' '= B\+5\.5 \(upper bound: -5\.5, lower: -5\.5\)' '= B\+5\.5' \
    '= ' '= ' '= 1' '= 0' '= A5 B5 A4 B4 A3 B3 B2 A1' '= B\+3\.5 \(upper bound: -3\.5, lower: -3\.5\)' \
    '= black A2'$'\n''black B1'$'\n''white PASS(.|'$'\n'')*black C1' '= ' '= 5' '= 0' '= true' '= '
else
  echo "kigo: $gnugo is not installed; the comparison with GNU Go is skipped"
fi

# --- GoGui's interrupt: a genmove given an hour answers at once after a `# interrupt` line, with the best move its
# search has found, and the session goes on. ---
printf '%s\n' 'list_commands' 'boardsize 19' '1 genmove b' '# interrupt' '2 name' 'quit' >"$tmp/interrupt.in"
out=$(timeout 120 "$tengen" gtp --engine builtin:time=3600 <"$tmp/interrupt.in" 2>"$tmp/interrupt.err")
rc=$?
[[ $rc -eq 0 ]] || fail "interrupt: exit $rc (124: the genmove was not interrupted): $(cat "$tmp/interrupt.err")"
grep -qx 'gogui-interrupt' <<<"$out" || fail "interrupt: list_commands does not list gogui-interrupt"
grep -Eqx '=1 [A-HJ-T]([1-9]|1[0-9])' <<<"$out" || fail "interrupt: genmove answered: $out"
grep -qx '=2 tengen' <<<"$out" || fail "interrupt: the command after the interrupt: $out"

if ((failures)); then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all gtp checks passed"

# --- The clock reaches the built-in engine (appended: failures here exit on their own). ---
# Byo-yomi of one second per stone, from time_settings alone and then from time_left: each move must keep to it,
# though the spec allows ten seconds a move.
clock_failures=0
printf '%s\n' 'boardsize 9' 'time_settings 0 1 1' 'genmove b' 'time_left w 1 1' 'genmove w' >"$tmp/clock.in"
start=$(date +%s.%N)
run_session clock --engine builtin:time=10
elapsed=$(echo "$(date +%s.%N) - $start" | bc)
before=$failures
expect_responses clock '= ' '= ' '= [A-HJ][1-9]' '= ' '= [A-HJ][1-9]'
if (($(echo "$elapsed > 9" | bc))); then
  echo "FAIL: clock: two moves in byo-yomi of one second took $elapsed s"
  clock_failures=1
fi
# time_settings 0 0 0 means no time limit (the spec's playouts decide).
printf '%s\n' 'boardsize 9' 'time_settings 0 0 0' 'genmove b' >"$tmp/untimed.in"
run_session untimed --engine builtin:playouts=2000
expect_responses untimed '= ' '= ' '= [A-HJ][1-9]'
((failures > before)) && clock_failures=1
if ((clock_failures)); then exit 1; fi
echo "clock checks passed"
