#!/bin/sh
# tengen-gnugo: `tengen gtp` under a name that ends in `gnugo`, for the programs that drive only GNU Go (qGo numbers
# its commands only for such a path). It takes GNU Go's options as those programs pass them (qGo's default is
# `--mode gtp --quiet --level 10`), turns the ones tengen has into `tengen gtp` options, and refuses the rest with a
# message on stderr and exit code 2. Options after `--` go to `tengen gtp` as they are. docs/gtp.md, "From qGo".

usage() {
  cat <<'EOF'
Usage: tengen-gnugo [GNU Go options] [-- tengen gtp options]
Runs `tengen gtp` (found next to this script) for programs that drive GNU Go.
GNU Go options taken:
  --mode gtp              the only mode (and the one without --mode): GTP on stdin and stdout
  --quiet, --silent       nothing is printed but GTP anyway
  --level N               taken; the moves are tengen's engine's (`level` over GTP is taken the same way)
  --boardsize N           the first game's board size (tengen gtp --size N)
  --komi K                the first game's komi (tengen gtp --komi K)
  --chinese-rules         tengen gtp --rules chinese
  --japanese-rules        tengen gtp --rules japanese
  --seed N                tengen gtp --seed N
  --gtp-version 2         GTP version 2, the only one
  --never-resign          taken: tengen's built-in engine never resigns unless its spec says so
  --resign-allowed        taken
Anything after `--` is passed to `tengen gtp`, e.g. `-- --engine builtin:playouts=2000`.
EOF
}

refuse() {
  echo "tengen-gnugo: $*" >&2
  echo "tengen-gnugo: see tengen-gnugo --help; options after -- go to tengen gtp" >&2
  exit 2
}

self=$(readlink -f -- "$0" 2>/dev/null) || self=$0
tengen=$(dirname -- "$self")/tengen
[ -x "$tengen" ] || {
  echo "tengen-gnugo: no tengen program next to $self" >&2
  exit 2
}

# An option's value: `--option=value` gave it already (returns 1), or it is the next argument, $1 of the caller's
# "$@" (returns 0: the caller shifts it off).
takes_value() {
  if [ "$has_value" = no ]; then
    [ "$count" -gt 0 ] || refuse "$option needs a value"
    value=$1
    return 0
  fi
  return 1
}

# The arguments are read from the front; the `tengen gtp` options they make are appended at the end, and `count` is
# how many of the given ones are left.
count=$#
while [ "$count" -gt 0 ]; do
  option=$1
  shift
  count=$((count - 1))
  value=
  has_value=no
  case $option in
    --*=*)
      value=${option#*=}
      option=${option%%=*}
      has_value=yes
      ;;
  esac
  case $option in
    --)
      while [ "$count" -gt 0 ]; do
        set -- "$@" "$1"
        shift
        count=$((count - 1))
      done
      ;;
    --help | -h)
      usage
      exit 0
      ;;
    --mode)
      if takes_value "$@"; then shift; count=$((count - 1)); fi
      [ "$value" = gtp ] || refuse "--mode $value: only --mode gtp (tengen speaks GTP alone)"
      ;;
    --quiet | --silent | --never-resign | --resign-allowed)
      [ "$has_value" = no ] || refuse "$option takes no value"
      ;;
    --level)
      if takes_value "$@"; then shift; count=$((count - 1)); fi
      case ${value#-} in
        '' | *[!0-9]*) refuse "--level $value: not a number" ;;
      esac
      ;;
    --gtp-version)
      if takes_value "$@"; then shift; count=$((count - 1)); fi
      [ "$value" = 2 ] || refuse "--gtp-version $value: only GTP version 2"
      ;;
    --boardsize)
      if takes_value "$@"; then shift; count=$((count - 1)); fi
      set -- "$@" --size "$value"
      ;;
    --komi | --seed)
      if takes_value "$@"; then shift; count=$((count - 1)); fi
      set -- "$@" "$option" "$value"
      ;;
    --chinese-rules)
      set -- "$@" --rules chinese
      ;;
    --japanese-rules)
      set -- "$@" --rules japanese
      ;;
    *)
      refuse "GNU Go's option $option is not one tengen can take"
      ;;
  esac
done

exec "$tengen" gtp "$@"
