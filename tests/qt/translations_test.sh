#!/bin/sh
# translations_test.sh LUPDATE DIR: the client's .ts files in DIR are as lupdate would make them from the sources
# now (a string added to the code without updating them fails here) and every entry is translated
# (docs/client.md, "Language").
set -eu
lupdate=$1
dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$dir"/tengen_*.ts "$tmp"/
# The same extraction as the tengen-qt_lupdate target, on copies; any warning (a tr() lupdate cannot place) fails.
if ! sh "$dir/lupdate.sh" "$lupdate" "$tmp" >"$tmp/lupdate.log" 2>&1 || [ -s "$tmp/lupdate.log" ]; then
  cat "$tmp/lupdate.log"
  echo "FAIL: lupdate failed or warned"
  exit 1
fi
status=0
for ts in "$dir"/tengen_*.ts; do
  name=$(basename "$ts")
  if ! cmp -s "$ts" "$tmp/$name"; then
    echo "FAIL: $name is not up to date with the sources; build the target tengen-qt_lupdate and translate what it adds:"
    diff -u "$ts" "$tmp/$name" | head -60
    status=1
  fi
  if grep -n 'type="unfinished"\|type="vanished"\|type="obsolete"' "$ts"; then
    echo "FAIL: $name has unfinished or left-over entries"
    status=1
  fi
  if grep -n '<translation></translation>\|<translation/>\|<numerusform></numerusform>\|<numerusform/>' "$ts"; then
    echo "FAIL: $name has empty translations"
    status=1
  fi
done
[ "$status" = 0 ] && echo "the .ts files are up to date and finished"
exit "$status"
