# check_lib.sh — sourced by the cli tests (. "$(dirname "$0")/check_lib.sh" with the sunstone
# binary as $1): sets sunstone (its absolute path), a temporary directory tmp removed at exit,
# the counters passes / fails, and check NAME EXPECTED ACTUAL, which counts a match and
# prints a mismatch.
sunstone=$(realpath "$1")
fails=0
passes=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() { # check NAME EXPECTED ACTUAL
  if [ "$2" = "$3" ]; then
    passes=$((passes + 1))
  else
    fails=$((fails + 1))
    printf 'FAIL %s\n--- expected\n%s\n--- actual\n%s\n' "$1" "$2" "$3"
  fi
}
