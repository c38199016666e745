#!/usr/bin/env bash
# Sets aside every finished run record under a results folder that another commit of contra wrote
# (its /git_sha attribute is not the binary's), as <id>.h5.previous, the name --rerun gives, and
# keeps those this commit wrote. `make regenerate` runs it before `make ablations RESUME=1`, so a
# regeneration of every result from one commit trains each run once with this build and, stopped
# (a session's end, a kill), resumes: a second call keeps what the first one recorded.
#
#   scripts/set-aside-stale.sh <contra binary> [results folder, default results]
#
# Exits 2 with one line when the binary is not a clean commit's (its SHA ends in -dirty or is
# unknown): results from it could not be traced to a commit. A record h5dump cannot read is set
# aside too (it is trained again). Prints how many records it kept and set aside.
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: scripts/set-aside-stale.sh <contra binary> [results folder]" >&2
  exit 2
fi
bin=$1
results=${2:-results}
sha=$("$bin" --version | awk '{print $2}')
case "$sha" in
  "" | unknown | *-dirty)
    echo "set-aside-stale: $bin is 'contra $sha', not a clean commit's build: commit, then make build" >&2
    exit 2
    ;;
esac
[ -d "$results" ] || { echo "set-aside-stale: no folder '$results'" >&2; exit 2; }
kept=0
moved=0
while IFS= read -r -d '' record; do
  recorded=$(h5dump -a /git_sha "$record" 2>/dev/null | sed -n 's/.*(0): "\(.*\)".*/\1/p')
  if [ "$recorded" = "$sha" ]; then
    kept=$((kept + 1))
  else
    mv -f "$record" "$record.previous"
    moved=$((moved + 1))
  fi
done < <(find "$results" -path '*/runs/*.h5' -type f -print0)
echo "set-aside-stale: contra $sha: $kept records of this commit kept, $moved of other commits set aside (*.h5.previous)"
