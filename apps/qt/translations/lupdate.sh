#!/bin/sh
# lupdate.sh LUPDATE DIR: brings DIR's tengen_*.ts files up to date with the client's sources. The build's
# tengen-qt_lupdate target runs it on this directory; qt_translations_test runs it on copies and compares, so that
# both extract the same way (docs/client.md, "Language").
set -eu
lupdate=$1
dir=$2
src=$(cd "$(dirname "$0")/.." && pwd)
# Without -I lupdate cannot tell which class a tr() belongs to; without locations the files do not change when code
# only moves. English keeps only the plural forms ("%n move(s)").
"$lupdate" -silent -no-obsolete -locations none -I "$src" "$src/main.cpp" "$src/model" "$src/widgets" \
  -ts "$dir/tengen_pt_BR.ts" "$dir/tengen_ja.ts"
"$lupdate" -silent -no-obsolete -locations none -I "$src" -pluralonly "$src/main.cpp" "$src/model" "$src/widgets" \
  -ts "$dir/tengen_en.ts"
