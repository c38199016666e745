#!/usr/bin/env bash
# Times, on a copy of the working tree (so the caller's build is untouched) and with ccache off:
# a clean `make build`, `make build` again after touching one method file
# (src/contra/methods/moco.cpp), and `make test`. Writes the seconds as JSON to the given file.
# Usage: scripts/build_times.sh OUT.json
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -eq 1 ] || { echo "usage: scripts/build_times.sh OUT.json" >&2; exit 2; }
result=$(realpath -m "$1")  # the copy below is the working folder from then on
[ -d "$(dirname "$result")" ] || { echo "build_times: folder '$(dirname "$result")' of $1 does not exist" >&2; exit 2; }
[ ! -d "$result" ] || { echo "build_times: $1 is a folder; give the JSON file to write" >&2; exit 2; }
[ -w "$(dirname "$result")" ] || { echo "build_times: folder '$(dirname "$result")' of $1 is not writable" >&2; exit 2; }
copy=$(mktemp -d "${TMPDIR:-/tmp}/contra-build-times.XXXXXX")
trap 'rm -rf "$copy"' EXIT
(cd "$root" && tar --exclude='./build*' --exclude='./.git' -cf - .) | tar -xf - -C "$copy"
export CCACHE_DISABLE=1
seconds() { local start end; start=$(date +%s.%N); "$@" >"$copy/log.txt" 2>&1 || { tail -20 "$copy/log.txt" >&2; return 1; }; end=$(date +%s.%N); awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }'; }
cd "$copy"
echo "== build times: clean build (ccache off) in $copy"
clean=$(seconds make build)
echo "   clean build ${clean} s"
touch src/contra/methods/moco.cpp
rebuild=$(seconds make build)
echo "   rebuild after touching src/contra/methods/moco.cpp ${rebuild} s"
test_time=$(seconds make test)
echo "   make test ${test_time} s"
printf '{"clean_build_s": %s, "rebuild_one_method_s": %s, "make_test_s": %s, "cores": %s, "measured_at": "%s"}\n' \
  "$clean" "$rebuild" "$test_time" "$(nproc)" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >"$result"
