#!/usr/bin/env bash
# deploy/systemd/tengen-serve@.service as systemd and tengen read it: `systemd-analyze verify` of an instance prints
# nothing (it warns about unknown keys but still exits 0, so its output is what counts), and the unit's command
# line, with its specifiers filled in, starts a server that answers. The unit names /usr/local/bin/tengen, where
# `cmake --install` puts it; both checks run on a copy naming the built binary, since verify also checks that the
# program exists. Exit 77 (skipped) when systemd-analyze is not installed (apt-get install systemd).
# Usage: systemd_unit_test.sh SOURCE_DIR PATH/TO/tengen
set -uo pipefail
source_dir=$1
tengen=$2
unit=$source_dir/deploy/systemd/tengen-serve@.service
command -v systemd-analyze >/dev/null || { echo "skipped: systemd-analyze is not installed"; exit 77; }
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
tmp=$(mktemp -d)
server_pid=
trap '[[ -n $server_pid ]] && kill "$server_pid" 2>/dev/null; rm -rf "$tmp"' EXIT

grep -q '^ExecStart=/usr/local/bin/tengen serve ' "$unit" || fail "ExecStart does not run /usr/local/bin/tengen serve"
sed "s|/usr/local/bin/tengen|$tengen|" "$unit" >"$tmp/tengen-serve@.service"
ln -s tengen-serve@.service "$tmp/tengen-serve@8081.service"
out=$(cd "$tmp" && systemd-analyze verify "$tmp/tengen-serve@8081.service" 2>&1)
code=$?
[[ $code -eq 0 && -z $out ]] || fail "systemd-analyze verify (exit $code): $out"

# The command line: %i the port (0 here: any free one), %L the log directory, $TENGEN_ARGS the engine.
command=$(sed -n 's/^ExecStart=//p' "$tmp/tengen-serve@.service")
command=${command//%i/0}
command=${command//%L/$tmp}
command=${command//\$TENGEN_ARGS/--engine random}
mkdir -p "$tmp/tengen"
read -r -a argv <<<"$command"
TENGEN_TOKEN=unit-test-token "${argv[@]}" >"$tmp/out" 2>"$tmp/err" &
server_pid=$!
url=
for _ in $(seq 1 100); do
  url=$(sed -nE 's/^tengen serve: listening on (http:[^ ]+) .*/\1/p' "$tmp/out")
  [[ -n $url ]] && break
  sleep 0.05
done
if [[ -z $url ]]; then
  fail "the unit's command did not start a server: $command: $(cat "$tmp/err")"
else
  reply=$(curl -s -w ' %{http_code}' -X POST "$url/v1/genmove" -H 'Authorization: Bearer unit-test-token' \
    -d '{"size":9}')
  [[ $reply == *'"move":'*' 200' ]] || fail "a genmove with the unit's token: $reply"
  reply=$(curl -s -o /dev/null -w '%{http_code}' -X POST "$url/v1/genmove" -d '{"size":9}')
  [[ $reply == 401 ]] || fail "a genmove without the token answered $reply, not 401"
  kill -TERM "$server_pid"
  wait "$server_pid"
  code=$?
  server_pid=
  [[ $code -eq 0 ]] || fail "SIGTERM: exit $code, not 0"
fi

[[ $failures -eq 0 ]] || exit 1
echo "systemd unit: verified and its command serves"
