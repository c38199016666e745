# Sourced by the shell tests under tests/scripts: a temporary folder $tmp removed on exit, and
# check <what> <expected> <actual>, which prints ok or FAIL and counts the failures in $failures.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
check() {  # check <what> <expected> <actual>
  if [ "$2" = "$3" ]; then echo "ok: $1"; else echo "FAIL: $1: expected '$2', got '$3'"; failures=$((failures + 1)); fi
}
