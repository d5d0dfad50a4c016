#!/usr/bin/env bash
# `tengen play` to its end: the dead-stone estimate and score after two passes, toggling chains, resume, and the
# game record autosaved after every move (--sgf, --no-sgf, an unwritable path), the komi of a handicap game.
# Usage: play_test.sh PATH/TO/tengen
set -uo pipefail
tengen=$1
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
expect_contains() {  # name, haystack, needle
  if [[ "$2" != *"$3"* ]]; then fail "$1: output lacks '$3'"; echo "$2" | tail -n 20; fi
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

# The random opponent passes only when it has no legal point left, so the person plays C3 and then passes until
# White has filled the board; surplus passes reach the scoring prompt, which refuses them and reads on.
passes() { echo C3; for _ in $(seq 60); do echo pass; done; }

# A whole 5x5 game: score lines, result, and a record that `tengen check` replays, with RE.
out=$( { passes; echo done; } | "$tengen" play --size 5 --opponent random --seed 2 2>&1)
[[ $? -eq 0 ]] || fail "a whole game exited non-zero"
expect_contains end "$out" "Two passes: the game is over."
expect_contains end "$out" "Score (chinese rules): black "
expect_contains end "$out" "Result: W+"
[[ -f tengen-game.sgf ]] || fail "no tengen-game.sgf after a whole game"
check=$("$tengen" check tengen-game.sgf 2>&1)
[[ "$check" =~ ^tengen-game\.sgf:\ ok\ [0-9]+\ moves$ ]] || fail "check of the record: $check"
grep -q 'RE\[W+' tengen-game.sgf || fail "the record has no RE: $(cat tengen-game.sgf)"
grep -q 'PB\[Human\]' tengen-game.sgf || fail "the record has no PB[Human]"
grep -q 'PW\[random\]' tengen-game.sgf || fail "the record has no PW[random]"
grep -Eq 'DT\[[0-9]{4}-[0-9]{2}-[0-9]{2}\]' tengen-game.sgf || fail "the record has no DT"
compgen -G "tengen-game.sgf.tmp*" >/dev/null && fail "the temporary file was left behind"
final=$(echo "$out" | grep '^Result:' | tail -n 1)

# Toggling White's chain dead changes the score; toggling it back restores it; an empty point is refused.
out=$( { passes; echo A1; echo A1; echo D5; echo done; } | "$tengen" play --size 5 --opponent random --seed 2 \
  --no-sgf 2>&1)
expect_contains toggle "$out" "is now dead."
expect_contains toggle "$out" "is now alive."
expect_contains toggle "$out" "No stone at D5."
scores=$(echo "$out" | grep '^Score (' | uniq)
[[ $(echo "$scores" | wc -l) -ge 3 ]] || fail "toggling did not change the printed score: $scores"
expect_contains toggle "$out" "$final"

# Tromp-Taylor scores the board as it stands: toggling is refused and the score stays.
out=$( { passes; echo A1; echo done; } | "$tengen" play --size 5 --opponent random --seed 2 --rules tromp-taylor \
  --no-sgf 2>&1)
expect_contains "tromp-taylor toggle" "$out" "Tromp-Taylor rules score the board as it stands: no stone is taken off."
expect_contains "tromp-taylor toggle" "$out" "Dead: none"

# resume goes back to play; the opponent and the person pass again and the game is scored again.
out=$( { passes; echo resume; echo pass; echo done; } | "$tengen" play --size 5 --opponent random --seed 2 \
  --no-sgf 2>&1)
expect_contains resume "$out" "Play resumes."
[[ $(echo "$out" | grep -c "Two passes: the game is over.") -eq 2 ]] || fail "resume did not lead to a second end"
expect_contains resume "$out" "Result: W+"

# The end of input at the scoring prompt accepts the estimate.
out=$(passes | "$tengen" play --size 5 --opponent random --seed 2 --sgf eof.sgf 2>&1)
expect_contains eof "$out" "Result: W+"
grep -q 'RE\[' eof.sgf || fail "end of input at scoring: the record has no RE"

# Autosave: the record exists after the first move when input ends early, and --sgf names it.
out=$(printf 'C3\n' | "$tengen" play --size 5 --opponent random --seed 2 --sgf early.sgf 2>&1)
[[ $? -eq 0 ]] || fail "an early end of input exited non-zero"
check=$("$tengen" check early.sgf 2>&1)
[[ "$check" == "early.sgf: ok 2 moves" ]] || fail "autosave after the first moves: $check"
grep -q 'RE\[' early.sgf && fail "an unfinished game's record has RE"

# --no-sgf writes nothing.
mkdir quiet && (cd quiet && printf 'C3\npass\nquit\n' | "$tengen" play --size 5 --opponent random --no-sgf >/dev/null 2>&1)
[[ -z "$(ls -A quiet)" ]] || fail "--no-sgf wrote $(ls -A quiet)"
"$tengen" play --sgf x.sgf --no-sgf </dev/null >/dev/null 2>&1
[[ $? -eq 2 ]] || fail "--sgf with --no-sgf is not a usage error"

# An unwritable path is reported once on stderr and the game goes on.
err=$(printf 'C3\nB2\nquit\n' | "$tengen" play --size 5 --opponent random --sgf missing/dir/g.sgf 2>&1 >out.txt)
[[ $? -eq 0 ]] || fail "an unwritable record stopped the game"
expect_contains unwritable "$err" "cannot save the game record"
[[ $(echo "$err" | grep -c "cannot save") -eq 1 ]] || fail "the write failure was not reported once: $err"
expect_contains unwritable "$(cat out.txt)" "Move 4"

# Handicap komi: without --komi a handicap game gets 0.5 under every rule set (White moves first, so the record
# exists once the person is asked); an explicit --komi wins; an even game keeps the rule set's komi.
km() { grep -o 'KM\[[^]]*\]' "$1"; }
out=$(printf 'quit\n' | "$tengen" play --size 9 --handicap 2 --opponent random --sgf hc.sgf 2>&1)
expect_contains "handicap komi" "$out" "9x9, chinese rules, komi 0.5, handicap 2."
[[ "$(km hc.sgf)" == "KM[0.5]" ]] || fail "--handicap 2 without --komi: $(km hc.sgf), expected KM[0.5]"
grep -q 'HA\[2\]' hc.sgf || fail "--handicap 2: the record has no HA[2]"
printf 'quit\n' | "$tengen" play --size 9 --handicap 2 --rules japanese --opponent random --sgf hc-ja.sgf \
  >/dev/null 2>&1
[[ "$(km hc-ja.sgf)" == "KM[0.5]" ]] || fail "--handicap 2 --rules japanese: $(km hc-ja.sgf), expected KM[0.5]"
printf 'quit\n' | "$tengen" play --size 9 --handicap 2 --komi 3 --opponent random --sgf hc-komi.sgf >/dev/null 2>&1
[[ "$(km hc-komi.sgf)" == "KM[3]" ]] || fail "--handicap 2 --komi 3: $(km hc-komi.sgf), expected KM[3]"
printf 'E5\nquit\n' | "$tengen" play --size 9 --opponent random --sgf even.sgf >/dev/null 2>&1
[[ "$(km even.sgf)" == "KM[7.5]" ]] || fail "an even game: $(km even.sgf), expected KM[7.5]"
# A resumed handicap game keeps the record's komi, not the handicap default.
printf 'quit\n' | "$tengen" play --size 9 --handicap 2 --komi 7.5 --opponent random --sgf hc-resume.sgf >/dev/null 2>&1
out=$(printf 'quit\n' | "$tengen" play --resume hc-resume.sgf 2>&1)
expect_contains "handicap resume" "$out" "9x9, chinese rules, komi 7.5, handicap 2."
[[ "$(km hc-resume.sgf)" == "KM[7.5]" ]] || fail "resumed handicap game: $(km hc-resume.sgf), expected KM[7.5]"

# quit (and the end of input) says where the game is saved and the exact command that continues it, which runs as
# printed, a name with a space in it quoted; or that nothing was saved.
out=$(printf 'C3\nquit\n' | "$tengen" play --size 5 --opponent random --seed 2 --sgf 'my game.sgf' 2>&1)
expect_contains "quit says how to continue" "$out" \
  "Game left unfinished: the game is saved in my game.sgf; continue it with: tengen play --resume 'my game.sgf'"
command=$(printf '%s\n' "$out" | sed -n 's/^.*continue it with: tengen //p')
out=$(printf 'B2\nquit\n' | eval "\"\$tengen\" $command" 2>&1)
expect_contains "the printed command continues the game" "$out" "resuming my game.sgf after move 2"
out=$(printf 'C3\n' | "$tengen" play --size 5 --opponent random --seed 2 --sgf eof-says.sgf 2>&1)
expect_contains "end of input says how to continue" "$out" \
  "End of input: game left unfinished: the game is saved in eof-says.sgf; continue it with: tengen play --resume eof-says.sgf"
out=$(printf 'C3\nquit\n' | "$tengen" play --size 5 --opponent random --no-sgf 2>&1)
expect_contains "quit with --no-sgf" "$out" "Game left unfinished: the game is not saved (--no-sgf)"
out=$(printf 'quit\n' | "$tengen" play --size 5 --opponent random --sgf never.sgf 2>&1)
expect_contains "quit before a move" "$out" "Game left unfinished: no move was played, so nothing was saved"
[[ ! -e never.sgf ]] || fail "quit before a move wrote never.sgf"
err=$(printf 'C3\nquit\n' | "$tengen" play --size 5 --opponent random --sgf missing/dir/q.sgf 2>&1)
expect_contains "quit after a failed write" "$err" "the game is not saved: missing/dir/q.sgf could not be written"

# --- Resuming: tengen play --resume [FILE] continues a saved game and keeps saving to it. ---
mkdir resume && cd resume || exit 1
printf 'C3\nquit\n' | "$tengen" play --size 5 --komi 2.5 --rules japanese --opponent random --seed 2 >/dev/null 2>&1
out=$(printf 'B2\nquit\n' | "$tengen" play --resume --seed 3 2>&1)
[[ $? -eq 0 ]] || fail "resume: exit code"
expect_contains resume "$out" "tengen play: resuming tengen-game.sgf after move 2, 5x5, japanese rules, komi 2.5."
expect_contains resume "$out" "You are black against random (the record's PW)"
check=$("$tengen" check tengen-game.sgf 2>&1)
[[ "$check" == "tengen-game.sgf: ok 4 moves" ]] || fail "resume: the record was not saved back: $check"
grep -q 'RU\[Japanese\]' tengen-game.sgf && grep -q 'KM\[2.5\]' tengen-game.sgf || fail "resume: rules or komi lost"
grep -q 'PB\[Human\]' tengen-game.sgf || fail "resume: PB lost"
# A file named, --opponent in place of the record's, and the person's colour from the record.
sed 's/PB\[Human\]PW\[random\]/PB[random]PW[human]/' tengen-game.sgf >white.sgf  # the person's name is read in any case
out=$(printf 'quit\n' | "$tengen" play --resume white.sgf --opponent builtin:playouts=50 2>&1)
expect_contains "resume white" "$out" "You are white against builtin:playouts=50 (--opponent)"
out=$("$tengen" play --resume white.sgf --human black </dev/null 2>&1)
[[ $? -eq 2 ]] || fail "resume: --human contradicting the record is not a usage error"
expect_contains "resume --human" "$out" "has you as white"
# Options that would change the record's game are refused.
for option in "--size 9" "--komi 6.5" "--rules chinese" "--handicap 2" "--sgf x.sgf" "--no-sgf"; do
  # shellcheck disable=SC2086
  out=$("$tengen" play --resume $option </dev/null 2>&1)
  [[ $? -eq 2 ]] || fail "resume with $option: not a usage error"
  expect_contains "resume with $option" "$out" "${option%% *} cannot be given with --resume"
done
# A finished record, one ending with two passes, an illegal one and a missing one are refused, each saying why.
sed 's/RU\[Japanese\]/RU[Japanese]RE[B+3.5]/' tengen-game.sgf >finished.sgf
out=$("$tengen" play --resume finished.sgf </dev/null 2>&1)
[[ $? -eq 2 ]] || fail "resume: a finished record is not refused"
expect_contains "resume finished" "$out" "the game is over (RE[B+3.5]); there is nothing to resume"
sed 's/)$/;B[];W[])/' tengen-game.sgf >passed.sgf
out=$("$tengen" play --resume passed.sgf </dev/null 2>&1)
[[ $? -eq 2 ]] || fail "resume: a record ending with two passes is not refused"
expect_contains "resume passed" "$out" "the game is over (it ends with two passes)"
printf '(;GM[1]FF[4]SZ[5]PB[human]PW[random];B[cc];W[cc])' >illegal.sgf
out=$("$tengen" play --resume illegal.sgf </dev/null 2>&1)
[[ $? -eq 2 ]] || fail "resume: an illegal record is not refused"
expect_contains "resume illegal" "$out" "--resume illegal.sgf: move 2 (W C3): occupied"
out=$("$tengen" play --resume nothing.sgf </dev/null 2>&1)
[[ $? -eq 2 ]] || fail "resume: a missing record is not refused"
expect_contains "resume missing" "$out" "nothing.sgf"
# An AI that finds no legal move (exit 3) leaves the game saved and says how to resume it.
cat >stubborn.sh <<'ENGINE'
#!/usr/bin/env bash
# A GTP engine whose every genmove is C3.
while read -r line; do
  case "$line" in
    genmove*) printf '= C3\n\n' ;;
    quit*) printf '= \n\n'; exit 0 ;;
    *) printf '= \n\n' ;;
  esac
done
ENGINE
out=$(printf 'C3\n' | "$tengen" play --size 5 --opponent "gtp:bash $PWD/stubborn.sh" --sgf stuck.sgf 2>&1)
[[ $? -eq 3 ]] || fail "resume: the stubborn engine did not end the game with exit 3"
expect_contains "resume after failure" "$out" "continue it with: tengen play --resume stuck.sgf"
check=$("$tengen" check stuck.sgf 2>&1)
[[ "$check" == "stuck.sgf: ok 1 moves" ]] || fail "resume after failure: $check"
cd .. || exit 1

if [[ $failures -gt 0 ]]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "all play checks passed"
