#!/usr/bin/env bash
# tengen-fake-model-server as a newcomer meets it: --help, a clear refusal of a bad command line, --record into a
# folder that does not exist yet (made, then recorded into) or cannot be made (refused at start), and the worked
# example of docs/serving-models.md: a script, the server, `tengen play` against it.
# Usage: fake_model_server_test.sh PATH/TO/tengen PATH/TO/tengen-fake-model-server
set -uo pipefail
tengen=$1
fake=$2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
server=
tmp=$(mktemp -d)
trap '[[ -n $server ]] && kill "$server" 2>/dev/null; rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

# The installed name, and --help: what it is, every option, the script's forms, exit 0.
[[ $(basename "$fake") == tengen-fake-model-server ]] || fail "the program is called $(basename "$fake")"
out=$("$fake" --help 2>&1)
[[ $? -eq 0 ]] || fail "--help exited non-zero: $out"
for word in "Usage: tengen-fake-model-server --script FILE" "OpenAI-compatible" "--record DIR" "--port-file FILE" \
  "--models LIST" '{"content": "D4"}' '{"first": "Z99", "retry": "pass"}' "openai:http://127.0.0.1:PORT/v1"; do
  [[ "$out" == *"$word"* ]] || fail "--help does not say '$word'"
done
[[ $("$fake" -h 2>&1) == "$out" ]] || fail "-h is not --help"

# A bad command line: what is wrong, and exit 2.
expect_refusal() {
  local what=$1 expected=$2
  shift 2
  local out
  out=$(timeout 10 "$fake" "$@" 2>&1 </dev/null)
  local code=$?
  [[ $code -eq 2 ]] || fail "$what: exit $code, not 2"
  [[ "$out" == *"$expected"* ]] || fail "$what: '$out' does not say '$expected'"
}
printf '%s\n' '{"content": "pass"}' >pass.jsonl
expect_refusal "no script" "--script FILE is required"
expect_refusal "a missing script" "cannot read the script nowhere.jsonl" --script nowhere.jsonl
: >empty.jsonl
expect_refusal "an empty script" "the script empty.jsonl holds no answer" --script empty.jsonl
printf '{"content": "pass"}\n[1, 2]\n' >list.jsonl
expect_refusal "a line that is no object" "list.jsonl: line 2 is not a JSON object" --script list.jsonl
expect_refusal "an unknown option" "unknown option --bogus" --script pass.jsonl --bogus 1
expect_refusal "a flag without its value" "--record needs a value" --script pass.jsonl --record
: >afile
expect_refusal "--record under a file" "--record cannot make the folder afile/requests" --script pass.jsonl \
  --record afile/requests

# --record into a folder that does not exist: made, and every request lands in it.
"$fake" --script pass.jsonl --record new/requests --port-file port >/dev/null &
server=$!
for _ in $(seq 100); do [[ -s port ]] && break; sleep 0.05; done
[[ -s port ]] || fail "the server wrote no port"
curl -s "http://127.0.0.1:$(cat port)/v1/chat/completions" -d '{"ask": 1}' >reply.json
[[ $(cat new/requests/001.body 2>/dev/null) == '{"ask": 1}' ]] || fail "--record new/requests recorded nothing"
grep -q '"content":"pass"' reply.json || fail "the reply: $(cat reply.json)"
kill "$server"
wait "$server" 2>/dev/null
server=
rm -f port

# The worked example of docs/serving-models.md: a model that names a point off the board, is refused by the
# referee, and passes when asked again.
printf '%s\n' '{"first": "Z99", "retry": "pass"}' >script.jsonl
"$fake" --script script.jsonl --port-file port >/dev/null &
server=$!
for _ in $(seq 100); do [[ -s port ]] && break; sleep 0.05; done
out=$(printf 'E5\nquit\n' | "$tengen" play --size 9 --opponent "openai:http://127.0.0.1:$(cat port)/v1" --no-sgf \
  --error-log errors.jsonl 2>&1)
[[ "$out" == *"model fake: the only model"* ]] || fail "play did not take the server's model: $out"
[[ "$out" == *"attempt 1: Z99 rejected (outside the board)"* ]] || fail "play: no refused attempt: $out"
[[ "$out" == *"White passes."* ]] || fail "play: the model did not pass when asked again: $out"

if ((failures > 0)); then
  echo "$failures check(s) failed"
  exit 1
fi
echo "tengen-fake-model-server: all checks passed"
