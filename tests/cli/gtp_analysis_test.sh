#!/usr/bin/env bash
# `tengen gtp`'s analysis for GUIs end to end, as Sabaki, Lizzie and GoGui drive it: `tengen gtp` as a child
# process, commands written while it streams, every line read back and checked for its format. Nothing depends on
# the machine being fast: each line is waited for up to a minute, and only formats and orders are checked.
# Usage: gtp_analysis_test.sh PATH/TO/tengen
set -uo pipefail
tengen=$1
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

vertex='([A-HJ-T]([1-9]|1[0-9])|pass)'
integer='-?[0-9]+'
decimal='-?[0-9]+\.[0-9]+'
rate='(0\.[0-9]+|1\.0+)'

# check_update DIALECT LINE [POINTS]: one update, every candidate `info KEY VALUE ... pv VERTEX...` with the
# dialect's keys in order (lz: integers, winrate/prior/lcb in 0..10000; kata: decimals with a point, rates in
# 0..1), `order` counting from 0, `pv` last and starting with the move; with POINTS, `ownership` and that many
# values in -1..1 at the end.
check_update() {
  local dialect=$1 line=$2 points=${3-}
  local -a w keys
  read -r -a w <<<"$line"
  if [[ $dialect == lz ]]; then keys=(move visits winrate prior lcb order); else
    keys=(move visits winrate scoreMean scoreLead prior lcb order)
  fi
  local i=0 n=0 k value
  while ((i < ${#w[@]})); do
    [[ ${w[i]} == ownership ]] && break
    if [[ ${w[i]} != info ]]; then
      fail "$dialect: '${w[i]}' where an info was due: $line"
      return
    fi
    ((i++))
    local move=""
    for k in "${keys[@]}"; do
      value=${w[i + 1]-}
      if [[ ${w[i]-} != "$k" ]]; then
        fail "$dialect: key '${w[i]-}' where $k was due: $line"
        return
      fi
      case $k in
        move) [[ $value =~ ^$vertex$ ]] || fail "$dialect: move '$value'"; move=$value ;;
        visits) [[ $value =~ ^$integer$ ]] || fail "$dialect: visits '$value'" ;;
        order) [[ $value == "$n" ]] || fail "$dialect: order '$value' for candidate $n" ;;
        *)
          if [[ $dialect == lz ]]; then
            [[ $value =~ ^$integer$ && $value -ge 0 && $value -le 10000 ]] || fail "lz: $k '$value'"
          else
            [[ $value =~ ^$decimal$ ]] || fail "kata: $k '$value' has no decimal point"
            if [[ $k == winrate || $k == prior || $k == lcb ]]; then
              [[ $value =~ ^$rate$ ]] || fail "kata: $k '$value' not in 0..1"
            fi
          fi
          ;;
      esac
      i=$((i + 2))
    done
    if [[ ${w[i]-} != pv ]]; then
      fail "$dialect: no pv after order: $line"
      return
    fi
    ((i++))
    [[ ${w[i]-} == "$move" ]] || fail "$dialect: the pv starts with '${w[i]-}', not $move"
    while ((i < ${#w[@]})) && [[ ${w[i]} != info && ${w[i]} != ownership ]]; do
      [[ ${w[i]} =~ ^$vertex$ ]] || fail "$dialect: pv vertex '${w[i]}'"
      ((i++))
    done
    ((n++))
  done
  ((n > 0)) || fail "$dialect: an update without candidates: $line"
  if [[ -n $points ]]; then
    if [[ ${w[i]-} != ownership ]]; then
      fail "$dialect: no ownership: $line"
      return
    fi
    local count=$((${#w[@]} - i - 1))
    [[ $count -eq $points ]] || fail "$dialect: $count ownership values, expected $points"
    for ((k = i + 1; k < ${#w[@]}; k++)); do
      [[ ${w[k]} =~ ^-?$rate$ ]] || fail "$dialect: ownership value '${w[k]}' is not a decimal in -1..1"
    done
  elif ((i < ${#w[@]})); then
    fail "$dialect: unexpected ownership: $line"
  fi
}

# --- One session through a pipe, commands sent while the engine streams. ---
coproc ENGINE { "$tengen" gtp --size 9 --seed 3 2>"$tmp/session.err"; }
# Bash unsets ENGINE as soon as the process ends, which may come before its last lines are read: keep copies.
exec {to_engine}>&"${ENGINE[1]}" {from_engine}<&"${ENGINE[0]}"
engine_pid=$ENGINE_PID
send() { printf '%s\n' "$1" >&"$to_engine"; }
# next_line: the engine's next output line in $line, waiting up to a minute for it.
next_line() {
  line=""
  if ! IFS= read -r -t 60 line <&"$from_engine"; then
    fail "no output line (within a minute) after: $1"
    return 1
  fi
}
expect_line() {
  next_line "$2" || return 1
  [[ $line == "$1" ]] || fail "'$line' where '$1' was due (after: $2)"
}

send "boardsize 9"
expect_line "= " "boardsize" && expect_line "" "boardsize"
send "play b E5"
expect_line "= " "play" && expect_line "" "play"

# stream DIALECT COMMAND NEXT [POINTS]: sends COMMAND, checks its `=` line and at least three updates, sends NEXT
# and checks that the stream ends with an empty line (updates may still come before it).
stream() {
  local dialect=$1 command=$2 next=$3 points=${4-}
  send "$command"
  expect_line "=" "$command" || return
  local updates=0
  while ((updates < 3)); do
    next_line "$command" || return
    [[ $line == info\ * ]] || {
      fail "$command: '$line' where an update was due"
      return
    }
    check_update "$dialect" "$line" "$points"
    ((updates++))
  done
  send "$next"
  while next_line "$command then $next"; do
    [[ -z $line ]] && break
    [[ $line == info\ * ]] || fail "$command: '$line' before the end of the stream"
    check_update "$dialect" "$line" "$points"
  done
}

stream lz "lz-analyze 10" "name"
expect_line "= tengen" "name after lz-analyze" && expect_line "" "name"
stream kata "kata-analyze w 10 ownership true" "7 version" 81
next_line "version after kata-analyze" && [[ $line =~ ^=7\ [0-9]+\.[0-9]+\.[0-9]+$ ]] ||
  fail "version after kata-analyze answered '$line'"
expect_line "" "version"
# An empty line ends a stream too (Sabaki's stop), and gets no answer of its own.
stream kata "kata-analyze 10" ""
send "protocol_version"
expect_line "= 2" "protocol_version after an empty line" && expect_line "" "protocol_version"

# kata-genmove_analyze: updates while the engine thinks, then `play VERTEX`; the move is on the board afterwards.
send "kata-genmove_analyze w 10"
expect_line "=" "kata-genmove_analyze"
updates=0
played=""
while next_line "kata-genmove_analyze"; do
  if [[ $line == info\ * ]]; then
    check_update kata "$line"
    ((updates++))
  elif [[ $line =~ ^play\ ($vertex)$ ]]; then
    played=${BASH_REMATCH[1]}
    break
  else
    fail "kata-genmove_analyze: '$line'"
    break
  fi
done
((updates >= 1)) || fail "kata-genmove_analyze streamed no update"
expect_line "" "play"
[[ $played =~ ^[A-HJ-T] ]] || fail "kata-genmove_analyze played '$played'"
send "list_stones white"
next_line "list_stones" && [[ $line == "= $played" ]] || fail "list_stones white answered '$line', played $played"
expect_line "" "list_stones"

send "lz-genmove_analyze b 10"
expect_line "=" "lz-genmove_analyze"
while next_line "lz-genmove_analyze"; do
  [[ $line == play\ * ]] && break
  check_update lz "$line"
done
[[ $line =~ ^play\ $vertex$ ]] || fail "lz-genmove_analyze ended with '$line'"
expect_line "" "lz-genmove_analyze"

# GoGui: the analyze commands, the ownership as gfx, the estimate.
send "gogui-analyze_commands"
expect_line "= gfx/Ownership/tengen-ownership" "gogui-analyze_commands"
expect_line "string/Estimate/tengen-estimate" "gogui-analyze_commands" && expect_line "" "gogui-analyze_commands"
send "tengen-ownership"
next_line "tengen-ownership"
read -r -a w <<<"${line#= }"
[[ ${line:0:2} == "= " && ${w[0]-} == INFLUENCE && ${#w[@]} -eq 163 ]] ||
  fail "tengen-ownership: '${line:0:60}...' (${#w[@]} words)"
for ((k = 1; k + 1 < ${#w[@]}; k += 2)); do
  [[ ${w[k]} =~ ^[A-HJ][1-9]$ && ${w[k + 1]} =~ ^$decimal$ ]] || fail "tengen-ownership: '${w[k]} ${w[k + 1]}'"
done
text='^TEXT ([BW]\+[0-9.]+|0) \(estimate\)$'
next_line "tengen-ownership" && [[ $line =~ $text ]] || fail "tengen-ownership's TEXT: '$line'"
expect_line "" "tengen-ownership"
send "tengen-estimate"
estimate='^= ([BW]\+[0-9.]+|0) \(estimate\); dead: (none|[A-HJ][1-9]( [A-HJ][1-9])*)$'
next_line "tengen-estimate" && [[ $line =~ $estimate ]] || fail "tengen-estimate: '$line'"
expect_line "" "tengen-estimate"

send "quit"
expect_line "= " "quit" && expect_line "" "quit"
wait "$engine_pid"
code=$?
exec {to_engine}>&- {from_engine}<&-
[[ $code -eq 0 ]] || fail "the session exited $code"
[[ ! -s "$tmp/session.err" ]] || fail "unexpected stderr: $(cat "$tmp/session.err")"

# --- The end of input during a stream ends the stream and the session, exit 0. ---
out=$(printf 'lz-analyze 10\n' | "$tengen" gtp --size 9 2>"$tmp/eof.err"; echo "rc=$?")
code=${out##*rc=}
out=${out%rc=*}
[[ $code -eq 0 ]] || fail "eof: exit code $code"
[[ $out == $'=\n'* && $out == *$'\n\n' ]] || fail "eof: output '$out'"
while IFS= read -r line; do
  [[ -z $line || $line == "=" ]] || check_update lz "$line"
done <<<"$out"

# --- Whatever --engine is, the analysis is the built-in engine's; genmove_analyze from another source only plays. ---
out=$(printf 'boardsize 9\nlz-analyze 5\n' | "$tengen" gtp --engine random 2>&1; echo "rc=$?")
[[ $out == $'= \n\n=\n'* ]] || fail "random: lz-analyze answered '$out'"
coproc OTHER { "$tengen" gtp --engine random --size 9 --seed 5 2>/dev/null; }
exec {to_other}>&"${OTHER[1]}" {from_other}<&"${OTHER[0]}"
other_pid=$OTHER_PID
printf 'lz-analyze 1\n' >&"$to_other"
IFS= read -r -t 60 line <&"$from_other" && [[ $line == "=" ]] || fail "random: lz-analyze began '$line'"
IFS= read -r -t 60 line <&"$from_other" && [[ $line == info\ * ]] || fail "random: no update: '$line'"
check_update lz "$line"
printf 'kata-genmove_analyze b 10\nquit\n' >&"$to_other"
# The rest of the stream, its end, then genmove_analyze's `=` and `play` at once: the random source reports nothing.
while IFS= read -r -t 60 line <&"$from_other" && [[ -n $line ]]; do :; done
IFS= read -r -t 60 line <&"$from_other" && [[ $line == "=" ]] || fail "random: genmove_analyze began '$line'"
IFS= read -r -t 60 line <&"$from_other" && [[ $line =~ ^play\ $vertex$ ]] ||
  fail "random: genmove_analyze answered '$line' (no update expected)"
wait "$other_pid" || fail "random: exit code $?"

if ((failures > 0)); then
  echo "$failures failure(s)"
  exit 1
fi
echo "gtp analysis: all checks passed"
