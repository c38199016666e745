#!/usr/bin/env bash
# Sets aside every run record under a results folder that another commit of contra wrote (its
# /git_sha attribute is not the binary's), as <id>.h5.previous, the name --rerun gives, and keeps
# those this commit wrote. `make regenerate` runs it before `make ablations RESUME=1`, so a
# regeneration of every result from one commit trains each run once with this build and, stopped
# (a session's end, a kill), resumes: a second call keeps what the first one recorded.
#
#   scripts/set-aside-stale.sh <contra binary> [results folder, default results]
#
# - A finished record (runs/<id>.h5) that h5dump cannot read is set aside too: it is trained again.
# - An interrupted run's partial record (<id>.h5.partial) and checkpoint (<id>.ckpt) are set aside
#   (as <name>.previous) unless the partial record is this commit's, so no run resumes from what
#   another commit trained; a run whose lock another process holds is left alone and named.
# - Nothing is overwritten: when <name>.previous exists, the next free <name>.previous.N is used.
#
# Exits 2 with one line when the binary is missing, fails, or is not a clean commit's build (its
# --version is not `contra <12 hex digits>`: a -dirty or unknown SHA), or the folder is missing;
# results from such a build could not be traced to a commit. Prints how many it kept and set aside.
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: scripts/set-aside-stale.sh <contra binary> [results folder]" >&2
  exit 2
fi
bin=$1
results=${2:-results}
[ -x "$bin" ] || { echo "set-aside-stale: '$bin' is no executable contra binary (make build)" >&2; exit 2; }
version=$("$bin" --version 2>/dev/null) || { echo "set-aside-stale: '$bin --version' failed" >&2; exit 2; }
if ! [[ "$version" =~ ^contra\ ([0-9a-f]{12})$ ]]; then
  echo "set-aside-stale: $bin --version says '$version', not a clean commit's build ('contra <12 hex digits>'):" \
       "commit, then make build" >&2
  exit 2
fi
sha=${BASH_REMATCH[1]}
[ -d "$results" ] || { echo "set-aside-stale: no folder '$results'" >&2; exit 2; }
# A folder named like an option (-r) would be read by find as one: give it a path.
[[ $results == -* ]] && results=./$results

sha_of() {  # the record's /git_sha, or "" when h5dump cannot read it
  { h5dump -a /git_sha "$1" 2>/dev/null || true; } | sed -n 's/.*(0): "\(.*\)".*/\1/p'
}
set_aside() {  # renames $1 to $1.previous, or the first free $1.previous.N
  local to="$1.previous" n=1
  while [ -e "$to" ]; do to="$1.previous.$n"; n=$((n + 1)); done
  mv "$1" "$to"
}
locked() {  # true when another process holds the run's lock (runs/<id>.lock, flock)
  [ -e "$1" ] && ! flock -n "$1" true 2>/dev/null
}

kept=0
moved=0
while IFS= read -r -d '' record; do
  if [ "$(sha_of "$record")" = "$sha" ]; then
    kept=$((kept + 1))
  else
    set_aside "$record"
    moved=$((moved + 1))
  fi
done < <(find "$results" -path '*/runs/*.h5' -type f -print0)

interrupted=0
declare -A seen=()  # a run's partial record and checkpoint are looked at once, together
while IFS= read -r -d '' file; do
  dir=$(dirname "$file")
  name=$(basename "$file")
  id=${name%.h5.partial}
  id=${id%.ckpt}
  partial="$dir/$id.h5.partial"
  [ -z "${seen[$dir/$id]:-}" ] || continue
  seen[$dir/$id]=1
  if [ -f "$partial" ] && [ "$(sha_of "$partial")" = "$sha" ]; then continue; fi
  if locked "$dir/$id.lock"; then
    echo "set-aside-stale: $dir/$id is being trained by another process; left alone" >&2
    continue
  fi
  for f in "$partial" "$dir/$id.ckpt"; do
    if [ -e "$f" ]; then set_aside "$f"; fi
  done
  interrupted=$((interrupted + 1))
done < <(find "$results" \( -path '*/runs/*.h5.partial' -o -path '*/runs/*.ckpt' \) -type f -print0)

echo "set-aside-stale: contra $sha: $kept records of this commit kept, $moved of other commits or unreadable set" \
     "aside (*.h5.previous), $interrupted interrupted runs of other commits set aside"
