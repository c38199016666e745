#!/usr/bin/env bash
# Checks that README.md and docs/*.md stay true to the repository:
#   1. every relative Markdown link points at a file or folder that exists (the #anchor is ignored;
#      http(s) and mailto links are not checked);
#   2. every `make <target>` they name is a target of the Makefile;
#   3. every sweeps/*.toml, experiments/*.toml and scripts/* path they name exists (a file a page
#      writes out in full, named on the first line of its code block as "# sweeps/<name>.toml", is
#      an example the reader creates, and is not required to exist);
#   4. every `contra <command>` they name uses a command the CLI has;
#   5. README.md is at most 300 lines;
#   6. README.md holds the test command, `make test` (CI greps for it).
# Commands (2 and 4) are looked for in code: inline `code` spans and fenced code blocks, where the
# pages write commands, so prose such as "make the table" is not taken for one.
# Prints one line per problem (file:line: what) and exits 1 if there is any.
#
# Usage: tests/scripts/test_docs.sh <repository root>
set -euo pipefail

root=${1:?usage: test_docs.sh <repository root>}
cd "$root"

readonly max_readme_lines=300
readonly commands="train sweep report status index reindex inspect"

pages=(README.md)
if compgen -G "docs/*.md" >/dev/null; then
  pages+=(docs/*.md)
fi

problems=0
problem() {
  echo "$1"
  problems=$((problems + 1))
}

# The Makefile's targets: the names before ':' on rule lines (not variable assignments with :=).
targets=$(awk '
  /^[ \t]/ { next }
  /^[A-Za-z0-9_.%-][A-Za-z0-9_.% \t-]*:/ {
    line = $0
    if (line ~ /^[^:]*:=/ || line ~ /^[^:]*::=/) next
    sub(/:.*/, "", line)
    n = split(line, names, /[ \t]+/)
    for (i = 1; i <= n; i++) if (names[i] != "" && names[i] !~ /^\./) print names[i]
  }' Makefile | sort -u)

# The commands a page names in its code (inline `code` spans and fenced blocks), one per line:
# "<line>\tmake\t<target>" or "<line>\tcontra\t<command>". A `contra` that is an argument of a
# script (`bash scripts/x.sh build/bin/contra results`) names the binary, not a command.
commands_of() {
  awk '
    function scan(n, text,    rest, word, after) {
      rest = text
      while (match(rest, /(^|[^A-Za-z0-9_.\/-])make +[A-Za-z0-9][A-Za-z0-9_.-]*/)) {
        word = substr(rest, RSTART, RLENGTH)
        sub(/.*make +/, "", word)
        if (word !~ /^[A-Z_]+=/) print n "\tmake\t" word
        rest = substr(rest, RSTART + RLENGTH)
      }
      gsub(/\.(sh|py) +[^ ]*contra/, ".sh CONTRA_BINARY", text)
      rest = text
      while (match(rest, /(^|[[:space:]\/])contra +[a-z]+/)) {
        word = substr(rest, RSTART, RLENGTH)
        after = substr(rest, RSTART + RLENGTH, 1)
        rest = substr(rest, RSTART + RLENGTH)
        if (after ~ /[A-Za-z0-9_.-]/) continue   # "contra ad93c28809a1": a version, not a command
        sub(/.*contra +/, "", word)
        print n "\tcontra\t" word
      }
    }
    /^[ \t]*```/ { fenced = !fenced; next }
    fenced { scan(NR, $0); next }
    {
      line = $0
      while (match(line, /`[^`]+`/)) {
        span = substr(line, RSTART + 1, RLENGTH - 2)
        line = substr(line, RSTART + RLENGTH)  # before scan(), whose match() moves RSTART
        scan(NR, span)
      }
    }' "$1"
}

# Paths a page writes out in full as an example: "# sweeps/x.toml" on the first line of a block.
examples_of() {
  awk '
    /^[ \t]*```/ { if (!fenced) first = 1; fenced = !fenced; next }
    fenced && first { if (match($0, /^# (sweeps|experiments)\/[A-Za-z0-9_.-]+\.toml/)) print substr($0, 3, RLENGTH - 2); first = 0 }
  ' "$1"
}

for page in "${pages[@]}"; do
  dir=$(dirname "$page")

  # 1. Relative links.
  while IFS=: read -r n link; do
    target=${link#](}
    target=${target%)}
    case $target in
      http://* | https://* | mailto:* | '#'*) continue ;;
    esac
    path=${target%%#*}
    [ -n "$path" ] || continue
    [ -e "$dir/$path" ] || problem "$page:$n: link to $target: no such file"
  done < <(grep -noE '\]\([^) ]+\)' "$page" || true)

  examples=$(examples_of "$page")

  # 2. make targets, and 4. contra commands, in code.
  while IFS=$'\t' read -r n kind name; do
    [ -n "$name" ] || continue
    if [ "$kind" = make ]; then
      grep -qxF -- "$name" <<<"$targets" || problem "$page:$n: make $name: not a target of the Makefile"
    elif [[ " $commands " != *" $name "* ]]; then
      problem "$page:$n: contra $name: not a command of contra ($commands)"
    fi
  done < <(commands_of "$page")

  # 3. sweeps/, experiments/ and scripts/ paths, anywhere on the page (a leading ../ is taken from
  #    the repository root: the sweep files' own relative paths).
  while IFS=: read -r n path; do
    path=${path#"${path%%[a-z]*}"}  # drop the character before the path
    path=${path#../}
    grep -qxF -- "$path" <<<"$examples" && continue
    [ -e "$path" ] || problem "$page:$n: $path: no such file"
  done < <(grep -noE '(^|[^A-Za-z0-9_/.-]|\.\./)(sweeps|experiments)/[A-Za-z0-9_.-]+\.toml|(^|[^A-Za-z0-9_/.-]|\.\./)scripts/[A-Za-z0-9_.-]*[A-Za-z0-9_]' "$page" || true)
done

# 5. and 6. The README itself.
if [ -f README.md ]; then
  lines=$(grep -c '' README.md)
  [ "$lines" -le "$max_readme_lines" ] || problem "README.md: $lines lines, more than $max_readme_lines"
  grep -qE 'make test([^A-Za-z0-9_.-]|$)' README.md || problem "README.md: does not contain the test command 'make test'"
else
  problem "README.md: missing"
fi

if [ "$problems" -gt 0 ]; then
  echo "test_docs: $problems problem(s)"
  exit 1
fi
echo "test_docs: README.md and ${#pages[@]} page(s) checked, no problem"
