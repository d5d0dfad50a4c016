#!/usr/bin/env bash
# The built-in engine's keys, as `tengen genmove --help` lists them from the engine's one table, are the keys
# docs/engine.md's table, docs/cli.md's --opponent row and list, and the README name: none missing, none extra.
# Usage: engine_keys_test.sh PATH/TO/tengen SOURCE_DIR
set -uo pipefail
tengen=$1
root=$2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

help=$("$tengen" genmove --help) || { echo "FAIL: tengen genmove --help"; exit 1; }
mapfile -t keys < <(sed -n "/^The built-in engine's keys/,/^\$/p" <<<"$help" | awk 'NR > 1 && NF { print $1 }')
((${#keys[@]} >= 10)) || { echo "FAIL: only ${#keys[@]} keys in the help: $help"; exit 1; }

# The keys a text names, sorted: `KEY` cells of a table's first column, KEY= items, or a list of `KEY`s.
sorted() { printf '%s\n' "$@" | sort -u; }
expected=$(sorted "${keys[@]}")

table=$(sed -n '/^| key | what it sets |/,/^$/p' "$root/docs/engine.md" | sed -n 's/^| `\([a-z]*\)` |.*/\1/p' | sort -u)
[[ "$table" == "$expected" ]] || fail "docs/engine.md's key table: $(diff <(echo "$expected") <(echo "$table") | tr '\n' ' ')"

row=$(grep -- '--opponent ENGINE' "$root/docs/cli.md" | grep -o '[a-z]*=' | tr -d '=' | sort -u)
[[ "$row" == "$expected" ]] || fail "docs/cli.md's --opponent row: $(diff <(echo "$expected") <(echo "$row") | tr '\n' ' ')"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '(;GM[1]SZ[9])' >"$tmp/empty.sgf"
list=$("$tengen" genmove --sgf "$tmp/empty.sgf" --engine builtin:speed=1 2>&1 | grep -o '(keys: [^)]*)')
[[ -n "$list" ]] || fail "an unknown key's refusal does not list the keys"
grep -qF -- "$list" "$root/docs/cli.md" || fail "docs/cli.md does not quote the refusal's list $list"
grep -qF -- "$list" "$root/docs/engine.md" || fail "docs/engine.md does not quote the refusal's list $list"

readme=$(sed -n "/^ENGINE is /,/^\$/p" "$root/README.md" | grep -o '`[a-z]*`' | tr -d '`' | sort -u)
for key in "${keys[@]}"; do
  grep -qx -- "$key" <<<"$readme" || fail "the README's list of keys lacks $key"
done

if ((failures)); then
  echo "$failures check(s) failed"
  exit 1
fi
echo "the docs name the ${#keys[@]} keys of the engine's table"
