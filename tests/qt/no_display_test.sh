#!/usr/bin/env bash
# tengen-qt on a machine without a display: one line saying so and what to do instead, exit 2, before Qt starts
# (Qt's own message would suggest reinstalling). With QT_QPA_PLATFORM set it starts as usual.
set -u
client=$1
out=$(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$client" 2>&1)
code=$?
fail=0
[[ $code -eq 2 ]] || { echo "FAIL: exit code $code, expected 2"; fail=1; }
[[ "$out" == *"no display"* && "$out" == *"tengen play --size 9"* ]] || { echo "FAIL: message: $out"; fail=1; }
[[ $(printf '%s\n' "$out" | wc -l) -eq 1 ]] || { echo "FAIL: more than one line: $out"; fail=1; }
[[ "$out" != *"Reinstalling"* ]] || { echo "FAIL: Qt's message came through: $out"; fail=1; }
# With a platform chosen, the client starts: --version prints and exits 0.
version=$(env -u DISPLAY -u WAYLAND_DISPLAY QT_QPA_PLATFORM=offscreen "$client" --version 2>&1)
[[ $? -eq 0 && "$version" == *"0.1.0"* ]] || { echo "FAIL: --version with offscreen: $version"; fail=1; }
exit $fail
