#!/usr/bin/env bash
# scripts/budget-check.sh (make budget-check, run first by make regenerate): bad input is refused in
# one line before any training; on a short calibration (100 steps), a reference far slower than any
# machine lets every table fit (exit 0) and one far faster puts every table over (exit 1), each
# table's projection its fitted minutes times reference / measured.
#
#   tests/scripts/test_budget_check.sh <repository root> <contra binary>
set -uo pipefail
root=$1
bin=$2
source "$(dirname "$0")/check-lib.sh"
script=$root/scripts/budget-check.sh
momentum=$root/sweeps/ablation-momentum.toml
export BUDGET_CHECK_STEPS=100

# Bad input: exit 2, one line that names what is wrong, and no training (no calibration line).
refused() {  # refused <what> <expected text> <command...>
  local what=$1 text=$2
  shift 2
  "$@" > "$tmp/out" 2>&1
  local rc=$?
  check "$what: exit 2" 2 "$rc"
  check "$what: one line naming it" "1 yes" "$(wc -l < "$tmp/out" | tr -d ' ') $(grep -q -- "$text" "$tmp/out" && echo yes)"
}
refused "no binary" "is no contra binary" bash "$script" "$tmp/none" "$momentum"
refused "a binary that is not contra" "'/bin/true' is no contra binary" bash "$script" /bin/true "$momentum"
refused "no sweep file" "no sweep file '$tmp/none.toml'" bash "$script" "$bin" "$tmp/none.toml"
printf 'name = "x"\n' > "$tmp/plain.toml"
refused "a sweep without [budget]" "has no \[budget\] table" bash "$script" "$bin" "$tmp/plain.toml"
printf '[budget]\nminutes = 30\nfit = "no trim"\n' > "$tmp/nofit.toml"
refused "a fit without 'X of Y minutes'" "fit = 'no trim': no 'X of 30 minutes'" bash "$script" "$bin" "$tmp/nofit.toml"
printf '[budget]\nminutes = 45\nfit = "40 of 30 minutes"\n' > "$tmp/othery.toml"
refused "a fit whose Y is not the budget" "no 'X of 45 minutes' (its budget)" bash "$script" "$bin" "$tmp/othery.toml"
printf '[budget]\nminutes = 0\nfit = "1 of 0 minutes"\n' > "$tmp/zero.toml"
refused "a budget of 0 minutes" "minutes = 0: the table's budget" bash "$script" "$bin" "$tmp/zero.toml"
printf '[budget]\nminutes = 30\nminutes = 31\n' > "$tmp/twice.toml"
refused "a key written twice" "twice.toml: not TOML" bash "$script" "$bin" "$tmp/twice.toml"
refused "too few steps" "BUDGET_CHECK_STEPS = '50'" env BUDGET_CHECK_STEPS=50 bash "$script" "$bin" "$momentum"
refused "a reference that is no number" "BUDGET_REFERENCE_IMAGES_PER_S = 'fast'" \
  env BUDGET_REFERENCE_IMAGES_PER_S=fast bash "$script" "$bin" "$momentum"

# A reference of 1 image/s: every machine is faster, so the table fits, its projection well under
# its fitted minutes.
printf '[budget]\nminutes = 30\nfit = "5 rows: 20.0 of 30 minutes"\n' > "$tmp/fit.toml"
BUDGET_REFERENCE_IMAGES_PER_S=1 bash "$script" "$bin" "$tmp/fit.toml" > "$tmp/out" 2>&1
check "a slow reference: every table fits (exit 0)" 0 $?
check "a slow reference: the table's line says fits" 1 "$(grep -c '^fit .*fit  20.0 min -> .*budget 30: fits$' "$tmp/out")"
check "the calibration timed the reference's run" 0 "$(grep -c 'note:' "$tmp/out")"
# A reference of 10^9 images/s: every machine is slower, so both tables are over.
BUDGET_REFERENCE_IMAGES_PER_S=1000000000 bash "$script" "$bin" "$tmp/fit.toml" "$momentum" > "$tmp/out" 2>&1
check "a fast reference: exit 1" 1 $?
check "a fast reference: both tables OVER, counted" "2 yes" \
  "$(grep -c ': OVER$' "$tmp/out") $(grep -q '2 of 2 tables would go over' "$tmp/out" && echo yes)"

# Stopped (a CI's cancel, a timeout), it takes its calibration runs with it.
BUDGET_CHECK_STEPS=99999 bash "$script" "$bin" "$tmp/fit.toml" > /dev/null 2>&1 &
stopped=$!
sleep 4
kill -TERM $stopped
wait $stopped
check "stopped by SIGTERM: exit 143" 143 $?
sleep 1
check "stopped by SIGTERM: no calibration run left" 0 "$(pgrep -fc -- '--stop-after-steps 99999')"

[ $failures -eq 0 ] && echo "all budget-check cases passed" || { echo "$failures failed"; exit 1; }
