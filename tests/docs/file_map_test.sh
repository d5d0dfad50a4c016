#!/usr/bin/env bash
# docs/architecture.md's file map names every source file: each .cpp, .py, .lua and .sh under libs/, apps/, bench/,
# tools/ and fuzz/, and each header with no .cpp of the same name in its library or folder.
# Usage: file_map_test.sh SOURCE_DIR
set -uo pipefail
root=$1
doc=$root/docs/architecture.md
map=$(sed -n '/^## File map/,/^## Functions/p' "$doc")
if [[ -z "$map" ]]; then
  echo "FAIL: no '## File map' section in $doc"
  exit 1
fi
missing=0
while IFS= read -r -d '' file; do
  name=${file##*/}
  if [[ $name == *.h ]]; then
    stem=${name%.h}
    # A public header's library (the folder above include/), else the header's own folder.
    scope=$(dirname "$file")
    [[ $file == */include/* ]] && scope=${file%%/include/*}
    [[ -n $(find "$scope" -name "$stem.cpp" -print -quit) ]] && continue
  fi
  if ! grep -qwF -- "$name" <<<"$map"; then
    echo "FAIL: docs/architecture.md's file map does not name ${file#"$root"/}"
    missing=$((missing + 1))
  fi
done < <(find "$root"/libs "$root"/apps "$root"/bench "$root"/tools "$root"/fuzz -type f \
  \( -name '*.cpp' -o -name '*.h' -o -name '*.py' -o -name '*.lua' -o -name '*.sh' \) -print0)
if ((missing)); then
  echo "$missing file(s) missing from the file map"
  exit 1
fi
echo "the file map names every source file"
